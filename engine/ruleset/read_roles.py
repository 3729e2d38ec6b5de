"""The sections of who plays: roles and their skills, and options. Camps and teams are read in
engine/ruleset/read_camps.py; the effects and conditions skills are written in, in read_effects.py."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from engine.formula import BadFormula, Formula, parse
from engine.ruleset import model as m
from engine.ruleset import read_appears
from engine.ruleset.aura_parts import Aura, GainsUses
from engine.ruleset.context import Context, section_of
from engine.ruleset.read_effects import read_condition, read_effects
from engine.ruleset.yamlsrc import Node, Seq, file_of, line_of
from engine.vocabulary import (
    AURA_KEYS,
    DECISIONS,
    GAINS_USES_KEYS,
    KNOWN_TAGS,
    OPTION_KEYS,
    ROLE_KEYS,
    SKILL_KEYS,
    TIMING_TAGS,
    TRIGGER_KEYS,
    TRIGGERS,
)


def roles(doc: Node, ctx: Context) -> dict[str, m.Role]:
    out: dict[str, m.Role] = {}
    section = section_of(doc, "roles", ctx)
    for name, node in ctx.entries(section, ROLE_KEYS, "身份"):
        role = m.Role(
            name=name,
            camp=ctx.text(node, "camp"),
            text=ctx.text(node, "text"),
            teams=ctx.names(node, "teams"),
            on_out=read_effects(node, "on_out", ctx, f"身份 {name}"),
            todo=ctx.text(node, "todo") or None,
            where=f"{file_of(section, name)}:{line_of(section, name)}",
            tags=ctx.names(node, "tags"),
            copies=ctx.flag(node, "copies"),
            counter=_counter(node, ctx, name),
            dealt=ctx.flag(node, "dealt", True),
            influence=ctx.integer(node, "influence", 0) or 0,
            extra_cards=ctx.integer(node, "extra_cards", 0) or 0,
            expansion=ctx.text(node, "expansion"),
            pool=ctx.text(node, "pool"),
            strength=_strength(node, ctx),
            appears=read_appears.appears(node, f"身份 {name}", ctx),
            split=read_appears.split(node, f"身份 {name}", ctx),
            faces=_faces(node, ctx, name),
            roster=_roster(node, ctx, name),
        )
        if not role.camp and not role.todo and role.dealt:
            ctx.err(section, name, f"身份 {name} 缺少 camp")
        skills = ctx.mapping(node.get("skills"), node, "skills", "skills")
        for skill_name, skill_body in (skills or {}).items():
            skill = read_skill(name, skill_name, skill_body, skills, ctx)
            if skill is not None:
                role.skills[skill_name] = skill
        out[name] = role
    return out


def _faces(node: Node, ctx: Context, name: str) -> m.FaceDraw | None:
    fnode = ctx.mapping(node.get("faces"), node, "faces", "faces") if "faces" in node else None
    if fnode is None:
        return None
    ctx.keys(fnode, {"count", "camp", "except_pools", "also", "shows_camp"}, f"身份 {name}.faces")
    also = fnode.get("also") or []
    if not isinstance(also, list):
        ctx.err(fnode, "also", "faces.also 应为列表：[{count, camp, except_pools}, …]")
        also = []
    draws = [d for d in (ctx.mapping(item, fnode, "also", "faces.also") for item in also) if d is not None]
    for draw in draws:
        ctx.keys(draw, {"count", "camp", "except_pools"}, f"身份 {name}.faces.also")
    first, *more = [_draw(d, ctx) for d in [fnode, *draws]]
    return m.FaceDraw(first.count, first.camp, first.except_pools, tuple(more), ctx.flag(fnode, "shows_camp"))


def _draw(node: Node, ctx: Context) -> m.FaceDraw:
    count = ctx.integer(node, "count", 1) or 0
    if count < 1:
        ctx.err(node, "count", "faces.count 应为正整数")
    return m.FaceDraw(count, ctx.text(node, "camp"), ctx.names(node, "except_pools"))


def _roster(node: Node, ctx: Context, name: str) -> m.Roster | None:
    rnode = ctx.mapping(node.get("roster"), node, "roster", "roster") if "roster" in node else None
    if rnode is None:
        return None
    ctx.keys(rnode, {"per"}, f"身份 {name}.roster")
    per = ctx.integer(rnode, "per", 6) or 0
    if per < 1:
        ctx.err(rnode, "per", "roster.per 应为正整数")
    return m.Roster(max(per, 1))


def _strength(node: Node, ctx: Context) -> int | dict[str, int] | None:
    """强度值: a number, or one per win mode ({屠城: 6, 刀边: 5})."""
    value = node.get("strength")
    if value is None or (isinstance(value, int) and not isinstance(value, bool)):
        return value
    if isinstance(value, dict) and value and all(isinstance(v, int) for v in value.values()):
        return {str(k): v for k, v in value.items()}
    ctx.err(node, "strength", "strength 应为整数，或 {胜利方式: 整数}")
    return None


def _counter(node: Node, ctx: Context, role: str) -> m.Counter | None:
    if "counter" not in node:
        return None
    cnode = ctx.mapping(node["counter"], node, "counter", "counter")
    if cnode is None:
        return None
    ctx.keys(cnode, {"name", "start", "on_card_out"}, f"身份 {role}.counter")
    rules = []
    raw = cnode.get("on_card_out") or []
    for i, item in enumerate(raw if isinstance(raw, list) else []):
        rnode = ctx.mapping(item, raw, i, "on_card_out")
        if rnode is None:
            continue
        ctx.keys(rnode, {"roles", "add"}, f"身份 {role}.counter.on_card_out")
        rules.append(m.CounterRule(ctx.names(rnode, "roles"), ctx.integer(rnode, "add", 0) or 0))
    name = ctx.text(cnode, "name")
    if not name:
        ctx.err(cnode, "name", f"身份 {role}.counter 缺少 name")
    return m.Counter(name, ctx.integer(cnode, "start", 0) or 0, tuple(rules))


def read_skill(role: str, name: str, body: Any, parent: Node | None, ctx: Context) -> m.Skill | None:
    node = ctx.mapping(body, parent, name, f"技能 {name}")
    if node is None:
        return None
    what = f"技能 {role}.{name}"
    ctx.keys(node, set(SKILL_KEYS), what)
    tags = frozenset(ctx.names(node, "tags"))
    for tag in tags:
        if tag not in KNOWN_TAGS:
            ctx.err(node, "tags", f"{what} 的标签 [{tag}] 引擎尚不支持（支持：{'、'.join(sorted(KNOWN_TAGS))}）")
    triggers = _triggers(node, ctx, what)
    trigger = triggers[0] if triggers else None
    timings = {TIMING_TAGS[t] for t in tags if t in TIMING_TAGS}
    if timings == {"setup", "night"}:  # 变脸[开局][黄昏]: a step skill of the opening's steps and the night's
        timings = {"night"}
    if len(timings) > 1:
        ctx.err(node, "tags", f"{what} 同时有多个时段标签")
    timing = timings.pop() if timings else ("reaction" if trigger else "passive")
    if trigger and trigger.on == "step_open" and timing != "night" and timing != "setup":
        ctx.err(node, "trigger", f"{what}: step_open 只用于夜晚或开局技能")
    targets = _targets(node, ctx, tags, what)
    uses = ctx.integer(node, "uses", 1 if "限定" in tags else None)
    team = None
    if "team" in node:
        tnode = ctx.mapping(node["team"], node, "team", "team")
        if tnode is not None:
            ctx.keys(tnode, {"name", "decide"}, f"{what}.team")
            decide = ctx.text(tnode, "decide", "earliest_highest")
            if decide not in DECISIONS:
                ctx.err(tnode, "decide", f"decide 应为 {'、'.join(sorted(DECISIONS))}")
            team = m.TeamDecision(ctx.text(tnode, "name"), decide)
    if ("团队" in tags) != (team is not None):
        ctx.err(node, "tags", f"{what}: [团队] 标签与 team: 必须同时出现")
    grants = []
    for i, g in enumerate(node.get("grants") or []):
        gnode = ctx.mapping(g, node["grants"], i, "grants")
        if gnode is not None:
            ctx.keys(gnode, {"status", "uses", "in"}, f"{what}.grants")
            if ctx.text(gnode, "in") not in {"", "night", "day", "first_night"}:
                ctx.err(
                    gnode,
                    "in",
                    f"{what}.grants 的 in 只可为 night（仅夜晚持有）、day（仅白天持有）或 first_night（仅首夜持有）",
                )
            grants.append(m.Grant(ctx.text(gnode, "status"), ctx.integer(gnode, "uses", None), ctx.text(gnode, "in")))
    range_ = node.get("range")
    if range_ is not None:
        read_condition(range_, node, "range", ctx)
    only_if = node.get("only_if")
    if only_if is not None:
        read_condition(only_if, node, "only_if", ctx)
    if "忍耐" in tags:  # 竞选日和第一个夜晚不可发动: not on game day 1
        patience = {"not": {"game_day": 1}}
        only_if = patience if only_if is None else {"all": [only_if, patience]}
    hidden = ctx.mapping(node.get("not_current"), node, "not_current", "not_current") or Node()
    ctx.keys(hidden, {"tags", "skills"}, f"{what}.not_current")
    minutes, by_phase = read_minutes(node, "minutes", ctx)
    choice_of = ctx.text(node, "choice_of")
    if choice_of not in {
        "",
        "skill",
        "night_skill",
        "spare",
        "own",
        "own_counted",
        "faces",
        "aimed",
        "legacy",
        "role",
        "disguise",
        "sign",
        "role_skill",
    }:
        ctx.err(
            node,
            "choice_of",
            "choice_of 应为 skill、night_skill、spare、own、own_counted、faces、aimed、legacy、role、disguise、sign"
            " 或 role_skill",
        )
    choice_camp = ctx.text(node, "choice_camp")
    if choice_camp and choice_of != "role":
        ctx.err(node, "choice_camp", "choice_camp 需要 choice_of: role")
    waits = ctx.mapping(node.get("waits"), node, "waits", "waits") or Node()
    default = node.get("default")
    if default is not None and choice_of != "disguise" and str(default) not in ctx.names(node, "choices"):
        ctx.err(node, "default", f"{what}: default 应为 choices 之一")
    return m.Skill(
        name=name,
        role=role,
        text=ctx.text(node, "text"),
        tags=tags,
        timing=timing,
        targets=targets,
        target_formula=_target_formula(node, ctx, what),
        range=range_,
        uses=uses,
        team=team,
        trigger=trigger,
        triggers=triggers,
        requires=ctx.text(node, "requires") or None,
        exclusive=ctx.names(node, "exclusive"),
        grants=tuple(grants),
        effects=read_effects(node, "effects", ctx, what),
        on_lost_after_use=read_effects(node, "on_lost_after_use", ctx, what),
        choices=ctx.names(node, "choices"),
        minutes=minutes,
        minutes_by_phase=by_phase,
        todo=ctx.text(node, "todo") or None,
        where=f"{file_of(parent, name)}:{line_of(parent, name)}",
        not_current_tags=ctx.names(hidden, "tags"),
        not_current_skills=ctx.names(hidden, "skills"),
        only_if=only_if,
        during_election=ctx.flag(node, "during_election"),
        on_trigger=read_effects(node, "on_trigger", ctx, what),
        out_tonight=ctx.flag(node, "out_tonight"),
        counts_as=ctx.text(node, "counts_as"),
        choice_hook=ctx.text(node, "choice_hook"),
        choice_of=choice_of,
        choice_max=ctx.integer(node, "choice_max", 1) or 1,
        choice_count=ctx.integer(node, "choice_count", 1) or 1,
        choice_camp=choice_camp,
        message=ctx.integer(node, "message", 0) or 0,
        look_if=ctx.names(node, "look_if"),
        extras=ctx.integer(node, "extras", 0) or 0,
        default=None if default is None else str(default),
        at_random=ctx.flag(node, "at_random"),
        steadfast=ctx.flag(node, "steadfast"),
        per_nights=ctx.integer(node, "per_nights", 0) or 0,
        not_last_minutes=ctx.integer(node, "not_last_minutes", 0) or 0,
        among_out=ctx.flag(node, "among_out"),
        with_out=ctx.flag(node, "with_out"),
        also_in=ctx.flag(node, "also_in"),
        consecutive=ctx.flag(node, "consecutive"),
        expansion=ctx.text(node, "expansion"),
        waits=tuple((str(k), str(v)) for k, v in waits.items()),
        unbuilt=ctx.text(node, "unbuilt"),
        aura=_auras(node, ctx, what),
        gains_uses=_gains_uses(node, ctx, what),
        places=_places(node, ctx, what),
        dealt_uses=_dealt_uses(node, ctx, what),
    )


def _share(tnode: Node, on: str, ctx: Context) -> str:
    """``share: 1/2``, with ``on: headcount`` only: a fraction of the seats dealt."""
    share = ctx.text(tnode, "share")
    if (on == "headcount") != bool(share):
        ctx.err(tnode, "share", "trigger.share 与 on: headcount 同用：写作 share: 1/2（开局人数的一半）")
        return ""
    try:
        if share and not 0 < Fraction(share) <= 1:
            raise ValueError(share)
    except (ValueError, ZeroDivisionError):
        ctx.err(tnode, "share", f"trigger.share 应为 0 到 1 之间的分数，如 1/2，而不是 {share!r}")
        return ""
    return share


def _triggers(node: Node, ctx: Context, what: str) -> tuple[m.Trigger, ...]:
    """``trigger``: one mapping, or a list of them (a skill set off in several ways, each with its effects)."""
    if "trigger" not in node:
        return ()
    raw = node["trigger"]
    items = raw if isinstance(raw, list) else [raw]
    out = []
    for i, item in enumerate(items):
        tnode = ctx.mapping(
            item, raw if isinstance(raw, list) else node, i if isinstance(raw, list) else "trigger", "trigger"
        )
        if tnode is None:
            continue
        ctx.keys(tnode, set(TRIGGER_KEYS), f"{what}.trigger")
        on = ctx.text(tnode, "on")
        if on not in TRIGGERS:
            ctx.err(tnode, "on", f"trigger.on 应为 {'、'.join(sorted(TRIGGERS))} 之一")
        at = ctx.text(tnode, "at")
        if at not in {"", "dawn"}:
            ctx.err(tnode, "at", "trigger.at 只可为 dawn")
        phase = ctx.text(tnode, "in")
        if phase not in {"", "day", "night"}:
            ctx.err(tnode, "in", "trigger.in 应为 day 或 night")
        if "by" in tnode:
            read_condition(tnode["by"], tnode, "by", ctx)
        out.append(
            m.Trigger(
                on,
                ctx.names(tnode, "causes"),
                ctx.names(tnode, "except"),
                at,
                phase=phase,
                by=tnode.get("by"),
                skills=ctx.names(tnode, "skills"),
                unforced=ctx.flag(tnode, "unforced"),
                anyone=ctx.flag(tnode, "anyone"),
                roles=ctx.names(tnode, "roles"),
                marked=ctx.text(tnode, "marked"),
                effects=read_effects(tnode, "effects", ctx, what) if "effects" in tnode else None,
                share=_share(tnode, on, ctx),
                tags=ctx.names(tnode, "tags"),
            )
        )
    return tuple(out)


def read_minutes(node: Node, key: str, ctx: Context) -> tuple[int | None, tuple[tuple[str, int], ...]]:
    """A time limit: N, or {day: N, night: N}."""
    value = node.get(key)
    if isinstance(value, Node):
        ctx.keys(value, {"day", "night"}, key)
        if not all(isinstance(v, int) and v > 0 for v in value.values()):
            ctx.err(node, key, f"{key} 的分钟数应为正整数")
            return None, ()
        return None, tuple((str(k), int(v)) for k, v in value.items())
    return ctx.integer(node, key, None), ()


def _dealt_uses(node: Node, ctx: Context, what: str) -> Formula | None:
    """``dealt_uses: N``: a dealt card's count, a formula of the seats dealt (亡灵低语[X]: X为初始参与人数)."""
    if "dealt_uses" not in node:
        return None
    try:
        return parse(node["dealt_uses"])
    except BadFormula as exc:
        ctx.err(node, "dealt_uses", f"{what}.dealt_uses: {exc}")
        return None


