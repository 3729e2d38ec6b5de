"""Load and validate a ruleset directory (rulesets/<id>/*.yaml + optional hooks.py).

Every problem is reported as file:line; loading collects all of them before failing.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

import yaml

from engine.errors import Problem, RulesetError
from engine.ruleset import model as m
from engine.ruleset.yamlsrc import Node, Seq, file_of, line_of
from engine.ruleset.yamlsrc import load as load_yaml
from engine.vocabulary import (
    CONDITION_KEYS,
    DECISIONS,
    EFFECT_VERBS,
    GAME_CONDITIONS,
    KNOWN_TAGS,
    TIMING_TAGS,
    TRIGGERS,
    VICTORY_TESTS,
)

RULESETS_DIR = Path(__file__).resolve().parents[2] / "rulesets"

TOP_KEYS = {
    "id",
    "name",
    "post",
    "addressing",
    "role_table_public",
    "camps",
    "teams",
    "damage",
    "statuses",
    "flow",
    "schedule",
    "vote",
    "sheriff",
    "last_words",
    "surrender",
    "notices",
    "victory",
    "roles",
    "options",
}
MERGED_KEYS = {"roles", "statuses", "camps", "teams", "damage"}
ROLE_KEYS = {"camp", "text", "teams", "skills", "on_out", "todo", "count"}
SKILL_KEYS = {
    "text",
    "tags",
    "targets",
    "range",
    "uses",
    "team",
    "trigger",
    "requires",
    "exclusive",
    "grants",
    "effects",
    "on_lost_after_use",
    "choices",
    "minutes",
    "todo",
}
STATUS_KEYS = {
    "text",
    "stops",
    "uses",
    "note",
    "told",
    "dawn_notice",
    "no_vote",
    "not_votable",
    "no_sheriff",
    "silenced",
    "vote_weight",
}
DAWN_SECTIONS = {"exiled_yesterday", "night_deaths", "statuses", "sheriff", "last_words", "held"}
LABEL_PARTS = {"seat", "name", "secret"}


class _Ctx:
    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def err(self, where: Any, key: str | int | None, message: str) -> None:
        self.problems.append(Problem(file_of(where), line_of(where, key), message))

    def mapping(self, value: Any, where: Any, key: str | int | None, what: str) -> Node | None:
        if value is None:
            empty = Node()
            empty.file, empty.line, empty.key_lines = file_of(where), line_of(where, key), {}
            return empty
        if not isinstance(value, dict):
            self.err(where, key, f"{what} 应为映射（key: value）")
            return None
        return value  # type: ignore[return-value]

    def keys(self, node: Node, allowed: set[str], what: str) -> None:
        for key in node:
            if key not in allowed:
                self.err(node, key, f"{what} 不认识的键 {key!r}（可用：{'、'.join(sorted(allowed))}）")

    def text(self, node: Node, key: str, default: str = "") -> str:
        value = node.get(key, default)
        if value is None:
            return default
        if not isinstance(value, (str, int)):
            self.err(node, key, f"{key} 应为文字")
            return default
        return str(value)

    def names(self, node: Node, key: str) -> tuple[str, ...]:
        value = node.get(key)
        if value is None:
            return ()
        if isinstance(value, str):
            return (value,)
        if isinstance(value, list) and all(isinstance(v, (str, int)) for v in value):
            return tuple(str(v) for v in value)
        self.err(node, key, f"{key} 应为名称或名称列表")
        return ()

    def integer(self, node: Node, key: str, default: int | None) -> int | None:
        value = node.get(key, default)
        if value is None or (isinstance(value, int) and not isinstance(value, bool)):
            return value
        self.err(node, key, f"{key} 应为整数")
        return default

    def flag(self, node: Node, key: str, default: bool = False) -> bool:
        value = node.get(key, default)
        if isinstance(value, bool):
            return value
        self.err(node, key, f"{key} 应为 true 或 false")
        return default


def ruleset_dir(ruleset_id: str) -> Path:
    return RULESETS_DIR / ruleset_id


def load_ruleset(ref: str | Path) -> m.Ruleset:
    """Load a ruleset by id (a directory under rulesets/) or by path. Raises RulesetError."""
    path = Path(ref)
    if not path.is_dir():
        path = ruleset_dir(str(ref))
    if not path.is_dir():
        raise RulesetError([Problem(str(ref), 0, f"没有这个规则集目录：{ref}")])
    ctx = _Ctx()
    doc = _read_documents(path, ctx)
    ruleset = _build(doc, path, ctx)
    _load_hooks(ruleset, path, ctx)
    _cross_check(ruleset, ctx)
    if ctx.problems:
        raise RulesetError(ctx.problems)
    return ruleset


def _read_documents(path: Path, ctx: _Ctx) -> Node:
    merged = Node()
    merged.file, merged.line, merged.key_lines = str(path), 0, {}
    files = sorted(path.glob("*.yaml"))
    if not files:
        ctx.problems.append(Problem(str(path), 0, "目录中没有 .yaml 文件"))
    for file in files:
        shown = _shown(file)
        try:
            data = load_yaml(file, shown)
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            ctx.problems.append(Problem(shown, (mark.line + 1) if mark else 0, f"YAML 语法错误：{exc}"))
            continue
        if data is None:
            continue
        if not isinstance(data, Node):
            ctx.problems.append(Problem(shown, 1, "文件顶层应为映射"))
            continue
        for key, value in data.items():
            if key not in TOP_KEYS:
                ctx.err(data, key, f"不认识的顶层键 {key!r}（可用：{'、'.join(sorted(TOP_KEYS))}）")
                continue
            if key in merged and key in MERGED_KEYS and isinstance(value, Node) and isinstance(merged[key], Node):
                for sub, sub_value in value.items():
                    if sub in merged[key]:
                        ctx.err(value, sub, f"{key} 中的 {sub} 重复定义")
                    merged[key][sub] = sub_value
                    merged[key].key_lines[sub] = value.key_lines[sub]
                continue
            if key in merged:
                ctx.err(data, key, f"顶层键 {key} 在多个文件中出现")
                continue
            merged[key] = value
            merged.key_lines[key] = data.key_lines[key]
    return merged


def _shown(file: Path) -> str:
    try:
        return str(file.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(file)


def _build(doc: Node, path: Path, ctx: _Ctx) -> m.Ruleset:
    rs = m.Ruleset(id=str(doc.get("id", path.name)), name=ctx.text(doc, "name", path.name), directory=str(path))
    post = ctx.mapping(doc.get("post"), doc, "post", "post")
    if post is not None:
        ctx.keys(post, {"file", "roles"}, "post")
        rs.post_file = ctx.text(post, "file")
        rs.post_roles = ctx.names(post, "roles")
    rs.addressing = ctx.text(doc, "addressing", "seat")
    if rs.addressing not in {"seat", "secret_number"}:
        ctx.err(doc, "addressing", "addressing 应为 seat 或 secret_number")
    rs.role_table_public = ctx.flag(doc, "role_table_public")
    rs.camps = _camps(doc, ctx)
    rs.statuses = _statuses(doc, ctx)
    rs.damage = _damage(doc, ctx)
    rs.teams = _teams(doc, ctx)
    rs.roles = _roles(doc, ctx)
    _flow(doc, rs, ctx)
    rs.schedule = _schedule(doc, ctx)
    rs.vote = _vote(doc, ctx)
    rs.sheriff = _sheriff(doc, ctx)
    rs.last_words = _last_words(doc, ctx)
    rs.surrender = _surrender(doc, ctx)
    rs.notices = _notices(doc, ctx)
    rs.victory = _victory(doc, ctx)
    rs.options = _options(doc, ctx)
    return rs


def _options(doc: Node, ctx: _Ctx) -> dict[str, m.Option]:
    out: dict[str, m.Option] = {}
    section = _section(doc, "options", ctx)
    for name, body in section.items():
        node = ctx.mapping(body, section, name, f"选项 {name}")
        if node is None:
            continue
        ctx.keys(node, {"text", "default", "values"}, f"选项 {name}")
        values = tuple(node.get("values") or ())
        default = node.get("default")
        if values and default not in values:
            ctx.err(node, "default", f"选项 {name} 的 default 不在 values 中")
        out[name] = m.Option(name, ctx.text(node, "text"), default, values)
    return out


def _section(doc: Node, key: str, ctx: _Ctx) -> Node:
    node = ctx.mapping(doc.get(key), doc, key, key)
    return node if node is not None else Node()


def _camps(doc: Node, ctx: _Ctx) -> dict[str, m.Camp]:
    camps: dict[str, m.Camp] = {}
    for name, body in _section(doc, "camps", ctx).items():
        node = ctx.mapping(body, doc["camps"], name, f"阵营 {name}")
        if node is None:
            continue
        ctx.keys(node, {"text"}, f"阵营 {name}")
        camps[name] = m.Camp(name, ctx.text(node, "text"))
    return camps


def _statuses(doc: Node, ctx: _Ctx) -> dict[str, m.StatusDef]:
    out: dict[str, m.StatusDef] = {}
    for name, body in _section(doc, "statuses", ctx).items():
        node = ctx.mapping(body, doc["statuses"], name, f"状态 {name}")
        if node is None:
            continue
        ctx.keys(node, STATUS_KEYS, f"状态 {name}")
        told = node.get("told", "")
        out[name] = m.StatusDef(
            name=name,
            text=ctx.text(node, "text"),
            stops=ctx.names(node, "stops"),
            uses=ctx.integer(node, "uses", None),
            note=ctx.text(node, "note"),
            told=told if isinstance(told, str) else ("" if told is False else f"你获得了状态[{name}]。"),
            dawn_notice=ctx.text(node, "dawn_notice"),
            no_vote=ctx.flag(node, "no_vote"),
            not_votable=ctx.flag(node, "not_votable"),
            no_sheriff=ctx.flag(node, "no_sheriff"),
            silenced=ctx.flag(node, "silenced"),
            vote_weight=ctx.integer(node, "vote_weight", None),
        )
    return out


def _damage(doc: Node, ctx: _Ctx) -> dict[str, m.DamageKind]:
    out: dict[str, m.DamageKind] = {}
    section = _section(doc, "damage", ctx)
    for name, body in section.items():
        node = ctx.mapping(body, section, name, f"伤害 {name}")
        if node is None:
            continue
        ctx.keys(node, {"defences"}, f"伤害 {name}")
        out[name] = m.DamageKind(name, ctx.names(node, "defences"))
    return out


def _teams(doc: Node, ctx: _Ctx) -> dict[str, m.Team]:
    out: dict[str, m.Team] = {}
    section = _section(doc, "teams", ctx)
    for name, body in section.items():
        node = ctx.mapping(body, section, name, f"团队 {name}")
        if node is None:
            continue
        ctx.keys(
            node, {"text", "group", "chat", "intro", "stays_after_out", "on_formed", "on_member_out"}, f"团队 {name}"
        )
        chained = (
            ctx.mapping(node.get("on_member_out"), node, "on_member_out", "on_member_out")
            if "on_member_out" in node
            else None
        )
        out[name] = m.Team(
            name=name,
            text=ctx.text(node, "text"),
            group=ctx.text(node, "group"),
            chat=ctx.flag(node, "chat", True),
            intro=ctx.text(node, "intro"),
            stays_after_out=ctx.flag(node, "stays_after_out"),
            on_formed=_effects(node, "on_formed", ctx, f"团队 {name}"),
            on_member_out=ctx.text(chained, "cause") if chained is not None else None,
        )
    return out


def _roles(doc: Node, ctx: _Ctx) -> dict[str, m.Role]:
    out: dict[str, m.Role] = {}
    section = _section(doc, "roles", ctx)
    for name, body in section.items():
        node = ctx.mapping(body, section, name, f"身份 {name}")
        if node is None:
            continue
        ctx.keys(node, ROLE_KEYS, f"身份 {name}")
        role = m.Role(
            name=name,
            camp=ctx.text(node, "camp"),
            text=ctx.text(node, "text"),
            teams=ctx.names(node, "teams"),
            on_out=_effects(node, "on_out", ctx, f"身份 {name}"),
            todo=ctx.text(node, "todo") or None,
            where=f"{file_of(section)}:{line_of(section, name)}",
        )
        if not role.camp and not role.todo:
            ctx.err(section, name, f"身份 {name} 缺少 camp")
        skills = ctx.mapping(node.get("skills"), node, "skills", "skills")
        for skill_name, skill_body in (skills or {}).items():
            skill = _skill(name, skill_name, skill_body, skills, ctx)
            if skill is not None:
                role.skills[skill_name] = skill
        out[name] = role
    return out


def _skill(role: str, name: str, body: Any, parent: Node, ctx: _Ctx) -> m.Skill | None:
    node = ctx.mapping(body, parent, name, f"技能 {name}")
    if node is None:
        return None
    what = f"技能 {role}.{name}"
    ctx.keys(node, SKILL_KEYS, what)
    tags = frozenset(ctx.names(node, "tags"))
    for tag in tags:
        if tag not in KNOWN_TAGS:
            ctx.err(node, "tags", f"{what} 的标签 [{tag}] 引擎尚不支持（支持：{'、'.join(sorted(KNOWN_TAGS))}）")
    trigger = None
    if "trigger" in node:
        tnode = ctx.mapping(node["trigger"], node, "trigger", "trigger")
        if tnode is not None:
            ctx.keys(tnode, {"on", "causes"}, f"{what}.trigger")
            on = ctx.text(tnode, "on")
            if on not in TRIGGERS:
                ctx.err(tnode, "on", f"trigger.on 应为 {'、'.join(sorted(TRIGGERS))} 之一")
            trigger = m.Trigger(on, ctx.names(tnode, "causes"))
    timings = {TIMING_TAGS[t] for t in tags if t in TIMING_TAGS}
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
            ctx.keys(gnode, {"status", "uses"}, f"{what}.grants")
            grants.append(m.Grant(ctx.text(gnode, "status"), ctx.integer(gnode, "uses", None)))
    range_ = node.get("range")
    if range_ is not None:
        _condition(range_, node, "range", ctx)
    return m.Skill(
        name=name,
        role=role,
        text=ctx.text(node, "text"),
        tags=tags,
        timing=timing,
        targets=targets,
        range=range_,
        uses=uses,
        team=team,
        trigger=trigger,
        requires=ctx.text(node, "requires") or None,
        exclusive=ctx.names(node, "exclusive"),
        grants=tuple(grants),
        effects=_effects(node, "effects", ctx, what),
        on_lost_after_use=_effects(node, "on_lost_after_use", ctx, what),
        choices=ctx.names(node, "choices"),
        minutes=ctx.integer(node, "minutes", None),
        todo=ctx.text(node, "todo") or None,
        where=f"{file_of(parent)}:{line_of(parent, name)}",
    )


def _targets(node: Node, ctx: _Ctx, tags: frozenset[str], what: str) -> tuple[int, int]:
    value = node.get("targets", 1 if "指定" in tags else 0)
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


def _effects(node: Node, key: str, ctx: _Ctx, what: str) -> tuple[m.Effect, ...]:
    raw = node.get(key)
    if raw is None:
        return ()
    if not isinstance(raw, Seq):
        ctx.err(node, key, f"{what}.{key} 应为效果列表")
        return ()
    effects = []
    for i, item in enumerate(raw):
        enode = ctx.mapping(item, raw, i, "效果")
        if enode is None:
            continue
        verbs = [k for k in enode if k in EFFECT_VERBS]
        extra = [k for k in enode if k not in EFFECT_VERBS and k not in {"to", "if", "unless", "rule"}]
        if len(verbs) != 1 or extra:
            ctx.err(
                raw,
                i,
                f"{what}.{key}[{i}] 应恰有一个效果动词（{'、'.join(sorted(EFFECT_VERBS))}），"
                f"外加可选的 to / if / unless / rule；实际：{'、'.join(map(str, enode))}",
            )
            continue
        for cond_key in ("if", "unless"):
            if cond_key in enode and not (isinstance(enode[cond_key], str) and enode[cond_key] in GAME_CONDITIONS):
                _condition(enode[cond_key], enode, cond_key, ctx)
        to = enode.get("to", "targets")
        if isinstance(to, str):
            if to not in {"targets", "self", "first_target"}:
                ctx.err(enode, "to", "to 应为 targets、self、first_target 或一个选择条件")
        else:
            _condition(to, enode, "to", ctx)
        effects.append(
            m.Effect(
                verb=verbs[0],
                arg=enode[verbs[0]],
                to=to,
                when=enode.get("if"),
                unless=enode.get("unless"),
                rule=str(enode.get("rule", "")),
                where=f"{file_of(raw)}:{line_of(raw, i)}",
            )
        )
    return tuple(effects)


def _condition(value: Any, parent: Any, key: str | int, ctx: _Ctx) -> None:
    """Check a selector/condition mapping's keys recursively."""
    if isinstance(value, str) and value in GAME_CONDITIONS:
        return
    node = ctx.mapping(value, parent, key, "条件")
    if node is None:
        return
    for k, v in node.items():
        if k not in CONDITION_KEYS:
            ctx.err(node, k, f"条件中不认识的键 {k!r}（可用：{'、'.join(sorted(CONDITION_KEYS))}）")
        elif k == "not":
            _condition(v, node, k, ctx)
        elif k in {"any", "all"}:
            if not isinstance(v, list):
                ctx.err(node, k, f"{k} 应为条件列表")
            else:
                for i, sub in enumerate(v):
                    _condition(sub, v, i, ctx)


