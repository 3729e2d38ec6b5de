"""The sections of how a game runs: the timeline and its steps, the schedule, votes, the sheriff,
last words, surrender, showdowns (拍刀), notices and victory."""

from __future__ import annotations

import re
from typing import Any

from engine import formula
from engine.day_words import (
    ELECTION_KEYS,
    LAST_WORDS_KEYS,
    ROUNDS_KEYS,
    SHERIFF_KEYS,
    SHERIFF_OUT_KEYS,
    SHOWDOWN_KEYS,
    SURRENDER_KEYS,
    TIE_BREAKERS,
    VICTORY_KEYS,
    VICTORY_RULE_KEYS,
    VICTORY_TESTS,
    VOTE_KEYS,
)
from engine.phases import SUB_PHASES, Phase, SubPhase
from engine.ruleset import model as m
from engine.ruleset.context import Context, section_of, where
from engine.ruleset.day_parts import VictoryRule
from engine.ruleset.read_effects import read_condition, read_effects
from engine.ruleset.read_roles import read_minutes
from engine.ruleset.yamlsrc import Node
from engine.vocabulary import (
    DAWN_SECTIONS,
    FLOW_KEYS,
    LABEL_PARTS,
    NOON_KEYS,
    NOTICE_KEYS,
    NOTICE_KINDS,
    SCHEDULE_KEYS,
    STEP_KEYS,
    TIMELINE_KEYS,
)


def flow(doc: Node, rs: m.Ruleset, ctx: Context) -> None:
    """The first phase, and the steps: ``timeline:`` by sub-phase, or (the simple posts) ``flow:``'s
    opening and night steps, which make the default timeline 开局 → 白天 → 夜晚."""
    flow = section_of(doc, "flow", ctx)
    ctx.keys(flow, FLOW_KEYS, "flow")
    first = ctx.text(flow, "first", Phase.DAY)
    if first not in {Phase.DAY, Phase.NIGHT}:
        ctx.err(flow, "first", "first 应为 day 或 night")
    rs.first = Phase.NIGHT if first == Phase.NIGHT else Phase.DAY
    cooldown = ctx.text(flow, "cooldown", "phase")
    if cooldown not in {"phase", "game_day"}:
        ctx.err(flow, "cooldown", "cooldown 应为 phase（每个阶段冷却完毕）或 game_day（每次天数更新时冷却完毕）")
    rs.cooldown = "game_day" if cooldown == "game_day" else "phase"
    holders: tuple[m.Role | m.CardTag, ...] = (*rs.roles.values(), *rs.card_tags.values())
    day_skills = tuple(s.name for holder in holders for s in holder.skills.values() if s.timing == "day")
    if "timeline" in doc:
        for key in ("setup", "night"):
            if key in flow:
                ctx.err(flow, key, f"有 timeline 时，flow.{key} 的步骤应写在 timeline 的时段里")
        steps = read_timeline(section_of(doc, "timeline", ctx), ctx)
    else:
        steps = (
            *_steps(flow, "setup", SubPhase.OPENING, "flow.setup", ctx),
            *_steps(flow, "night", SubPhase.NIGHT, "flow.night", ctx),
        )
    for step in steps:
        if rs.cards.order_step and step.name == rs.cards.order_step and step.phase == Phase.SETUP:
            step.skills = (*step.skills, rs.cards.order_skill)
    rs.setup_steps = tuple(s for s in steps if s.phase == Phase.SETUP)
    rs.dusk_steps = tuple(s for s in steps if s.phase == Phase.DUSK)
    rs.night_steps = tuple(s for s in steps if s.phase == Phase.NIGHT)
    rs.day_step = m.Step("白天", Phase.DAY, tuple(dict.fromkeys(day_skills)), sub_phase=SubPhase.DAY)


def read_timeline(node: Node, ctx: Context) -> tuple[m.Step, ...]:
    """``timeline:``: each sub-phase's ordered steps, the sub-phases in the post's cycle order."""
    ctx.keys(node, TIMELINE_KEYS, "timeline")
    steps: list[m.Step] = []
    for name in TIMELINE_KEYS:
        steps.extend(_steps(node, name, SubPhase(name), f"timeline.{name}", ctx))
    cycle = [s for s in steps if s.phase != Phase.SETUP]
    offsets = [s.after_close for s in cycle if s.after_close is not None]
    if offsets and len(offsets) < len(cycle):
        ctx.err(
            node,
            next(iter(node)),
            "timeline: 一旦有步骤按关门计时（after_close），黄昏至晨曦的每个步骤都应有 after_close",
        )
    elif offsets != sorted(offsets):
        ctx.err(node, next(iter(node)), f"timeline: after_close 应按步骤顺序不减（现为 {offsets}）")
    return tuple(steps)


