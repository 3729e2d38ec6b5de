"""Triggers set off by their holder's own use of a skill (圣光骑士<光耀加身>: 发动[决斗]后).

``sparing``: the holder's out caused by its own use of one of the trigger's ``skills`` does not
happen (若本次[决斗]会导致发动者出局，则免于此次出局); the trigger's effects run on that use's
[结算目标]. ``other_used``: another seat of a named 实际身份 used one of them (女巫学徒: 女巫使用过任意药).
``used``: once such a use has resolved, what it set off included (its attacks and the
outs they cause), the trigger's effects run — unless the holder no longer holds the trigger's
skill (并失去[光耀加身]技能, 否则…): so a ``sparing`` that loses its skill is the other branch.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import cards, effects, queue, skill_uses
from engine.context import Context

if TYPE_CHECKING:
    from engine.cards import Held
    from engine.ruleset.model import Trigger
    from engine.state import Seat


def _armed(game: Context, seat: Seat, on: str, skill: str) -> list[tuple[Held, Trigger]]:
    """The seat's usable skills whose ``on`` trigger answers its own use of ``skill``."""
    return [
        (holding, trigger)
        for holding in cards.held(game, seat)
        for trigger in holding.skill.triggers
        if trigger.on == on and skill in trigger.skills and cards.usable(game, seat, holding)
    ]


def queue_after_use(game: Context, seat: Seat, skill: str, head: object | None) -> None:
    """After a use: its ``used`` triggers wait behind what it queued, before ``head`` (the queue's
    first item as the use began; None: it was empty)."""
    if not _armed(game, seat, "used", skill):
        return
    work = game.st.work
    at = next((i for i, item in enumerate(work) if item is head), len(work))
    work.insert(at, queue.AfterUse(seat.no, skill))


def watchers_react(game: Context, seat: Seat, skill: str) -> None:
    """``other_used``: the other seats whose trigger names this seat's 实际身份 (its role as dealt) and
    this skill react to its use, that seat their first target (女巫学徒: 女巫使用过任意药)."""
    if "other_used" not in game.rs.passes:
        return
    for other in game.st.seats:
        if not other.alive or other.no == seat.no:
            continue
        for holding in cards.held(game, other):
            for trigger in holding.skill.triggers:
                if (
                    trigger.on == "other_used"
                    and skill in trigger.skills
                    and seat.card.dealt_as in trigger.roles
                    and cards.usable(game, other, holding)
                ):
                    _fire(game, other, holding, trigger, [seat.no], f"{seat.card.dealt_as}发动{skill}")


def after_use(game: Context, item: queue.AfterUse) -> None:
    """The holder's use of ``item.skill`` has resolved: its ``used`` triggers fire now."""
    seat = game.st.seat(item.seat)
    if not seat.alive:
        return
    for holding, trigger in _armed(game, seat, "used", item.skill):
        _fire(game, seat, holding, trigger, [], f"{item.skill}结算后")


def spare(game: Context, seat: Seat, out: queue.Out) -> bool:
    """The seat's out caused by its own use of a skill a ``sparing`` trigger names does not happen."""
    if out.source != seat.no or not seat.alive:
        return False
    armed = _armed(game, seat, "sparing", out.cause)
    used = cards.find(game, seat, out.cause)
    targets = list(used.state.last_targets) if used else []
    for holding, trigger in armed:
        _fire(game, seat, holding, trigger, targets, f"免于因{out.cause}出局")
    return bool(armed)


def _fire(game: Context, seat: Seat, holding: Held, trigger: Trigger, targets: list[int], what: str) -> None:
    name = holding.skill.name
    game.log("trigger", f"{game.who(seat.no)}的{name}触发：{what}", name)
    skill_uses.fired(game, holding)
    ctx = effects.Ctx(game, actor=seat.no, skill=holding.skill, targets=targets, rule=name)
    effects.run(ctx, trigger.effects if trigger.effects is not None else holding.skill.effects)
