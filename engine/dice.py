"""骰子: an effect's die, cast from the game's seed, whose face the later effects of the same run
read as the acting card's counter (``if_counter``); a face already won may turn into another
(赌博: 2,3,4,5若获得过一次，则2,3的内容更换成1。4,5的内容更换成6)."""

from __future__ import annotations

from engine.effect_ctx import Ctx, rule_of
from engine.ruleset.model import Effect


def roll(ctx: Ctx, effect: Effect, _subjects: list[int]) -> None:
    """Cast the die ``sides`` once; a face in ``once`` won before gives its mapped face instead. The
    face is the card's counter ``name``; each face won counts in ``name`` + face (骰子2)."""
    game, card = ctx.game, ctx.card
    if card is None:
        return
    arg = effect.arg
    name = str(arg["name"])
    cast = game.rng().randint(1, int(arg["sides"]))
    once = {int(k): int(v) for k, v in dict(arg.get("once") or {}).items()}
    face = once[cast] if cast in once and card.counters.get(f"{name}{cast}", 0) else cast
    card.counters[name] = face
    card.counters[f"{name}{face}"] = card.counters.get(f"{name}{face}", 0) + 1
    game.changed()
    shown = f"{cast}（已获得过，改为{face}）" if face != cast else str(cast)
    game.log("dice", f"{game.who(ctx.actor)}掷出{shown}", rule_of(ctx, effect))