def _steps(parent: Node, key: str, sub_phase: SubPhase, label: str, ctx: Context) -> tuple[m.Step, ...]:
    raw = parent.get(key) or []
    if not isinstance(raw, list):
        ctx.err(parent, key, f"{label} 应为步骤列表")
        return ()
    phase = SUB_PHASES[sub_phase]
    steps = []
    for i, item in enumerate(raw):
        node = ctx.mapping(item, raw, i, "步骤")
        if node is None:
            continue
        ctx.keys(node, STEP_KEYS, f"{label}[{i}]")
        name = ctx.text(node, "step")
        if not name:
            ctx.err(raw, i, "步骤缺少 step 名称")
        after_close = ctx.integer(node, "after_close", None)
        if after_close is not None and phase == Phase.SETUP:
            ctx.err(node, "after_close", "开局步骤没有关门，after_close 只用于黄昏至晨曦的步骤")
        steps.append(
            m.Step(
                name,
                phase,
                ctx.names(node, "skills"),
                ctx.text(node, "text"),
                ctx.integer(node, "minutes", None),
                sub_phase=sub_phase,
                after_close=after_close,
                simultaneous=ctx.flag(node, "simultaneous"),
                joins=ctx.names(node, "joins"),
                resolves=ctx.names(node, "resolves"),
                effects=read_effects(node, "effects", ctx, f"步骤 {name}"),
                previews=ctx.names(node, "previews"),
                where=where(node, "skills"),
            )
        )
    return tuple(steps)


def schedule(doc: Node, ctx: Context) -> m.Schedule:
    node = section_of(doc, "schedule", ctx)
    ctx.keys(node, SCHEDULE_KEYS, "schedule")
    base = m.Schedule()
    return m.Schedule(
        day_open=node.get("day_open", base.day_open),
        day_close=ctx.text(node, "day_close", base.day_close),
        step_minutes=ctx.integer(node, "step_minutes", base.step_minutes) or base.step_minutes,
        setup_minutes=ctx.integer(node, "setup_minutes", base.setup_minutes) or base.setup_minutes,
        reaction_minutes=ctx.integer(node, "reaction_minutes", base.reaction_minutes) or base.reaction_minutes,
        timezone=ctx.text(node, "timezone", base.timezone),
        day_days=ctx.integer(node, "day_days", base.day_days) or base.day_days,
        weekend_days=ctx.integer(node, "weekend_days", base.weekend_days) or 0,
        weekend_from_day=ctx.integer(node, "weekend_from_day", base.weekend_from_day) or base.weekend_from_day,
        silent_forced=ctx.text(node, "silent_forced"),
        noon=_noon(node, ctx),
    )


def _noon(schedule: Node, ctx: Context) -> tuple[str, str, str] | None:
    """[正午]'s window (000 and 002: 9：00至21:00（若当天关门则为20:00）)."""
    if "noon" not in schedule:
        return None
    node = ctx.mapping(schedule.get("noon"), schedule, "noon", "schedule.noon") or Node()
    ctx.keys(node, NOON_KEYS, "schedule.noon")
    start, until, closing_day = (ctx.text(node, k) for k in ("from", "until", "closing_day"))
    clocks = (start, until, closing_day)
    if not all(re.fullmatch(r"([01]?\d|2[0-3]):[0-5]\d", c) for c in clocks):
        ctx.err(
            schedule,
            "noon",
            "schedule.noon 应为 {from: HH:MM, until: HH:MM, closing_day: HH:MM}，例如 09:00、21:00、20:00",
        )
        return None
    return clocks


