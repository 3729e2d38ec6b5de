"""Load and validate a ruleset directory (rulesets/<id>/*.yaml + optional hooks.py).

Every problem is reported as file:line; loading collects all of them before failing.
"""

from __future__ import annotations

import importlib.util
import string
import sys
from collections.abc import Collection, Iterator
from pathlib import Path
from typing import Any

import yaml

from engine.errors import Problem, RulesetError
from engine.ruleset import model as m
from engine.ruleset.yamlsrc import Node, Seq, file_of, line_of
from engine.ruleset.yamlsrc import load as load_yaml
from engine.vocabulary import (
    ADVICE_KEYS,
    BOARD_KEYS,
    CAMP_KEYS,
    CARD_CONDITION_KEYS,
    CARD_KEYS,
    CARD_TAG_KEYS,
    CONDITION_KEYS,
    DAMAGE_KEYS,
    DAWN_SECTIONS,
    DEAL_KEYS,
    DECISIONS,
    EFFECT_KEYS,
    EFFECT_VERBS,
    ELECTION_KEYS,
    FLOW_KEYS,
    GAME_CONDITIONS,
    HAND_KEYS,
    INFORMATION_AUDIENCES,
    INFORMATION_FACTS,
    INFORMATION_FROM,
    INFORMATION_KEYS,
    INFORMATION_OF,
    KIND_KEYS,
    KNOWN_TAGS,
    LABEL_PARTS,
    LAST_WORDS_KEYS,
    NOTICE_KEYS,
    OPTION_KEYS,
    ORDER_KEYS,
    OUT_KEYS,
    POST_KEYS,
    ROLE_KEYS,
    ROUNDS_KEYS,
    SCHEDULE_KEYS,
    SHERIFF_KEYS,
    SHERIFF_OUT_KEYS,
    SHOWDOWN_KEYS,
    SKILL_KEYS,
    STATUS_KEYS,
    STEP_KEYS,
    SUBSTITUTION_KEYS,
    SURRENDER_KEYS,
    TEAM_KEYS,
    TEMPLATE_FIELDS,
    TIE_BREAKERS,
    TIMING_TAGS,
    TO_FORMS,
    TOP_KEYS,
    TRIGGER_KEYS,
    TRIGGERS,
    UNTILS,
    VICTORY_KEYS,
    VICTORY_RULE_KEYS,
    VICTORY_TESTS,
    VOTE_KEYS,
)

RULESETS_DIR = Path(__file__).resolve().parents[2] / "rulesets"

MERGED_KEYS = {"roles", "statuses", "camps", "teams", "damage", "card_tags", "hands", "boards"}


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

    def entries(self, section: Node, allowed: Collection[str], what: str) -> Iterator[tuple[str, Node]]:
        """Each ``name: {…}`` of a section that is a mapping, its keys checked (errors name "<what> <name>")."""
        for name, body in section.items():
            node = self.mapping(body, section, name, f"{what} {name}")
            if node is not None:
                self.keys(node, allowed, f"{what} {name}")
                yield name, node

    def keys(self, node: Node, allowed: Collection[str], what: str) -> None:
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
    if ctx.problems:  # a file that does not parse would make every reference into it look wrong
        raise RulesetError(ctx.problems)
    ruleset = _build(doc, path, ctx)
    _load_hooks(ruleset, path, ctx)
    _cross_check(ruleset, ctx)
    if ctx.problems:
        raise RulesetError(ctx.problems)
    return ruleset


def installed_rulesets() -> list[m.Ruleset]:
    """Every ruleset under rulesets/ that loads, by directory name."""
    out = []
    for directory in sorted(p for p in RULESETS_DIR.iterdir() if p.is_dir()):
        try:
            out.append(load_ruleset(directory))
        except RulesetError:
            continue
    return out


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
        ctx.keys(post, POST_KEYS, "post")
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
    rs.card_tags = _card_tags(doc, ctx)
    rs.cards = _cards(doc, ctx)
    rs.hands = _hands(doc, ctx)
    rs.deal = _deal(doc, ctx)
    rs.boards = _boards(doc, ctx)
    _flow(doc, rs, ctx)
    rs.schedule = _schedule(doc, ctx)
    rs.vote = _vote(doc, ctx)
    rs.sheriff = _sheriff(doc, ctx)
    rs.last_words = _last_words(doc, ctx)
    rs.surrender, rs.surrender_when, rs.surrender_forbidden = _surrender(doc, ctx)
    rs.showdown, rs.rounds = _showdown(doc, ctx)
    rs.notices = _notices(doc, ctx)
    rs.information = _information(doc, ctx, rs)
    rs.victory = _victory(doc, ctx)
    rs.options = _options(doc, ctx)
    return rs


def _options(doc: Node, ctx: _Ctx) -> dict[str, m.Option]:
    out: dict[str, m.Option] = {}
    section = _section(doc, "options", ctx)
    for name, node in ctx.entries(section, OPTION_KEYS, "选项"):
        values = tuple(node.get("values") or ())
        default = node.get("default")
        if values and default not in values:
            ctx.err(node, "default", f"选项 {name} 的 default 不在 values 中")
        out[name] = m.Option(name, ctx.text(node, "text"), default, values, ctx.text(node, "todo"))
    return out


def _cards(doc: Node, ctx: _Ctx) -> m.CardRules:
    node = _section(doc, "cards", ctx)
    ctx.keys(node, CARD_KEYS, "cards")
    rules = m.CardRules(
        per_seat=ctx.integer(node, "per_seat", 1) or 1,
        camp_from=ctx.names(node, "camp_from"),
        where=_where(node, "order"),
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


def _card_tags(doc: Node, ctx: _Ctx) -> dict[str, m.CardTag]:
    out: dict[str, m.CardTag] = {}
    section = _section(doc, "card_tags", ctx)
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
            where=_where(section, name),
        )
        skills = ctx.mapping(node.get("skills"), node, "skills", "skills")
        for skill_name, skill_body in (skills or {}).items():
            skill = _skill(f"[{name}]", skill_name, skill_body, skills, ctx)
            if skill is not None:
                tag.skills[skill_name] = skill
        out[name] = tag
    return out