def _target_formula(node: Node, ctx: Context, what: str) -> Formula | None:
    """`targets` as a formula of N, the living seats (天狗吞月: 5名玩家与当夜存活人数的1/3（向下取整）中的较小者)."""
    value = node.get("targets")
    if isinstance(value, list) and len(value) == 2 and isinstance(value[0], int) and isinstance(value[1], str):
        value = value[1]  # [least, formula]: at most the formula's count (最多可选择场上存活人数一半)
    if not isinstance(value, str):
        return None
    try:
        return parse(value)
    except BadFormula as exc:
        ctx.err(node, "targets", f"{what}.targets: {exc}")
        return None


def _targets(node: Node, ctx: Context, tags: frozenset[str], what: str) -> tuple[int, int]:
    value = node.get("targets", 1 if "指定" in tags else 0)
    if isinstance(value, str):
        return (0, 0)  # a formula (_target_formula): legal.target_count says how many
    if isinstance(value, list) and len(value) == 2 and isinstance(value[0], int) and isinstance(value[1], str):
        return (value[0], -1)  # [least, formula]: at most the formula's count
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return (value, value)
    if (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(v, int) for v in value)
        and 0 <= value[0] <= value[1]
    ):
        return (value[0], value[1])
    ctx.err(node, "targets", f"{what}.targets 应为人数或 [最少, 最多]")
    return (1, 1)