def vote(doc: Node, ctx: Context) -> m.VoteRules:
    node = section_of(doc, "vote", ctx)
    ctx.keys(node, VOTE_KEYS, "vote")
    raw = node.get("tie")
    items = raw if isinstance(raw, list) else ([raw] if raw is not None else [])
    tie: list[str] = []
    tie_if: dict[str, m.Cond] = {}
    for item in items:
        if isinstance(item, dict) and len(item) == 1:
            breaker, body = next(iter(item.items()))
            bnode = ctx.mapping(body, item, breaker, f"tie.{breaker}") or Node()
            ctx.keys(bnode, {"if"}, f"tie.{breaker}")
            read_condition(bnode.get("if"), bnode, "if", ctx)
            tie_if[breaker] = bnode.get("if") or {}
        else:
            breaker = str(item)
        if breaker == "none":
            continue
        if breaker not in TIE_BREAKERS:
            ctx.err(node, "tie", f"tie 应为 none 或以下的列表：{'、'.join(TIE_BREAKERS)}")
        tie.append(breaker)
    silent = ctx.text(node, "silent")
    if silent not in {"", "蓝", "黄", "红"}:
        ctx.err(node, "silent", "silent 应为 蓝、黄 或 红")
    return m.VoteRules(
        exile_from_day=ctx.integer(node, "exile_from_day", 1) or 1,
        tie=tuple(tie),
        tie_if=tie_if,
        changes=ctx.integer(node, "changes", 1) or 0,
        freeze_minutes=ctx.integer(node, "freeze_minutes", 0) or 0,
        no_votes_tie=ctx.flag(node, "no_votes_tie"),
        red_after_tally=ctx.flag(node, "red_after_tally"),
        silent=silent,
        blocked_notice=ctx.text(node, "blocked_notice") or m.VoteRules.blocked_notice,
        safe_notice=ctx.text(node, "safe_notice"),
        change_if_out=ctx.flag(node, "change_if_out"),
    )


def sheriff(doc: Node, ctx: Context) -> m.SheriffRules | None:
    if "sheriff" not in doc:
        return None
    node = section_of(doc, "sheriff", ctx)
    ctx.keys(node, SHERIFF_KEYS, "sheriff")
    election = ctx.mapping(node.get("election"), node, "election", "election") or Node()
    ctx.keys(election, ELECTION_KEYS, "sheriff.election")
    on_out = ctx.mapping(node.get("on_out"), node, "on_out", "on_out") or Node()
    ctx.keys(on_out, SHERIFF_OUT_KEYS, "sheriff.on_out")
    weight = node.get("weight", 2)
    if not isinstance(weight, (int, float)) or isinstance(weight, bool) or weight <= 0:
        ctx.err(node, "weight", "weight 应为正数（例如 2 或 2.5）")
        weight = 1
    weight_if = []
    raw = node.get("weight_if") or []
    for i, item in enumerate(raw if isinstance(raw, list) else []):
        wnode = ctx.mapping(item, raw, i, "weight_if")
        if wnode is None:
            continue
        ctx.keys(wnode, {"if", "weight"}, "sheriff.weight_if")
        read_condition(wnode.get("if"), wnode, "if", ctx)
        value = wnode.get("weight")
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            ctx.err(wnode, "weight", "weight 应为数")
            continue
        weight_if.append((wnode.get("if") or {}, float(value)))
    _, by_phase = read_minutes(on_out, "minutes", ctx)
    rules = m.SheriffRules(
        text=ctx.text(node, "text"),
        election_day=ctx.integer(election, "day", 1) or 1,
        decide=ctx.text(election, "decide", "earliest_highest"),
        weight=float(weight),
        weight_if=tuple(weight_if),
        succession=ctx.text(on_out, "prompt", "殉职"),
        timeout=ctx.text(on_out, "timeout", "random"),
        random_on=ctx.names(on_out, "random_on"),
        retry_out=ctx.flag(on_out, "retry_out"),
        minutes_by_phase=by_phase or ((("day", m_), ("night", m_)) if (m_ := on_out.get("minutes")) else ()),
        public_label=ctx.text(node, "public_label", "name"),
        own_day=ctx.flag(election, "own_day"),
        swallowed_by=ctx.names(election, "swallowed_by"),
        declares=ctx.text(node, "declares"),
    )
    if rules.decide not in {"earliest_highest", "tie_none"}:
        ctx.err(election, "decide", "decide 应为 earliest_highest（最先达到最高票）或 tie_none（平票则没有警长）")
    if rules.timeout not in {"random", "none"}:
        ctx.err(on_out, "timeout", "timeout 应为 random 或 none")
    if rules.public_label not in {"name", "secret"}:
        ctx.err(node, "public_label", "public_label 应为 name 或 secret")
    return rules


def last_words(doc: Node, ctx: Context) -> m.LastWords:
    node = section_of(doc, "last_words", ctx)
    ctx.keys(node, LAST_WORDS_KEYS, "last_words")
    phases = ctx.names(node, "phases")
    for phase in phases:
        if phase not in {"day", "first_night"}:
            ctx.err(node, "phases", "phases 的取值为 day、first_night")
    count = node.get("count")
    if count == "all":
        return m.LastWords(count=-1, phases=phases)
    if isinstance(count, int):
        return m.LastWords(count=count, phases=phases)
    if isinstance(count, str):
        try:
            return m.LastWords(count_formula=formula.parse(count), phases=phases)
        except formula.BadFormula as bad:
            ctx.err(node, "count", str(bad))
            return m.LastWords(phases=phases)
    if isinstance(count, Node):
        ctx.keys(count, {"role", "roles"}, "last_words.count")
        return m.LastWords(
            count_role=ctx.text(count, "role") or None, count_roles=ctx.names(count, "roles"), phases=phases
        )
    if count is not None:
        ctx.err(node, "count", "count 应为整数、all（不限）、N 的公式或 {role: 身份}")
    return m.LastWords(phases=phases)


