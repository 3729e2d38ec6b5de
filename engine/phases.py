"""The game's phases and the posts' sub-phases as typed values, each with its properties.

A game runs through phases (``Phase``): the opening (开局), the day (讨论 and its vote, or 竞选日
where the 警长 election has a day of its own), the 黄昏 after the vote, the night with its ordered
steps, and the wait for 开门 after it. Code asks a phase for a property (``PHASES[st.phase].votes``)
instead of comparing names, so a new phase is a row here, not an edit in every module.

The big posts (000 用语定义, 002 词条说明) cut the same cycle finer: 开局, then 晨曦 正午 黄昏 (属于白天)
and 早夜 午夜 深夜 凌晨. These are ``SubPhase`` values: a step belongs to one (a skill's [早夜] tag places
it there), and the posts' deadlines (关门后N分钟内) count from 关门. The simple posts speak only of 白天
and 夜晚, which are sub-phases too, so every step has one.

The persisted form is the value: a ``Phase`` is a ``str`` and compares equal to its old literal.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Literal

Kind = Literal["day", "night", ""]


class Phase(StrEnum):
    SETUP = "setup"  # 开局: the opening choices
    ELECTION = "election"  # 竞选日: the 警长 election on a day of its own
    DAY = "day"  # 开门 to 关门: discussion and the vote (正午)
    DUSK = "dusk"  # 黄昏: the steps after the vote, before the night
    NIGHT = "night"  # the night's ordered steps (早夜 … 凌晨, then 晨曦 before 开门)
    DAWN = "dawn"  # the night is over: waiting for 开门
    OVER = "over"


@dataclass(frozen=True)
class PhaseProps:
    kind: Kind  # day | night: what 白天/夜晚 conditions and triggers see ("" before and after the game)
    title: str  # its name in notices, {day} the game day's number
    votes: bool = False  # 开门 to 关门 (or 竞选日): votes are cast and day skills used when sent
    stepped: bool = False  # it runs the ruleset's steps one by one, each closing at its deadline
    news_waits: bool = False  # an out now is told at the next 开门, not at once
    before_news: bool = False  # the night's outs are not told yet (its news waits for the day proper)
    public_card: bool = False  # a seat acts with its publicly current card, and tonight's outs still play (竞选日)


PHASES: dict[Phase, PhaseProps] = {
    Phase.SETUP: PhaseProps("", "开局", stepped=True),
    Phase.ELECTION: PhaseProps("day", "竞选日", votes=True, before_news=True, public_card=True),
    Phase.DAY: PhaseProps("day", "第{day}天", votes=True),
    Phase.DUSK: PhaseProps("day", "第{day}天黄昏", stepped=True),
    Phase.NIGHT: PhaseProps("night", "第{day}夜", stepped=True, news_waits=True, before_news=True),
    Phase.DAWN: PhaseProps("night", "第{day}夜后", news_waits=True, before_news=True),
    Phase.OVER: PhaseProps("", "游戏结束"),
}


_BY_VALUE: dict[str, PhaseProps] = {phase.value: row for phase, row in PHASES.items()}


def props(phase: str) -> PhaseProps:
    """The properties of a phase given by its persisted value."""
    return _BY_VALUE[phase]


def kind(phase: str) -> Kind:
    """白天 or 夜晚, as conditions and triggers read the phase."""
    return props(phase).kind


def game_day(phase_key: str) -> int | None:
    """The game day of a phase key ("night:2" → 2, its second round "night:2.2" too; "" → None): cool-downs
    that end 每次天数更新时, and every count of nights (不跳天数)."""
    _, _, day = phase_key.partition(":")
    return int(day.partition(".")[0]) if day else None


class SubPhase(StrEnum):
    OPENING = "开局"
    MORNING = "晨曦"  # 发送出局通知到开门之前
    NOON = "正午"  # 开门 to 关门: the vote; [正午] skills within its clock window
    DUSK = "黄昏"  # after 关门
    EARLY_NIGHT = "早夜"
    MIDNIGHT = "午夜"
    LATE_NIGHT = "深夜"
    SMALL_HOURS = "凌晨"
    DAY = "白天"  # the simple posts' one day step
    NIGHT = "夜晚"  # the simple posts' night: every step of it


# the engine phase that runs each sub-phase's steps; 晨曦's are the night's last, before 开门, so
# a condition on 白天/夜晚 reads a 晨曦 step as night, though the posts count 晨曦 as 白天
SUB_PHASES: dict[SubPhase, Phase] = {
    SubPhase.OPENING: Phase.SETUP,
    SubPhase.NOON: Phase.DAY,
    SubPhase.DAY: Phase.DAY,
    SubPhase.DUSK: Phase.DUSK,
    SubPhase.EARLY_NIGHT: Phase.NIGHT,
    SubPhase.MIDNIGHT: Phase.NIGHT,
    SubPhase.LATE_NIGHT: Phase.NIGHT,
    SubPhase.SMALL_HOURS: Phase.NIGHT,
    SubPhase.NIGHT: Phase.NIGHT,
    SubPhase.MORNING: Phase.NIGHT,
}
