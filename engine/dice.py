"""骰点: a die cast from the game's seed (``roll: 6``) and the effects that follow some faces of it
(``if_roll: [low, high]``) — 女巫学徒<实验>: 1-3为研发失败…4-6则研发成功."""

from __future__ import annotations

from engine.effect_ctx import Ctx, rule_of
from engine.ruleset.model import Effect


def roll(ctx: Ctx, effect: Effect, _subjects: list[int]) -> None:
    """Cast a die of ``effect.arg`` faces; the later effects of this run read the face."""
    game = ctx.game
    ctx.rolled = game.rng().randint(1, int(effect.arg))
    game.log("skill", f"{game.who(ctx.actor)}的{ctx.source_name}掷骰：{ctx.rolled}", rule_of(ctx, effect))


def rolled_in(ctx: Ctx, effect: Effect) -> bool:
    """The run's die shows a face from ``if_roll``'s low to its high, both included."""
    low, high = effect.if_roll
    return low <= ctx.rolled <= high