def _pairs(value: Any, parent: Any, key: str | int, ctx: _Ctx) -> tuple[tuple[str, str], ...]:
    ok = isinstance(value, list) and all(
        isinstance(p, list) and len(p) == 2 and all(isinstance(r, str) for r in p) for p in value
    )
    if not ok:
        ctx.err(parent, key, "pairs 应为 [[身份, 身份], …] 的列表")
        return ()
    return tuple((p[0], p[1]) for p in value)


def _hands(doc: Node, ctx: _Ctx) -> dict[str, m.Hand]:
    out: dict[str, m.Hand] = {}
    section = _section(doc, "hands", ctx)
    for name, node in ctx.entries(section, HAND_KEYS, "组合"):
        also = []
        raw = node.get("also") or []
        for i, item in enumerate(raw if isinstance(raw, list) else []):
            anode = ctx.mapping(item, raw, i, "also")
            if anode is not None:
                ctx.keys(anode, {"option", "pairs"}, f"组合 {name}.also")
                also.append((ctx.text(anode, "option"), _pairs(anode.get("pairs"), anode, "pairs", ctx)))
        out[name] = m.Hand(
            name,
            ctx.text(node, "text"),
            _pairs(node.get("pairs"), node, "pairs", ctx),
            tuple(also),
            _where(section, name),
        )
    return out


def _deal(doc: Node, ctx: _Ctx) -> m.DealRules:
    node = _section(doc, "deal", ctx)
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
        forbidden.append(m.Forbidden(ctx.text(fnode, "text"), (pair[0], pair[1]), _where(raw, i)))
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
    return m.DealRules(tuple(forbidden), counts, tuple(apart), _advice(node, ctx), _where(node, "apart"))


def _advice(node: Node, ctx: _Ctx) -> tuple[m.Advice, ...]:
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
        out.append(m.Advice(ctx.text(anode, "text"), tuple(weights.items()), bounds[0], bounds[1]))
    return tuple(out)


def _card_condition(cond: Any, parent: Node, ctx: _Ctx) -> None:
    for key, value in cond.items():
        if key not in CARD_CONDITION_KEYS:
            ctx.err(parent, "pair", f"身份牌条件中不认识的键 {key!r}（可用：{'、'.join(CARD_CONDITION_KEYS)}）")
        elif key == "not":
            if isinstance(value, dict):
                _card_condition(value, parent, ctx)
            else:
                ctx.err(parent, "pair", "not 后应为身份牌条件")


def _boards(doc: Node, ctx: _Ctx) -> dict[str, m.Board]:
    out: dict[str, m.Board] = {}
    section = _section(doc, "boards", ctx)
    for name, node in ctx.entries(section, BOARD_KEYS, "板型"):
        cards = ctx.mapping(node.get("cards"), node, "cards", "cards") or Node()
        deck: list[str] = []
        for role, count in cards.items():
            if not isinstance(count, int) or count < 1:
                ctx.err(cards, role, f"板型 {name} 中 {role} 的张数应为正整数")
                continue
            deck.extend([role] * count)
        subs = ctx.mapping(node.get("substitutions"), node, "substitutions", "substitutions") or Node()
        board = m.Board(
            name, ctx.text(node, "text"), tuple(deck), options=_option_values(node, ctx), where=_where(section, name)
        )
        for sub_name, sub_body in subs.items():
            snode = ctx.mapping(sub_body, subs, sub_name, f"替换 {sub_name}")
            if snode is None:
                continue
            ctx.keys(snode, SUBSTITUTION_KEYS, f"板型 {name} 的替换 {sub_name}")
            replace = ctx.mapping(snode.get("replace"), snode, "replace", "replace") or Node()
            board.substitutions[sub_name] = m.Substitution(
                name=sub_name,
                text=ctx.text(snode, "text"),
                replace=tuple((str(k), str(v)) for k, v in replace.items()),
                choose=ctx.names(snode, "choose"),
                to=ctx.text(snode, "to"),
                options=_option_values(snode, ctx),
                where=_where(subs, sub_name),
            )
            if bool(board.substitutions[sub_name].choose) != bool(board.substitutions[sub_name].to):
                ctx.err(snode, sub_name, f"替换 {sub_name}: choose 与 to 必须同时出现")
        out[name] = board
    return out


def _where(container: Any, key: str | int) -> str:
    return f"{file_of(container)}:{line_of(container, key)}"


def _option_values(node: Node, ctx: _Ctx) -> tuple[tuple[str, Any], ...]:
    values = ctx.mapping(node.get("options"), node, "options", "options") or Node()
    return tuple(values.items())


def _section(doc: Node, key: str, ctx: _Ctx) -> Node:
    node = ctx.mapping(doc.get(key), doc, key, key)
    return node if node is not None else Node()


def _camps(doc: Node, ctx: _Ctx) -> dict[str, m.Camp]:
    camps: dict[str, m.Camp] = {}
    for name, node in ctx.entries(_section(doc, "camps", ctx), CAMP_KEYS, "阵营"):
        camps[name] = m.Camp(name, ctx.text(node, "text"), ctx.flag(node, "unsettled"))
    return camps