def _flow(doc: Node, rs: m.Ruleset, ctx: _Ctx) -> None:
    flow = _section(doc, "flow", ctx)
    ctx.keys(flow, {"setup", "first", "night"}, "flow")
    rs.first = ctx.text(flow, "first", "day")
    if rs.first not in {"day", "night"}:
        ctx.err(flow, "first", "first 应为 day 或 night")
    day_skills = tuple(s.name for r in rs.roles.values() for s in r.skills.values() if s.timing == "day")
    steps = (
        *_steps(flow, "setup", ctx),
        *_steps(flow, "night", ctx),
        m.Step("白天", "day", tuple(dict.fromkeys(day_skills))),
    )
    for step in steps:
        step.roles = frozenset(r.name for r in rs.roles.values() if set(r.skills) & set(step.skills))
    rs.setup_steps = tuple(s for s in steps if s.phase == "setup")
    rs.night_steps = tuple(s for s in steps if s.phase == "night")
    rs.day_step = steps[-1]


def _steps(flow: Node, phase: str, ctx: _Ctx) -> tuple[m.Step, ...]:
    raw = flow.get(phase) or []
    if not isinstance(raw, list):
        ctx.err(flow, phase, f"flow.{phase} 应为步骤列表")
        return ()
    steps = []
    for i, item in enumerate(raw):
        node = ctx.mapping(item, raw, i, "步骤")
        if node is None:
            continue
        ctx.keys(node, {"step", "skills", "text", "minutes"}, f"flow.{phase}[{i}]")
        name = ctx.text(node, "step")
        if not name:
            ctx.err(raw, i, "步骤缺少 step 名称")
        steps.append(
            m.Step(name, phase, ctx.names(node, "skills"), ctx.text(node, "text"), ctx.integer(node, "minutes", None))
        )
    return tuple(steps)


