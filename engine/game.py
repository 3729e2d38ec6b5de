"""The Game: a ruleset, a state, and the commands that move it.

``Game.start`` deals; ``Game.apply`` takes any later command and returns the reply
to whoever sent it plus every message the command caused. Nothing here reads the
wall clock or does I/O: time arrives inside each command.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

from engine import acting, boards, cards, director, draw, effects, flow, messages, texts, victory, views, voting
from engine import commands as c
from engine.errors import Refusal
from engine.messages import Audience, Message
from engine.phases import PHASES, Phase
from engine.ruleset.model import Ruleset
from engine.schedule import check_settings, default_settings
from engine.state import Card, Clock, GameState, LogEntry, Seat, SkillState, StatusInstance, lasting_until


@dataclass
class Result:
    accepted: bool
    reply: str
    messages: list[Message]


class Game:
    def __init__(self, rs: Ruleset, st: GameState):
        self.rs = rs
        self.st = st
        self.out: list[Message] = []
        # answers that hold while the state's version and step stay the same (legal targets)
        self.memo: dict[tuple[object, ...], Any] = {}

    # ------------------------------------------------------------------ creation

    @classmethod
    def start(cls, rs: Ruleset, cmd: c.Start) -> Game:
        """Deal cards and secret numbers from the seed, tell every seat who it is."""
        problem = check_start(rs, cmd)
        if problem:
            raise Refusal(problem)
        settings = default_settings(rs) | dict(cmd.settings)
        rng = random.Random(cmd.seed)
        deal, board_options, spare = _deal(rs, cmd, rng)
        n = len(cmd.names)
        if cmd.secrets:
            secrets = list(cmd.secrets)
        elif rs.addressing == "secret_number":
            secrets = rng.sample(range(1, n + 1), n)
        else:
            secrets = [0] * n
        options = {o.name: o.default for o in rs.options.values()} | board_options | dict(cmd.options)
        seats = [
            _seat(rs, i + 1, name, roles, secrets[i], options)
            for i, (name, roles) in enumerate(zip(cmd.names, deal, strict=True))
        ]
        begun = cmd.at.astimezone(UTC)  # the engine keeps every time in UTC; texts show local time
        clock = Clock(anchor_real=begun, anchor_game=begun, speed=float(settings["speed"]))
        st = GameState(
            seed=cmd.seed,
            rng=rng,
            seats=seats,
            settings=settings,
            clock=clock,
            now=begun,
            options=options,
            spare_cards=spare,
        )
        if rs.last_words.count is not None:
            st.last_words_left = rs.last_words.count
        elif rs.last_words.count_role or rs.last_words.count_roles:
            counted = {rs.last_words.count_role, *rs.last_words.count_roles}
            st.last_words_left = sum(1 for s in seats for card in s.cards if card.role in counted)
        game = cls(rs, st)
        game._introduce()
        if cmd.draw:
            drawn = Counter(card.role for s in seats for card in s.cards)
            board = "、".join(r for r in rs.roles if r in drawn)
            game.say_directors(f"【随机板子】按规则帖的身份配置抽取（{n}人，仅导演可见）：{board}。")
        game._advise([card.role for s in seats for card in s.cards] + spare)
        flow.begin(game)
        flow.run(game)
        return game

    def _introduce(self) -> None:
        rs, st = self.rs, self.st
        if rs.role_table_public:
            table = "；".join(f"{s.name}——{'、'.join(card.role for card in s.cards)}" for s in st.seats)
            self.say(messages.PUBLIC, f"【{rs.name}】游戏开始。身份与角色对应关系：{table}。")
        else:
            self.say(messages.PUBLIC, f"【{rs.name}】游戏开始，共{len(st.seats)}名角色：{texts.names(st.seats)}。")
        for seat in st.seats:
            self.tell(seat.no, self.identity_text(seat), "identity")
            dealt = "、".join(card.role + (f"（{card.dealt}）" if card.dealt else "") for card in seat.cards)
            self.log("deal", f"{self.who(seat.no)}：{dealt}（{seat.camp}）", "分发身份")
            for skill in self.held_skills(seat):
                for grant in skill.grants:
                    self.grant_status(
                        seat.no,
                        grant.status,
                        source=seat.no,
                        until=f"skill:{skill.name}",
                        uses=grant.uses,
                        rule=skill.name,
                        quiet=True,
                    )
        for team in rs.teams.values():
            members = [s.no for s in st.seats if any(team.name in rs.roles[card.role].teams for card in s.cards)]
            if members:
                self.form_team(team.name, members, "开局")
        if not rs.cards.order_step:
            for seat in st.seats:
                cards.start_counter(self, seat, seat.card)

    def _advise(self, roles: list[str]) -> None:
        """身份配置建议: the board's 影响力 and the advice it does not follow, for the directors."""
        text = boards.advice_text(self.rs, roles)
        if text:
            self.say_directors(text)

    def identity_text(self, seat: Seat) -> str:
        rs = self.rs
        lines = [f"你的角色：{seat.name}（{seat.no}号）"]
        if len(seat.cards) > 1 and self.rs.order_skill and self.rs.order_skill.name in seat.skills:
            lines.append(
                f"身份牌：{'、'.join(card.role for card in seat.cards)}（开局时选择第一身份）；实际阵营：{seat.camp}"
            )
        elif len(seat.cards) > 1:
            held = "、".join(
                f"{cards.position(seat, card)} {card.role}"
                + (f"（由{card.dealt}复制）" if card.dealt else "")
                + ("（已出局）" if card.out else "")
                for card in seat.cards
            )
            lines.append(f"身份牌：{held}；当前身份：{seat.card.role}；实际阵营：{seat.camp}")
        else:
            lines.append("身份：" + "、".join(card.role for card in seat.cards) + f"；阵营：{seat.camp}")
        if rs.addressing == "secret_number":
            lines.append(f"秘密数字：{seat.secret}")
        for role_name in dict.fromkeys(card.role for card in seat.cards):
            role = rs.roles[role_name]
            tags = "".join(f"[{t}]" for t in role.tags)
            if role.text or tags:
                lines.append(f"【{role.name}】{tags}{role.text}")
            for skill in role.skills.values():
                marks = "".join(f"<{t}>" for t in sorted(skill.tags) if t in {"强制", "限定", "附加"})
                lines.append(f"· {skill.name}{marks} —— {skill.text}")
        return "\n".join(lines)

    # ------------------------------------------------------------------ commands

    def apply(self, cmd: c.Command) -> Result:
        """Advance time to the command, then carry it out or refuse it (state unchanged)."""
        self.out = []
        if isinstance(cmd, c.Start):
            return Result(False, "游戏已经开始。", [])
        cmd = replace(cmd, at=cmd.at.astimezone(UTC))
        self._advance(cmd.at)
        handler = HANDLERS[type(cmd)]
        try:
            reply = handler(self, cmd)
        except Refusal as refusal:
            return Result(False, refusal.reason, self.out)
        victory.check(self)
        flow.run(self)
        return Result(True, reply, self.out)

    def tick(self, now: datetime) -> list[Message]:
        return self.apply(c.Tick(at=now)).messages

    def _advance(self, now: datetime) -> None:
        st = self.st
        target = st.clock.game(now)
        while st.phase != Phase.OVER:
            deadline = flow.current_deadline(self)
            if deadline is None or deadline > target:
                break
            st.now = max(st.now, deadline)
            st.expired += 1
            flow.expire(self)
            # what the deadline sets off happens when it is processed: a step that opens late
            # (the bot was down) still gets its full time
            st.now = max(st.now, target)
            flow.run(self)
        if not st.clock.paused and target > st.now:
            st.now = target

    def next_deadline(self) -> datetime | None:
        """The wall-clock time of the next deadline, or None (over, paused, nothing waits)."""
        st = self.st
        if st.phase == Phase.OVER or st.clock.paused:
            return None
        deadline = flow.current_deadline(self)
        return st.clock.real(deadline) if deadline else None

    # ------------------------------------------------------------------ output

    def say(self, to: Audience, text: str, kind: str = "notice") -> None:
        if to.kind is messages.To.TEAM and not to.members:  # its readers are the members now
            to = replace(to, members=tuple(s.no for s in self.st.seats if to.team in s.teams))
        self.out.append(Message(to, text, kind))

    def tell(self, seat: int, text: str, kind: str = "notice") -> None:
        self.say(messages.seat(seat), text, kind)

    def say_public(self, text: str) -> None:
        """A notice for the main group now, whatever the phase (导演公告)."""
        self.say(messages.PUBLIC, text)

    def say_directors(self, text: str) -> None:
        self.say(messages.DIRECTORS, text, "director")

    def flag_silence(self, no: int, what: str) -> None:
        """在关门时间段，需要强制发动技能，但未与导演取得联系…将记作黄牌: the directors are told."""
        card = self.rs.schedule.silent_forced
        if card:
            name = self.st.seat(no).name
            self.say_directors(f"{name}未在时限内发动<强制>技能{what}，按规则记作{card}牌：「判罚 {name} {card}」。")
            self.log("flag", f"{self.who(no)}未在时限内发动{what}，提请导演判{card}牌", "行动时限")

    def feedback(self, seat: int, text: str, rule: str) -> None:
        self.tell(seat, text, "feedback")
        self.log("feedback", f"反馈给{self.who(seat)}：{text}", rule)

    def public(self, text: str, section: str = "held") -> None:
        """公示: at once by day; what happens at night waits for the next 开门."""
        if PHASES[self.st.phase].news_waits:
            self.st.held.append((section, text))
        else:
            self.say(messages.PUBLIC, text)

    def log(self, kind: str, text: str, rule: str = "", secret: bool = True) -> None:
        self.st.log.append(LogEntry(texts.phase_title(self.st.phase, self.st.day), kind, text, rule, secret))

    def named_seat(self, no: int) -> Seat:
        """The seat a command names; refused when the game has no such seat."""
        if not 1 <= no <= len(self.st.seats):
            raise Refusal("没有这个座位。")
        return self.st.seat(no)

    def who(self, no: int) -> str:
        """A seat as the log and directors see it: everything."""
        if not no:
            return "规则"
        seat = self.st.seat(no)
        secret = f"/秘密数字{seat.secret}" if self.rs.addressing == "secret_number" else ""
        role = seat.role if len(seat.cards) == 1 else "/".join(c.role + ("×" if c.out else "") for c in seat.cards)
        return f"{seat.no}号{seat.name}（{role}{secret}）"

    def label(self, no: int) -> str:
        return texts.target_label(self.rs, self.st.seat(no))

    def deadline_text(self, game_time: datetime) -> str:
        return texts.clock_text(self.st.clock.real(game_time), self.st.settings["timezone"])

    # ------------------------------------------------------------------ primitives

    def held_skills(self, seat: Seat) -> list[Any]:
        """The skills the seat holds now and may still use (not lost, uses left): its current
        card's, what its other cards give when not current (隐匿), and its card tags'."""
        mine = cards.held(self, seat)
        return [h.skill for h in mine if cards.usable(self, seat, h, mine)]

    def grant_status(
        self, target: int, name: str, *, source: int, until: str, uses: int | None, rule: str, quiet: bool = False
    ) -> None:
        seat = self.st.seat(target)
        sdef = self.rs.statuses[name]
        if any(s.name == name and s.until == until and s.source == source for s in seat.statuses):
            return  # 相同的状态不会重复施加效果
        clash = [s for s in seat.statuses if s.name in sdef.cancels or name in self.rs.statuses[s.name].cancels]
        if clash:
            self.remove_statuses(seat, lambda s: s is clash[0])
            self.log("status", f"{self.who(target)}的[{clash[0].name}]与[{name}]相遇，均失效", rule)
            return
        seat.statuses.append(
            StatusInstance(
                name,
                source,
                until,
                uses if uses is not None else sdef.uses,
                self.st.phase_key,
                card=0 if sdef.whole_seat else seat.card.id,
            )
        )
        for skill in sdef.skills.values():  # skills held while the status is (激励)
            seat.skills[skill.name] = SkillState(skill.name, skill.uses)
        self.changed()
        self.log("status", f"{self.who(target)}获得状态[{name}]", rule)
        if sdef.told and not quiet:
            self.tell(target, sdef.told)
        if sdef.dawn_notice:
            self.st.dawn_statuses.append((name, target))

    def changed(self) -> None:
        """Note a change a victory condition can read (alive, camp, status, team)."""
        self.st.version += 1

    def remove_statuses(self, seat: Seat, which: Callable[[StatusInstance], bool]) -> list[StatusInstance]:
        removed = [s for s in seat.statuses if which(s)]
        if removed:
            seat.statuses = [s for s in seat.statuses if not which(s)]
            self.changed()
        return removed

    def set_camp(self, target: int, camp: str, rule: str) -> None:
        seat = self.st.seat(target)
        if seat.camp == camp:
            return
        seat.camp = camp
        self.changed()
        self.tell(target, f"你的阵营转变为{camp}。")
        self.log("camp", f"{self.who(target)}的阵营转变为{camp}", rule)

    def form_team(self, name: str, members: list[int], rule: str) -> None:
        team = self.rs.teams[name]
        for no in members:
            seat = self.st.seat(no)
            if name not in seat.teams:
                seat.teams.append(name)
                self.changed()
            if name not in seat.joined:
                seat.joined.append(name)
        everyone = [s for s in self.st.seats if name in s.teams]
        self.log("team", f"{name}：{'、'.join(self.who(s.no) for s in everyone)}", rule)
        ctx = effects.Ctx(self, actor=0, targets=[s.no for s in everyone], rule=rule)
        effects.run(ctx, team.on_formed)
        if team.intro:
            intro = views.team_text(self, name, everyone)
            if team.chat:
                self.say(messages.team(name), intro, "team")
            else:
                for seat in everyone:
                    self.tell(seat.no, intro, "team")

    def lose_skills(self, target: int, names: tuple[str, ...] | None, rule: str, told: bool = True) -> None:
        """The seat's current card loses skills (技能效果只影响当前身份); ``told=False``: its holder
        learns it only when it tries to use one (长寿之命)."""
        seat = self.st.seat(target)
        lost = []
        for name, state in seat.card.skills.items():
            if state.lost or (names is not None and name not in names):
                continue
            state.lost = True
            state.unaware = not told
            lost.append(name)
            self.remove_statuses(seat, lasting_until(f"skill:{name}"))
        if not lost:
            return
        self.log("skill", f"{self.who(target)}失去技能：{'、'.join(lost)}", rule)
        for name in lost:
            skill = cards.skill_def(self, seat.card, name)
            if skill is not None and skill.on_lost_after_use and seat.card.skills[name].used:
                effects.run(effects.Ctx(self, actor=target, skill=skill, rule=f"{name}失效"), skill.on_lost_after_use)

    def become(self, target: int, role: str, rule: str, keep_camp: bool = False) -> None:
        """The seat's current card becomes another role, its skills fresh (偷换, 志继, 顺从)."""
        seat = self.st.seat(target)
        card = seat.card
        old = card.role
        for name in card.skills:
            self.remove_statuses(seat, lasting_until(f"skill:{name}"))
        card.dealt = card.dealt or old
        card.role = role
        card.skills = cards.new_states(self, role)
        card.camp = self.rs.roles[role].camp
        unsettled = self.rs.camps[card.camp].unsettled if card.camp in self.rs.camps else False
        self.changed()
        self.log("card", f"{self.who(target)}的身份由{old}变为{role}", rule)
        for skill in self.rs.roles[role].skills.values():
            for grant in skill.grants if skill.name in card.skills else ():
                self.grant_status(
                    target,
                    grant.status,
                    source=target,
                    until=f"skill:{skill.name}",
                    uses=grant.uses,
                    rule=rule,
                    quiet=True,
                )
        if not keep_camp and not unsettled:  # a card whose camp an opening choice settles (混血儿) leaves it be
            self.set_camp(target, card.camp, rule)
        if seat.alive:
            self.tell(target, f"你的身份变为{role}（{rule}）。\n" + self.identity_text(seat), "identity")

    def queue_out(self, target: int, cause: str, source: int = 0, kind: str = "") -> None:
        flow.push_front(self, [flow.Out(target, cause, kind, source)])

    def grant_skill(self, target: int, name: str, rule: str) -> None:
        """The seat's current card gains a skill, its uses on top of any it holds already (幸运儿)."""
        seat = self.st.seat(target)
        skill = self.rs.skill(name)
        assert skill is not None
        self.st.grants += 1
        state = seat.card.skills.get(name)
        if state is not None and not state.lost:
            state.uses = None if state.uses is None or skill.uses is None else state.uses + skill.uses
        else:
            seat.card.skills[name] = SkillState(name, skill.uses, granted=self.st.grants)
        self.changed()
        self.log("skill", f"{self.who(target)}的{seat.card.role}获得技能{name}", rule)

    def ask_succession(self, sheriff: int) -> None:
        flow.push_front(self, [flow.Ask(sheriff, self.rs.sheriff.succession if self.rs.sheriff else "殉职", "sheriff")])

    def rng(self) -> random.Random:
        return self.st.rng

    # ------------------------------------------------------------------ queries

    def target_from_text(self, text: str) -> int | None:
        """The seat a player means by ``text``: a secret number, or a seat number or name."""
        text = text.strip().removeprefix("秘密数字").removesuffix("号")
        for seat in self.st.seats:
            if self.rs.addressing == "secret_number":
                if text == str(seat.secret):
                    return seat.no
            elif text in {str(seat.no), seat.name}:
                return seat.no
        return None

    def fingerprint(self) -> dict[str, Any]:
        """The whole state as plain data, for comparing a replay with the original."""
        from dataclasses import asdict

        st = self.st
        data = {k: v for k, v in st.__dict__.items() if k not in {"rng", "work", "clock", "prompt"}}
        data = {k: (asdict(v) if hasattr(v, "__dataclass_fields__") else v) for k, v in data.items()}
        data["seats"] = [asdict(s) for s in st.seats]
        data["acts"] = [asdict(a) for a in st.acts]
        data["votes"] = {k: asdict(v) for k, v in st.votes.items()}
        data["damage"] = [asdict(d) for d in st.damage]
        data["log"] = [asdict(e) for e in st.log]
        data["rng"] = st.rng.getstate()
        data["work"] = [repr(w) for w in st.work]
        data["clock"] = asdict(st.clock)
        data["prompt"] = asdict(st.prompt) if st.prompt else None
        return data