def _statuses(doc: Node, ctx: _Ctx) -> dict[str, m.StatusDef]:
    out: dict[str, m.StatusDef] = {}
    for name, node in ctx.entries(_section(doc, "statuses", ctx), set(STATUS_KEYS), "状态"):
        told = node.get("told", "")
        skills = ctx.mapping(node.get("skills"), node, "skills", "skills") or Node()
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
            cancels=ctx.names(node, "cancels"),
            blocks=ctx.names(node, "blocks"),
            whole_seat=ctx.flag(node, "whole_seat"),
            immune=ctx.flag(node, "immune"),
            void_acts=ctx.flag(node, "void_acts"),
            follows_source=ctx.flag(node, "follows_source"),
            spares_only=ctx.names(node, "spares_only"),
            stands_in=ctx.names(node, "stands_in"),
            on_stop=_effects(node, "on_stop", ctx, f"状态 {name}"),
            extra_votes=ctx.integer(node, "extra_votes", 0) or 0,
            skills={k: sk for k, v in skills.items() if (sk := _skill(f"[{name}]", k, v, skills, ctx)) is not None},
        )
    return out


def _damage(doc: Node, ctx: _Ctx) -> dict[str, m.DamageKind]:
    out: dict[str, m.DamageKind] = {}
    section = _section(doc, "damage", ctx)
    for name, node in ctx.entries(section, KIND_KEYS, "伤害"):
        out[name] = m.DamageKind(name, ctx.names(node, "defences"))
    return out


def _teams(doc: Node, ctx: _Ctx) -> dict[str, m.Team]:
    out: dict[str, m.Team] = {}
    section = _section(doc, "teams", ctx)
    for name, node in ctx.entries(section, TEAM_KEYS, "团队"):
        chained = (
            ctx.mapping(node.get("on_member_out"), node, "on_member_out", "on_member_out")
            if "on_member_out" in node
            else None
        )
        if chained is not None:
            ctx.keys(chained, {"cause", "if", "except", "effects"}, f"团队 {name}.on_member_out")
            if "if" in chained:
                _condition(chained["if"], chained, "if", ctx)
        if "members" in node:
            _condition(node["members"], node, "members", ctx)
        out[name] = m.Team(
            name=name,
            text=ctx.text(node, "text"),
            group=ctx.text(node, "group"),
            chat=ctx.flag(node, "chat", True),
            intro=ctx.text(node, "intro"),
            stays_after_out=ctx.flag(node, "stays_after_out"),
            on_formed=_effects(node, "on_formed", ctx, f"团队 {name}"),
            on_member_out=(ctx.text(chained, "cause") or None) if chained is not None else None,
            members=node.get("members"),
            chain_if=chained.get("if") if chained is not None else None,
            chain_except=ctx.names(chained, "except") if chained is not None else (),
            on_member_out_effects=_effects(chained, "effects", ctx, f"团队 {name}") if chained is not None else (),
        )
    return out


def _roles(doc: Node, ctx: _Ctx) -> dict[str, m.Role]:
    out: dict[str, m.Role] = {}
    section = _section(doc, "roles", ctx)
    for name, node in ctx.entries(section, ROLE_KEYS, "身份"):
        role = m.Role(
            name=name,
            camp=ctx.text(node, "camp"),
            text=ctx.text(node, "text"),
            teams=ctx.names(node, "teams"),
            on_out=_effects(node, "on_out", ctx, f"身份 {name}"),
            todo=ctx.text(node, "todo") or None,
            where=f"{file_of(section)}:{line_of(section, name)}",
            tags=ctx.names(node, "tags"),
            copies=ctx.flag(node, "copies"),
            counter=_counter(node, ctx, name),
            dealt=ctx.flag(node, "dealt", True),
            influence=ctx.integer(node, "influence", 0) or 0,
            extra_cards=ctx.integer(node, "extra_cards", 0) or 0,
            expansion=ctx.text(node, "expansion"),
        )
        if not role.camp and not role.todo and role.dealt:
            ctx.err(section, name, f"身份 {name} 缺少 camp")
        skills = ctx.mapping(node.get("skills"), node, "skills", "skills")
        for skill_name, skill_body in (skills or {}).items():
            skill = _skill(name, skill_name, skill_body, skills, ctx)
            if skill is not None:
                role.skills[skill_name] = skill
        out[name] = role
    return out


def _counter(node: Node, ctx: _Ctx, role: str) -> m.Counter | None:
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


def _skill(role: str, name: str, body: Any, parent: Node, ctx: _Ctx) -> m.Skill | None:
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
    only_if = node.get("only_if")
    if only_if is not None:
        _condition(only_if, node, "only_if", ctx)
    hidden = ctx.mapping(node.get("not_current"), node, "not_current", "not_current") or Node()
    ctx.keys(hidden, {"tags", "skills"}, f"{what}.not_current")
    minutes, by_phase = _minutes(node, "minutes", ctx)
    choice_of = ctx.text(node, "choice_of")
    if choice_of not in {"", "skill", "spare"}:
        ctx.err(node, "choice_of", "choice_of 应为 skill 或 spare")
    waits = ctx.mapping(node.get("waits"), node, "waits", "waits") or Node()
    default = node.get("default")
    if default is not None and str(default) not in ctx.names(node, "choices"):
        ctx.err(node, "default", f"{what}: default 应为 choices 之一")
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
        triggers=triggers,
        requires=ctx.text(node, "requires") or None,
        exclusive=ctx.names(node, "exclusive"),
        grants=tuple(grants),
        effects=_effects(node, "effects", ctx, what),
        on_lost_after_use=_effects(node, "on_lost_after_use", ctx, what),
        choices=ctx.names(node, "choices"),
        minutes=minutes,
        minutes_by_phase=by_phase,
        todo=ctx.text(node, "todo") or None,
        where=f"{file_of(parent)}:{line_of(parent, name)}",
        not_current_tags=ctx.names(hidden, "tags"),
        not_current_skills=ctx.names(hidden, "skills"),
        only_if=only_if,
        during_election=ctx.flag(node, "during_election"),
        on_trigger=_effects(node, "on_trigger", ctx, what),
        out_tonight=ctx.flag(node, "out_tonight"),
        counts_as=ctx.text(node, "counts_as"),
        choice_hook=ctx.text(node, "choice_hook"),
        choice_of=choice_of,
        default=None if default is None else str(default),
        per_nights=ctx.integer(node, "per_nights", 0) or 0,
        not_last_minutes=ctx.integer(node, "not_last_minutes", 0) or 0,
        among_out=ctx.flag(node, "among_out"),
        expansion=ctx.text(node, "expansion"),
        waits=tuple((str(k), str(v)) for k, v in waits.items()),
    )


