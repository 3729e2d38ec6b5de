"""Triggers set off by a seat's camp changing mid-game (若情侣中途发生阵营改变，按照上述顺序重新判定情侣归属).

A ``camp_changed`` trigger watches the seats holding its ``marked`` status from its holder (the lovers
丘比特 linked): when one of them changes camp — by any skill but the trigger's own, whose effects set
those camps in the first place, or by following another's — the trigger's effects run with every such
seat as a target, its holder acting, in or out (the lovers' belonging outlives 丘比特).
"""

from __future__ import annotations

from engine import cards, effects
from engine.context import Context
from engine.events import CampChanged


def camp_changed(game: Context, event: CampChanged) -> None:
    st = game.st
    changed = st.seat(event.seat)
    for holder in st.seats:
        for holding in cards.held(game, holder):
            if holding.skill.name == event.rule:
                continue
            for trigger in holding.skill.triggers:
                if trigger.on != "camp_changed" or not any(
                    s.name == trigger.marked and s.source == holder.no for s in changed.statuses
                ):
                    continue
                marked = [
                    s.no
                    for s in st.seats
                    if any(i.name == trigger.marked and i.source == holder.no for i in s.statuses)
                ]
                game.log(
                    "trigger",
                    f"{game.who(holder.no)}的{holding.skill.name}触发：{game.who(event.seat)}的阵营改变",
                    holding.skill.name,
                )
                ctx = effects.Ctx(
                    game,
                    holder.no,
                    targets=marked,
                    chosen=list(marked),
                    skill=holding.skill,
                    rule=holding.skill.name,
                    card=holding.card,
                )
                effects.run(ctx, trigger.effects if trigger.effects is not None else holding.skill.effects)
