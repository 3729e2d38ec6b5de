"""One run of effects (``Ctx``: who acts, with which skill, on whom) and the template filling its
texts share, and the seats an effect's `to` names: the verbs of engine/effects.py and
engine/feedback_verbs.py are written against it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine import appearance, auras, conditions, texts
from engine.context import Context
from engine.ruleset.model import Effect, Skill
from engine.state import Card


@dataclass
class Ctx:
    """One run of effects: who acts, with which skill, on whom; what the effects decided (the
    game's ``Context`` is ``game``)."""

    game: Context
    actor: int  # seat number; 0 when the rules themselves act
    skill: Skill | None = None
    targets: list[int] = field(default_factory=list)  # [结算目标]
    choice: str | None = None
    rule: str = ""
    cancelled: bool = False
    chosen: list[int] = field(default_factory=list)  # [选择目标], before tonight's redirections
    card: Card | None = None  # the card using the skill
    queued: list[object] = field(default_factory=list)  # strikes and outs, queued in effect order

    @property
    def source_name(self) -> str:
        return self.skill.name if self.skill else self.rule


def fill(ctx: Ctx, text: str, subject: int | None = None, **extra: Any) -> str:
    game = ctx.game
    rs, st = game.rs, game.st
    values: dict[str, Any] = dict(extra)
    if subject:
        seat = st.seat(subject)
        values.setdefault("target", texts.target_label(rs, seat))
        values.setdefault("name", seat.name)
        values.setdefault("role", seat.card.role)
        values.setdefault("surface_camp", seat.card.camp)
        values.setdefault("camp", seat.camp)
        values.setdefault("actual_camp", seat.camp)
        if "{seen_" in text:  # 表面阵营 / 表面身份 as a check sees them
            values.setdefault("seen_camp", appearance.seen_camp_word(game, seat))
            values.setdefault("seen_role", appearance.seen(game, seat, "role"))
            values.setdefault("seen_role_length", len(values["seen_role"]))
            values.setdefault("seen_knife", appearance.seen(game, seat, "knife"))
    if ctx.card is not None:
        for name, count in ctx.card.counters.items():
            values.setdefault(name, count)
    values.setdefault("targets", "、".join(texts.target_label(rs, st.seat(t)) for t in ctx.targets))
    for i, t in enumerate(ctx.targets, 1):
        values.setdefault(f"target_{i}", texts.target_label(rs, st.seat(t)))
    values.setdefault("choice", ctx.choice or "")
    if ctx.actor:
        me = st.seat(ctx.actor)
        values.setdefault("self_name", me.name)
        values.setdefault("self_label", texts.target_label(rs, me))
        values.setdefault("self_role", me.card.role)
        values.setdefault("self_secret", me.secret)
    try:
        return text.format(**values)
    except (KeyError, IndexError):
        return text


def rule_of(ctx: Ctx, effect: Effect) -> str:
    """The rule an effect is logged and told under: its own ``rule``, else the acting skill's name."""
    return effect.rule or ctx.source_name


def _picked(ctx: Ctx, effect: Effect) -> list[int]:
    if not effect.pick:
        return list(ctx.targets)
    return [ctx.targets[i - 1] for i in effect.pick if i <= len(ctx.targets)]


def subjects(ctx: Ctx, effect: Effect) -> list[int]:
    """The seats an effect speaks of: its `to` (targets, self, first_target, chosen, a selector, {below},
    {random}, {beside})."""
    st = ctx.game.st
    if effect.to == "targets":
        return _picked(ctx, effect)
    if effect.to == "self":
        return [ctx.actor] if ctx.actor else []
    if effect.to == "first_target":
        return _picked(ctx, effect)[:1]
    if effect.to == "chosen":
        return ctx.chosen[:1]
    assert isinstance(effect.to, dict), effect.to  # the loader admits no other word
    if "below" in effect.to:
        return _below(ctx, effect.to)
    if "random" in effect.to:
        return _random(ctx, effect.to)
    if "beside" in effect.to:  # 电梯楼上下两侧
        among = conditions.compiled(effect.to.get("among"))
        return [n for n in auras.beside(st, ctx.actor) if among(st.seat(n), ctx.actor, st)]
    return [s.no for s in conditions.select(st, effect.to, ctx.actor)]


def _below(ctx: Ctx, form: dict[str, Any]) -> list[int]:
    """电梯楼下方第一位: for each reference seat, the first seat after it (wrapping) meeting ``among``,
    judged with the reference seat as the acting seat."""
    st = ctx.game.st
    refs = [ctx.actor] if form["below"] == "self" else [s.no for s in conditions.select(st, form["below"], ctx.actor)]
    among = conditions.compiled(form.get("among"))
    out = []
    n = len(st.seats)
    for ref in refs:
        order = [st.seat((ref + i - 1) % n + 1) for i in range(1, n)]
        found = next((s.no for s in order if among(s, ref, st)), None)
        if found is not None:
            out.append(found)
    return list(dict.fromkeys(out))


def _random(ctx: Ctx, form: dict[str, Any]) -> list[int]:
    """随机N名: that many seats meeting ``among``, drawn from the game's seed (all of them when fewer)."""
    pool = [s.no for s in conditions.select(ctx.game.st, form.get("among"), ctx.actor)]
    return sorted(ctx.game.rng().sample(pool, min(int(form["random"]), len(pool))))