def _triggers(node: Node, ctx: _Ctx, what: str) -> tuple[m.Trigger, ...]:
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
            _condition(tnode["by"], tnode, "by", ctx)
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
                effects=_effects(tnode, "effects", ctx, what) if "effects" in tnode else None,
            )
        )
    return tuple(out)


def _minutes(node: Node, key: str, ctx: _Ctx) -> tuple[int | None, tuple[tuple[str, int], ...]]:
    """A time limit: N, or {day: N, night: N}."""
    value = node.get(key)
    if isinstance(value, dict):
        ctx.keys(value, {"day", "night"}, key)  # type: ignore[arg-type]
        if not all(isinstance(v, int) and v > 0 for v in value.values()):
            ctx.err(node, key, f"{key} 的分钟数应为正整数")
            return None, ()
        return None, tuple((str(k), int(v)) for k, v in value.items())
    return ctx.integer(node, key, None), ()


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
        extra = [k for k in enode if k not in EFFECT_VERBS and k not in EFFECT_KEYS]
        if len(verbs) != 1 or extra:
            ctx.err(
                raw,
                i,
                f"{what}.{key}[{i}] 应恰有一个效果动词（{'、'.join(sorted(EFFECT_VERBS))}），"
                f"外加可选的 {' / '.join(EFFECT_KEYS)}；实际：{'、'.join(map(str, enode))}",
            )
            continue
        for cond_key in ("if", "unless", "if_target", "if_any_target"):
            if cond_key in enode and not (isinstance(enode[cond_key], str) and enode[cond_key] in GAME_CONDITIONS):
                _condition(enode[cond_key], enode, cond_key, ctx)
        if "if_counter" in enode:
            _counter_test(enode["if_counter"], enode, ctx)
        _verb_arg(verbs[0], enode, ctx)
        to = enode.get("to", "targets")
        if isinstance(to, str):
            if to not in {"targets", "self", "first_target", "chosen"}:
                ctx.err(enode, "to", "to 应为 targets、self、first_target、chosen 或一个选择条件")
        elif isinstance(to, dict) and "below" in to:
            ctx.keys(to, {*TO_FORMS, "among"}, "to")  # type: ignore[arg-type]
            if to["below"] != "self":
                _condition(to["below"], to, "below", ctx)
            _condition(to.get("among"), to, "among", ctx)
        else:
            _condition(to, enode, "to", ctx)
        pick = enode.get("pick") or []
        if not (isinstance(pick, list) and all(isinstance(p, int) and p >= 1 for p in pick)):
            ctx.err(enode, "pick", "pick 应为目标的位置列表（从 1 起），例如 [1, 2]")
            pick = []
        if enode.get("delay", "next_night") != "next_night":
            ctx.err(enode, "delay", "delay 只可为 next_night")
        effects.append(
            m.Effect(
                verb=verbs[0],
                arg=enode[verbs[0]],
                to=to,
                when=enode.get("if"),
                unless=enode.get("unless"),
                rule=str(enode.get("rule", "")),
                where=f"{file_of(raw)}:{line_of(raw, i)}",
                if_target=enode.get("if_target"),
                if_counter=enode.get("if_counter"),
                if_choice=ctx.names(enode, "if_choice"),
                if_any_target=enode.get("if_any_target"),
                pick=tuple(pick),
                delay=ctx.text(enode, "delay"),
            )
        )
    return tuple(effects)


def _verb_arg(verb: str, enode: Node, ctx: _Ctx) -> None:
    """The argument shapes of the verbs whose arguments have keys of their own."""
    arg = enode[verb]
    if verb == "damage":
        node = ctx.mapping(arg, enode, verb, "damage")
        if node is not None:
            ctx.keys(node, DAMAGE_KEYS, "damage")
            if node.get("night", "next") != "next":
                ctx.err(node, "night", "damage.night 只可为 next")
    elif verb == "out" and isinstance(arg, dict):
        ctx.keys(arg, OUT_KEYS, "out")  # type: ignore[arg-type]
        if arg.get("if_out", "self") != "self":
            ctx.err(arg, "if_out", "out.if_out 只可为 self")
    elif verb == "lose_skills" and isinstance(arg, dict):
        ctx.keys(arg, {"skills", "told"}, "lose_skills")  # type: ignore[arg-type]
    elif verb in {"notify_team", "feedback_list"}:
        node = ctx.mapping(arg, enode, verb, verb)
        if node is not None:
            ctx.keys(node, {"team", "text"} if verb == "notify_team" else {"of", "text", "none"}, verb)
            if verb == "feedback_list":
                _condition(node.get("of"), node, "of", ctx)
    elif verb == "borrow_skills" and arg != "night":
        ctx.err(enode, verb, "borrow_skills 只可为 night")
    elif verb == "status" and isinstance(arg, dict):
        ctx.keys(arg, {"name", "until", "uses"}, "status")  # type: ignore[arg-type]
        if arg.get("until", "permanent") not in UNTILS:
            ctx.err(arg, "until", f"until 应为 {'、'.join(UNTILS)} 之一")
    elif verb == "swap_cards" and arg not in {"permanent", "night"}:
        ctx.err(enode, verb, "swap_cards 应为 permanent 或 night")
    elif verb in {"feedback_chosen", "feedback_exiled"}:
        node = ctx.mapping(arg, enode, verb, verb)
        if node is not None:
            ctx.keys(node, {"of", "order", "text", "none"} if verb == "feedback_chosen" else {"text", "none"}, verb)
            if verb == "feedback_chosen":
                of = ctx.mapping(node.get("of"), node, "of", "of") or Node()
                ctx.keys(of, {"tag", "damage"}, "feedback_chosen.of")
                if node.get("order", "act") not in {"act", "seat"}:
                    ctx.err(node, "order", "order 应为 act（行动顺序）或 seat（编号顺序）")


