"""``appears:`` (how a seat is seen, on a role or a status) and the top-level ``seen_words``."""

from __future__ import annotations

from typing import Any

from engine.ruleset.context import Context
from engine.ruleset.model import Ruleset
from engine.ruleset.status_parts import Appearance, Split
from engine.ruleset.yamlsrc import Node
from engine.status_words import APPEARS_KEYS
from engine.vocabulary import CONDITION_KEYS


def appears(node: Node, what: str, ctx: Context) -> Appearance | None:
    if "appears" not in node:
        return None
    anode = ctx.mapping(node["appears"], node, "appears", f"{what}.appears")
    if anode is None:
        return None
    ctx.keys(anode, APPEARS_KEYS, f"{what}.appears")
    seen = Appearance(
        ctx.text(anode, "camp"),
        ctx.text(anode, "role"),
        ctx.flag(anode, "final"),
        knife=ctx.text(anode, "knife"),
        undealt=ctx.text(anode, "undealt"),
        judged=ctx.text(anode, "judged"),
        judged_by=anode.get("judged_by"),
    )
    if not (seen.camp or seen.role or seen.knife or seen.undealt or seen.judged):
        ctx.err(
            node,
            "appears",
            f"{what}.appears 须写 camp、role、knife、undealt 或 judged：被查验或判定时看到的阵营、身份或带刀",
        )
    if seen.knife not in {"", "有刀", "无刀"}:
        ctx.err(anode, "knife", f"{what}.appears.knife 应为 有刀 或 无刀")
    if seen.judged_by is not None:
        by = ctx.mapping(seen.judged_by, anode, "judged_by", f"{what}.appears.judged_by")
        if by is not None:
            ctx.keys(by, CONDITION_KEYS, f"{what}.appears.judged_by")
    return seen


def split(node: Node, what: str, ctx: Context) -> Split | None:
    """A role's ``split: {statuses, announce}`` (灯影预言家's 正位 / 反位)."""
    if "split" not in node:
        return None
    snode = ctx.mapping(node["split"], node, "split", f"{what}.split")
    if snode is None:
        return None
    ctx.keys(snode, {"statuses", "announce"}, f"{what}.split")
    statuses = ctx.names(snode, "statuses")
    if len(statuses) < 2:
        ctx.err(node, "split", f"{what}.split.statuses 应列出至少两个状态（正位、反位）")
    return Split(statuses, ctx.text(snode, "announce"))


def seen_words(doc: Node, ctx: Context) -> dict[str, str]:
    node = ctx.mapping(doc.get("seen_words"), doc, "seen_words", "seen_words")
    if node is None:
        return {}
    words: dict[str, str] = {}
    for camp in node:
        words[camp] = ctx.text(node, camp)
    return words


def records(rs: Ruleset) -> frozenset[str]:
    """What tonight's acts must leave for the ruleset's skills: "readings" where a condition reads
    a check (``read_tonight``), "reached" where an effect names the skills that reached a seat (or a
    guard's ``sole`` reads them), "acts" where one names a seat's acts (a status's timed effects
    count: 隼眼), "touches" where a condition reads who reached a seat (``first_toucher``)."""
    out: set[str] = set()
    for role in rs.roles.values():
        for skill in role.skills.values():
            if _mentions(skill.range, "read_tonight") or _mentions(skill.only_if, "read_tonight"):
                out.add("readings")
            if any(e.verb == "feedback_reached" for e in skill.effects):
                out.add("reached")
            conds = [skill.range, skill.only_if, *(c for e in skill.effects for c in (e.when, e.to))]
            if _mentions(conds, "first_toucher"):
                out.add("touches")
    if any(status.guards and status.guards.sole for status in rs.statuses.values()):
        out.add("reached")
    timed = [e for status in rs.statuses.values() if status.every for e in status.every.effects]
    if _mentions([c for e in timed for c in (e.when, e.to)], "first_toucher"):
        out.add("touches")
    if any(e.verb == "feedback_reached" for e in timed):
        out.add("reached")
    if any(e.verb == "feedback_acts" for e in timed) or any(
        e.verb == "feedback_acts" for role in rs.roles.values() for s in role.skills.values() for e in s.effects
    ):
        out.add("acts")
    return frozenset(out)


def passes(rs: Ruleset) -> frozenset[str]:
    """The passes over every seat's skills the ruleset needs at all: "aura" (at each step), "gains_uses"
    and "headcount" (after each out), "other_used" (after each use), "gained" (as a skill is gained), "camp_changed" (as a camp changes);
    a ruleset whose skills have none skips them."""
    skills = [
        *(s for role in rs.roles.values() for s in role.skills.values()),
        *(s for status in rs.statuses.values() for s in status.skills.values()),
        *(s for tag in rs.card_tags.values() for s in tag.skills.values()),
    ]
    out: set[str] = set()
    for skill in skills:
        if skill.aura:
            out.add("aura")
        if skill.gains_uses is not None:
            out.add("gains_uses")
        if any(t.on == "headcount" for t in skill.triggers):
            out.add("headcount")
        if any(t.on == "other_used" for t in skill.triggers):
            out.add("other_used")
        if any(t.on == "gained" for t in skill.triggers):
            out.add("gained")
        if any(t.on == "camp_changed" for t in skill.triggers):
            out.add("camp_changed")
    return frozenset(out)


def _mentions(cond: Any, key: str) -> bool:
    if isinstance(cond, dict):
        return key in cond or any(_mentions(v, key) for v in cond.values())
    if isinstance(cond, list):
        return any(_mentions(v, key) for v in cond)
    return False
