"""雾雨小镇: what the YAML vocabulary cannot say — 执警<决策>'s sign becomes the next 新月事件."""

from __future__ import annotations

from engine.api import EffectCtx, choose_moon_sign


def decide(ctx: EffectCtx) -> None:
    """决策: the sign chosen is the next 新月事件's (engine/moon_events.py announces it at 开门)."""
    assert ctx.choice  # the choice was checked against the signs not chosen yet
    choose_moon_sign(ctx.game, ctx.actor, ctx.choice)


HOOKS = {"新月决策": decide}