def _counter_test(value: Any, parent: Node, ctx: _Ctx) -> None:
    node = ctx.mapping(value, parent, "if_counter", "if_counter")
    for name, test in (node or {}).items():
        tnode = ctx.mapping(test, node, name, "if_counter")
        if tnode is not None:
            ctx.keys(tnode, {"at_most", "at_least"}, f"if_counter.{name}")


def _condition(value: Any, parent: Any, key: str | int, ctx: _Ctx) -> None:
    """Check a selector/condition mapping's keys recursively."""
    if isinstance(value, str) and value in GAME_CONDITIONS:
        return
    node = ctx.mapping(value, parent, key, "条件")
    if node is None:
        return
    for k, v in node.items():
        if k not in CONDITION_KEYS:
            ctx.err(node, k, f"条件中不认识的键 {k!r}（可用：{'、'.join(CONDITION_KEYS)}）")
        elif k in {"not", "mate", "any_seat"}:
            _condition(v, node, k, ctx)
        elif k in {"option", "counter"} and not isinstance(v, dict):
            ctx.err(node, k, f"{k} 应为映射")
        elif k in {"any", "all"}:
            if not isinstance(v, list):
                ctx.err(node, k, f"{k} 应为条件列表")
            else:
                for i, sub in enumerate(v):
                    _condition(sub, v, i, ctx)


def _flow(doc: Node, rs: m.Ruleset, ctx: _Ctx) -> None:
    flow = _section(doc, "flow", ctx)
    ctx.keys(flow, FLOW_KEYS, "flow")
    rs.first = ctx.text(flow, "first", "day")
    if rs.first not in {"day", "night"}:
        ctx.err(flow, "first", "first 应为 day 或 night")
    day_skills = tuple(
        s.name
        for holder in (*rs.roles.values(), *rs.card_tags.values())
        for s in holder.skills.values()
        if s.timing == "day"
    )
    steps = (
        *_steps(flow, "setup", ctx),
        *_steps(flow, "night", ctx),
        m.Step("白天", "day", tuple(dict.fromkeys(day_skills))),
    )
    for step in steps:
        if rs.cards.order_step and step.name == rs.cards.order_step and step.phase == "setup":
            step.skills = (*step.skills, rs.cards.order_skill)
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
        ctx.keys(node, STEP_KEYS, f"flow.{phase}[{i}]")
        name = ctx.text(node, "step")
        if not name:
            ctx.err(raw, i, "步骤缺少 step 名称")
        steps.append(
            m.Step(
                name,
                phase,
                ctx.names(node, "skills"),
                ctx.text(node, "text"),
                ctx.integer(node, "minutes", None),
                joins=ctx.names(node, "joins"),
                resolves=ctx.names(node, "resolves"),
                effects=_effects(node, "effects", ctx, f"步骤 {name}"),
            )
        )
    return tuple(steps)


def _schedule(doc: Node, ctx: _Ctx) -> m.Schedule:
    node = _section(doc, "schedule", ctx)
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
    )


def _vote(doc: Node, ctx: _Ctx) -> m.VoteRules:
    node = _section(doc, "vote", ctx)
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
            _condition(bnode.get("if"), bnode, "if", ctx)
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
    )


def _sheriff(doc: Node, ctx: _Ctx) -> m.SheriffRules | None:
    if "sheriff" not in doc:
        return None
    node = _section(doc, "sheriff", ctx)
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
        _condition(wnode.get("if"), wnode, "if", ctx)
        value = wnode.get("weight")
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            ctx.err(wnode, "weight", "weight 应为数")
            continue
        weight_if.append((wnode.get("if") or {}, float(value)))
    _, by_phase = _minutes(on_out, "minutes", ctx)
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
    )
    if rules.decide not in {"earliest_highest", "tie_none"}:
        ctx.err(election, "decide", "decide 应为 earliest_highest（最先达到最高票）或 tie_none（平票则没有警长）")
    if rules.timeout not in {"random", "none"}:
        ctx.err(on_out, "timeout", "timeout 应为 random 或 none")
    if rules.public_label not in {"name", "secret"}:
        ctx.err(node, "public_label", "public_label 应为 name 或 secret")
    return rules


def _information(doc: Node, ctx: _Ctx, rs: m.Ruleset) -> dict[str, tuple[m.Knows, ...]]:
    """Who may know what, and from when: the post's 公示 / 通知 rules, each with its sentence."""
    node = _section(doc, "information", ctx)
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


def _knows_list(node: Node, key: str, ctx: _Ctx, what: str, rs: m.Ruleset) -> tuple[m.Knows, ...]:
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
        )
        out.append(knows)
    return tuple(out)


def _last_words(doc: Node, ctx: _Ctx) -> m.LastWords:
    node = _section(doc, "last_words", ctx)
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
    if isinstance(count, dict):
        ctx.keys(count, {"role", "roles"}, "last_words.count")
        return m.LastWords(
            count_role=ctx.text(count, "role") or None, count_roles=ctx.names(count, "roles"), phases=phases
        )
    if count is not None:
        ctx.err(node, "count", "count 应为整数、all（不限）或 {role: 身份}")
    return m.LastWords(phases=phases)


