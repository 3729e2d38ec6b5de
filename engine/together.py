"""互不影响: the acts of a step that resolve together, each against the state as the step closed.

002's 早夜1, 深夜1 and 晨曦2 say 互不影响: a 深夜1 迷魂药 does not alter a 深夜1 check. A step with
``simultaneous: true`` resolves its acts in rule order as usual, but before each act the seats'
statuses and tonight's redirections (选择目标 → 结算目标) are put back as they were when the step
closed, so no act reads what another act of the step did; what each act changed is then kept,
all together, once the last has resolved. Feedback is told as each act resolves, so it shows the
state before the step. Damage is marked as always and strikes after the step's acts. What the acts
set off (outs, prompts) is queued in the acts' order, after all of them.

Only statuses and redirections are held apart: they are what one act of a step reads from another
(a check's feedback, a target's 结算目标). Statuses two acts grant at once both stay, even where
one would cancel the other in turn.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine import using
from engine.state import Act, StatusInstance

if TYPE_CHECKING:
    from engine.context import Context


@dataclass(frozen=True)
class ResolveTogether:
    """Resolve a 互不影响 step's acts, each against the state as the step closed."""

    acts: tuple[Act, ...]


def resolve(game: Context, item: ResolveTogether) -> None:
    st = game.st
    before = {seat.no: list(seat.statuses) for seat in st.seats}
    redirects = dict(st.redirects)
    added: dict[int, list[StatusInstance]] = {no: [] for no in before}
    removed: dict[int, set[int]] = {no: set() for no in before}
    new_redirects: dict[int, int] = {}
    queued: list[object] = []
    for act in item.acts:
        for seat in st.seats:
            seat.statuses = list(before[seat.no])
        st.redirects = dict(redirects)
        waiting = len(st.work)
        using.resolve(game, act)
        queued.extend(st.work.popleft() for _ in range(len(st.work) - waiting))
        for seat in st.seats:
            kept = {id(s) for s in seat.statuses}
            removed[seat.no] |= {id(s) for s in before[seat.no] if id(s) not in kept}
            old = {id(s) for s in before[seat.no]}
            added[seat.no] += [s for s in seat.statuses if id(s) not in old and s not in added[seat.no]]
        new_redirects |= {k: v for k, v in st.redirects.items() if redirects.get(k, k) != v}
    for seat in st.seats:
        seat.statuses = [s for s in before[seat.no] if id(s) not in removed[seat.no]] + added[seat.no]
    st.redirects = redirects | new_redirects
    game.changed()
    st.work.extendleft(reversed(queued))
