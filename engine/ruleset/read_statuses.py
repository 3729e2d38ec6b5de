"""The sections of what a seat may carry and what may hit it: ``statuses:`` (each with its
capabilities, compounds expanded, and its ``guards:``), ``damage:`` kinds (what each ignores) and ``guard_order``. A key a ruleset has
dropped is refused with the key that replaces it (engine/status_words.py)."""

from __future__ import annotations

from typing import Any

from engine import formula
from engine.ruleset import model as m
from engine.ruleset import read_appears
from engine.ruleset.context import Context, section_of, where
from engine.ruleset.read_effects import read_effects
from engine.ruleset.read_roles import read_skill
from engine.ruleset.status_parts import Again, Every, Guard
from engine.ruleset.yamlsrc import Node, Seq
from engine.status_words import (
    ANY,
    CAPS,
    GUARD_KEYS,
    GUARD_STAGES,
    KIND_KEYS,
    REMOVED_KIND_KEYS,
    REMOVED_STATUS_KEYS,
    STATUS_CLASSES,
    STATUS_KEYS,
)
from engine.vocabulary import CONDITION_KEYS


def statuses(doc: Node, ctx: Context) -> dict[str, m.StatusDef]:
    out: dict[str, m.StatusDef] = {}
    allowed = set(STATUS_KEYS) | set(REMOVED_STATUS_KEYS)
    section = section_of(doc, "statuses", ctx)
    for name, node in ctx.entries(section, allowed, "状态"):
        _removed(node, REMOVED_STATUS_KEYS, f"状态 {name}", ctx)
        told = node.get("told", "")
        skills = ctx.mapping(node.get("skills"), node, "skills", "skills") or Node()
        class_ = ctx.text(node, "class")
        if class_ and class_ not in STATUS_CLASSES:
            ctx.err(node, "class", f"状态 {name}.class 应为 {' 或 '.join(STATUS_CLASSES)}，而不是 {class_!r}")
        out[name] = m.StatusDef(
            name=name,
            text=ctx.text(node, "text"),
            caps=_caps(node, name, ctx),
            includes=ctx.names(node, "includes"),
            class_=class_,
            immune_to=ctx.names(node, "immune_to"),
            clears=ctx.names(node, "clears"),
            stacks=ctx.flag(node, "stacks"),
            todo=ctx.text(node, "todo"),
            where=where(section, name),
            guards=_guard(node, name, ctx),
            appears=read_appears.appears(node, f"状态 {name}", ctx),
            told=_told(told, name, class_),
            told_at_night_end=ctx.flag(node, "told_at_night_end"),
            dawn_notice=ctx.text(node, "dawn_notice"),
            cancels=ctx.names(node, "cancels"),
            whole_seat=ctx.flag(node, "whole_seat"),
            skills={k: sk for k, v in skills.items() if (sk := read_skill(f"[{name}]", k, v, skills, ctx)) is not None},
            again=_again(node, name, ctx),
            every=_every(node, name, ctx),
            on_gain=read_effects(node, "on_gain", ctx, f"状态 {name}.on_gain"),
            echoes=ctx.names(node, "echoes"),
            forgets=ctx.names(node, "forgets"),
            refreshes=ctx.text(node, "refreshes"),
            links=ctx.flag(node, "links"),
        )
    for name, node in section.items():
        if name in out:
            _include(out, name, (), node, ctx)
    return out


def _told(told: object, name: str, class_: str) -> str:
    """What its holder is told: its own words; its name (true, or absent for a 负面 status: 附加这些状态
    特效时，角色会得知被附加的效果); else nothing."""
    if isinstance(told, str) and told:
        return told
    if told is True or (told == "" and class_ == "负面"):
        return f"你获得了状态[{name}]。"
    return ""