def _surrender(
    doc: Node, ctx: _Ctx
) -> tuple[dict[str, m.Cond], dict[str, m.Cond], dict[str, tuple[tuple[m.Cond, str], ...]]]:
    out: dict[str, m.Cond] = {}
    when: dict[str, m.Cond] = {}
    forbidden: dict[str, tuple[tuple[m.Cond, str], ...]] = {}
    section = _section(doc, "surrender", ctx)
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
            _condition(fnode.get("if"), fnode, "if", ctx)
            rules.append((fnode.get("if") or {}, ctx.text(fnode, "text")))
        forbidden[camp] = tuple(rules)
        _condition(node.get("ask"), node, "ask", ctx)
        out[camp] = node.get("ask") or {}
        if "when_all" in node:
            _condition(node["when_all"], node, "when_all", ctx)
            when[camp] = node["when_all"]
    return out, when, forbidden


def _showdown(doc: Node, ctx: _Ctx) -> tuple[dict[str, m.Cond], dict[str, m.Rounds]]:
    out: dict[str, m.Cond] = {}
    rounds: dict[str, m.Rounds] = {}
    section = _section(doc, "showdown", ctx)
    for camp, body in section.items():
        node = ctx.mapping(body, section, camp, f"拍刀 {camp}")
        if node is None:
            continue
        ctx.keys(node, SHOWDOWN_KEYS, f"拍刀 {camp}")
        _condition(node.get("ask"), node, "ask", ctx)
        out[camp] = node.get("ask") or {}
        if "rounds" in node:
            rnode = ctx.mapping(node["rounds"], node, "rounds", "rounds") or Node()
            ctx.keys(rnode, ROUNDS_KEYS, f"拍刀 {camp}.rounds")
            _condition(rnode.get("against"), rnode, "against", ctx)
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


def _notices(doc: Node, ctx: _Ctx) -> m.Notices:
    node = _section(doc, "notices", ctx)
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
    )


def _victory(doc: Node, ctx: _Ctx) -> m.Victory:
    node = _section(doc, "victory", ctx)
    victory = m.Victory(check=ctx.text(node, "check", "immediate"), priority=ctx.names(node, "priority"))
    if victory.check not in {"immediate"}:
        ctx.err(node, "check", "check 目前支持 immediate")
    for camp, body in node.items():
        if camp in {"check", "priority"}:
            continue
        cnode = ctx.mapping(body, node, camp, f"胜负 {camp}")
        if cnode is None:
            continue
        ctx.keys(cnode, set(VICTORY_KEYS) - {"check", "priority"}, f"胜负 {camp}")
        for kind in ("win", "lose", "usurp"):
            for i, rule in enumerate(cnode.get(kind) or []):
                rnode = ctx.mapping(rule, cnode[kind], i, "胜负条件")
                if rnode is None:
                    continue
                tests = [k for k in rnode if k in VICTORY_TESTS]
                if len(tests) != 1:
                    ctx.err(cnode[kind], i, f"胜负条件应恰有一个判定（{'、'.join(sorted(VICTORY_TESTS))}）")
                    continue
                ctx.keys(rnode, set(VICTORY_TESTS) | set(VICTORY_RULE_KEYS), "胜负条件")
                if tests[0] in {"out_at_least", "camps_left"}:
                    if not isinstance(rnode[tests[0]], int):
                        ctx.err(rnode, tests[0], f"{tests[0]} 应为整数")
                else:
                    _condition(rnode[tests[0]], rnode, tests[0], ctx)
                for key in ("have", "of", "when"):
                    if key in rnode:
                        _condition(rnode[key], rnode, key, ctx)
                test = {k: v for k, v in rnode.items() if k != "when"}
                victory.rules.append(m.VictoryRule(camp, kind, ctx.text(rnode, "text"), test, rnode.get("when")))
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
    """References between sections: camps, teams, statuses, steps, skills, hooks, tags, boards."""
    steps = {s.name: s for s in (*rs.setup_steps, *rs.night_steps)}
    step_index = {s.name: i for i, s in enumerate(rs.night_steps)}
    placed: set[str] = set()
    for step in (*rs.setup_steps, *rs.night_steps):
        for skill_name in step.skills:
            if rs.skill(skill_name) is None:
                _problem(ctx, rs, f"步骤 {step.name} 引用了未定义的技能 {skill_name}")
            placed.add(skill_name)
        for team in step.joins:
            if team not in rs.teams:
                _problem(ctx, rs, f"步骤 {step.name} 的 joins 团队 {team} 未定义")
    for step in (*rs.setup_steps, *rs.night_steps):
        for effect in step.effects:
            _check_effect(rs, ctx, effect, steps, step_index, None)
    for role in rs.roles.values():
        if role.camp and role.camp not in rs.camps and not role.todo:
            _problem(ctx, rs, f"身份 {role.name} 的阵营 {role.camp} 未在 camps 中定义", role.where)
        _check_expansions(rs, ctx, role.expansion, (), f"身份 {role.name}", role.where)
        for team in role.teams:
            if team not in rs.teams:
                _problem(ctx, rs, f"身份 {role.name} 的团队 {team} 未在 teams 中定义", role.where)
        for tag in role.tags:
            if tag not in rs.card_tags:
                _problem(ctx, rs, f"身份 {role.name} 的标签 [{tag}] 未在 card_tags 中定义", role.where)
        if role.counter:
            for rule in role.counter.on_card_out:
                _known_roles(rs, ctx, rule.roles, f"身份 {role.name} 的 counter", role.where)
        for skill in role.skills.values():
            _check_skill(rs, ctx, skill, role.skills, placed, steps, step_index)
        for effect in role.on_out:
            _check_effect(rs, ctx, effect, steps, step_index, None)
    for tag in rs.card_tags.values():
        if tag.team and tag.team not in rs.teams:
            _problem(ctx, rs, f"标签 [{tag.name}] 的团队 {tag.team} 未定义", tag.where)
        if tag.relay_of and tag.relay_of not in rs.card_tags:
            _problem(ctx, rs, f"标签 [{tag.name}] 的 relay_of [{tag.relay_of}] 未定义", tag.where)
        for skill in tag.skills.values():
            _check_skill(rs, ctx, skill, tag.skills, placed, steps, step_index)
    for team in rs.teams.values():
        for effect in (*team.on_formed, *team.on_member_out_effects):
            _check_effect(rs, ctx, effect, steps, step_index, None)
    for sdef in rs.statuses.values():
        for skill in sdef.skills.values():
            _check_skill(rs, ctx, skill, sdef.skills, placed, steps, step_index)
        for effect in sdef.on_stop:
            _check_effect(rs, ctx, effect, steps, step_index, None)
    for camp in rs.victory.priority:
        if camp not in rs.camps:
            _problem(ctx, rs, f"victory.priority 的阵营 {camp} 未定义")
    for rounds in rs.rounds.values():
        if rounds.option and rounds.option not in rs.options:
            _problem(ctx, rs, f"showdown.{rounds.camp}.rounds 的选项 {rounds.option} 未在 options 中定义")
        for name in (*rounds.acts, *rounds.must, *rounds.hostile, *([rounds.again] if rounds.again else [])):
            if rs.skill(name) is None:
                _problem(ctx, rs, f"showdown.{rounds.camp}.rounds 的技能 {name} 未定义")
    for advice in rs.deal.advice:
        _known_roles(rs, ctx, [r for r, _ in advice.weights], "deal.advice")
    for option in rs.options.values():
        if option.todo and any(v is True for v in option.values):
            _problem(ctx, rs, f"选项 {option.name} 尚未实现（todo），values 不能含 true")
    for kind in rs.damage.values():
        for status in kind.defences:
            if status not in rs.statuses:
                _problem(ctx, rs, f"伤害 {kind.name} 的防御状态 {status} 未定义")
    for sdef in rs.statuses.values():
        for other in sdef.cancels:
            if other not in rs.statuses:
                _problem(ctx, rs, f"状态 {sdef.name} 的 cancels 中 {other} 未定义")
        for name in sdef.blocks:
            if rs.skill(name) is None:
                _problem(ctx, rs, f"状态 {sdef.name} 的 blocks 中技能 {name} 未定义")
    for rule in rs.victory.rules:
        if rule.camp not in rs.camps:
            _problem(ctx, rs, f"胜负条件的阵营 {rule.camp} 未定义")
    for effects in rs.victory.on_lose.values():
        for effect in effects:
            _check_effect(rs, ctx, effect, steps, step_index, None)
    if rs.last_words.count_role and rs.last_words.count_role not in rs.roles:
        _problem(ctx, rs, f"last_words.count 的身份 {rs.last_words.count_role} 未定义")
    if rs.sheriff:
        for name in rs.sheriff.swallowed_by:
            if rs.skill(name) is None:
                _problem(ctx, rs, f"sheriff.election.swallowed_by 的技能 {name} 未定义")
    _check_cards(rs, ctx, steps)


