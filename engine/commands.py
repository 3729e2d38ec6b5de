"""Commands: everything that can happen to a game, each carrying its timestamp.

The command log is the game: replaying it from ``Start`` gives the same state and
messages. Commands name seats by seat number; the bot and the scenario runner turn
what a player typed (secret number, seat number, name) into seat numbers.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from datetime import datetime
from typing import Any, ClassVar


@dataclass(frozen=True)
class Command:
    at: datetime
    name: ClassVar[str] = ""
    director: ClassVar[bool] = False

    def as_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["at"] = self.at.isoformat()
        data["type"] = self.name
        for key, value in data.items():
            if isinstance(value, tuple):
                data[key] = list(value)
        return data


@dataclass(frozen=True)
class Start(Command):
    """Create the game: seats in 电梯楼 order, their roles (dealt from ``board`` when absent)."""

    seed: int = 0
    names: tuple[str, ...] = ()
    roles: tuple[tuple[str, ...], ...] = ()  # per seat, when the deal is given
    board: tuple[str, ...] = ()  # the role list to deal from
    secrets: tuple[int, ...] = ()  # per seat, when given
    settings: tuple[tuple[str, Any], ...] = ()
    options: tuple[tuple[str, Any], ...] = ()  # the ruleset's variants and house rules
    template: str = ""  # a board preset of the ruleset (6人局), dealt when neither roles nor board is given
    substitutions: tuple[str, ...] = ()  # the preset's substitutions (魔术师, 唐伯虎:替罪羊)
    spare: tuple[str, ...] = ()  # with ``roles``: the cards dealt to nobody (盗贼's choice)
    draw: bool = False  # with none of the above: a board drawn from ``seed`` by the ruleset's ``draw`` rules
    moon: tuple[tuple[str, str], ...] = ()  # 新月扩展's 新月配置: (星座, 事件) as the directors dealt it
    name: ClassVar[str] = "start"


@dataclass(frozen=True)
class Act(Command):
    seat: int = 0
    skill: str = ""
    targets: tuple[int, ...] = ()
    choice: str | None = None
    name: ClassVar[str] = "act"


@dataclass(frozen=True)
class Pass(Command):
    """放弃: pass one skill, or every skill the seat may use now."""

    seat: int = 0
    skill: str | None = None
    name: ClassVar[str] = "pass"


@dataclass(frozen=True)
class CastVote(Command):
    """投票 / 改票 / 弃权 (target 0). ``by_director`` marks a 代投."""

    seat: int = 0
    target: int = 0
    reason: str = ""
    by_director: bool = False
    name: ClassVar[str] = "vote"


@dataclass(frozen=True)
class LastWords(Command):
    seat: int = 0
    text: str = ""
    name: ClassVar[str] = "last_words"


@dataclass(frozen=True)
class Surrender(Command):
    """投降: start or agree to the camp's surrender; ``agree=False`` refuses it."""

    seat: int = 0
    agree: bool = True
    name: ClassVar[str] = "surrender"


@dataclass(frozen=True)
class Showdown(Command):
    """拍刀: propose the camp's plan (``plan``), agree to it, or refuse it (``agree=False``)."""

    seat: int = 0
    plan: str = ""
    agree: bool = True
    name: ClassVar[str] = "showdown"


@dataclass(frozen=True)
class Tick(Command):
    """Time passed: close whatever reached its deadline."""

    name: ClassVar[str] = "tick"


@dataclass(frozen=True)
class Pause(Command):
    name: ClassVar[str] = "pause"
    director: ClassVar[bool] = True


@dataclass(frozen=True)
class Resume(Command):
    name: ClassVar[str] = "resume"
    director: ClassVar[bool] = True


@dataclass(frozen=True)
class Extend(Command):
    """延时: push the current deadline back by ``minutes`` of game time."""

    minutes: int = 0
    name: ClassVar[str] = "extend"
    director: ClassVar[bool] = True


@dataclass(frozen=True)
class Advance(Command):
    """推进: close the current step (or prompt) now."""

    name: ClassVar[str] = "advance"
    director: ClassVar[bool] = True


@dataclass(frozen=True)
class Penalize(Command):
    """判罚: 蓝 / 黄 / 红 card to a seat."""

    seat: int = 0
    card: str = "蓝"
    reason: str = ""
    name: ClassVar[str] = "penalize"
    director: ClassVar[bool] = True


@dataclass(frozen=True)
class Ruling(Command):
    """裁定: a director's ruling. ``what`` is one of RULINGS."""

    what: str = ""
    seat: int = 0
    arg: str = ""
    reason: str = ""
    name: ClassVar[str] = "ruling"
    director: ClassVar[bool] = True


RULINGS = {
    "kill": "出局",
    "revive": "复活",
    "add_status": "加状态",
    "remove_status": "去状态",
    "sheriff": "警长",
    "lose": "判负",
    "win": "判胜",
    "hopeless": "无望",
    "end": "结束",
    "stalemate": "僵持",
}


@dataclass(frozen=True)
class Announce(Command):
    """公告: a director's notice in the main group, kept in the log."""

    text: str = ""
    name: ClassVar[str] = "announce"
    director: ClassVar[bool] = True


@dataclass(frozen=True)
class Settings(Command):
    """Change schedule settings mid-game (day_close, speed …)."""

    values: tuple[tuple[str, Any], ...] = field(default_factory=tuple)
    name: ClassVar[str] = "settings"
    director: ClassVar[bool] = True


@dataclass(frozen=True)
class Substitute(Command):
    """替补: another player takes over the seat (who, the bot knows; the log keeps that it happened)."""

    seat: int = 0
    name: ClassVar[str] = "substitute"
    director: ClassVar[bool] = True


COMMANDS: dict[str, type[Command]] = {
    c.name: c
    for c in (
        Start,
        Act,
        Pass,
        CastVote,
        LastWords,
        Surrender,
        Showdown,
        Tick,
        Pause,
        Resume,
        Extend,
        Advance,
        Penalize,
        Ruling,
        Announce,
        Settings,
        Substitute,
    )
}


def from_dict(data: dict[str, Any]) -> Command:
    """Rebuild a command from ``as_dict`` output (the store's JSON)."""
    cls = COMMANDS[data["type"]]
    kwargs: dict[str, Any] = {}
    for f in fields(cls):
        if f.name not in data:
            continue
        value = data[f.name]
        if f.name == "at":
            value = datetime.fromisoformat(value)
        elif f.name in {"roles"}:
            value = tuple(tuple(v) for v in value)
        elif f.name in {"settings", "values", "options", "moon"}:
            value = tuple((k, v) for k, v in value)
        elif isinstance(value, list):
            value = tuple(value)
        kwargs[f.name] = value
    return cls(**kwargs)
