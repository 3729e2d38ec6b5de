"""The information section: who may know what, and from when — the post's 公示 / 通知 rules,
each with its sentence (the audit of every message reads them)."""

from __future__ import annotations

from engine.ruleset import model as m
from engine.ruleset.context import Context, section_of
from engine.ruleset.yamlsrc import Node
from engine.vocabulary import (
    INFORMATION_AUDIENCES,
    INFORMATION_FACTS,
    INFORMATION_FROM,
    INFORMATION_KEYS,
    INFORMATION_OF,
)


def information(doc: Node, ctx: Context, rs: m.Ruleset) -> dict[str, tuple[m.Knows, ...]]:
    """Who may know what, and from when: the post's 公示 / 通知 rules, each with its sentence."""
    node = section_of(doc, "information", ctx)
    ctx.keys(node, INFORMATION_AUDIENCES, "information")
    out: dict[str, tuple[m.Knows, ...]] = {}
    for audience in ("public", "seat", "directors"):
        if audience in node:
            out[audience] = _knows_list(node, audience, ctx, f"information.{audience}", rs)
    teams = ctx.mapping(node.get("teams"), node, "teams", "information.teams") or Node()
    for team in teams:
        if team not in rs.teams:
            ctx.err(teams, team, f"information.teams 的团队 {team} 未定义")
        out[f"team:{team}"] = _knows_list(teams, team, ctx, f"information.teams.{team}", rs)
    return out


def _knows_list(node: Node, key: str, ctx: Context, what: str, rs: m.Ruleset) -> tuple[m.Knows, ...]:
    raw = node.get(key)
    if not isinstance(raw, list):
        ctx.err(node, key, f"{what} 应为列表")
        return ()
    out = []
    for i, item in enumerate(raw):
        entry = ctx.mapping(item, raw, i, what)
        if entry is None:
            continue
        ctx.keys(entry, INFORMATION_KEYS, what)
        facts = ctx.names(entry, "knows")
        for fact in facts:
            if fact not in INFORMATION_FACTS:
                ctx.err(entry, "knows", f"{what} 不认识的事实 {fact}（可用：{'、'.join(INFORMATION_FACTS)}）")
        of, status = str(entry.get("of", "all")), ""
        seats = entry.get("of") if isinstance(entry.get("of"), dict) else None
        if seats is not None:
            picked = ctx.mapping(seats, entry, "of", f"{what}.of") or Node()
            ctx.keys(picked, {"status", "team"}, f"{what}.of")
            of = "team" if "team" in picked else "status"
            status = ctx.text(picked, of)
            if of == "team" and status not in rs.teams:
                ctx.err(entry, "of", f"{what} 的团队 {status} 未定义")
        elif of not in INFORMATION_OF:
            ctx.err(entry, "of", f"{what} 的 of 应为 {'、'.join(INFORMATION_OF)} 或 {{status: 状态}}")
        skill = ctx.text(entry, "skill", "")
        if ("range" in facts) != bool(skill) or (skill and rs.skill(skill) is None):
            ctx.err(entry, "skill", f"{what} 的 knows: range 须配 skill: 技能名（得知其选择范围的技能）")
        since = ctx.text(entry, "from", "start")
        if since not in INFORMATION_FROM:
            ctx.err(entry, "from", f"{what} 的 from 应为 {'、'.join(INFORMATION_FROM)}")
        knows = m.Knows(
            facts,
            of,
            status,
            since,
            ctx.flag(entry, "as_set"),
            ctx.names(entry, "causes"),
            ctx.text(entry, "text"),
            skill,
        )
        out.append(knows)
    return tuple(out)