def surrender(
    doc: Node, ctx: Context
) -> tuple[dict[str, m.Cond], dict[str, m.Cond], dict[str, tuple[tuple[m.Cond, str], ...]]]:
    out: dict[str, m.Cond] = {}
    when: dict[str, m.Cond] = {}
    forbidden: dict[str, tuple[tuple[m.Cond, str], ...]] = {}
    section = section_of(doc, "surrender", ctx)
    for camp, body in section.items():
        node = ctx.mapping(body, section, camp, f"投降 {camp}")
        if node is None:
            continue
        ctx.keys(node, SURRENDER_KEYS, f"投降 {camp}")
        rules = []
        raw = node.get("forbidden") or []
        for i, item in enumerate(raw if isinstance(raw, list) else []):
            fnode = ctx.mapping(item, raw, i, "forbidden")
            if fnode is None:
                continue
            ctx.keys(fnode, {"if", "text"}, f"投降 {camp}.forbidden")
            read_condition(fnode.get("if"), fnode, "if", ctx)
            rules.append((fnode.get("if") or {}, ctx.text(fnode, "text")))
        forbidden[camp] = tuple(rules)
        read_condition(node.get("ask"), node, "ask", ctx)
        out[camp] = node.get("ask") or {}
        if "when_all" in node:
            read_condition(node["when_all"], node, "when_all", ctx)
            when[camp] = node["when_all"]
    return out, when, forbidden


def showdown(doc: Node, ctx: Context) -> tuple[dict[str, m.Cond], dict[str, m.Rounds]]:
    out: dict[str, m.Cond] = {}
    rounds: dict[str, m.Rounds] = {}
    section = section_of(doc, "showdown", ctx)
    for camp, body in section.items():
        node = ctx.mapping(body, section, camp, f"拍刀 {camp}")
        if node is None:
            continue
        ctx.keys(node, SHOWDOWN_KEYS, f"拍刀 {camp}")
        read_condition(node.get("ask"), node, "ask", ctx)
        out[camp] = node.get("ask") or {}
        if "rounds" in node:
            rnode = ctx.mapping(node["rounds"], node, "rounds", "rounds") or Node()
            ctx.keys(rnode, ROUNDS_KEYS, f"拍刀 {camp}.rounds")
            read_condition(rnode.get("against"), rnode, "against", ctx)
            rounds[camp] = m.Rounds(
                camp,
                option=ctx.text(rnode, "option"),
                nights=ctx.integer(rnode, "nights", 3) or 3,
                acts=ctx.names(rnode, "acts"),
                must=ctx.names(rnode, "must"),
                against=rnode.get("against"),
                hostile=ctx.names(rnode, "hostile"),
                again=ctx.text(rnode, "again"),
            )
    return out, rounds


def notices(doc: Node, ctx: Context) -> m.Notices:
    node = section_of(doc, "notices", ctx)
    ctx.keys(node, NOTICE_KEYS, "notices")
    base = m.Notices()
    dawn = ctx.names(node, "dawn") or base.dawn
    for section in dawn:
        if section not in DAWN_SECTIONS:
            ctx.err(node, "dawn", f"dawn 的部分 {section!r} 未知（可用：{'、'.join(sorted(DAWN_SECTIONS))}）")
    label = ctx.names(node, "death_label") or base.death_label
    for part in label:
        if part not in LABEL_PARTS:
            ctx.err(node, "death_label", f"death_label 的部分 {part!r} 未知（可用：seat、name、secret）")
    order = ctx.text(node, "death_order", "out")
    if order not in {"out", "seat"}:
        ctx.err(node, "death_order", "death_order 应为 out（出局顺序）或 seat（角色编号）")
    return m.Notices(
        dawn=dawn,
        death_label=label,
        day_causes=ctx.flag(node, "day_causes"),
        death_order=order,
        red_card_at_once=ctx.flag(node, "red_card_at_once"),
        unannounced_targetable=ctx.flag(node, "unannounced_targetable"),
        public_only=_public_only(node, ctx),
        reveal=_reveal(node, ctx, base.reveal),
    )


