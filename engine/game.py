"""The Game: a ruleset, a state, and the commands that move it.

``Game.start`` deals; ``Game.apply`` takes any later command and returns the reply
to whoever sent it plus every message the command caused. Nothing here reads the
wall clock or does I/O: time arrives inside each command.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import MISSING, Field, asdict, dataclass, fields, is_dataclass, replace
from datetime import UTC, datetime
from typing import Any

from engine import (
    acting,
    boards,
    cards,
    director,
    draw,
    flow,
    identity,
    kits,
    messages,
    moon,
    prompts,
    queue,
    rosters,
    skill_uses,
    splits,
    texts,
    victory,
    voting,
)
from engine import commands as c
from engine.context import Context
from engine.errors import Refusal
from engine.messages import Message
from engine.phases import Phase
from engine.ruleset.model import Ruleset
from engine.schedule import check_settings, default_settings
from engine.state import Card, Clock, GameState, Seat, SkillState


@dataclass
class Result:
    accepted: bool
    reply: str
    messages: list[Message]


class Game(Context):
    """A game: the context the rules share, plus its start and the commands that move it."""

    LISTENERS = flow.LISTENERS

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
            moon=_moon_of(rs, cmd, [card.role for s in seats for card in s.cards] + spare),
            camp_classes={name: camp.of_class for name, camp in rs.camps.items() if camp.of_class},
        )
        if rs.last_words.count is not None:
            st.last_words_left = rs.last_words.count
        elif rs.last_words.count_formula is not None:
            st.last_words_left = math.floor(rs.last_words.count_formula(len(seats)))
        elif rs.last_words.count_role or rs.last_words.count_roles:
            counted = {rs.last_words.count_role, *rs.last_words.count_roles}
            st.last_words_left = sum(1 for s in seats for card in s.cards if card.role in counted)
        game = cls(rs, st)
        skill_uses.deal(game)
        game._introduce()
        kits.deal_faces(game)
        rosters.deal(game)
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
            self.tell(seat.no, identity.identity_text(self, seat), "identity")
            dealt = "、".join(card.role + (f"（{card.dealt}）" if card.dealt else "") for card in seat.cards)
            self.log("deal", f"{self.who(seat.no)}：{dealt}（{seat.camp}）", "分发身份")
            for skill in cards.held_skills(self, seat):
                self.hold_grants(seat.no, skill, skill.name)
        for team in rs.teams.values():
            members = [s.no for s in st.seats if any(team.name in rs.roles[card.role].teams for card in s.cards)]
            if members:
                self.form_team(team.name, members, "开局")
        if not rs.cards.order_step:
            for seat in st.seats:
                cards.start_counter(self, seat, seat.card)
        splits.deal(self)

    def _advise(self, roles: list[str]) -> None:
        """身份配置建议: the board's 影响力 and the advice it does not follow, for the directors; and
        the roles of their own board (自定板子) not written yet, which play without skills."""
        text = boards.advice_text(self.rs, roles)
        if text:
            self.say_directors(text)
        todo = [r for r in dict.fromkeys(roles) if self.rs.roles[r].todo]
        if todo:
            self.say_directors(f"【注意】以下身份尚未实现，本局按无技能进行：{'、'.join(todo)}。")

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
        # a step the command opened may be due already (关门后N分钟内: a late step keeps its deadline
        # from 关门): it closes now, not at whatever command comes next — a refused one changes nothing
        self._advance(cmd.at)
        return Result(True, reply, self.out)

    def tick(self, now: datetime) -> list[Message]:
        return self.apply(c.Tick(at=now)).messages

    def _advance(self, now: datetime) -> None:
        st = self.st
        target = st.clock.game(now)
        while st.phase != Phase.OVER:
            deadline = queue.current_deadline(self)
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
        return queue.next_deadline(self)

    def fingerprint(self) -> dict[str, Any]:
        """The whole state as plain data, for comparing a replay with the original. Fields and options
        at their default are left out, so a new field or option changes no recorded state until used."""
        st = self.st
        data = {k: v for k, v in _lean(st).items() if k not in {"rng", "work", "clock", "prompt", "options"}}
        data["rng"] = st.rng.getstate()
        data["work"] = [repr(w) for w in st.work]
        data["clock"] = asdict(st.clock)
        data["prompt"] = asdict(st.prompt) if st.prompt else None
        options = {k: v for k, v in st.options.items() if k not in self.rs.options or v != self.rs.options[k].default}
        if options:
            data["options"] = options
        return data


def _lean(value: Any) -> Any:
    """Plain data like ``asdict``, without the dataclass fields that hold their default."""
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: _lean(v) for f in fields(value) if not _at_default(f, v := getattr(value, f.name))}
    if isinstance(value, list):
        return [_lean(v) for v in value]
    if isinstance(value, tuple) and not hasattr(value, "_fields"):
        return tuple(_lean(v) for v in value)
    if isinstance(value, dict):
        return {k: _lean(v) for k, v in value.items()}
    return value


def _at_default(f: Field[Any], value: object) -> bool:
    if f.default is not MISSING:
        return bool(value == f.default)
    if f.default_factory is not MISSING:
        return bool(value == f.default_factory())
    return False


def _waived(rs: Ruleset, cmd: c.Start) -> bool:
    """A hand-made board under the draw's `waived_by` option: the 导演's own board, not the post's."""
    return bool(rs.draw and rs.draw.waived_by and dict(cmd.options).get(rs.draw.waived_by) is True)


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
    broken = draw.problem(rs.draw, roles) if rs.draw is not None and not cmd.draw and not _waived(rs, cmd) else None
    if broken:
        return f"板子不符合规则：{broken}"
    todo = [r for r in roles if rs.roles[r].todo]
    if todo and not _waived(rs, cmd):  # the 导演's own board: such a role plays without skills (they are told)
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
    broken = _moon_problem(rs, cmd, roles)
    if broken:
        return broken
    settings = default_settings(rs) | dict(cmd.settings)
    problem = check_settings(settings)
    if problem:
        return problem
    try:
        _deal(rs, cmd, random.Random(cmd.seed))
    except boards.BadBoard as bad:
        return str(bad)
    return None