def check_start(rs: Ruleset, cmd: c.Start) -> str | None:
    """Why this deal cannot start a game, or None."""
    n = len(cmd.names)
    if n < 2:
        return "至少需要2名角色。"
    if len(set(cmd.names)) != n:
        dupes = [k for k, v in Counter(cmd.names).items() if v > 1]
        return f"角色名重复：{'、'.join(dupes)}。"
    per = rs.cards.per_seat
    if cmd.roles:
        roles = [r for rs_ in cmd.roles for r in rs_]
    elif cmd.board:
        roles = list(cmd.board)
    elif cmd.template:
        try:
            roles = boards.cards_of(rs, cmd.template, cmd.substitutions)[0]
        except boards.BadBoard as bad:
            return str(bad)
    elif cmd.draw:
        if rs.draw is None:
            return f"规则集 {rs.id} 没有随机板子的规则（draw）。"
        try:
            roles = draw.draw(rs.draw, n, random.Random(cmd.seed))
        except boards.BadBoard as bad:
            return str(bad)
    else:
        return f"请给出身份：逐个角色给出、给出板子，或选择预设板型（{'、'.join(rs.boards) or '本规则没有预设板型'}）。"
    if cmd.roles and len(cmd.roles) != n:
        return f"给出了{len(cmd.roles)}份身份，但有{n}名角色。"
    extra = boards.extra_cards(rs, roles + list(cmd.spare))
    if not cmd.roles and len(roles) != n * per + extra:
        what = f"{len(roles)}张身份牌" if per > 1 else f"{len(roles)}个身份"
        if extra:
            return f"板子有{what}，但有{n}名角色报名：板子上有{extra}个额外身份供盗贼挑选，应有{n * per + extra}个。"
        return f"板子有{what}，但有{n}名角色报名" + (f"（每名角色{per}张）。" if per > 1 else "。")
    if cmd.roles and len(cmd.spare) != extra:
        return f"这副身份需要{extra}个未发出的身份（盗贼挑选），给出了{len(cmd.spare)}个。"
    unknown = [r for r in roles if r not in rs.roles or not rs.roles[r].dealt]
    if unknown:
        dealt = [name for name, role in rs.roles.items() if role.dealt]
        return f"规则集 {rs.id} 中没有身份：{'、'.join(dict.fromkeys(unknown))}。可用：{'、'.join(dealt)}。"
    broken = draw.problem(rs.draw, roles) if rs.draw is not None and not cmd.draw else None
    if broken:
        return f"板子不符合规则：{broken}"
    todo = [r for r in roles if rs.roles[r].todo]
    if todo:
        return f"身份尚未实现：{'、'.join(dict.fromkeys(todo))}。"
    if cmd.secrets and sorted(cmd.secrets) != list(range(1, n + 1)):
        return f"秘密数字应为 1 到 {n} 各一次。"
    for key, value in cmd.options:
        option = rs.options.get(key)
        if option is None:
            return f"规则集 {rs.id} 没有选项 {key}（可用：{'、'.join(rs.options) or '无'}）。"
        if option.values and value not in option.values:
            missing = f"（{key}尚未实现：{option.todo}）" if option.todo else ""
            return f"选项 {key} 的值应为：{'、'.join(map(str, option.values))}{missing}。"
    settings = default_settings(rs) | dict(cmd.settings)
    problem = check_settings(settings)
    if problem:
        return problem
    try:
        _deal(rs, cmd, random.Random(cmd.seed))
    except boards.BadBoard as bad:
        return str(bad)
    return None


