"""守护 … 不死: which of a seat's statuses stops a hit, in the ruleset's one table of guards.

A hit is an attack as it strikes (a damage kind: 指杀, 穿透 …) or an out as it is resolved (a
cause and the kind it counts as: 投票 / 投票出局, 毒药, 殉情 …). A status stops it when its
``guards`` meet one of the hit's names at that stage and the attack's kind does not ignore it
(穿透 无视[守护]; 致死伤害 ignores all but 不死). Of the statuses that would, the ruleset's
``guard_order`` picks the first (wuyu's 指杀结算 一…五); without one, the soonest-ending goes
first across names (M216: 优先判定时限最短的状态), and within one name always (165: 会优先消耗掉
时限较短的[守护]). The two stages are two calls from the out pipeline (engine/deaths.py), not two
mechanisms: the same table answers both.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

from engine import caps, cards, conditions, phases

if TYPE_CHECKING:
    from engine.context import Context
    from engine.state import Seat, StatusInstance


@dataclass(frozen=True)
class Hit:
    """What meets the guards: its names (the damage kind; or the out's cause and kind) and the stage."""

    names: tuple[str, ...]
    at: str  # strike | out
    kind: str = ""  # the damage kind, whose `ignores` apply as it strikes
    source: int = 0  # the seat whose skill made it; 0: none (the vote, a rule)
    cause: str = ""  # the skill or rule that made it, as an attack strikes


def first_guard(
    game: Context, seat: Seat, hit: Hit, soonest: tuple[str, ...], *, instead: bool = False
) -> StatusInstance | None:
    """The status that stops this hit on this seat, or None. ``soonest``: the durations in the
    order they end, seen from now; ``instead``: only guards whose giver goes out in its place."""
    rs, st = game.rs, game.st
    if caps.has(game, seat, "no_guards"):  # 邪祟灵光: 持有的[防御状态]不会触发
        return None
    kind = rs.damage.get(hit.kind) if hit.at == "strike" else None
    found = []
    for status in seat.statuses:
        guard = rs.statuses[status.name].guards
        if guard is None or hit.at not in guard.at or guard.instead != instead or not guard.meets(hit.names):
            continue
        if kind is not None and kind.ignores_guard(status.name):
            continue
        if guard.source is not None and not (
            hit.source and conditions.holds(guard.source, st.seat(hit.source), hit.source, st)
        ):
            continue
        if instead and not (status.source and st.seat(status.source).alive):
            continue
        if guard.causes and hit.cause not in guard.causes:
            continue
        if guard.sole and not _sole_target(game, seat.no, guard.sole):
            continue
        if status.name in rs.guard_order or not rs.guard_order:
            found.append(status)
    found = [s for s in found if _active(game, seat, s)]
    if not found:
        return None
    names = list(rs.statuses)

    def rank(status: StatusInstance) -> tuple[int, int]:
        by_time = soonest.index(status.until) if status.until in soonest else len(soonest)
        if rs.guard_order:
            return rs.guard_order.index(status.name), by_time
        return by_time, names.index(status.name)

    return min(found, key=rank)


def _sole_target(game: Context, no: int, skills: tuple[str, ...]) -> bool:
    """Every use tonight of these skills reached this seat alone, and at least one did (纵火)."""
    reached = [targets for name, _user, targets in game.st.reached if name in skills]
    return bool(reached) and all(targets == (no,) for targets in reached)


def spend(game: Context, seat: Seat, shield: StatusInstance) -> None:
    """A guard with uses loses one; at none left it ends ([守护：X] 抵消X次)."""
    if shield.uses is not None:
        shield.uses -= 1
        if shield.uses <= 0:
            game.remove_statuses(seat, partial(operator.is_, shield))


def _active(game: Context, seat: Seat, status: StatusInstance) -> bool:
    """A status held with a skill works only while its holder holds that skill (an elder whose
    skills are used by another), and one granted ``in: night`` only at night (主宰黑夜), ``in: day`` only by day, 晨曦 included (太阳<日>)."""
    if not status.until.startswith("skill:"):
        return True
    held = cards.find(game, seat, status.until.removeprefix("skill:"))
    if held is None:
        return False
    only = next((g.phase for g in held.skill.grants if g.status == status.name and g.phase), "")
    return not only or (_by_day(game) if only == "day" else phases.kind(game.st.phase) == only)


def _by_day(game: Context) -> bool:
    """白天: 晨曦 正午 黄昏 (属于白天) — the day phases, and the night's 晨曦 steps up to 开门."""
    st = game.st
    if phases.kind(st.phase) == "day" or st.phase == phases.Phase.DAWN:
        return True
    steps = game.rs.steps(st.phase) if st.phase == phases.Phase.NIGHT else []
    return 0 <= st.step < len(steps) and steps[st.step].sub_phase == phases.SubPhase.MORNING
