"""Triggers set off by a skill being gained during play (获得该技能时): learned, taken, inherited, given.

A skill held at the deal or gained in the opening (开局), whose [开局] step asks it anyway, does not
set them off, nor one whose holder fails the trigger's ``by`` (若当时肉猪已经出局). One that names
targets or a choice (``choice_of``) asks its holder at once (丘比特之箭: 获得后可以立刻选择连新情侣); one that does not fires its
effects (养殖者<烤乳猪>: 会立刻触发烤乳猪，但只能获得最低档次的奖励).
"""

from __future__ import annotations

from engine import cards, conditions, effects, queue, skill_uses
from engine.context import Context
from engine.events import SkillGained
from engine.phases import Phase


def gained(game: Context, event: SkillGained) -> None:
    """The seat gained ``event.skill``: its ``gained`` triggers ask or fire now."""
    st = game.st
    if st.phase in (Phase.SETUP, Phase.OVER):
        return
    seat = st.seat(event.seat)
    holding = cards.find(game, seat, event.skill)
    if holding is None or not cards.usable(game, seat, holding):
        return
    for trigger in holding.skill.triggers:
        if trigger.on != "gained" or (trigger.by is not None and not conditions.holds(trigger.by, seat, seat.no, st)):
            continue
        if trigger.effects is None and (holding.skill.needs_targets or holding.skill.choice_of):
            card = holding.card.id if holding.card else 0
            queue.push_front(game, [queue.Ask(seat.no, event.skill, "skill", card)])
            continue
        game.log("trigger", f"{game.who(seat.no)}的{event.skill}触发：获得该技能（{event.rule}）", event.skill)
        skill_uses.fired(game, holding)
        ctx = effects.Ctx(game, actor=seat.no, skill=holding.skill, rule=event.skill, card=holding.card)
        effects.run(ctx, trigger.effects if trigger.effects is not None else holding.skill.effects)
