"""The sections of sides: camps (阵营) and teams (狼群, 情侣: who shares a group, a decision and
what follows a member's out)."""

from __future__ import annotations

from engine.ruleset import model as m
from engine.ruleset.context import Context, section_of
from engine.ruleset.read_effects import read_condition, read_effects
from engine.ruleset.yamlsrc import Node
from engine.vocabulary import CAMP_KEYS, TEAM_KEYS


def camps(doc: Node, ctx: Context) -> dict[str, m.Camp]:
    camps: dict[str, m.Camp] = {}
    for name, node in ctx.entries(section_of(doc, "camps", ctx), CAMP_KEYS, "阵营"):
        camps[name] = m.Camp(name, ctx.text(node, "text"), ctx.flag(node, "unsettled"), ctx.text(node, "class"))
    for name, camp in camps.items():
        if camp.of_class and camp.of_class not in camps:
            ctx.err(section_of(doc, "camps", ctx), name, f"阵营 {name} 的 class「{camp.of_class}」未在 camps 中定义")
    return camps


def teams(doc: Node, ctx: Context) -> dict[str, m.Team]:
    out: dict[str, m.Team] = {}
    section = section_of(doc, "teams", ctx)
    for name, node in ctx.entries(section, TEAM_KEYS, "团队"):
        chained = (
            ctx.mapping(node.get("on_member_out"), node, "on_member_out", "on_member_out")
            if "on_member_out" in node
            else None
        )
        if chained is not None:
            ctx.keys(chained, {"cause", "if", "except", "effects"}, f"团队 {name}.on_member_out")
            if "if" in chained:
                read_condition(chained["if"], chained, "if", ctx)
        if "members" in node:
            read_condition(node["members"], node, "members", ctx)
        out[name] = m.Team(
            name=name,
            text=ctx.text(node, "text"),
            group=ctx.text(node, "group"),
            chat=ctx.flag(node, "chat", True),
            intro=ctx.text(node, "intro"),
            stays_after_out=ctx.flag(node, "stays_after_out"),
            on_formed=read_effects(node, "on_formed", ctx, f"团队 {name}"),
            on_member_out=(ctx.text(chained, "cause") or None) if chained is not None else None,
            members=node.get("members"),
            chain_if=chained.get("if") if chained is not None else None,
            chain_except=ctx.names(chained, "except") if chained is not None else (),
            on_member_out_effects=read_effects(chained, "effects", ctx, f"团队 {name}") if chained is not None else (),
        )
    return out
