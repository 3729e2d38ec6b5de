"""The ``draw:`` section: the rules a board is drawn by (身份配置), checked with file:line."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from engine.board_words import (
    DRAW_CONVERT_KEYS,
    DRAW_EXACTLY_KEYS,
    DRAW_IF_KEYS,
    DRAW_KEYS,
    DRAW_POOL_KEYS,
    DRAW_REQUIRES_KEYS,
    DRAW_SIZE_KEYS,
    DRAW_STRENGTH_KEYS,
    DRAW_WHEN_KEYS,
)
from engine.formula import BadFormula, Formula, parse
from engine.ruleset import drawrules as d
from engine.ruleset import model as m
from engine.ruleset.context import Context, where
from engine.ruleset.yamlsrc import Node


def draw(doc: Node, rs: m.Ruleset, ctx: Context) -> d.DrawRules | None:
    if "draw" not in doc:
        for role in rs.roles.values():
            if role.pool:
                ctx.err(doc, None, f"身份 {role.name} 有 pool，但规则集没有 draw 部分")
        return None
    node = ctx.mapping(doc["draw"], doc, "draw", "draw")
    if node is None:
        return None
    ctx.keys(node, DRAW_KEYS, "draw")
    players = _players(node, ctx)
    pools = _pools(node, rs, ctx, players)
    names = {p.name for p in pools}
    known = {r.name for p in pools for r in p.roles}
    rules = d.DrawRules(
        text=ctx.text(node, "text"),
        players=players,
        pools=tuple(pools),
        sizes=tuple(_sizes(node, ctx, names, known, pools)),
        exactly=tuple(_exactly(node, ctx, names)),
        requires=tuple(_requires(node, ctx, known)) + tuple(_whens(node, ctx, names, known, pools)),
        strength=_strength(node, ctx, pools),
        waived_by=ctx.text(node, "waived_by"),
        where=where(doc, "draw"),
        converts=tuple(_converts(node, ctx, names, known)),
    )
    return rules


def _items(node: Node, key: str, ctx: Context, allowed: dict[str, str], what: str) -> list[tuple[Node, Any, int]]:
    raw = node.get(key) or []
    if not isinstance(raw, list):
        ctx.err(node, key, f"{what} 应为列表")
        return []
    out = []
    for i, item in enumerate(raw):
        inode = ctx.mapping(item, raw, i, what)
        if inode is not None:
            ctx.keys(inode, allowed, what)
            out.append((inode, raw, i))
    return out


def _players(node: Node, ctx: Context) -> tuple[int, int]:
    raw = node.get("players")
    if isinstance(raw, int) and not isinstance(raw, bool) and raw > 1:
        return raw, raw
    if isinstance(raw, list) and len(raw) == 2 and all(isinstance(x, int) for x in raw) and 1 < raw[0] <= raw[1]:
        return raw[0], raw[1]
    ctx.err(node, "players", "draw.players 应为人数或 [最少, 最多]")
    return 2, 2


def _formula(value: Any, parent: Any, key: str | int, ctx: Context) -> Formula | None:
    try:
        return parse(value)
    except BadFormula as bad:
        ctx.err(parent, key, str(bad))
        return None


def _fraction(value: Any, parent: Any, key: str | int, ctx: Context) -> Fraction | None:
    """A constant (60%, 1/3, 1.1)."""
    formula = _formula(value, parent, key, ctx)
    if formula is None:
        return None
    if "N" in formula.text:
        ctx.err(parent, key, f"{key} 应为常数，不能含 N")
        return None
    return formula(0)


def _pools(node: Node, rs: m.Ruleset, ctx: Context, players: tuple[int, int]) -> list[d.Pool]:
    section = ctx.mapping(node.get("pools"), node, "pools", "draw.pools") or Node()
    mode = ctx.text(node, "strength_mode")
    members: dict[str, list[m.Role]] = {}
    for role in rs.roles.values():
        if role.pool:
            members.setdefault(role.pool, []).append(role)
            if role.pool not in section:
                ctx.err(section, None, f"身份 {role.name} 的 pool「{role.pool}」不在 draw.pools 中（{role.where}）")
    out = []
    for name, pnode in ctx.entries(section, DRAW_POOL_KEYS, "draw.pools"):
        roles = members.get(name, [])
        if not roles:
            ctx.err(section, name, f"没有身份的 pool 是「{name}」")
            continue
        camps = sorted({rs.camps[r.camp].of_class or r.camp if r.camp in rs.camps else r.camp for r in roles})
        if len(camps) > 1:
            ctx.err(section, name, f"{name} 中的身份属于不同阵营：{'、'.join(camps)}")
        count = ctx.integer(pnode, "count", None)
        if count is not None and not 0 <= count <= len(roles):
            ctx.err(pnode, "count", f"{name} 只有{len(roles)}个身份，count 应在 0 到 {len(roles)} 之间")
        odds = _odds(pnode, ctx, name, players)
        if count is not None and odds:
            ctx.err(pnode, "odds", "count 与 odds 只能有一个")
        appears = _fraction(pnode["appears"], pnode, "appears", ctx) if "appears" in pnode else None
        if appears is not None and not 0 <= appears <= 1:
            ctx.err(pnode, "appears", "appears 应在 0 到 100% 之间")
        pool_roles = tuple(d.PoolRole(r.name, _strength_of(r, mode, ctx, section, name), r.tags) for r in roles)
        out.append(
            d.Pool(name, camps[0], pool_roles, ctx.text(pnode, "text"), count, odds, appears, where(section, name))
        )
    return out


def _strength_of(role: m.Role, mode: str, ctx: Context, section: Node, pool: str) -> int:
    if isinstance(role.strength, dict):
        if mode not in role.strength:
            ctx.err(
                section, pool, f"身份 {role.name} 的强度按 {'、'.join(role.strength)} 给出，draw.strength_mode 应为其一"
            )
            return 0
        return role.strength[mode]
    return role.strength or 0


def _odds(pnode: Node, ctx: Context, name: str, players: tuple[int, int]) -> tuple[tuple[int, Formula], ...]:
    if "odds" not in pnode:
        return ()
    onode = ctx.mapping(pnode["odds"], pnode, "odds", "odds") or Node()
    out = []
    for count, raw in onode.items():
        formula = _formula(raw, onode, count, ctx)
        if not str(count).isdigit():
            ctx.err(onode, count, "odds 的键应为数量（整数）")
        elif formula is not None:
            out.append((int(count), formula))
    pool = d.Pool(name, "", (), odds=tuple(out))
    for n in range(players[0], players[1] + 1):
        total = sum(p for _, p in pool.chances(n))
        if total != 1:
            ctx.err(pnode, "odds", f"{n}人局 {name} 各数量的概率之和为{float(total):.0%}，应为100%")
            break
    return tuple(out)


def _condition(
    value: Any, parent: Any, key: str | int, ctx: Context, known: set[str], pools: list[d.Pool]
) -> d.Condition | None:
    cnode = ctx.mapping(value, parent, key, "if")
    if cnode is None:
        return None
    ctx.keys(cnode, DRAW_IF_KEYS, "draw 的条件 if")
    roles = ctx.names(cnode, "any")
    for role in roles:
        if role not in known:
            ctx.err(cnode, "any", f"{role} 不在任何 pool 中")
    if roles:
        return d.Condition(roles=roles)
    pool, tag = ctx.text(cnode, "pool"), ctx.text(cnode, "tag")
    if pool not in {p.name for p in pools} or not tag:
        ctx.err(parent, key, "if 应为 {any: [身份…]} 或 {tag, pool, at_most | more_than}")
        return None
    at_most = _fraction(cnode["at_most"], cnode, "at_most", ctx) if "at_most" in cnode else None
    more_than = _fraction(cnode["more_than"], cnode, "more_than", ctx) if "more_than" in cnode else None
    if (at_most is None) == (more_than is None):
        ctx.err(parent, key, "if 应恰有 at_most 或 more_than 之一")
        return None
    return d.Condition(tag=tag, pool=pool, at_most=at_most, more_than=more_than)


def _sizes(node: Node, ctx: Context, names: set[str], known: set[str], pools: list[d.Pool]) -> list[d.SizeBound]:
    out = []
    for snode, raw, i in _items(node, "sizes", ctx, DRAW_SIZE_KEYS, "draw.sizes"):
        members = ctx.names(snode, "pools")
        for pool in members:
            if pool not in names:
                ctx.err(snode, "pools", f"没有 pool「{pool}」")
        bounds = snode.get("between")
        if not (isinstance(bounds, list) and len(bounds) == 2):
            ctx.err(snode, "between", "between 应为 [最少, 最多]（N 的公式）")
            continue
        low, high = (_formula(b, snode, "between", ctx) for b in bounds)
        when = _condition(snode["if"], snode, "if", ctx, known, pools) if "if" in snode else None
        if low is not None and high is not None and members:
            out.append(d.SizeBound(ctx.text(snode, "text"), members, low, high, when, where(raw, i)))
    return out


def _exactly(node: Node, ctx: Context, names: set[str]) -> list[d.Exactly]:
    out = []
    for enode, raw, i in _items(node, "exactly", ctx, DRAW_EXACTLY_KEYS, "draw.exactly"):
        pool, count = ctx.text(enode, "pool"), ctx.integer(enode, "count", None)
        if pool not in names or count is None:
            ctx.err(raw, i, "exactly 应为 {pool, count, text}，pool 为 draw.pools 之一")
            continue
        out.append(d.Exactly(ctx.text(enode, "text"), pool, count, where(raw, i)))
    return out


def _requires(node: Node, ctx: Context, known: set[str]) -> list[d.Requirement]:
    out = []
    for rnode, raw, i in _items(node, "requires", ctx, DRAW_REQUIRES_KEYS, "draw.requires"):
        roles = ctx.names(rnode, "roles")
        if len(roles) != 2 or not all(r in known for r in roles):
            ctx.err(rnode, "roles", "roles 应为两个 pool 中的身份 [有A, 必有B]")
            continue
        text = ctx.text(rnode, "text")
        out.append(d.Requirement(text, roles[0], roles[1], where=where(raw, i)))
        if ctx.flag(rnode, "both"):
            out.append(d.Requirement(text, roles[1], roles[0], where=where(raw, i)))
    return out


def _whens(node: Node, ctx: Context, names: set[str], known: set[str], pools: list[d.Pool]) -> list[d.Requirement]:
    out = []
    for wnode, raw, i in _items(node, "when", ctx, DRAW_WHEN_KEYS, "draw.when"):
        key = "exclude" if "exclude" in wnode else "include"
        role = ctx.text(wnode, key)
        if ("include" in wnode) == ("exclude" in wnode) or role not in known:
            ctx.err(
                wnode if key in wnode else raw,
                key if key in wnode else i,
                "draw.when 应恰有 include 或 exclude 之一，为 pool 中的身份",
            )
            continue
        when = _condition(wnode.get("if"), wnode, "if", ctx, known, pools)
        if when is not None:
            text = ctx.text(wnode, "text")
            out.append(d.Requirement(text, role, role, when, "exclude" in wnode, where(raw, i)))
    return out


def _strength(node: Node, ctx: Context, pools: list[d.Pool]) -> d.StrengthRatio | None:
    if "strength" not in node:
        return None
    snode = ctx.mapping(node["strength"], node, "strength", "draw.strength") or Node()
    ctx.keys(snode, DRAW_STRENGTH_KEYS, "draw.strength")
    camps = ctx.names(snode, "camps")
    bounds = snode.get("between")
    if len(camps) != 2 or not all(c in {p.camp for p in pools} for c in camps):
        ctx.err(snode, "camps", "camps 应为两个有 pool 的阵营 [甲, 乙]：甲的强度值总和比乙")
        return None
    if not (isinstance(bounds, list) and len(bounds) == 2):
        ctx.err(snode, "between", "between 应为 [最小比例, 最大比例]")
        return None
    low, high = (_fraction(b, snode, "between", ctx) for b in bounds)
    for pool in pools:
        if pool.camp in camps and not all(r.strength for r in pool.roles):
            missing = "、".join(r.name for r in pool.roles if not r.strength)
            ctx.err(node, "strength", f"{pool.name} 中的身份没有强度值（strength）：{missing}")
    if low is None or high is None:
        return None
    return d.StrengthRatio(ctx.text(snode, "text"), (camps[0], camps[1]), low, high, where(node, "strength"))


def _converts(node: Node, ctx: Context, names: set[str], known: set[str]) -> list[d.Conversion]:
    out = []
    for cnode, raw, i in _items(node, "converts", ctx, DRAW_CONVERT_KEYS, "draw.converts"):
        role, pools = ctx.text(cnode, "role"), ctx.names(cnode, "pools")
        if role not in known or not all(p in names for p in pools):
            ctx.err(
                raw,
                i,
                "converts 应为 {text, role, pools, camp, count}：role 为 pool 中的身份，pools 为 draw.pools 之一",
            )
            continue
        count = ctx.integer(cnode, "count", 0) or 0
        out.append(d.Conversion(ctx.text(cnode, "text"), role, pools, ctx.text(cnode, "camp"), count, where(raw, i)))
    return out
