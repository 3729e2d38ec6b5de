"""The sections of what a seat may carry and what may hit it: ``statuses:`` (each with its
``guards:``), ``damage:`` kinds (what each ignores) and ``guard_order``. A key a ruleset has
dropped is refused with the key that replaces it (engine/status_words.py)."""

from __future__ import annotations

from engine.ruleset import model as m
from engine.ruleset.context import Context, section_of
from engine.ruleset.read_roles import read_effects, read_skill
from engine.ruleset.yamlsrc import Node
from engine.status_words import (
    ANY,
    GUARD_KEYS,
    GUARD_STAGES,
    KIND_KEYS,
    REMOVED_KIND_KEYS,
    REMOVED_STATUS_KEYS,
    STATUS_KEYS,
)


def statuses(doc: Node, ctx: Context) -> dict[str, m.StatusDef]:
    out: dict[str, m.StatusDef] = {}
    allowed = set(STATUS_KEYS) | set(REMOVED_STATUS_KEYS)
    for name, node in ctx.entries(section_of(doc, "statuses", ctx), allowed, "状态"):
        _removed(node, REMOVED_STATUS_KEYS, f"状态 {name}", ctx)
        told = node.get("told", "")
        skills = ctx.mapping(node.get("skills"), node, "skills", "skills") or Node()
        out[name] = m.StatusDef(
            name=name,
            text=ctx.text(node, "text"),
            guards=_guard(node, name, ctx),
            told=told if isinstance(told, str) else ("" if told is False else f"你获得了状态[{name}]。"),
            dawn_notice=ctx.text(node, "dawn_notice"),
            no_vote=ctx.flag(node, "no_vote"),
            not_votable=ctx.flag(node, "not_votable"),
            no_sheriff=ctx.flag(node, "no_sheriff"),
            silenced=ctx.flag(node, "silenced"),
            vote_weight=ctx.integer(node, "vote_weight", None),
            cancels=ctx.names(node, "cancels"),
            blocks=ctx.names(node, "blocks"),
            whole_seat=ctx.flag(node, "whole_seat"),
            immune=ctx.flag(node, "immune"),
            void_acts=ctx.flag(node, "void_acts"),
            follows_source=ctx.flag(node, "follows_source"),
            extra_votes=ctx.integer(node, "extra_votes", 0) or 0,
            skills={k: sk for k, v in skills.items() if (sk := read_skill(f"[{name}]", k, v, skills, ctx)) is not None},
        )
    return out


def _guard(node: Node, name: str, ctx: Context) -> m.Guard | None:
    if "guards" not in node:
        return None
    what = f"状态 {name}.guards"
    gnode = ctx.mapping(node["guards"], node, "guards", what)
    if gnode is None:
        return None
    ctx.keys(gnode, GUARD_KEYS, what)
    against = ctx.names(gnode, "against")
    if not against:
        ctx.err(gnode, None, f"{what} 须写 against：它抵挡的伤害种类或出局原因（或 any）")
    excepted = ctx.names(gnode, "except")
    if excepted and ANY not in against:
        ctx.err(gnode, "except", f"{what}.except 只能与 against: any 同用")
    at = ctx.text(gnode, "at", "strike")
    if at not in GUARD_STAGES:
        ctx.err(gnode, "at", f"{what}.at 应为 {' 或 '.join(GUARD_STAGES)}，而不是 {at!r}")
    instead = ctx.text(gnode, "instead")
    if instead not in {"", "giver"}:
        ctx.err(gnode, "instead", f"{what}.instead 只可为 giver（由状态赋予者代替出局）")
    if instead and at != "out":
        ctx.err(gnode, "instead", f"{what}.instead 须与 at: out 同用（代替出局发生在出局结算时）")
    return m.Guard(
        against=against,
        except_=excepted,
        at=at,
        instead=bool(instead),
        uses=ctx.integer(gnode, "uses", None),
        note=ctx.text(gnode, "note"),
        on_stop=read_effects(gnode, "on_stop", ctx, what),
    )


def damage(doc: Node, ctx: Context) -> dict[str, m.DamageKind]:
    out: dict[str, m.DamageKind] = {}
    section = section_of(doc, "damage", ctx)
    for name, node in ctx.entries(section, set(KIND_KEYS) | set(REMOVED_KIND_KEYS), "伤害"):
        _removed(node, REMOVED_KIND_KEYS, f"伤害 {name}", ctx)
        ignores, excepted = ctx.names(node, "ignores"), ctx.names(node, "except")
        if excepted and ANY not in ignores:
            ctx.err(node, "except", f"伤害 {name}.except 只能与 ignores: any 同用")
        out[name] = m.DamageKind(name, ignores, excepted)
    return out


def guard_order(doc: Node, ctx: Context) -> tuple[str, ...]:
    return ctx.names(doc, "guard_order")


def _removed(node: Node, removed: dict[str, str], what: str, ctx: Context) -> None:
    for key, instead in removed.items():
        if key in node:
            ctx.err(node, key, f"{what} 的键 {key!r} 已不再使用，请改写为 {instead}")
