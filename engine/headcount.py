"""Triggers on how many seats are still in: 隐者<隐身衣> "当场上人数变为开局人数的一半及以下时，本技能失效"
(002 L235). After each out, a forced skill whose ``headcount`` trigger now holds fires once: its
skill is then usually lost, so it does not fire again."""

from __future__ import annotations

from fractions import Fraction

from engine import cards, effects
from engine.context import Context


def check(game: Context) -> None:
    """Fire the ``headcount`` triggers the living seats now meet (at most ``share`` of the seats dealt)."""
    if "headcount" not in game.rs.passes:
        return
    st = game.st
    living = sum(seat.alive for seat in st.seats)
    for seat in st.seats:
        if not seat.alive:
            continue
        for holding in cards.held(game, seat):
            if not holding.skill.forced or not cards.usable(game, seat, holding):
                continue
            for trigger in holding.skill.triggers:
                if trigger.on == "headcount" and living <= Fraction(trigger.share) * len(st.seats):
                    game.log(
                        "trigger",
                        f"场上人数{living}，{game.who(seat.no)}的{holding.skill.name}触发",
                        holding.skill.name,
                    )
                    ctx = effects.Ctx(
                        game, actor=seat.no, skill=holding.skill, rule=holding.skill.name, card=holding.card
                    )
                    effects.run(ctx, trigger.effects if trigger.effects is not None else holding.skill.effects)
