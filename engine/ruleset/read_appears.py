"""``appears:`` (how a seat is seen, on a role or a status) and the top-level ``seen_words``."""

from __future__ import annotations

from engine.ruleset.context import Context
from engine.ruleset.status_parts import Appearance
from engine.ruleset.yamlsrc import Node
from engine.status_words import APPEARS_KEYS


def appears(node: Node, what: str, ctx: Context) -> Appearance | None:
    if "appears" not in node:
        return None
    anode = ctx.mapping(node["appears"], node, "appears", f"{what}.appears")
    if anode is None:
        return None
    ctx.keys(anode, APPEARS_KEYS, f"{what}.appears")
    seen = Appearance(ctx.text(anode, "camp"), ctx.text(anode, "role"), ctx.flag(anode, "final"))
    if not seen.camp and not seen.role:
        ctx.err(node, "appears", f"{what}.appears 须写 camp 或 role：被查验时看到的阵营或身份")
    return seen


def seen_words(doc: Node, ctx: Context) -> dict[str, str]:
    node = ctx.mapping(doc.get("seen_words"), doc, "seen_words", "seen_words")
    if node is None:
        return {}
    words: dict[str, str] = {}
    for camp in node:
        words[camp] = ctx.text(node, camp)
    return words