def _caps(node: Node, name: str, ctx: Context) -> dict[str, Any]:
    """``caps: [silenced, {vote_weight: 0}, {blocks: [自爆]}]``, each checked against its shape."""
    raw = node.get("caps")
    if raw is None:
        return {}
    what = f"状态 {name}.caps"
    if not isinstance(raw, Seq):
        ctx.err(node, "caps", f"{what} 应为列表，如 [silenced, {{vote_weight: 0}}]")
        return {}
    caps: dict[str, Any] = {}
    for i, item in enumerate(raw):
        where: Node | Seq = raw
        value: Any
        if isinstance(item, str):
            cap, value = item, True
        elif isinstance(item, Node) and len(item) == 1:
            cap, value = next(iter(item.items()))
            where = item
        else:
            ctx.err(raw, i, f"{what} 的每一项应为能力名或 {{能力名: 值}}")
            continue
        spec = CAPS.get(cap)
        if spec is None:
            ctx.err(
                where, i if where is raw else cap, f"{what} 不认识的能力 {cap!r}（可用：{'、'.join(sorted(CAPS))}）"
            )
            continue
        key = i if where is raw else cap
        if spec.shape == "flag" and value is not True:
            ctx.err(where, key, f"{what} 的 {cap} 不带值：写作 {cap}")
        elif spec.shape == "count" and (isinstance(value, bool) or not isinstance(value, int)):
            ctx.err(where, key, f"{what} 的 {cap} 应为整数：写作 {{{cap}: 0}}")
        elif spec.shape == "number" and (isinstance(value, bool) or not isinstance(value, int | float)):
            ctx.err(where, key, f"{what} 的 {cap} 应为数：写作 {{{cap}: 1.5}}")
        elif spec.shape == "names":
            names = (value,) if isinstance(value, str) else value
            if not isinstance(names, list | tuple) or not all(isinstance(v, str) for v in names):
                ctx.err(where, key, f"{what} 的 {cap} 应为名称列表：写作 {{{cap}: [名称]}}")
                continue
            value = tuple(names)
        elif spec.shape == "formula":
            try:
                value = formula.parse(value)
            except formula.BadFormula as bad:
                ctx.err(where, key, f"{what} 的 {cap} 应为人数 N 的算式（{bad}）：写作 {{{cap}: 1}}")
                continue
        caps[cap] = value
    return caps


def _include(out: dict[str, m.StatusDef], name: str, path: tuple[str, ...], node: Node, ctx: Context) -> None:
    """A compound holds the capabilities of what it includes, at any depth; its own win."""
    sdef = out[name]
    for part in sdef.includes:
        if part == name or part in path:
            ctx.err(node, "includes", f"状态 {name}.includes 循环包含了 {part}")
            continue
        if part not in out:
            ctx.err(node, "includes", f"状态 {name}.includes 中状态 {part} 未定义")
            continue
        _include(out, part, (*path, name), node, ctx)
        for cap, value in out[part].caps.items():
            sdef.caps.setdefault(cap, value)
        sdef.forgets = sdef.forgets or out[part].forgets  # 净化 = … + 遗忘


def _guard(node: Node, name: str, ctx: Context) -> Guard | None:
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
    at = ctx.names(gnode, "at") or ("strike",)
    for stage in at:
        if stage not in GUARD_STAGES:
            ctx.err(gnode, "at", f"{what}.at 应为 {' 或 '.join(GUARD_STAGES)}（或两者的列表），而不是 {stage!r}")
    instead = ctx.text(gnode, "instead")
    if instead not in {"", "giver"}:
        ctx.err(gnode, "instead", f"{what}.instead 只可为 giver（由状态赋予者代替出局）")
    if instead and at != ("out",):
        ctx.err(gnode, "instead", f"{what}.instead 须与 at: out 同用（代替出局发生在出局结算时）")
    source = gnode.get("from")
    if source is not None:
        by = ctx.mapping(source, gnode, "from", f"{what}.from")
        if by is not None:
            ctx.keys(by, CONDITION_KEYS, f"{what}.from")
    return Guard(
        source=source,
        against=against,
        except_=excepted,
        at=at,
        instead=bool(instead),
        uses=ctx.integer(gnode, "uses", None),
        note=ctx.text(gnode, "note"),
        on_stop=read_effects(gnode, "on_stop", ctx, what),
        causes=ctx.names(gnode, "causes"),
        sole=ctx.names(gnode, "sole"),
    )


def _again(node: Node, name: str, ctx: Context) -> Again | None:
    """``again: {kind: 暴击, cause: 二次流血, at: [黄昏1, 凌晨2]}``: the attack a second grant becomes."""
    if "again" not in node:
        return None
    what = f"状态 {name}.again"
    anode = ctx.mapping(node["again"], node, "again", what)
    if anode is None:
        return None
    ctx.keys(anode, {"kind": "", "cause": "", "at": ""}, what)
    kind, at = ctx.text(anode, "kind"), ctx.names(anode, "at")
    if not kind or not at:
        ctx.err(anode, None, f"{what} 须写 kind（改为造成的伤害种类）与 at（结算的步骤，如 [黄昏1, 凌晨2]）")
    return Again(kind, ctx.text(anode, "cause") or name, at)


def _every(node: Node, name: str, ctx: Context) -> Every | None:
    """``every: {step: 晨曦1, effects: [...]}``: what the giver does to the holder at each such step."""
    if "every" not in node:
        return None
    what = f"状态 {name}.every"
    enode = ctx.mapping(node["every"], node, "every", what)
    if enode is None:
        return None
    ctx.keys(enode, {"step": "", "effects": ""}, what)
    step = ctx.text(enode, "step")
    if not step:
        ctx.err(enode, None, f"{what} 须写 step：在哪个步骤结束时生效（如 晨曦1）")
    return Every(step, read_effects(enode, "effects", ctx, what))


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
