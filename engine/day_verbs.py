"""The verbs of the day and its vote: 直接进入黑夜, a 遗言 without a 遗言 chance (神恩), 日不落's extra
正午 round and who speaks in it, 长夜漫漫's extra round of the night, a vote held again, 御前决斗's pairs, an
out cancelled, the 警徽 handed on.
engine/effects.py maps each verb to its function here."""

from __future__ import annotations

from engine import change, duels, night_rounds, noon_rounds, queue
from engine.effect_ctx import Ctx, rule_of
from engine.phases import PHASES, Phase
from engine.ruleset.model import Effect


def end_day(ctx: Ctx, effect: Effect, _subjects: list[int]) -> None:
    game = ctx.game
    if not PHASES[game.st.phase].votes:
        return
    game.log("phase", f"{rule_of(ctx, effect)}：直接进入黑夜", rule_of(ctx, effect), secret=False)
    queue.end_phase(game, skip_day=game.st.phase == Phase.ELECTION)


def last_words(ctx: Ctx, _effect: Effect, subjects: list[int]) -> None:
    """遗言 even without a 遗言 chance (神恩): none is spent; a seat that has the right keeps it."""
    for target in subjects:
        if not ctx.game.st.seat(target).last_words_right:
            change.last_words_right(ctx.game, target)


def extra_noon(ctx: Ctx, effect: Effect, _subjects: list[int]) -> None:
    noon_rounds.schedule(ctx.game, ctx.actor, str(effect.arg))


def extra_night(ctx: Ctx, effect: Effect, _subjects: list[int]) -> None:
    night_rounds.schedule(ctx.game, ctx.actor, str(effect.arg), rule_of(ctx, effect))


def speakers(ctx: Ctx, effect: Effect, _subjects: list[int]) -> None:
    """The seats the act chose, [隐身] or not: naming who speaks lands on nobody."""
    noon_rounds.name_speakers(ctx.game, list(ctx.chosen), rule_of(ctx, effect))


def vote_again(ctx: Ctx, effect: Effect, _subjects: list[int]) -> None:

    change.vote_again(ctx.game, rule_of(ctx, effect))


def duel(ctx: Ctx, effect: Effect, _subjects: list[int]) -> None:
    """若结算目标正好为2个: they duel in the next day's vote (engine/duels.py)."""
    if len(ctx.targets) == 2:
        duels.pair(ctx.game, ctx.targets[0], ctx.targets[1], rule_of(ctx, effect))


def cancel_out(ctx: Ctx, _effect: Effect, _subjects: list[int]) -> None:
    ctx.cancelled = True


def hand_over_sheriff(ctx: Ctx, _effect: Effect, _subjects: list[int]) -> None:
    if ctx.game.st.sheriff == ctx.actor:
        ctx.game.ask_succession(ctx.actor)
