"""One run of effects (``Ctx``: who acts, with which skill, on whom) and the template filling its
texts share: the verbs of engine/effects.py and engine/feedback_verbs.py are written against it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine import appearance, texts
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
        if "{seen_" in text:  # 表面阵营 / 表面身份 as a check sees them
            values.setdefault("seen_camp", appearance.seen_camp_word(game, seat))
            values.setdefault("seen_role", appearance.seen(game, seat, "role"))
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
        values.setdefault("self_secret", me.secret)
    try:
        return text.format(**values)
    except (KeyError, IndexError):
        return text


def rule_of(ctx: Ctx, effect: Effect) -> str:
    """The rule an effect is logged and told under: its own ``rule``, else the acting skill's name."""
    return effect.rule or ctx.source_name