def _reveal(node: Node, ctx: Context, default: str) -> str:
    text = ctx.text(node, "reveal", default)
    try:
        text.format(name="", skill="", role="")
    except (KeyError, IndexError, ValueError):
        ctx.err(node, "reveal", f"reveal 只能用 {{name}}、{{skill}}、{{role}}：{text!r}")
    return text


def _public_only(node: Node, ctx: Context) -> tuple[str, ...]:
    kinds = ctx.names(node, "public_only")
    for kind in kinds:
        if kind not in NOTICE_KINDS:
            ctx.err(node, "public_only", f"public_only 的公告种类 {kind!r} 未知（可用：{'、'.join(NOTICE_KINDS)}）")
    return kinds


def _victory_test(rnode: Node, parent: Any, key: Any, ctx: Context) -> bool:
    """One win or lose test (``all``: each of its tests); False when it has not exactly one."""
    tests = [k for k in rnode if k in VICTORY_TESTS]
    if len(tests) != 1:
        ctx.err(parent, key, f"胜负条件应恰有一个判定（{'、'.join(sorted(VICTORY_TESTS))}）")
        return False
    ctx.keys(rnode, set(VICTORY_TESTS) | set(VICTORY_RULE_KEYS), "胜负条件")
    test = tests[0]
    if test == "all":
        parts = rnode["all"]
        if not isinstance(parts, list) or not parts:
            ctx.err(rnode, "all", "all 应为判定的列表")
            return False
        for j, part in enumerate(parts):
            pnode = ctx.mapping(part, parts, j, "胜负条件")
            if pnode is None or not _victory_test(pnode, parts, j, ctx):
                return False
    elif test == "out_at_least":
        try:
            formula.parse(rnode[test])
        except formula.BadFormula as bad:
            ctx.err(rnode, test, f"out_at_least 应为整数或开局总人数 N 的公式：{bad}")
    elif test in {"camps_left", "living", "red_cards", "quiet_days"}:
        if not isinstance(rnode[test], int):
            ctx.err(rnode, test, f"{test} 应为整数")
    else:
        read_condition(rnode[test], rnode, test, ctx)
    for cond in ("have", "of"):
        if cond in rnode:
            read_condition(rnode[cond], rnode, cond, ctx)
    return True


def victory(doc: Node, ctx: Context) -> m.Victory:
    node = section_of(doc, "victory", ctx)
    victory = m.Victory(check=ctx.text(node, "check", "immediate"), priority=ctx.names(node, "priority"))
    victory.joint_loss = ctx.names(node, "joint_loss")
    victory.together = ctx.names(node, "together")
    victory.stalemate = ctx.text(node, "stalemate", "")
    if victory.stalemate not in {"", "sheriff"}:
        ctx.err(node, "stalemate", "stalemate 应为 sheriff")
    if victory.check not in {"immediate", "stage"}:
        ctx.err(node, "check", "check 应为 immediate 或 stage")
    for i, rule in enumerate(node.get("loses_alone") or []):
        rnode = ctx.mapping(rule, node["loses_alone"], i, "单独落败")
        if rnode is None:
            continue
        ctx.keys(rnode, {"text", "if"}, "单独落败")
        if "if" not in rnode or "text" not in rnode:
            ctx.err(rnode, "if", "loses_alone 的每一条需要 text 和 if（单独落败的角色满足的条件）")
            continue
        read_condition(rnode.get("if"), rnode, "if", ctx)
        victory.loses_alone.append((ctx.text(rnode, "text"), rnode["if"]))
    game_keys = {"check", "priority", "joint_loss", "together", "stalemate", "loses_alone"}
    for camp, body in node.items():
        if camp in game_keys:
            continue
        cnode = ctx.mapping(body, node, camp, f"胜负 {camp}")
        if cnode is None:
            continue
        ctx.keys(cnode, set(VICTORY_KEYS) - game_keys, f"胜负 {camp}")
        for kind in ("win", "lose", "usurp"):
            for i, rule in enumerate(cnode.get(kind) or []):
                rnode = ctx.mapping(rule, cnode[kind], i, "胜负条件")
                if rnode is None:
                    continue
                if not _victory_test(rnode, cnode[kind], i, ctx):
                    continue
                if "when" in rnode:
                    read_condition(rnode["when"], rnode, "when", ctx)
                test = {k: v for k, v in rnode.items() if k != "when"}
                victory.rules.append(VictoryRule(camp, kind, ctx.text(rnode, "text"), test, rnode.get("when")))
        victory.on_lose[camp] = read_effects(cnode, "on_lose", ctx, f"胜负 {camp}")
    return victory
