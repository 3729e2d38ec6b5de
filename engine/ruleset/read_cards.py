"""The card sections: card rules, card tags, hands, dealing and boards (身份配置)."""

from __future__ import annotations

from typing import Any

from engine.board_words import ADVICE_KEYS, BOARD_KEYS, CARD_CONDITION_KEYS, DEAL_KEYS, HAND_KEYS, SUBSTITUTION_KEYS
from engine.ruleset import deal_parts as dp
from engine.ruleset import model as m
from engine.ruleset.context import Context, option_values, pairs, section_of, where
from engine.ruleset.read_effects import read_condition
from engine.ruleset.read_roles import read_skill
from engine.ruleset.yamlsrc import Node
from engine.vocabulary import CARD_KEYS, CARD_TAG_KEYS, ORDER_KEYS


def cards(doc: Node, ctx: Context) -> m.CardRules:
    node = section_of(doc, "cards", ctx)
    ctx.keys(node, CARD_KEYS, "cards")
    rules = m.CardRules(
        per_seat=ctx.integer(node, "per_seat", 1) or 1,
        camp_from=ctx.names(node, "camp_from"),
        where=where(node, "order"),
    )
    if rules.per_seat not in {1, 2}:
        ctx.err(node, "per_seat", "per_seat 应为 1 或 2")
    if "order" in node:
        order = ctx.mapping(node["order"], node, "order", "cards.order") or Node()
        ctx.keys(order, ORDER_KEYS, "cards.order")
        second = []
        raw = order.get("second") or []
        for i, item in enumerate(raw if isinstance(raw, list) else []):
            snode = ctx.mapping(item, raw, i, "cards.order.second")
            if snode is None:
                continue
            ctx.keys(snode, {"role", "camp"}, "cards.order.second")
            second.append((ctx.text(snode, "role"), ctx.text(snode, "camp")))
        rules.order_step = ctx.text(order, "step")
        rules.order_skill = ctx.text(order, "skill", "第一身份")
        rules.order_text = ctx.text(order, "text")
        rules.second = tuple(second)
        if not rules.order_step:
            ctx.err(order, "step", "cards.order 需要 step：做出选择的开局步骤")
    return rules


def card_tags(doc: Node, ctx: Context) -> dict[str, m.CardTag]:
    out: dict[str, m.CardTag] = {}
    section = section_of(doc, "card_tags", ctx)
    for name, body in section.items():
        node = ctx.mapping(body, section, name, f"标签 {name}")
        if node is None:
            continue
        ctx.keys(node, CARD_TAG_KEYS, f"标签 [{name}]")
        tag = m.CardTag(
            name,
            ctx.text(node, "text"),
            ctx.text(node, "team"),
            relay_of=ctx.text(node, "relay_of"),
            where=where(section, name),
        )
        skills = ctx.mapping(node.get("skills"), node, "skills", "skills")
        for skill_name, skill_body in (skills or {}).items():
            skill = read_skill(f"[{name}]", skill_name, skill_body, skills, ctx)
            if skill is not None:
                tag.skills[skill_name] = skill
        tag.roles = _tag_roles(node, ctx)
        tag.order = ctx.names(node, "order")
        tag.passed_by = ctx.names(node, "passed_by")
        tag.covers = ctx.text(node, "covers")
        if tag.covers and not tag.order:
            ctx.err(node, "covers", f"标签 [{name}] 的 covers 需要 order（接刀顺序）")
        if tag.passed_by and not tag.order:
            ctx.err(node, "passed_by", f"标签 [{name}] 的 passed_by 需要 order（接刀顺序）")
        out[name] = tag
    return out


def _tag_roles(node: Node, ctx: Context) -> tuple[tuple[str, dict[str, Any] | None], ...]:
    """``roles:`` of a card tag: each a role name, or {role, if} with a condition on the game."""
    raw = node.get("roles") or []
    if not isinstance(raw, list):
        ctx.err(node, "roles", "roles 应为身份列表（身份名，或 {role, if}）")
        return ()
    out: list[tuple[str, dict[str, Any] | None]] = []
    for i, item in enumerate(raw):
        if isinstance(item, str):
            out.append((item, None))
            continue
        entry = ctx.mapping(item, raw, i, "roles")
        if entry is None:
            continue
        ctx.keys(entry, {"role", "if"}, "roles")
        if "if" in entry:
            read_condition(entry["if"], entry, "if", ctx)
        out.append((ctx.text(entry, "role"), entry.get("if")))
    return tuple(out)


def hands(doc: Node, ctx: Context) -> dict[str, dp.Hand]:
    out: dict[str, dp.Hand] = {}
    section = section_of(doc, "hands", ctx)
    for name, node in ctx.entries(section, HAND_KEYS, "组合"):
        also = []
        raw = node.get("also") or []
        for i, item in enumerate(raw if isinstance(raw, list) else []):
            anode = ctx.mapping(item, raw, i, "also")
            if anode is not None:
                ctx.keys(anode, {"option", "pairs"}, f"组合 {name}.also")
                also.append((ctx.text(anode, "option"), pairs(anode.get("pairs"), anode, "pairs", ctx)))
        out[name] = dp.Hand(
            name,
            ctx.text(node, "text"),
            pairs(node.get("pairs"), node, "pairs", ctx),
            tuple(also),
            where(section, name),
        )
    return out