def _schedule(doc: Node, ctx: _Ctx) -> m.Schedule:
    node = _section(doc, "schedule", ctx)
    ctx.keys(
        node,
        {"day_open", "day_close", "weekend_day_close", "step_minutes", "setup_minutes", "reaction_minutes", "timezone"},
        "schedule",
    )
    base = m.Schedule()
    return m.Schedule(
        day_open=node.get("day_open", base.day_open),
        day_close=ctx.text(node, "day_close", base.day_close),
        weekend_day_close=node.get("weekend_day_close"),
        step_minutes=ctx.integer(node, "step_minutes", base.step_minutes) or base.step_minutes,
        setup_minutes=ctx.integer(node, "setup_minutes", base.setup_minutes) or base.setup_minutes,
        reaction_minutes=ctx.integer(node, "reaction_minutes", base.reaction_minutes) or base.reaction_minutes,
        timezone=ctx.text(node, "timezone", base.timezone),
    )


def _vote(doc: Node, ctx: _Ctx) -> m.VoteRules:
    node = _section(doc, "vote", ctx)
    ctx.keys(node, {"exile_from_day", "tie", "changes", "freeze_minutes"}, "vote")
    tie = ctx.text(node, "tie", "none")
    if tie not in {"none", "sheriff_pick"}:
        ctx.err(node, "tie", "tie 应为 none 或 sheriff_pick")
    return m.VoteRules(
        exile_from_day=ctx.integer(node, "exile_from_day", 1) or 1,
        tie=tie,
        changes=ctx.integer(node, "changes", 1) or 0,
        freeze_minutes=ctx.integer(node, "freeze_minutes", 0) or 0,
    )