def options(doc: Node, ctx: Context) -> dict[str, m.Option]:
    out: dict[str, m.Option] = {}
    section = section_of(doc, "options", ctx)
    for name, node in ctx.entries(section, OPTION_KEYS, "选项"):
        values = tuple(node.get("values") or ())
        default = node.get("default")
        if values and default not in values:
            ctx.err(node, "default", f"选项 {name} 的 default 不在 values 中")
        out[name] = m.Option(name, ctx.text(node, "text"), default, values, ctx.text(node, "todo"))
    return out


def _auras(node: Node, ctx: Context, what: str) -> tuple[Aura, ...]:
    """``aura: [{status: 秩序, to: {beside: self, among: {camp: 村民阵营}}}]``."""
    raw = node.get("aura")
    if raw is None:
        return ()
    if not isinstance(raw, Seq):
        ctx.err(
            node,
            "aura",
            f"{what}.aura 应为列表，如 [{{status: 秩序, to: {{beside: self, among: {{camp: 村民阵营}}}}}}]",
        )
        return ()
    out = []
    for i, item in enumerate(raw):
        anode = ctx.mapping(item, raw, i, f"{what}.aura")
        if anode is None:
            continue
        ctx.keys(anode, AURA_KEYS, f"{what}.aura")
        status, to = ctx.text(anode, "status"), anode.get("to", "self")
        if not status:
            ctx.err(anode, None, f"{what}.aura[{i}] 须写 status：相邻角色获得的状态")
        if isinstance(to, Node) and set(to) <= {"beside", "among"} and to.get("beside") == "self":
            if "among" in to:
                read_condition(to["among"], to, "among", ctx)
        elif to != "self":
            ctx.err(anode, "to", f"{what}.aura[{i}].to 应为 self 或 {{beside: self, among: 条件}}（电梯楼相邻）")
        out.append(Aura(status, to))
    return tuple(out)


