"""The resolution queue's work items, and the three ways rule modules add to it.

Every item is a frozen dataclass kept in ``st.work`` (so a game can be saved mid-night); what
each one does is ``engine.flow.HANDLERS``'s to say. A producer (a death, a vote, an effect)
imports this module, never the dispatcher. While the queue holds work, nothing waits on
time; once it is empty, ``current_deadline`` says what the game waits for.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from engine.phases import Phase
from engine.state import Act, Damage, GameState


class _Rules(Protocol):
    @property
    def counts_from_close(self) -> bool: ...


class Holder(Protocol):
    """Whatever holds a game's state (the rules' context): the queue needs nothing more, and of
    its ruleset only whether deadlines count from 关门."""

    st: GameState

    @property
    def rs(self) -> _Rules: ...


@dataclass(frozen=True)
class CloseStep:
    """The current step's deadline passed (or everyone acted): queue its resolution."""


@dataclass(frozen=True)
class Resolve:
    """Resolve one queued act (or a team's decided act)."""

    act: Act


@dataclass(frozen=True)
class ResolveMarked:
    """Resolve every attack marked for this step, in the step's order of causes."""

    step: str


@dataclass(frozen=True)
class Strike:
    damage: Damage


@dataclass(frozen=True)
class Out:
    seat: int
    cause: str
    kind: str = ""
    source: int = 0
    offered: tuple[tuple[int, str], ...] = ()  # reactions to being exiled (装傻, 善行) offered so far
    card: int = 0  # the card going out; 0: the current one
    last_words: bool = True
    requires: int = 0  # only if this seat is out by then (共亡)


@dataclass(frozen=True)
class AfterOut:
    """An out's consequences: they wait for the victory check after the out itself."""

    out: Out
    cards: tuple[int, ...]  # the cards that went out, in order


@dataclass(frozen=True)
class AfterUse:
    """A seat's use of a skill has resolved: its triggers on that use fire (发动[决斗]后)."""

    seat: int
    skill: str


@dataclass(frozen=True)
class Ask:
    """Prompt a seat for a reaction: a skill (最后一枪) or the sheriff's succession (殉职)."""

    seat: int
    skill: str
    kind: str  # skill | sheriff
    card: int = 0  # the card whose skill it is (it may be out by now)


@dataclass(frozen=True)
class StepEffects:
    """The rules' own effects of a step (双空救结算)."""

    step: str


@dataclass(frozen=True)
class AfterVote:
    """The day's vote has resolved: what it sets off (顺从, 暗示), then the 红牌 given meanwhile."""


@dataclass(frozen=True)
class Tally:
    """The day's vote (or 竞选日's) closes: count it."""


@dataclass(frozen=True)
class OpenNext:
    """Open the next step, or end the phase and open the next one."""


@dataclass(frozen=True)
class EndPhase:
    """直接进入黑夜: the day (or 竞选日) ends at once, without its vote."""

    skip_day: bool = False  # 竞选日 only: the day after it is skipped too


def push_front(game: Holder, items: list[object]) -> None:
    game.st.work.extendleft(reversed(items))


def close_step(game: Holder) -> None:
    st = game.st
    if st.work or st.deadline is None:
        return
    if st.phase == Phase.DAY and game.rs.counts_from_close:  # 关门 (late ticks count from the planned one)
        st.step_opened = min(st.deadline, st.now)
    st.deadline = None
    push_front(game, [CloseStep()])


def end_phase(game: Holder, skip_day: bool) -> None:
    """End the day or 竞选日 once the queue in front is done; a later call may add skip_day."""
    st = game.st
    st.deadline = None
    queued = next((i for i, w in enumerate(st.work) if isinstance(w, EndPhase)), None)
    if queued is None:
        st.work.append(EndPhase(skip_day))
    elif skip_day:
        st.work[queued] = EndPhase(True)


def current_deadline(game: Holder) -> datetime | None:
    """The game-time deadline waited on: a prompt's answer, a waiting seat's own limit, or the step's."""
    st = game.st
    if st.prompt is not None:
        return st.prompt.deadline
    if st.work or st.deadline is None:
        return None  # resolution in progress: nothing waits on time
    if not st.seat_deadlines:
        return st.deadline
    waiting = {no for no, _ in st.waiting}
    own = [t for no, t in st.seat_deadlines.items() if no in waiting and t < st.deadline]
    return min([st.deadline, *own])


def next_deadline(game: Holder) -> datetime | None:
    """The wall-clock time of the next deadline, or None (over, paused, nothing waits)."""
    st = game.st
    if st.phase == Phase.OVER or st.clock.paused:
        return None
    deadline = current_deadline(game)
    return st.clock.real(deadline) if deadline else None