def _check_expansions(
    rs: m.Ruleset, ctx: _Ctx, expansion: str, waits: tuple[tuple[str, str], ...], what: str, where: str
) -> None:
    for name in (*([expansion] if expansion else []), *(e for e, _ in waits)):
        if name not in rs.options:
            _problem(ctx, rs, f"{what} 的扩展 {name} 未在 options 中定义", where)


def _check_skill(
    rs: m.Ruleset,
    ctx: _Ctx,
    skill: m.Skill,
    siblings: dict[str, m.Skill],
    placed: set[str],
    steps: dict[str, m.Step],
    step_index: dict[str, int],
) -> None:
    _check_expansions(rs, ctx, skill.expansion, skill.waits, f"技能 {skill.name}", skill.where)
    if skill.todo:
        return
    if skill.timing in {"night", "setup"} and skill.name not in placed:
        _problem(ctx, rs, f"技能 {skill.name} 有时段标签但不在 flow 的任何步骤中", skill.where)
    if skill.team and skill.team.team not in rs.teams:
        _problem(ctx, rs, f"技能 {skill.name} 的团队 {skill.team.team} 未定义", skill.where)
    if skill.requires and skill.requires not in siblings:
        _problem(ctx, rs, f"技能 {skill.name} requires 的 {skill.requires} 不是同一身份的技能", skill.where)
    for grant in skill.grants:
        if grant.status not in rs.statuses:
            _problem(ctx, rs, f"技能 {skill.name} 授予的状态 {grant.status} 未定义", skill.where)
    for tag in skill.not_current_tags:
        if tag not in rs.card_tags:
            _problem(ctx, rs, f"技能 {skill.name} 的 not_current 标签 [{tag}] 未定义", skill.where)
    for name in skill.not_current_skills:
        if name not in siblings:
            _problem(ctx, rs, f"技能 {skill.name} 的 not_current 技能 {name} 不是同一身份的技能", skill.where)
    if skill.counts_as and rs.skill(skill.counts_as) is None:
        _problem(ctx, rs, f"技能 {skill.name} 的 counts_as {skill.counts_as} 未定义", skill.where)
    if skill.choice_hook and skill.choice_hook not in rs.hooks:
        _problem(
            ctx,
            rs,
            f"技能 {skill.name} 的 choice_hook {skill.choice_hook!r} 未在 hooks.py 的 HOOKS 中定义",
            skill.where,
        )
    own_step = rs.step_of(skill.name)
    triggered = [e for t in skill.triggers for e in (t.effects or ())]
    for effect in (*skill.effects, *skill.on_lost_after_use, *skill.on_trigger, *triggered):
        _check_effect(rs, ctx, effect, steps, step_index, own_step)
    for trigger in skill.triggers:
        _known_roles(rs, ctx, trigger.roles, f"技能 {skill.name} 的 trigger.roles", skill.where)
        for name in trigger.skills:
            if rs.skill(name) is None:
                _problem(ctx, rs, f"技能 {skill.name} 的 trigger.skills 中 {name} 未定义", skill.where)
    if skill.default is not None and not skill.choices:
        _problem(ctx, rs, f"技能 {skill.name} 有 default 但没有 choices", skill.where)


