"""Reading a scenario file (the public format of SCENARIO_FORMAT.md) into checked data.

A malformed scenario — unknown key, player, role or skill — raises ``Malformed``
with file:line; the runner turns that into exit code 2.

Compatible extensions of the format, all optional:
    spare_cards: [狼人, 村民]      top level: the cards dealt to nobody (盗贼's choice)
    votes: [{…}, {…}]             a day block: one map per vote round (口吃法官<暗示>)
    sheriff_votes: {…}            a day block whose vote is the election (雾雨小镇's day 1): that vote
    showdown: {plan, by: [..]}    a day or night block: 拍刀 as it opens, the first proposes, the rest agree
    rejected_votes, last_words, surrender, penalties, election_acts (day / night blocks)
    expect: lost: [camps]         these camps are lost (优先判负)
    expect: directors / no_directors: [texts]   messages to the directors since the last expect
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from engine.errors import RulesetError
from engine.ruleset.loader import load_ruleset
from engine.ruleset.model import Ruleset
from engine.ruleset.yamlsrc import Node, Seq, line_of
from engine.ruleset.yamlsrc import load as load_yaml

TOP_KEYS = {"ruleset", "seed", "options", "新月配置", "players", "spare_cards", "script"}
PLAYER_KEYS = {"name", "role", "secret"}
BLOCK_KEYS = {
    "setup": {"setup", "acts", "after"},
    "day": {
        "day",
        "election_acts",
        "acts",
        "sheriff_votes",
        "votes",
        "rejected_votes",
        "after",
        "last_words",
        "surrender",
        "showdown",
        "penalties",
    },
    "night": {"night", "acts", "after", "last_words", "surrender", "showdown", "penalties"},
    "expect": {"expect"},
}
ACT_KEYS = {"by", "skill", "targets", "choice", "rejected"}
EXPECT_KEYS = {
    "alive",
    "dead",
    "cards_out",
    "sheriff",
    "winner",
    "camp",
    "status",
    "no_status",
    "private",
    "no_private",
    "public",
    "no_public",
    "group",
    "lost",
    "directors",
    "no_directors",
}
ABSTAIN = "弃权"


class Malformed(Exception):
    def __init__(self, file: str, line: int, message: str):
        super().__init__(f"{file}:{line}: {message}")


@dataclass
class ActSpec:
    by: str
    skill: str
    targets: list[str]
    choice: str | None
    rejected: str | None  # None: must be accepted; "" any refusal
    line: int


@dataclass
class Block:
    kind: str  # setup | day | night | expect
    number: int
    line: int
    acts: list[ActSpec] = field(default_factory=list)
    after: list[ActSpec] = field(default_factory=list)
    votes: list[dict[str, str]] = field(default_factory=list)
    sheriff_votes: dict[str, str] = field(default_factory=dict)
    # extensions of the format (all optional):
    election_acts: list[ActSpec] = field(default_factory=list)  # on 竞选日, before sheriff_votes
    rejected_votes: dict[str, str] = field(default_factory=dict)  # each vote must be refused
    last_words: dict[str, str] = field(default_factory=dict)  # 遗言, sent when the block ends
    surrender: list[str] = field(default_factory=list)  # 投降, in order, when the block opens
    showdown: tuple[str, list[str]] = ("", [])  # 拍刀: (plan, [who proposes, who agrees …]) after 投降
    penalties: dict[str, str] = field(default_factory=dict)  # 判罚 蓝/黄/红, when the block opens
    expect: dict[str, Any] = field(default_factory=dict)

    @property
    def title(self) -> str:
        return {"setup": "setup", "day": f"day {self.number}", "night": f"night {self.number}", "expect": "expect"}[
            self.kind
        ]


@dataclass
class Scenario:
    file: str
    ruleset: Ruleset
    seed: int
    options: dict[str, Any]
    players: list[tuple[str, tuple[str, ...], int | None]]
    blocks: list[Block]
    players_line: int = 0
    spare_cards: tuple[str, ...] = ()  # the cards dealt to nobody (盗贼's choice)
    moon: tuple[tuple[str, str], ...] = ()  # 新月配置: (星座, 事件), checked at the start like the deal

    def seat_of(self, name: str) -> int:
        return next(i for i, (n, _, _) in enumerate(self.players, 1) if n == name)


def read(path: str) -> Scenario:
    file = path
    try:
        doc = load_yaml(Path(path), file)
    except (OSError, yaml.YAMLError) as exc:
        mark = getattr(exc, "problem_mark", None)
        raise Malformed(file, (mark.line + 1) if mark else 0, f"无法读取场景：{exc}") from exc
    if not isinstance(doc, Node):
        raise Malformed(file, 1, "场景文件顶层应为映射")
    _keys(doc, TOP_KEYS, file, "场景")
    if "ruleset" not in doc:
        raise Malformed(file, 1, "缺少 ruleset")
    try:
        rs = load_ruleset(str(doc["ruleset"]))
    except RulesetError as exc:
        raise Malformed(file, line_of(doc, "ruleset"), f"规则集 {doc['ruleset']} 无法加载：{exc}") from exc
    seed = doc.get("seed", 0)
    if not isinstance(seed, int):
        raise Malformed(file, line_of(doc, "seed"), "seed 应为整数")
    options = doc.get("options") or {}
    if not isinstance(options, dict):
        raise Malformed(file, line_of(doc, "options"), "options 应为映射")
    for key in options:
        if key not in rs.options:
            raise Malformed(file, line_of(options, key), f"规则集 {rs.id} 没有选项 {key}")
    players = _players(doc, rs, file)
    names = {p[0] for p in players}
    blocks = _blocks(doc, rs, names, file)
    spare = doc.get("spare_cards") or []
    if not isinstance(spare, list) or any(str(r) not in rs.roles for r in spare):
        raise Malformed(file, line_of(doc, "spare_cards"), f"spare_cards 应为规则集 {rs.id} 中身份的列表")
    moon = doc.get("新月配置") or {}
    if not isinstance(moon, dict):
        raise Malformed(file, line_of(doc, "新月配置"), "新月配置 应为 星座: 事件 的映射")
    return Scenario(
        file,
        rs,
        seed,
        dict(options),
        players,
        blocks,
        line_of(doc, "players"),
        tuple(map(str, spare)),
        tuple((str(k), str(v)) for k, v in moon.items()),
    )


def _keys(node: Node, allowed: set[str], file: str, what: str) -> None:
    for key in node:
        if key not in allowed:
            raise Malformed(
                file, line_of(node, key), f"{what}中不认识的键 {key!r}（可用：{'、'.join(sorted(allowed))}）"
            )


def _players(doc: Node, rs: Ruleset, file: str) -> list[tuple[str, tuple[str, ...], int | None]]:
    raw = doc.get("players")
    if not isinstance(raw, Seq) or not raw:
        raise Malformed(file, line_of(doc, "players"), "players 应为非空列表")
    out: list[tuple[str, tuple[str, ...], int | None]] = []
    for i, item in enumerate(raw):
        if not isinstance(item, Node):
            raise Malformed(file, line_of(raw, i), "每个 player 应为 {name, role}")
        _keys(item, PLAYER_KEYS, file, "player")
        name = str(item.get("name", ""))
        if not name:
            raise Malformed(file, line_of(raw, i), "player 缺少 name")
        if name in {p[0] for p in out}:
            raise Malformed(file, line_of(raw, i), f"player {name} 重复")
        role = item.get("role")
        roles = tuple(str(r) for r in role) if isinstance(role, list) else (str(role),)
        for r in roles:
            if r not in rs.roles or not rs.roles[r].dealt:
                raise Malformed(file, line_of(item, "role"), f"规则集 {rs.id} 中没有身份 {r}")
        if len(roles) != rs.cards.per_seat:
            raise Malformed(
                file,
                line_of(item, "role"),
                f"规则集 {rs.id} 每名角色持有{rs.cards.per_seat}张身份牌，{name}有{len(roles)}张",
            )
        secret = item.get("secret")
        if secret is not None and (not isinstance(secret, int) or rs.addressing != "secret_number"):
            raise Malformed(file, line_of(item, "secret"), "secret 只用于有秘密数字的规则集，且应为整数")
        out.append((name, roles, secret))
    given = [p[2] for p in out if p[2] is not None]
    if given and sorted(given) != list(range(1, len(out) + 1)):
        raise Malformed(file, line_of(doc, "players"), f"secret 要么全部给出（1 到 {len(out)} 各一次），要么都不给")
    return out


def _blocks(doc: Node, rs: Ruleset, names: set[str], file: str) -> list[Block]:
    raw = doc.get("script") or []
    if not isinstance(raw, list):
        raise Malformed(file, line_of(doc, "script"), "script 应为列表")
    blocks = []
    for i, item in enumerate(raw):
        line = line_of(raw, i)
        if not isinstance(item, Node) or not item:
            raise Malformed(file, line, "每个 block 应为映射，第一个键是 setup / day / night / expect")
        kind = next(iter(item))
        if kind not in BLOCK_KEYS:
            raise Malformed(file, line, f"未知 block {kind!r}（应为 setup / day / night / expect）")
        _keys(item, BLOCK_KEYS[kind], file, f"{kind} block")
        number = 0
        if kind in {"day", "night"}:
            number = item[kind]
            if not isinstance(number, int) or number < 1:
                raise Malformed(file, line_of(item, kind), f"{kind} 后应为正整数")
        block = Block(kind, number, line)
        block.acts = _acts(item, "acts", rs, names, file)
        block.election_acts = _acts(item, "election_acts", rs, names, file)
        block.after = _acts(item, "after", rs, names, file)
        if kind == "day":
            block.votes = _votes(item, names, file)
            block.sheriff_votes = _vote_map(item.get("sheriff_votes") or {}, item, "sheriff_votes", names, file)
            block.rejected_votes = _vote_map(item.get("rejected_votes") or {}, item, "rejected_votes", names, file)
        if kind in {"day", "night"}:
            block.last_words = _said(item, "last_words", names, file)
            block.surrender = [str(n) for n in item.get("surrender") or []]
            for name in block.surrender:
                if name not in names:
                    raise Malformed(file, line_of(item, "surrender"), f"未知 player {name!r}")
            block.showdown = _showdown(item, names, file)
            block.penalties = _said(item, "penalties", names, file)
            for card in block.penalties.values():
                if card not in {"蓝", "黄", "红"}:
                    raise Malformed(file, line_of(item, "penalties"), f"判罚应为 蓝、黄 或 红，不是 {card!r}")
        if kind == "expect":
            block.expect = _expect(item, rs, names, file)
        blocks.append(block)
    return blocks


def _acts(item: Node, key: str, rs: Ruleset, names: set[str], file: str) -> list[ActSpec]:
    raw = item.get(key) or []
    if not isinstance(raw, list):
        raise Malformed(file, line_of(item, key), f"{key} 应为列表")
    out = []
    for i, act in enumerate(raw):
        line = line_of(raw, i)
        if not isinstance(act, Node):
            raise Malformed(file, line, "act 应为 {by, skill, targets}")
        _keys(act, ACT_KEYS, file, "act")
        by = str(act.get("by", ""))
        if by not in names:
            raise Malformed(file, line_of(act, "by"), f"未知 player {by!r}")
        skill = str(act.get("skill", ""))
        if rs.skill(skill) is None and skill != (rs.sheriff.succession if rs.sheriff else None):
            raise Malformed(file, line_of(act, "skill"), f"规则集 {rs.id} 中没有技能 {skill!r}")
        targets = act.get("targets") or []
        if not isinstance(targets, list):
            targets = [targets]
        for t in targets:
            if str(t) not in names:
                raise Malformed(file, line_of(act, "targets"), f"未知 player {t!r}")
        rejected = act.get("rejected")
        out.append(
            ActSpec(
                by,
                skill,
                [str(t) for t in targets],
                act.get("choice"),
                None if rejected is None else str(rejected),
                line,
            )
        )
    return out


def _showdown(item: Node, names: set[str], file: str) -> tuple[str, list[str]]:
    raw = item.get("showdown")
    if raw is None:
        return ("", [])
    if not isinstance(raw, dict) or not isinstance(raw.get("by"), list) or not raw.get("plan"):
        raise Malformed(file, line_of(item, "showdown"), "showdown 应为 {plan: 方案, by: [发起者, 同意者 …]}")
    for name in raw["by"]:
        if str(name) not in names:
            raise Malformed(file, line_of(item, "showdown"), f"未知 player {name!r}")
    return (str(raw["plan"]), [str(n) for n in raw["by"]])


def _vote_map(raw: Any, item: Node, key: str, names: set[str], file: str) -> dict[str, str]:
    if not isinstance(raw, dict):
        raise Malformed(file, line_of(item, key), f"{key} 应为 投票者: 对象 的映射")
    for voter, target in raw.items():
        if voter not in names:
            raise Malformed(file, line_of(raw, voter), f"未知 player {voter!r}")
        if str(target) not in names and target != ABSTAIN:
            raise Malformed(file, line_of(raw, voter), f"未知投票对象 {target!r}（角色名或 弃权）")
    return {str(k): str(v) for k, v in raw.items()}


def _said(item: Node, key: str, names: set[str], file: str) -> dict[str, str]:
    raw = item.get(key) or {}
    if not isinstance(raw, dict):
        raise Malformed(file, line_of(item, key), f"{key} 应为 角色名: 内容 的映射")
    for name in raw:
        if name not in names:
            raise Malformed(file, line_of(raw, name), f"未知 player {name!r}")
    return {str(k): str(v) for k, v in raw.items()}


def _votes(item: Node, names: set[str], file: str) -> list[dict[str, str]]:
    raw = item.get("votes")
    if raw is None:
        return []
    rounds = raw if isinstance(raw, list) else [raw]
    return [_vote_map(r, item, "votes", names, file) for r in rounds]


def _expect(item: Node, rs: Ruleset, names: set[str], file: str) -> dict[str, Any]:
    raw = item.get("expect") or {}
    if not isinstance(raw, Node):
        raise Malformed(file, line_of(item, "expect"), "expect 应为映射")
    _keys(raw, EXPECT_KEYS, file, "expect")

    def check_names(values: Any, key: str) -> None:
        for name in values if isinstance(values, list) else [values]:
            if name is not None and str(name) not in names:
                raise Malformed(file, line_of(raw, key), f"未知 player {name!r}")

    for key in ("alive", "dead"):
        if key in raw:
            check_names(raw[key], key)
    if raw.get("sheriff") is not None:
        check_names(raw["sheriff"], "sheriff")
    for key in ("cards_out", "camp", "status", "no_status", "private", "no_private"):
        if key in raw:
            if not isinstance(raw[key], dict):
                raise Malformed(file, line_of(raw, key), f"{key} 应为 角色名: … 的映射")
            check_names(list(raw[key]), key)
    if "camp" in raw:
        for camp in raw["camp"].values():
            if camp not in rs.camps:
                raise Malformed(file, line_of(raw, "camp"), f"规则集 {rs.id} 中没有阵营 {camp}")
    if raw.get("winner") is not None and raw["winner"] not in rs.camps:
        raise Malformed(file, line_of(raw, "winner"), f"规则集 {rs.id} 中没有阵营 {raw['winner']}")
    for camp in raw.get("lost") or []:
        if camp not in rs.camps:
            raise Malformed(file, line_of(raw, "lost"), f"规则集 {rs.id} 中没有阵营 {camp}")
    if "group" in raw:
        if not isinstance(raw["group"], dict):
            raise Malformed(file, line_of(raw, "group"), "group 应为 团队群名: [文字] 的映射")
        for group in raw["group"]:
            if rs.team_by_group(group) is None:
                raise Malformed(file, line_of(raw, "group"), f"规则集 {rs.id} 中没有团队 {group}")
    for key in ("status", "no_status"):
        for values in (raw.get(key) or {}).values():
            for status in values if isinstance(values, list) else [values]:
                if status not in rs.statuses:
                    raise Malformed(file, line_of(raw, key), f"规则集 {rs.id} 中没有状态 {status}")
    return dict(raw)