def _sheriff(doc: Node, ctx: _Ctx) -> m.SheriffRules | None:
    if "sheriff" not in doc:
        return None
    node = _section(doc, "sheriff", ctx)
    ctx.keys(node, {"text", "election", "weight", "on_out", "public_label"}, "sheriff")
    election = ctx.mapping(node.get("election"), node, "election", "election") or Node()
    on_out = ctx.mapping(node.get("on_out"), node, "on_out", "on_out") or Node()
    rules = m.SheriffRules(
        text=ctx.text(node, "text"),
        election_day=ctx.integer(election, "day", 1) or 1,
        decide=ctx.text(election, "decide", "earliest_highest"),
        weight=ctx.integer(node, "weight", 2) or 1,
        succession=ctx.text(on_out, "prompt", "殉职"),
        timeout=ctx.text(on_out, "timeout", "random"),
        public_label=ctx.text(node, "public_label", "name"),
    )
    if rules.timeout not in {"random", "none"}:
        ctx.err(on_out, "timeout", "timeout 应为 random 或 none")
    if rules.public_label not in {"name", "secret"}:
        ctx.err(node, "public_label", "public_label 应为 name 或 secret")
    return rules


def _last_words(doc: Node, ctx: _Ctx) -> m.LastWords:
    node = _section(doc, "last_words", ctx)
    ctx.keys(node, {"count"}, "last_words")
    count = node.get("count")
    if isinstance(count, int):
        return m.LastWords(count=count)
    if isinstance(count, dict):
        return m.LastWords(count_role=ctx.text(count, "role"))
    if count is not None:
        ctx.err(node, "count", "count 应为整数或 {role: 身份}")
    return m.LastWords()