def deal(doc: Node, ctx: Context) -> dp.DealRules:
    node = section_of(doc, "deal", ctx)
    ctx.keys(node, DEAL_KEYS, "deal")
    forbidden = []
    raw = node.get("forbidden") or []
    for i, item in enumerate(raw if isinstance(raw, list) else []):
        fnode = ctx.mapping(item, raw, i, "deal.forbidden")
        if fnode is None:
            continue
        ctx.keys(fnode, {"text", "pair"}, "deal.forbidden")
        pair = fnode.get("pair")
        if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(p, dict) for p in pair)):
            ctx.err(fnode, "pair", "pair 应为两个身份牌条件 [{role|camp: …}, {…}]")
            continue
        for side in pair:
            _card_condition(side, fnode, ctx)
        forbidden.append(dp.Forbidden(ctx.text(fnode, "text"), (pair[0], pair[1]), where(raw, i)))
    counts = {}
    hands = ctx.mapping(node.get("hands"), node, "hands", "deal.hands") or Node()
    for name, bounds in hands.items():
        if not (isinstance(bounds, list) and len(bounds) == 2 and all(isinstance(b, int) for b in bounds)):
            ctx.err(hands, name, f"deal.hands.{name} 应为 [最少, 最多]")
            continue
        counts[name] = (bounds[0], bounds[1])
    apart = []
    raw = node.get("apart") or []
    for i, item in enumerate(raw if isinstance(raw, list) else []):
        anode = ctx.mapping(item, raw, i, "deal.apart")
        if anode is None:
            continue
        ctx.keys(anode, {"roles", "text"}, "deal.apart")
        roles = ctx.names(anode, "roles")
        if len(roles) != 2:
            ctx.err(anode, "roles", "apart.roles 应为两个身份")
            continue
        apart.append((roles[0], roles[1], ctx.text(anode, "text")))
    return dp.DealRules(tuple(forbidden), counts, tuple(apart), _advice(node, ctx), where(node, "apart"))


def _advice(node: Node, ctx: Context) -> tuple[dp.Advice, ...]:
    out = []
    raw = node.get("advice") or []
    for i, item in enumerate(raw if isinstance(raw, list) else []):
        anode = ctx.mapping(item, raw, i, "deal.advice")
        if anode is None:
            continue
        ctx.keys(anode, ADVICE_KEYS, "deal.advice")
        bounds = anode.get("influence") if "influence" in anode else anode.get("between")
        weights = ctx.mapping(anode.get("sum"), anode, "sum", "sum") or Node()
        if ("influence" in anode) == ("sum" in anode):
            ctx.err(raw, i, "deal.advice 应恰有 sum（配 between）或 influence 之一")
            continue
        if not (isinstance(bounds, list) and len(bounds) == 2 and all(isinstance(b, int) for b in bounds)):
            ctx.err(anode, "influence" if "influence" in anode else "between", "应为 [最小, 最大]")
            continue
        if not all(isinstance(w, int) for w in weights.values()):
            ctx.err(anode, "sum", "sum 应为 {身份: 整数权重}")
            continue
        out.append(dp.Advice(ctx.text(anode, "text"), tuple(weights.items()), bounds[0], bounds[1]))
    return tuple(out)


def _card_condition(cond: Any, parent: Node, ctx: Context) -> None:
    for key, value in cond.items():
        if key not in CARD_CONDITION_KEYS:
            ctx.err(parent, "pair", f"身份牌条件中不认识的键 {key!r}（可用：{'、'.join(CARD_CONDITION_KEYS)}）")
        elif key == "not":
            if isinstance(value, dict):
                _card_condition(value, parent, ctx)
            else:
                ctx.err(parent, "pair", "not 后应为身份牌条件")


def boards(doc: Node, ctx: Context) -> dict[str, dp.Board]:
    out: dict[str, dp.Board] = {}
    section = section_of(doc, "boards", ctx)
    for name, node in ctx.entries(section, BOARD_KEYS, "板型"):
        cards = ctx.mapping(node.get("cards"), node, "cards", "cards") or Node()
        deck: list[str] = []
        for role, count in cards.items():
            if not isinstance(count, int) or count < 1:
                ctx.err(cards, role, f"板型 {name} 中 {role} 的张数应为正整数")
                continue
            deck.extend([role] * count)
        subs = ctx.mapping(node.get("substitutions"), node, "substitutions", "substitutions") or Node()
        board = dp.Board(
            name, ctx.text(node, "text"), tuple(deck), options=option_values(node, ctx), where=where(section, name)
        )
        for sub_name, sub_body in subs.items():
            snode = ctx.mapping(sub_body, subs, sub_name, f"替换 {sub_name}")
            if snode is None:
                continue
            ctx.keys(snode, SUBSTITUTION_KEYS, f"板型 {name} 的替换 {sub_name}")
            replace = ctx.mapping(snode.get("replace"), snode, "replace", "replace") or Node()
            board.substitutions[sub_name] = dp.Substitution(
                name=sub_name,
                text=ctx.text(snode, "text"),
                replace=tuple((str(k), str(v)) for k, v in replace.items()),
                choose=ctx.names(snode, "choose"),
                to=ctx.text(snode, "to"),
                options=option_values(snode, ctx),
                where=where(subs, sub_name),
            )
            if bool(board.substitutions[sub_name].choose) != bool(board.substitutions[sub_name].to):
                ctx.err(snode, sub_name, f"替换 {sub_name}: choose 与 to 必须同时出现")
        out[name] = board
    return out