def _gains_uses(node: Node, ctx: Context, what: str) -> GainsUses | None:
    """``gains_uses: {per: 2, of: {camp: 村民阵营}, by: {not: {camp: 村民阵营}}}``."""
    if "gains_uses" not in node:
        return None
    gnode = ctx.mapping(node["gains_uses"], node, "gains_uses", f"{what}.gains_uses")
    if gnode is None:
        return None
    ctx.keys(gnode, GAINS_USES_KEYS, f"{what}.gains_uses")
    per = ctx.integer(gnode, "per", None)
    if not per or per < 1:
        ctx.err(gnode, "per", f"{what}.gains_uses.per 应为正整数：每几个角色出局增加一次")
    for key in ("of", "by"):
        if key in gnode:
            read_condition(gnode[key], gnode, key, ctx)
    return GainsUses(per or 1, gnode.get("of"), gnode.get("by"), ctx.names(gnode, "kinds"))


def _places(node: Node, ctx: Context, what: str) -> tuple[m.Place, ...]:
    """``places: [{range, text}, …]``: the target at each place meets its range too (一个名单内，一个名单外)."""
    out = []
    for i, item in enumerate(node.get("places") or []):
        pnode = ctx.mapping(item, node["places"], i, f"{what}.places")
        if pnode is None:
            continue
        ctx.keys(pnode, {"range", "text"}, f"{what}.places")
        read_condition(pnode.get("range"), pnode, "range", ctx)
        out.append(m.Place(pnode.get("range") or {}, ctx.text(pnode, "text")))
    return tuple(out)