def _surrender(doc: Node, ctx: _Ctx) -> dict[str, m.Cond]:
    out: dict[str, m.Cond] = {}
    section = _section(doc, "surrender", ctx)
    for camp, body in section.items():
        node = ctx.mapping(body, section, camp, f"投降 {camp}")
        if node is None:
            continue
        ctx.keys(node, {"ask"}, f"投降 {camp}")
        _condition(node.get("ask"), node, "ask", ctx)
        out[camp] = node.get("ask") or {}
    return out


def _notices(doc: Node, ctx: _Ctx) -> m.Notices:
    node = _section(doc, "notices", ctx)
    ctx.keys(node, {"dawn", "death_label", "day_causes"}, "notices")
    base = m.Notices()
    dawn = ctx.names(node, "dawn") or base.dawn
    for section in dawn:
        if section not in DAWN_SECTIONS:
            ctx.err(node, "dawn", f"dawn 的部分 {section!r} 未知（可用：{'、'.join(sorted(DAWN_SECTIONS))}）")
    label = ctx.names(node, "death_label") or base.death_label
    for part in label:
        if part not in LABEL_PARTS:
            ctx.err(node, "death_label", f"death_label 的部分 {part!r} 未知（可用：seat、name、secret）")
    return m.Notices(dawn=dawn, death_label=label, day_causes=ctx.flag(node, "day_causes"))