def _moon_problem(rs: Ruleset, cmd: c.Start, roles: list[str]) -> str | None:
    """What is wrong with the Start's 新月配置: it needs 新月扩展 on, one event per sign, usable on this
    board; its events (or those of the 导演's draw, none given) must play."""
    on = _moon_on(rs, cmd)
    if not cmd.moon and not on:
        return None
    if rs.moon is None or not on:
        return "新月配置只在新月扩展开启时使用。"
    signs = [sign for sign, _ in cmd.moon]
    if len(set(signs)) != len(signs):
        return "新月配置中每个星座只能对应一个新月事件。"
    broken = moon.problem(rs.moon, dict(cmd.moon), roles)
    if broken:
        return f"新月配置有误：{broken}"
    todo = moon.unwritten(rs.moon, _moon_of(rs, cmd, roles))
    drawn = "" if cmd.moon else "（导演随机抽取的新月配置）"
    return f"新月事件尚未实现{drawn}：{'、'.join(todo)}。" if todo else None


def _moon_of(rs: Ruleset, cmd: c.Start, roles: list[str]) -> dict[str, str]:
    """The game's 新月配置 with 新月扩展 on (the 导演's draw when the Start gives none); {} with it off."""
    return moon.of_game(rs.moon, dict(cmd.moon), roles, cmd.seed) if rs.moon is not None and _moon_on(rs, cmd) else {}


def _moon_on(rs: Ruleset, cmd: c.Start) -> bool:
    return rs.moon is not None and bool(dict(cmd.options).get(rs.moon.option, rs.options[rs.moon.option].default))


def _deal(rs: Ruleset, cmd: c.Start, rng: random.Random) -> tuple[list[tuple[str, ...]], dict[str, Any], list[str]]:
    """The deal a Start asks for: explicit cards, a board, a preset with its substitutions, or a
    board drawn by the ruleset's rules (from the game's RNG, before the deal shuffles it)."""
    drawn: tuple[str, ...] = ()
    if cmd.draw and rs.draw is not None:  # as drawn (the post's counts), then as dealt (灯影预言家, 警察)
        drawn = tuple(draw.convert(rs.draw, draw.draw(rs.draw, len(cmd.names), rng), rng))
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
        cards_.append(
            Card(now, states, camp=camp, id=no * 10 + i, dealt=role if copied else "", pool=rs.roles[now].pool)
        )
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


def _prompted(game: Game, no: int) -> Seat | None:
    """The seat, if a prompt (最后一枪, 殉职, 装傻) waits for it: its act or pass answers that."""
    acting.playing(game)
    seat = game.named_seat(no)
    prompt = game.st.prompt
    return seat if prompt is not None and prompt.seat == seat.no else None


def _act(game: Game, cmd: c.Act) -> str:
    seat = _prompted(game, cmd.seat)
    return prompts.answer(game, seat, cmd) if seat else acting.act(game, cmd)


def _pass(game: Game, cmd: c.Pass) -> str:
    seat = _prompted(game, cmd.seat)
    return prompts.decline(game, seat) if seat else acting.pass_(game, cmd)


HANDLERS: dict[type, Callable[[Game, Any], str]] = {
    c.Tick: _tick,
    c.Act: _act,
    c.Pass: _pass,
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