def _known_roles(rs: m.Ruleset, ctx: _Ctx, roles: Any, what: str, where: str = "") -> None:
    for role in dict.fromkeys(roles):
        if role not in rs.roles:
            _problem(ctx, rs, f"{what} 中的身份 {role} 未定义", where)


def _check_cards(rs: m.Ruleset, ctx: _Ctx, steps: dict[str, m.Step]) -> None:
    """双身份 sections: the order step, hands, the deal's rules and the boards name what exists."""
    order = rs.cards
    if order.order_step and order.order_step not in {s.name for s in rs.setup_steps}:
        _problem(ctx, rs, f"cards.order.step {order.order_step} 不是 flow.setup 中的步骤", order.where)
    _known_roles(rs, ctx, [role for role, _ in order.second], "cards.order.second", order.where)
    for _, camp in order.second:
        if camp and camp not in rs.camps:
            _problem(ctx, rs, f"cards.order.second 的阵营 {camp} 未定义", order.where)
    for hand in rs.hands.values():
        _known_roles(rs, ctx, [r for p in hand.pairs for r in p], f"组合 {hand.name}", hand.where)
        for option, pairs in hand.also:
            if option not in rs.options:
                _problem(ctx, rs, f"组合 {hand.name} 的 also 选项 {option} 未在 options 中定义", hand.where)
            _known_roles(rs, ctx, [r for p in pairs for r in p], f"组合 {hand.name}", hand.where)
    for forbidden in rs.deal.forbidden:
        for side in forbidden.pair:
            _known_roles(rs, ctx, _card_condition_roles(side), "deal.forbidden", forbidden.where)
    for name in rs.deal.hand_counts:
        if name not in rs.hands:
            _problem(ctx, rs, f"deal.hands 的组合 {name} 未在 hands 中定义")
    for a, b, _ in rs.deal.apart:
        _known_roles(rs, ctx, (a, b), "deal.apart", rs.deal.where)
    for board in rs.boards.values():
        _known_roles(rs, ctx, board.cards, f"板型 {board.name}", board.where)
        for key, _ in board.options:
            if key not in rs.options:
                _problem(ctx, rs, f"板型 {board.name} 的选项 {key} 未在 options 中定义", board.where)
        for sub in board.substitutions.values():
            what = f"板型 {board.name} 的替换 {sub.name}"
            roles = [r for pair in sub.replace for r in pair] + [*sub.choose, *([sub.to] if sub.to else [])]
            _known_roles(rs, ctx, roles, what, sub.where)
            for key, _ in sub.options:
                if key not in rs.options:
                    _problem(ctx, rs, f"{what} 的选项 {key} 未在 options 中定义", sub.where)


def _card_condition_roles(cond: dict[str, Any]) -> list[str]:
    roles = cond.get("role", [])
    out = list(roles) if isinstance(roles, list) else [roles]
    if isinstance(cond.get("not"), dict):
        out.extend(_card_condition_roles(cond["not"]))
    return out


def _check_effect(
    rs: m.Ruleset,
    ctx: _Ctx,
    effect: m.Effect,
    steps: dict[str, m.Step],
    step_index: dict[str, int],
    own_step: m.Step | None,
) -> None:
    arg = effect.arg
    _check_fields(rs, ctx, effect)
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
    elif effect.verb == "grant_skill":
        for name in arg.values() if isinstance(arg, dict) else [arg]:
            if rs.skill(str(name)) is None:
                _problem(ctx, rs, f"grant_skill 的技能 {name!r} 未定义", effect.where)
    elif effect.verb == "become" and arg != "choice" and arg not in rs.roles:
        _problem(ctx, rs, f"become 的身份 {arg!r} 未定义（或写 choice）", effect.where)
    elif effect.verb == "notify_team" and isinstance(arg, dict) and arg.get("team") not in rs.teams:
        _problem(ctx, rs, f"notify_team 的团队 {arg.get('team')!r} 未定义", effect.where)
    elif effect.verb == "add_counter" and not isinstance(arg, str):
        _problem(ctx, rs, "add_counter 应为计数的名称", effect.where)


def _check_fields(rs: m.Ruleset, ctx: _Ctx, effect: m.Effect) -> None:
    """The {fields} of a message text are ones the engine fills (or a counter's name)."""
    arg = effect.arg
    texts = [arg] if isinstance(arg, str) else [arg.get(k) for k in ("text", "none")] if isinstance(arg, dict) else []
    if effect.verb not in {
        "feedback",
        "notify",
        "announce",
        "feedback_chosen",
        "feedback_damage",
        "feedback_exiled",
        "feedback_list",
        "notify_team",
        "flag",
    }:
        return
    counters = {r.counter.name for r in rs.roles.values() if r.counter}
    for text in texts:
        if not isinstance(text, str):
            continue
        try:
            fields = {name for _, name, _, _ in string.Formatter().parse(text) if name}
        except ValueError:
            _problem(ctx, rs, f"文字 {text!r} 的花括号不成对", effect.where)
            continue
        numbered = {f for f in fields if f.startswith("target_") and f.removeprefix("target_").isdigit()}
        for name in sorted(fields - set(TEMPLATE_FIELDS) - counters - numbered):
            _problem(
                ctx, rs, f"文字中不认识的 {{{name}}}（可用：{'、'.join(TEMPLATE_FIELDS)}，或计数的名称）", effect.where
            )


def _problem(ctx: _Ctx, rs: m.Ruleset, message: str, where: str = "") -> None:
    if where and ":" in where:
        file, line = where.rsplit(":", 1)
        ctx.problems.append(Problem(file, int(line), message))
    else:
        ctx.problems.append(Problem(rs.directory, 0, message))