def _victory(doc: Node, ctx: _Ctx) -> m.Victory:
    node = _section(doc, "victory", ctx)
    victory = m.Victory(check=ctx.text(node, "check", "immediate"))
    if victory.check not in {"immediate"}:
        ctx.err(node, "check", "check 目前支持 immediate")
    for camp, body in node.items():
        if camp == "check":
            continue
        cnode = ctx.mapping(body, node, camp, f"胜负 {camp}")
        if cnode is None:
            continue
        ctx.keys(cnode, {"win", "lose", "on_lose"}, f"胜负 {camp}")
        for kind in ("win", "lose"):
            for i, rule in enumerate(cnode.get(kind) or []):
                rnode = ctx.mapping(rule, cnode[kind], i, "胜负条件")
                if rnode is None:
                    continue
                tests = [k for k in rnode if k in VICTORY_TESTS]
                if len(tests) != 1:
                    ctx.err(cnode[kind], i, f"胜负条件应恰有一个判定（{'、'.join(sorted(VICTORY_TESTS))}）")
                    continue
                ctx.keys(rnode, set(VICTORY_TESTS) | {"text", "have"}, "胜负条件")
                _condition(rnode[tests[0]], rnode, tests[0], ctx)
                if "have" in rnode:
                    _condition(rnode["have"], rnode, "have", ctx)
                victory.rules.append(m.VictoryRule(camp, kind, ctx.text(rnode, "text"), dict(rnode)))
        victory.on_lose[camp] = _effects(cnode, "on_lose", ctx, f"胜负 {camp}")
    return victory


