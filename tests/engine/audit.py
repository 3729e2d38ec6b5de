"""The information-flow audit: every message, reply and view checked against what its audience
may know at that moment, by the ruleset's information model (``information`` in the ruleset).

``Knowledge`` applies the model's rules to the game as it stands: what the public, a seat or a
team may know of each seat (its cards, camp, secret number, that it is out and why, whom it
chose tonight). ``leaks`` reads a text for the facts it states about seats — a seat named beside
its secret number, its card or its camp; a seat said to be out; a night choice; a list of seats
that treats alike-looking seats differently (a 选择范围 without the wolves' numbers); a cause
of an out in public; another camp's open 投降 — and returns each one the audience may not know.

Feedback (``kind == "feedback"``) is what a skill's effect tells its user, by rule: it is not
read for facts. Directors know everything.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine import caps, cards, legal, texts
from engine.game import Game
from engine.messages import Audience, Message, To
from engine.ruleset.model import Effect, Knows
from engine.state import Seat

FACTS = ("roles", "camps", "secrets", "outs", "causes", "targets", "members", "statuses", "team")
LIST_HEADS = ("选择范围：", "可投：")
CLAUSE_END = "。；\n"


@dataclass(frozen=True)
class Leak:
    kind: str  # secret | role | camp | out | target | list | cause | event | recipient
    audience: str
    detail: str
    text: str

    def __str__(self) -> str:
        return f"[{self.kind}] to {self.audience}: {self.detail}\n    «{self.text}»"


class Knowledge:
    """What one audience may know now: for each seat, the facts the model lets it know."""

    def __init__(self, game: Game, audience: Audience, named: tuple[int, ...] = ()) -> None:
        self.game = game
        self.audience = audience
        self.named = named  # the seats the command being answered named
        self.me = audience.seat if audience.kind is To.SEAT else 0
        self.everything = audience.kind is To.DIRECTORS
        self.known: dict[int, set[str]] = {s.no: set() for s in game.st.seats}
        self.as_set: dict[int, str] = {}  # seat → the set it is known to be in (狼人's numbers)
        self.causes: set[str] = set()
        self.team_names: set[str] = set()  # the teams whose name (which kind of lover) it may read
        self.ranges: set[str] = set()  # the skills whose 选择范围 the post tells their holder (死灵咒's 名单)
        for rules, team in self._rules():
            for rule in rules:
                self._apply(rule, team)

    def _rules(self) -> list[tuple[tuple[Knows, ...], str]]:
        info = self.game.rs.information
        out = [(info.get("public", ()), "")]
        if self.audience.kind is To.SEAT:
            out.append((info.get("seat", ()), ""))
            for team in self.game.st.seat(self.me).joined:
                out.append((info.get(f"team:{team}", ()), team))
        if self.audience.kind is To.TEAM:
            out.append((info.get(f"team:{self.audience.team}", ()), self.audience.team))
        return out

    def _apply(self, rule: Knows, team: str) -> None:
        game, st = self.game, self.game.st
        if rule.since == "end" and st.phase != "over":
            return
        facts = set(FACTS) if "all" in rule.facts else set(rule.facts)
        if "range" in facts and self.me:
            self.ranges.add(rule.skill)
        if rule.of == "all":
            seats = st.seats
        elif rule.of == "self":
            seats = [st.seat(self.me)] if self.me else []
        elif rule.of == "members":
            seats = [s for s in st.seats if team in s.joined]
        elif rule.of == "out":
            seats = [s for s in st.seats if cards.known_out(game, s)]
        elif rule.of == "named":
            seats = [st.seat(n) for n in self.named if 1 <= n <= len(st.seats)]
        elif rule.of == "revealed":
            seats = [s for s in st.seats if any(c.revealed for c in s.cards)]
        elif rule.of == "team":
            seats = [s for s in st.seats if rule.status in s.joined]
        else:
            seats = [s for s in st.seats if s.has_status(rule.status)]
        for seat in seats:
            if rule.as_set:
                self.as_set[seat.no] = team or rule.text
                self.known[seat.no] |= facts - {"secrets"}
            else:
                self.known[seat.no] |= facts
        self.causes |= set(rule.causes)
        if team and "team" in facts and (self.audience.kind is To.TEAM or any(s.no == self.me for s in seats)):
            self.team_names.add(team)

    def knows(self, seat: Seat, fact: str) -> bool:
        if self.everything or seat.no == self.me:
            return True
        if fact == "targets" and self.audience.kind is To.TEAM:
            return seat.no in self.audience.members  # a team's own choices ([团队] skills)
        return fact in self.known[seat.no] or self._paired(seat.no, fact)

    def _paired(self, no: int, fact: str) -> bool:
        """Tonight's pairs an engine key makes: 阴魂不散 (互知马甲与身份，且幽魂知晓行动情况), 附体
        (获知该玩家当夜所有操作), 偷盗 (怪盗可以获知其技能名称以及选择目标)."""
        st, me = self.game.st, self.me
        if fact == "roles":
            return any((ghost, holder) in {(me, no), (no, me)} for ghost, _, holder in st.haunts)
        if fact == "targets":
            return (
                any((ghost, holder) == (me, no) for ghost, _, holder in st.haunts)
                or any((watcher, seat) == (me, no) for watcher, seat, _ in st.watches)
                or (me, no) in st.steals
            )
        return False

    def believes_in(self, seat: Seat) -> bool:
        """Whether the audience takes the seat to be still in the game (an unannounced out is)."""
        if not seat.alive and (seat.no == self.me or "outs" in self.known[seat.no]):
            return False  # its own out, or one it was told of
        return not cards.known_out(self.game, seat)

    def look(self, seat: Seat) -> tuple[object, ...]:
        """What tells this seat apart for the audience: seats with the same look are alike to it."""
        st, rs = self.game.st, self.game.rs
        if seat.no == self.me:
            return ("me",)
        me = st.seat(self.me) if self.me else None
        touched = (  # what the audience itself did to the seat before ([绝情] [喜新] [厌旧]), and its own lists
            *(
                (
                    h.skill.name,
                    seat.no in h.state.last_targets,
                    seat.no in h.state.ever_targets,
                    seat.no in h.state.before[1],
                )
                for h in (cards.held(self.game, me) if me is not None else ())
            ),
            me is not None and seat.no in me.roster,  # 巫女: 持有名单的角色会即时得知名单内角色的变化情况
            me is not None and caps.has(self.game, me, "near_only") and self._beside(me, seat),  # 暴风雪 (公示)
            *(self._told_range(me, seat) if me is not None else ()),
        )
        if rs.addressing == "secret_number" and not self.knows(seat, "secrets"):
            # a list of numbers: what is known of a seat whose number is unknown tells no number apart
            return (
                "number",
                self.believes_in(seat),
                self.as_set.get(seat.no),
                touched,
                seat.no == st.sheriff,
                me is not None and any(v.voter == me.no and v.target == seat.no for v in st.votes.values()),
                me is not None and st.last_votes.get(me.no, (None, 0))[0] == seat.no,  # its own last vote (潜行)
            )
        shown = self.knows(seat, "statuses")
        public_statuses = tuple(sorted(x.name for x in seat.statuses if shown or rs.statuses[x.name].dawn_notice))
        return (
            self.believes_in(seat),
            tuple(c.role for c in seat.cards) if self.knows(seat, "roles") else None,
            seat.camp if self.knows(seat, "camps") else None,
            seat.secret if self.knows(seat, "secrets") else None,
            self.as_set.get(seat.no),
            seat.no == st.sheriff,
            seat.no in st.exiled_today,
            touched,
            me is not None and any(v.voter == me.no and v.target == seat.no for v in st.votes.values()),
            me is not None and st.last_votes.get(me.no, (None, 0))[0] == seat.no,  # its own last vote (潜行)
            public_statuses,
            any(c.revealed for c in seat.cards),
            self._cards_out(seat),
        )

    def _told_range(self, me: Seat, seat: Seat) -> tuple[bool, ...]:
        """What its own skills' ranges tell it of the seat: a range the post tells its holder
        (``knows: range``), and one of seat numbers alone (跨越千里: 距离你电梯楼最远的角色, every seat
        counted)."""
        held = [h.skill for h in cards.held(self.game, me)]
        told = [s for s in held if s.name in self.ranges]
        opposite = any(s.range and s.range.get("farthest") for s in held)
        n, gap = len(self.game.st.seats), abs(seat.no - me.no)
        return (
            *(seat in legal.legal_targets(self.game, me, s) for s in told),
            opposite and min(gap, n - gap) == n // 2,
        )

    def _beside(self, me: Seat, seat: Seat) -> bool:
        """The seat is next to ``me`` in the 电梯楼 of the seats the audience takes to be in (首尾算作相邻)."""
        ring = [s.no for s in self.game.st.seats if s.no == me.no or self.believes_in(s)]
        if seat.no not in ring:
            return False
        gap = abs(ring.index(me.no) - ring.index(seat.no))
        return min(gap, len(ring) - gap) == 1

    def _cards_out(self, seat: Seat) -> int:
        """How many of its cards the audience knows are out (出局一次 is announced like an out)."""
        unannounced = seat.no in self.game.st.night_deaths and self.game.st.phase in {"night", "dawn", "election"}
        return 0 if unannounced else sum(c.out for c in seat.cards)


def audience_name(audience: Audience) -> str:
    return str(audience)


def leaks(game: Game, audience: Audience, text: str, kind: str = "notice", named: tuple[int, ...] = ()) -> list[Leak]:
    """Every fact ``text`` states that ``audience`` may not know now (``named``: the seats the
    command it answers named)."""
    if audience.kind is To.DIRECTORS or kind == "feedback":
        return []
    if _declared(game, text):  # a whole 通知 the rule makes, its {feedback} lines and all (凝望)
        return []
    if any(line and _declared(game, line) for line in text.split("\n")):
        text = "\n".join(line for line in text.split("\n") if not _declared(game, line))
    know = Knowledge(game, audience, named)
    found: list[Leak] = []
    name = audience_name(audience)
    st = game.st

    def leak(what: str, detail: str) -> None:
        found.append(Leak(what, name, detail, text))

    mine = st.seat(know.me).joined if know.me else [audience.team] if audience.kind is To.TEAM else []
    for team in mine:
        if team not in know.team_names and re.search(rf"(?<![\u4e00-\u9fff]){re.escape(team)}", text):
            leak("team", f"所在团队的名称「{team}」（不告知是哪一种）")
    for lost in _lost_unawares(game, know.me) if know.me else []:
        listed = re.search(r"持有的技能：([^。\n]*)", text)
        if re.search(rf"{re.escape(lost)}（已失去|失去技能{re.escape(lost)}|失去了{re.escape(lost)}", text) or (
            listed and lost not in listed.group(1)
        ):
            leak("lost", f"技能{lost}已失去（只在尝试发动时才告知）")
    skills = _night_skills_in(game, text)
    for seat in st.seats:
        if seat.no == know.me:
            continue
        for pattern in _pairings(game, seat):
            fact, regex = pattern
            if fact == "secret set":  # 狼人的秘密数字：… — known to who knows the set
                if not know.knows(seat, "secrets") and seat.no not in know.as_set and re.search(regex, text):
                    leak("secrets", f"{seat.no}号{seat.name}的秘密数字")
                    break
            elif not know.knows(seat, fact) and re.search(regex, text):
                leak(fact, f"{seat.no}号{seat.name}的{_FACT_WORDS[fact]}")
                break
        if not seat.alive and not know.knows(seat, "outs") and _said_out(game, seat, text):
            leak("out", f"{seat.no}号{seat.name}已出局（尚未公示）")
        if skills and not know.knows(seat, "targets") and _said_choice(seat, skills, text):
            leak("target", f"{seat.no}号{seat.name}的夜晚行动")
    for listed in _lists(game, text):
        classes: dict[tuple[object, ...], set[bool]] = {}
        for seat in st.seats:
            if know.believes_in(seat) or seat.no in listed:
                classes.setdefault(know.look(seat), set()).add(seat.no in listed)
        split = [look for look, seen in classes.items() if len(seen) == 2 and look != ("me",)]
        if split:
            leak("list", f"名单把看起来相同的角色区别对待：{sorted(listed)}")
    for cause in _causes_named(game, text) if audience.kind in {To.PUBLIC, To.SEAT} else []:
        if cause not in know.causes and (audience.kind is To.PUBLIC or not _own_cause(game, know.me, cause)):
            leak("cause", f"出局原因<{cause}>不公示")
    for word, open_ in [("投降", x) for x in st.surrenders.values()] + [("拍刀", x) for x in st.showdowns.values()]:
        if st.phase != "over" and know.me not in open_.asked and _names_open(text, open_.camp, word):
            leak("event", f"{open_.camp}的{word}正在进行")
    return found


def _declared(game: Game, line: str) -> bool:
    """A 公示 or 通知 the ruleset itself makes (an ``announce``, ``notify`` or ``share_feedback`` effect:
    女仆交换身份立即公示, 你的旧日情侣是…, 凝望's shared 查验): what it says is the rule's to say."""
    return any(re.fullmatch(pattern, line, re.S) for pattern in (*_announcements(game.rs), *_TOLD_BY_KEY))


# the 通知 an engine key makes by the post's rule: 名单 (巫女: 持有名单的角色会即时得知名单内角色的变化情况);
# a 新月事件's ``reveals`` (文明的狼人: 狼群内角色每晚可以得知因<杀人>、<冲锋>、<捕猎>出局的角色的具体身份，
# 白狼/雪狼每晚可以得知因<撕咬>出局的角色的具体身份)
_TOLD_BY_KEY = (
    r"[^。\n]+出局，移出名单。当前名单：[^。\n]*。",
    r"新月事件[^：\n]+：[^。\n]+因<[^>\n]+>出局，其具体身份为[^。\n]+。",
)


_ANNOUNCEMENTS: dict[str, list[str]] = {}


def _announcements(rs: object) -> list[str]:
    """The ruleset's announce texts as patterns, their {fields} free."""
    key = getattr(rs, "directory", "")
    if key not in _ANNOUNCEMENTS:
        texts_: list[str] = []
        _walk(rs, texts_, set())
        _ANNOUNCEMENTS[key] = [_template(t) for t in texts_]
    return _ANNOUNCEMENTS[key]


def _template(text: str) -> str:
    parts = re.split(r"\{[^}]*\}", text)
    return ".+?".join(re.escape(p) for p in parts)


def _walk(node: object, out: list[str], seen: set[int]) -> None:
    if id(node) in seen or isinstance(node, (str, int, float, bool, type(None))):
        return
    seen.add(id(node))
    if isinstance(node, Effect):
        if node.verb in {"announce", "notify"} and isinstance(node.arg, str):
            out.append(node.arg)
        elif node.verb == "share_feedback" and isinstance(node.arg, dict):
            out += [str(node.arg[k]) for k in ("text", "none") if node.arg.get(k)]
        return
    if isinstance(node, dict):
        for value in node.values():
            _walk(value, out, seen)
    elif isinstance(node, (list, tuple)):
        for value in node:
            _walk(value, out, seen)
    elif hasattr(node, "__dataclass_fields__"):
        for name in node.__dataclass_fields__:
            _walk(getattr(node, name), out, seen)


def _names_open(text: str, camp: str, word: str) -> bool:
    """The text tells of a camp's open 投降 / 拍刀 (正在进行的是狼人阵营的投降 …)."""
    camp = re.escape(camp)
    return bool(re.search(rf"正在进行的是{camp}|{camp}的{word}(正在|进行|已发起)|发起了?{camp}的{word}", text))


_FACT_WORDS = {"secrets": "秘密数字", "roles": "身份", "camps": "阵营"}


def _pairings(game: Game, seat: Seat) -> list[tuple[str, str]]:
    """Regexes that state a hidden fact of this seat: its name beside its number, card or camp."""
    rs = game.rs
    ident = [re.escape(seat.name)] + ([re.escape(f"{seat.no}号")] if rs.addressing == "seat" else [])
    near = rf"[^{CLAUSE_END}、→]{{0,6}}?"  # a vote (甲→秘密数字3) says whom one voted for, not who one is
    out: list[tuple[str, str]] = []
    if rs.addressing == "secret_number":
        number = rf"秘密数字{seat.secret}(?!\d)"
        out.append(
            ("secrets", rf"{re.escape(seat.name)}(?!\d){near}{number}|{number}{near}{re.escape(seat.name)}(?!\d)")
        )
        for role in dict.fromkeys(c.role for c in seat.cards):
            out.append(("secrets", rf"{number}[（(：:]{re.escape(role)}(?!阵营)"))
            out.append(("secret set", rf"{re.escape(role)}的秘密数字：(?:\d+、)*{seat.secret}(?!\d)"))
    for who in ident:
        for role in dict.fromkeys(r for c in seat.cards for r in (c.role, c.dealt) if r):
            if role in rs.camps:
                continue
            out.append(
                (
                    "roles",
                    rf"{who}(?!\d)[（(：:]{re.escape(role)}(?!阵营)|{who}(?!\d){near}身份[为是：:]{re.escape(role)}",
                )
            )
        out.append(
            (
                "camps",
                rf"{who}(?!\d)[（(：:]\s*{re.escape(seat.camp)}|{who}(?!\d){near}阵营[为是：:]{re.escape(seat.camp)}",
            )
        )
    return out


def _said_out(game: Game, seat: Seat, text: str) -> bool:
    label = re.escape(texts.target_label(game.rs, seat))
    names = [label, re.escape(seat.name)]
    return any(re.search(rf"{n}(?!\d)[^{CLAUSE_END}]{{0,12}}?(?<!即将)(?<!避免)(?<!不)出局", text) for n in names)


def _lost_unawares(game: Game, me: int) -> list[str]:
    """The seat's skills lost without its being told (长寿之命: told only when it tries one)."""
    mine = cards.held(game, game.st.seat(me))
    left = {h.skill.name for h in mine if h.state.uses is None or h.state.uses > 0}
    return [
        h.skill.name
        for h in mine
        if h.state.lost
        and h.state.unaware
        and h.skill.name in left
        and (not h.skill.requires or h.skill.requires in left)
    ]


def _night_skills_in(game: Game, text: str) -> list[str]:
    """The night skills the text names whose use the rules do not announce themselves."""
    return [
        s.name
        for s in game.rs.all_skills()
        if s.timing in {"night", "setup"} and "翻牌" not in s.tags and s.name in text and not _announced(s)
    ]


def _said_choice(seat: Seat, skills: list[str], text: str) -> bool:
    """The text states this seat's night choice: its label or name just before a night skill it
    chose (3号丙 预言 5号戊, 丙选择杀人：…)."""
    before = re.compile(rf"{re.escape(seat.name)}(?!\d)\s*(选择|发动|对)?\s*<?$")
    for skill in skills:
        at = text.find(skill)
        while at != -1:
            after = text[at + len(skill) : at + len(skill) + 3]
            if before.search(text[max(0, at - 16) : at]) and re.match(r">?\s*[→：:]?\s*[^\s。，]", after):
                return True
            at = text.find(skill, at + 1)
    return False


def _announced(skill: object) -> bool:
    """A skill whose use the rules announce (公示) itself."""
    return any(getattr(e, "verb", "") == "announce" for e in getattr(skill, "effects", ()))


def _lists(game: Game, text: str) -> list[set[int]]:
    """The seats each 选择范围 / 可投 list in the text names."""
    out = []
    for head in LIST_HEADS:
        for match in re.finditer(re.escape(head) + rf"([^{CLAUSE_END}）)，,]*)", text):
            body = match.group(1)
            if "（无）" in body:
                out.append(set())
                continue
            out.append(_seats_in(game, body))
    return out


def _seats_in(game: Game, body: str) -> set[int]:
    st = game.st
    if game.rs.addressing == "secret_number":
        numbers = {int(n) for n in re.findall(r"\d+", body.removeprefix("秘密数字"))}
        return {s.no for s in st.seats if s.secret in numbers}
    return {int(n) for n in re.findall(r"(\d+)号", body)}


def _causes_named(game: Game, text: str) -> list[str]:
    """Causes of outs named in the text (因<毒药>出局 …) that are skills, statuses or kinds."""
    words = {s.name for s in game.rs.all_skills()} | set(game.rs.damage) | set(game.rs.statuses)
    found = []
    for seat in game.st.seats:
        for who in {re.escape(seat.name), re.escape(texts.target_label(game.rs, seat))}:
            found += re.findall(
                rf"{who}(?!\d)[^{CLAUSE_END}]{{0,4}}?因<?([^<>\s，。、（）]{{1,8}}?)>?(?:而)?(?:即将)?出局", text
            )
    return [w for w in found if w in words]


def _own_cause(game: Game, me: int, cause: str) -> bool:
    """A seat may be told what happens to itself (its own out's cause)."""
    return bool(me) and (game.st.seat(me).out_cause == cause or game.st.prompt is not None)


def message_leaks(game: Game, message: Message) -> list[Leak]:
    """A message's leaks, for each of its readers: a team's message for the team it was said to."""
    found = leaks(game, message.to, message.text, message.kind)
    if message.to.kind is To.TEAM:
        found += recipient_leaks(game, message, message.to.members)
    return found


def recipient_leaks(game: Game, message: Message, readers: tuple[int, ...]) -> list[Leak]:
    """A team's message read by a seat that was not in the team when it was said."""
    said_to = set(message.to.members)
    return [
        Leak("recipient", f"seat:{no}", f"{no}号在消息说出时不在{message.to.team}中", message.text)
        for no in readers
        if no not in said_to
    ]
