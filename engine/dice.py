"""骰点: a die cast from the game's seed. ``roll: N`` casts an N-faced die whose face the run's later
effects follow (``if_roll: [low, high]``, ``{roll}``: 女巫学徒<实验>: 1-3为研发失败…4-6则研发成功);
``roll: {sides, name, once}`` also keeps the face as the acting card's counter ``name`` (``if_counter``),
a face of ``once`` won before giving its mapped face instead (赌博: 2,3,4,5若获得过一次，则2,3的内容更换成1。
4,5的内容更换成6)."""

from __future__ import annotations

from engine.effect_ctx import Ctx, rule_of
from engine.ruleset.model import Effect


def roll(ctx: Ctx, effect: Effect, _subjects: list[int]) -> None:
    """Cast the die once; the face is the run's (``if_roll``) and, with ``name``, the card's counter;
    each face won counts in ``name`` + face (骰子2)."""
    game, card, arg = ctx.game, ctx.card, effect.arg
    spec = arg if isinstance(arg, dict) else {"sides": arg}
    cast = game.rng().randint(1, int(spec["sides"]))
    face = cast
    name = str(spec.get("name") or "")
    if name and card is not None:
        once = {int(k): int(v) for k, v in dict(spec.get("once") or {}).items()}
        face = once[cast] if cast in once and card.counters.get(f"{name}{cast}", 0) else cast
        card.counters[name] = face
        card.counters[f"{name}{face}"] = card.counters.get(f"{name}{face}", 0) + 1
        game.changed()
    ctx.rolled = face
    shown = f"{cast}（已获得过，改为{face}）" if face != cast else str(cast)
    game.log("dice", f"{game.who(ctx.actor)}的{ctx.source_name}掷出{shown}", rule_of(ctx, effect))


def rolled_in(ctx: Ctx, effect: Effect) -> bool:
    """The run's die shows a face from ``if_roll``'s low to its high, both included."""
    low, high = effect.if_roll
    return low <= ctx.rolled <= high