def _load_hooks(rs: m.Ruleset, path: Path, ctx: _Ctx) -> None:
    hooks_file = path / "hooks.py"
    if not hooks_file.exists():
        return
    name = f"rulesets_{rs.id}_hooks"
    spec = importlib.util.spec_from_file_location(name, hooks_file)
    if spec is None or spec.loader is None:
        ctx.problems.append(Problem(str(hooks_file), 0, "无法加载 hooks.py"))
        return
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    rs.hooks = dict(getattr(module, "HOOKS", {}))


def _cross_check(rs: m.Ruleset, ctx: _Ctx) -> None:
    """References between sections: camps, teams, statuses, steps, skills, hooks."""
    steps = {s.name: s for s in (*rs.setup_steps, *rs.night_steps)}
    step_index = {s.name: i for i, s in enumerate(rs.night_steps)}
    placed: set[str] = set()
    for step in (*rs.setup_steps, *rs.night_steps):
        for skill_name in step.skills:
            if rs.skill(skill_name) is None:
                _problem(ctx, rs, f"步骤 {step.name} 引用了未定义的技能 {skill_name}")
            placed.add(skill_name)
    for role in rs.roles.values():
        if role.camp and role.camp not in rs.camps and not role.todo:
            _problem(ctx, rs, f"身份 {role.name} 的阵营 {role.camp} 未在 camps 中定义", role.where)
        for team in role.teams:
            if team not in rs.teams:
                _problem(ctx, rs, f"身份 {role.name} 的团队 {team} 未在 teams 中定义", role.where)
        for skill in role.skills.values():
            if skill.todo:
                continue
            if skill.timing in {"night", "setup"} and skill.name not in placed:
                _problem(ctx, rs, f"技能 {skill.name} 有时段标签但不在 flow 的任何步骤中", skill.where)
            if skill.team and skill.team.team not in rs.teams:
                _problem(ctx, rs, f"技能 {skill.name} 的团队 {skill.team.team} 未定义", skill.where)
            if skill.requires and skill.requires not in role.skills:
                _problem(ctx, rs, f"技能 {skill.name} requires 的 {skill.requires} 不是同一身份的技能", skill.where)
            for grant in skill.grants:
                if grant.status not in rs.statuses:
                    _problem(ctx, rs, f"技能 {skill.name} 授予的状态 {grant.status} 未定义", skill.where)
            own_step = rs.step_of(skill.name)
            for effect in (*skill.effects, *skill.on_lost_after_use):
                _check_effect(rs, ctx, effect, steps, step_index, own_step)
        for effect in role.on_out:
            _check_effect(rs, ctx, effect, steps, step_index, None)
    for team in rs.teams.values():
        for effect in team.on_formed:
            _check_effect(rs, ctx, effect, steps, step_index, None)
    for kind in rs.damage.values():
        for status in kind.defences:
            if status not in rs.statuses:
                _problem(ctx, rs, f"伤害 {kind.name} 的防御状态 {status} 未定义")
    for rule in rs.victory.rules:
        if rule.camp not in rs.camps:
            _problem(ctx, rs, f"胜负条件的阵营 {rule.camp} 未定义")
    for effects in rs.victory.on_lose.values():
        for effect in effects:
            _check_effect(rs, ctx, effect, steps, step_index, None)
    if rs.last_words.count_role and rs.last_words.count_role not in rs.roles:
        _problem(ctx, rs, f"last_words.count 的身份 {rs.last_words.count_role} 未定义")


