"""The moon section: 新月扩展's signs and events (新月事件), each with its time and where it may not be used."""

from __future__ import annotations

from engine.ruleset import model as m
from engine.ruleset.context import Context, where
from engine.ruleset.moon_parts import Moon, MoonEvent
from engine.ruleset.yamlsrc import Node
from engine.vocabulary import MOON_EVENT_KEYS, MOON_KEYS, MOON_LASTS


def moon(doc: Node, rs: m.Ruleset, ctx: Context) -> Moon | None:
    """新月扩展, or None where the ruleset has no such section; roles, events and the option it names must exist."""
    if "moon" not in doc:
        return None
    node = ctx.mapping(doc.get("moon"), doc, "moon", "moon")
    if node is None:
        return None
    ctx.keys(node, MOON_KEYS, "moon")
    option = ctx.text(node, "option")
    if option not in rs.options:
        ctx.err(node, "option", f"moon.option {option!r} 不是规则集的选项（可用：{'、'.join(rs.options) or '无'}）")
    signs = ctx.names(node, "signs")
    if not signs or len(set(signs)) != len(signs):
        ctx.err(node, "signs", "moon.signs 应为不重复的星座列表")
    balance = ctx.integer(node, "balance", 1) or 0
    section = ctx.mapping(node.get("events"), node, "events", "moon.events") or Node()
    events = {}
    for name, enode in ctx.entries(section, MOON_EVENT_KEYS, "新月事件"):
        influence = ctx.integer(enode, "influence", None)
        if influence is None:
            ctx.err(enode, "influence", f"新月事件 {name} 需要 influence（影响力，正负整数）")
        lasts = ctx.text(enode, "lasts")
        if lasts not in MOON_LASTS:
            ctx.err(enode, "lasts", f"新月事件 {name} 的 lasts 应为：{'、'.join(MOON_LASTS)}")
        event = MoonEvent(
            name,
            influence or 0,
            ctx.text(enode, "text"),
            lasts,
            needs=ctx.names(enode, "needs"),
            not_with=ctx.names(enode, "not_with"),
            apart_from=ctx.names(enode, "apart_from"),
            grants=tuple(
                (role, skill) for role, skills in _per_role(enode, "grants", "skill", rs, ctx) for skill in skills
            ),
            takes=tuple(_per_role(enode, "takes", "skills", rs, ctx)),
            reveals=_reveals(enode, rs, ctx),
            todo=ctx.text(enode, "todo"),
            where=where(section, name),
        )
        for key in ("needs", "not_with"):
            for role in getattr(event, key):
                if role not in rs.roles:
                    ctx.err(enode, key, f"新月事件 {name} 的 {key} 中的身份 {role} 未定义")
        events[name] = event
    for event in events.values():
        for other in event.apart_from:
            if other not in events:
                ctx.err(section, event.name, f"新月事件 {event.name} 的 apart_from 中的事件 {other} 未定义")
    return Moon(option, signs, balance, events)


def _per_role(enode: Node, key: str, field: str, rs: m.Ruleset, ctx: Context) -> list[tuple[str, tuple[str, ...]]]:
    """``grants: [{role, skill}]`` / ``takes: [{role, skills}]``: each role and skill must exist."""
    raw = enode.get(key)
    if raw is None:
        return []
    if not isinstance(raw, list):
        ctx.err(enode, key, f"{key} 应为列表，如 [{{role: 白痴, {field}: 占卜}}]")
        return []
    out = []
    for i, item in enumerate(raw):
        if not isinstance(item, Node) or set(item) != {"role", field}:
            ctx.err(raw, i, f"{key} 的每一项应为 {{role: 身份, {field}: …}}")
            continue
        role = ctx.text(item, "role")
        skills = ctx.names(item, field)
        if role not in rs.roles:
            ctx.err(item, "role", f"{key} 中的身份 {role} 未定义")
        elif missing := [s for s in skills if s not in rs.roles[role].skills]:
            ctx.err(item, field, f"{key} 中的技能 {'、'.join(missing)} 不是 {role} 的技能")
        out.append((role, skills))
    return out


def _reveals(enode: Node, rs: m.Ruleset, ctx: Context) -> tuple[tuple[tuple[str, ...], str], ...]:
    """``reveals: [{causes, to}]``: ``to`` is a team or a role of the ruleset."""
    raw = enode.get("reveals")
    if raw is None:
        return ()
    if not isinstance(raw, list):
        ctx.err(enode, "reveals", "reveals 应为列表，如 [{causes: [杀人], to: 狼群}]")
        return ()
    out = []
    for i, item in enumerate(raw):
        if not isinstance(item, Node) or set(item) != {"causes", "to"}:
            ctx.err(raw, i, "reveals 的每一项应为 {causes: [出局原因…], to: 团队或身份}")
            continue
        to = ctx.text(item, "to")
        if to not in rs.teams and to not in rs.roles:
            ctx.err(item, "to", f"reveals 中的 {to} 不是团队或身份")
        out.append((ctx.names(item, "causes"), to))
    return tuple(out)
