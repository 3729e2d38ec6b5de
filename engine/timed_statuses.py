"""Statuses that act in time by themselves: at each step of a name, the giver's effects on the
holder (疾病: 每个[晨曦]阶段都会受到来自状态赋予者的[特攻]伤害, even once the giver is out; 仆役: 每个晨曦
阶段…获得来源于发动者的[流血]). A second grant turning into an attack (流血 → 暴击) is the grant's
own business (``Context.grant_status``)."""

from __future__ import annotations

from engine import effects
from engine.context import Context


def at_close(game: Context, step: str) -> None:
    """As ``step`` closes, each living holder of a status acting at it meets its giver's effects, in
    seat order and grant order; what they strike resolves before the step's acts."""
    rs = game.rs
    for seat in game.st.seats:
        if not seat.alive:
            continue
        for status in list(seat.statuses):
            every = rs.statuses[status.name].every
            if every is None or every.step != step or status not in seat.statuses:
                continue
            game.log("status", f"{game.who(seat.no)}的[{status.name}]于{step}生效", status.name)
            ctx = effects.Ctx(game, actor=status.source, targets=[seat.no], rule=status.name)
            effects.run(ctx, every.effects)
