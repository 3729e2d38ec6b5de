"""The parts a status definition is made of beside its capabilities: what it guards against
(守护 … 不死), how its holder appears to checks (表面阵营 / 表面身份), and what it does in time
(流血's second grant, 疾病 at each 晨曦)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.ruleset.model import Effect


@dataclass(frozen=True)
class Guard:
    """What a defence stops (守护: 指杀; 坚韧: all but 红牌, 致死伤害, 投票出局), where and how often."""

    against: tuple[str, ...] = ()  # damage kinds or out causes; ("any",): all but `except_`
    except_: tuple[str, ...] = ()
    at: tuple[str, ...] = ("strike",)  # strike: cancels the attack; out: keeps its holder in as the out resolves
    instead: bool = False  # its giver goes out in its holder's place (爱慕)
    uses: int | None = None
    note: str = ""
    on_stop: tuple[Effect, ...] = ()
    source: Any = None  # a condition on the hit's source: only hits from such a seat (版杀守护, 宿命)
    causes: tuple[str, ...] = ()  # only hits with these causes (纵火: [杀人])
    sole: tuple[str, ...] = ()  # only while every use tonight of these skills reached its holder alone (纵火)

    def meets(self, names: tuple[str, ...]) -> bool:
        """Whether it stops a hit known by these names (its kind, its cause)."""
        if "any" in self.against:
            return not any(n in self.except_ for n in names if n)
        return any(n in self.against for n in names if n)


@dataclass(frozen=True)
class Appearance:
    """How a seat is seen by checks (表面阵营 / 表面身份), the truth left as it is (乱民<伪装>, 雪隐)."""

    camp: str = ""
    role: str = ""
    final: bool = False  # later appearances do not change what this one set (侦探<犯罪天才> 决定反馈)
    knife: str = ""  # 表面带刀: 有刀 | 无刀
    undealt: str = ""  # 表面身份: a role of this camp dealt to nobody (陌客: 本局未出现的狼人阵营身份)
    judged: str = ""  # the camp a skill judging the 实际阵营 takes, or "reverse" (愚面: 相反的阵营)
    judged_by: Any = None  # a condition on the asking seat: only its skills judge so (陌客: 村民阵营)


@dataclass(frozen=True)
class Split:
    """A secret split of a role's cards as dealt (灯影预言家's 正位 / 反位): each card gets one of
    ``statuses`` in turn, in a random order, so no two counts differ by more than one; ``announce``
    is the public count ({正位}, {反位}: how many of each)."""

    statuses: tuple[str, ...]
    announce: str = ""


@dataclass(frozen=True)
class Again:
    """A second grant while held turns into an attack (流血 → [暴击]), marked for the first step to come."""

    kind: str
    cause: str
    at: tuple[str, ...]


@dataclass(frozen=True)
class Every:
    """Effects its giver carries out on its holder as each step of that name closes (疾病, 仆役)."""

    step: str
    effects: tuple[Effect, ...] = ()