def _check_effect(
    rs: m.Ruleset,
    ctx: _Ctx,
    effect: m.Effect,
    steps: dict[str, m.Step],
    step_index: dict[str, int],
    own_step: m.Step | None,
) -> None:
    arg = effect.arg
    if effect.verb == "damage":
        kind = arg.get("kind") if isinstance(arg, dict) else None
        if kind not in rs.damage:
            _problem(ctx, rs, f"damage 的 kind {kind!r} 未在 damage 中定义", effect.where)
        at = arg.get("at") if isinstance(arg, dict) else None
        if at is not None:
            if at not in steps:
                _problem(ctx, rs, f"damage.at 的步骤 {at!r} 不存在", effect.where)
            elif (
                own_step is not None
                and own_step.name in step_index
                and step_index.get(at, -1) <= step_index[own_step.name]
            ):
                _problem(ctx, rs, f"damage.at 的步骤 {at} 不在技能所在步骤 {own_step.name} 之后", effect.where)
    elif effect.verb == "status":
        name = arg.get("name") if isinstance(arg, dict) else arg
        if name not in rs.statuses:
            _problem(ctx, rs, f"状态 {name!r} 未在 statuses 中定义", effect.where)
    elif effect.verb == "join_team" and arg not in rs.teams:
        _problem(ctx, rs, f"团队 {arg!r} 未定义", effect.where)
    elif effect.verb == "set_camp" and isinstance(arg, str) and arg not in rs.camps:
        _problem(ctx, rs, f"阵营 {arg!r} 未定义", effect.where)
    elif effect.verb == "hook" and arg not in rs.hooks:
        _problem(ctx, rs, f"钩子 {arg!r} 未在 hooks.py 的 HOOKS 中定义", effect.where)


def _problem(ctx: _Ctx, rs: m.Ruleset, message: str, where: str = "") -> None:
    if where and ":" in where:
        file, line = where.rsplit(":", 1)
        ctx.problems.append(Problem(file, int(line), message))
    else:
        ctx.problems.append(Problem(rs.directory, 0, message))