def _deal(rs: Ruleset, cmd: c.Start, rng: random.Random) -> tuple[list[tuple[str, ...]], dict[str, Any], list[str]]:
    """The deal a Start asks for: explicit cards, a board, a preset with its substitutions, or a
    board drawn by the ruleset's rules (from the game's RNG, before the deal shuffles it)."""
    drawn = tuple(draw.draw(rs.draw, len(cmd.names), rng)) if cmd.draw and rs.draw is not None else ()
    return boards.deal(
        rs,
        rng,
        roles=cmd.roles,
        board=cmd.board or drawn,
        template=cmd.template,
        substitutions=cmd.substitutions,
        options=dict(cmd.options),
        spare=cmd.spare,
    )


def _seat(rs: Ruleset, no: int, name: str, roles: tuple[str, ...], secret: int, options: dict[str, Any]) -> Seat:
    """A seat with its dealt cards: a copying card (复制人) becomes the other, the camp and hands fixed."""
    cards_ = []
    for i, role in enumerate(roles):
        copied = roles[1 - i] if rs.roles[role].copies and len(roles) > 1 else ""
        now = copied or role
        states = cards.dealt_states(rs.roles[now])
        camp = rs.roles[now].camp
        cards_.append(Card(now, states, camp=camp, id=no * 10 + i, dealt=role if copied else ""))
    seat = Seat(no=no, name=name, cards=cards_, camp=boards.seat_camp(rs, roles), secret=secret)
    seat.hands = tuple(h for h in rs.hands if tuple(sorted(roles)) in rs.hand_pairs(h, options))
    for tag in rs.card_tags.values():
        for skill in tag.skills.values():
            seat.skills[skill.name] = SkillState(skill.name, skill.uses)
    if rs.order_skill is not None and len(set(roles)) > 1 and not any(rs.roles[r].copies for r in roles):
        seat.skills[rs.order_skill.name] = SkillState(rs.order_skill.name, 1)
    return seat


def _tick(game: Game, _cmd: c.Tick) -> str:
    return ""


HANDLERS: dict[type, Callable[[Game, Any], str]] = {
    c.Tick: _tick,
    c.Act: acting.act,
    c.Pass: acting.pass_,
    c.CastVote: voting.cast,
    c.LastWords: acting.last_words,
    c.Surrender: victory.surrender,
    c.Showdown: victory.showdown,
    c.Pause: director.pause,
    c.Resume: director.resume,
    c.Extend: director.extend,
    c.Advance: director.advance,
    c.Penalize: director.penalize,
    c.Ruling: director.ruling,
    c.Announce: director.announce,
    c.Settings: director.settings,
    c.Substitute: director.substitute,
}
