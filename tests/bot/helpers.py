"""What the nonebug tests share: the fake QQ side, the OneBot calls the bot should make,
and a game to play in.

Only QQ is faked (nonebug's bot answers and records every API call). What the engine
says is taken from the engine itself: a copy of the live game is given the same command,
and its messages are mapped to the QQ calls the outbox must make (ARCHITECTURE.md: a seat
→ its player's DM, the public → the main group, the directors → their DMs, a team → its
bound group or its members' DMs).

The bot's modules need NoneBot initialised, so they are imported where used.
"""

from __future__ import annotations

import itertools
import pickle
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any
from zoneinfo import ZoneInfo

import nonebot
import pytest
from nonebot.adapters.onebot.v11 import Bot, Event, Message, MessageSegment
from nonebug import App

from engine import commands as c
from engine.game import Game, Result
from engine.messages import Message as EngineMessage
from engine.messages import To
from tests.bot.fake import SELF_ID, dm, say

if TYPE_CHECKING:
    from bot.tables import Table

GROUP = 500  # the main group
OWNER = 1  # its owner: creates the game, so directs it
SUPERUSER = 9  # see tests/conftest.py
STRANGER = 999  # neither playing nor directing
PLAYERS = {101: "甲", 102: "乙", 103: "丙", 104: "丁", 105: "戊", 106: "己"}
BOARD = "狼人x2 预言家 女巫 村民x2"
SEED = 7
LATER = timedelta(seconds=3)  # the bot reads its clock after the test does, well within this
_message_ids = itertools.count(1)

Call = tuple[str, dict[str, Any]]


def text(body: str) -> Message:
    """A message as the outbox builds it: one text segment, never parsed as CQ code."""
    return Message(MessageSegment.text(body))


class Either:
    """An expected value that may read either way: a deadline shown to the minute depends on
    the instant the bot read its clock, which falls between two instants the test knows."""

    def __init__(self, first: object, second: object) -> None:
        self.options = (first, second)

    def __eq__(self, other: object) -> bool:
        return other in self.options

    def __hash__(self) -> int:
        return hash(self.options)

    def __repr__(self) -> str:
        return f"Either{self.options!r}"


class Contains:
    """An expected text known only in part (it lists what other engineers may add to)."""

    def __init__(self, *parts: str) -> None:
        self.parts = parts

    def __eq__(self, other: object) -> bool:
        return isinstance(other, str) and all(part in other for part in self.parts)

    def __hash__(self) -> int:
        return hash(self.parts)

    def __repr__(self) -> str:
        return f"Contains{self.parts!r}"


def merge(early: list[Call], late: list[Call]) -> list[Call]:
    """The calls expected whether the bot's clock read ``early`` or ``late``."""
    assert [name for name, _ in early] == [name for name, _ in late], (early, late)
    return [
        (name, {k: v if v == b[k] else Either(v, b[k]) for k, v in a.items()})
        for (name, a), (_, b) in zip(early, late, strict=True)
    ]


class Peer:
    """The QQ side of one nonebug context: events in, expected OneBot calls out (in order)."""

    def __init__(self, ctx: Any) -> None:
        self.ctx = ctx
        bot = nonebot.get_bot(str(SELF_ID))  # connected by the app fixture; the context fakes its calls
        assert isinstance(bot, Bot)
        self.bot = bot

    def receive(self, event: Event) -> Event:
        self.ctx.receive_event(self.bot, event)
        return event

    def dm(self, qq: int, body: str) -> Event:
        """A DM from ``qq`` arrives."""
        return self.receive(dm(qq, body))

    def say(self, qq: int, body: str, group: int = GROUP, role: str = "member") -> Event:
        """``qq`` says ``body`` in a group."""
        return self.receive(say(group, qq, body, role=role))

    def reply(self, event: Event, body: object) -> None:
        """The bot answers the event where it came from (``matcher.send``: send_msg)."""
        self.ctx.should_call_send(event, body, result={"message_id": next(_message_ids)})

    def to_user(self, qq: int, body: str) -> None:
        self.call(("send_private_msg", {"user_id": qq, "message": text(body)}))

    def to_group(self, group: int, body: str) -> None:
        self.call(("send_group_msg", {"group_id": group, "message": text(body)}))

    def call(self, call: Call) -> None:
        name, data = call
        result = {"message_id": next(_message_ids)} if name.startswith("send_") else None
        self.api(name, data, result)

    def api(self, name: str, data: dict[str, Any], result: Any = None, exception: Exception | None = None) -> None:
        self.ctx.should_call_api(name, data, result=result, exception=exception)


def deliveries(table: Table, messages: list[EngineMessage], after: Game) -> list[Call]:
    """The calls that deliver engine messages, in order (a team's message goes to the members
    it was said to; ``after``: the game once they were emitted)."""
    calls: list[Call] = []
    for message in messages:
        for where, to, body in destinations(table, message, after):
            if where == "group":
                calls.append(("send_group_msg", {"group_id": to, "message": text(body)}))
            else:
                calls.append(("send_private_msg", {"user_id": to, "message": text(body)}))
    return calls


def board_after(table: Table, before: Game | None, after: Game) -> list[Call]:
    """The public 座位表 picture that follows a 开门 (where a CJK font is installed to draw it)."""
    from bot import board_image
    from engine.seat_board import public_board

    opened = after.st.phase == "day" and (before is None or (before.st.phase, before.st.day) != ("day", after.st.day))
    picture = board_image.render(public_board(after)) if opened else None
    if picture is None:
        return []
    return [("send_group_msg", {"group_id": table.group_id, "message": Message(MessageSegment.image(picture))})]


def destinations(table: Table, message: EngineMessage, after: Game) -> list[tuple[str, int, str]]:
    to = message.to
    if to.kind is To.SEAT:
        return [("user", table.player(to.seat).qq, message.text)]
    if to.kind is To.PUBLIC:
        return [("group", table.group_id, message.text)]
    if to.kind is To.DIRECTORS:
        return [("user", qq, f"【#{table.id} 导演】{message.text}") for qq in sorted(table.directors)]
    if to.team in table.bindings:
        return [("group", table.bindings[to.team], message.text)]
    label = table.rs.teams[to.team].group or to.team
    return [("user", table.player(no).qq, f"【{label}】{message.text}") for no in to.members]  # as said


# ---------------------------------------------------------------- the game's state


def now() -> datetime:
    return datetime.now(UTC)


def the_table(group: int = GROUP) -> Table:
    from bot.tables import tables

    table = tables.in_group(group)
    assert table is not None
    return table


def game(table: Table) -> Game:
    assert table.game is not None
    return table.game


def preview(table: Table, cmd: c.Command) -> tuple[Game, Result]:
    """What the live game answers to ``cmd``: a copy of it after the command, and the result
    (the bot's own game is untouched)."""
    live = game(table)
    copy = Game(live.rs, pickle.loads(pickle.dumps(live.st)))
    return copy, copy.apply(cmd)


def seat(table: Table, qq: int) -> int:
    player = table.seat_of(qq)
    assert player is not None
    return player.seat


def secret(table: Table, qq: int) -> int:
    """The secret number of the seat ``qq`` plays."""
    return game(table).st.seat(seat(table, qq)).secret


def holders(table: Table, role: str) -> list[int]:
    """The QQ numbers of the seats dealt ``role``, in seat order."""
    return [table.player(s.no).qq for s in game(table).st.seats if s.role == role]


def state(table: Table) -> dict[str, Any]:
    """The game's whole state, less the clock reading every command moves forward."""
    data = game(table).fingerprint()
    data.pop("now")
    return data


async def counts() -> tuple[int, int]:
    """(commands in the log, outbox rows): both stay put when a command is refused."""
    from nonebot_plugin_orm import get_session
    from sqlalchemy import func, select

    from bot.store.models import CommandRow, OutboxRow

    async with get_session() as session:
        commands = await session.scalar(select(func.count()).select_from(CommandRow))
        rows = await session.scalar(select(func.count()).select_from(OutboxRow))
    return int(commands or 0), int(rows or 0)


async def snapshot() -> tuple[object, ...]:
    """Everything a refused command must leave alone: the log, the outbox, each game's state,
    its players, directors, board and settings."""
    from bot.tables import tables

    games = tuple(
        (
            t.id,
            t.status,
            state(t) if t.game else None,
            [(p.seat, p.qq, p.name) for p in t.players],
            sorted(t.directors),
            list(t.board),
            dict(t.settings),
        )
        for t in tables.tables.values()
    )
    return await counts(), games


# ---------------------------------------------------------------- set-up through chat


def day_close_far() -> str:
    """A 关门 time six hours from now: with the day opening at once (day_open=none), the first
    day is open and no deadline passes during a test, whatever the time of day."""
    return (now() + timedelta(hours=6)).astimezone(ZoneInfo("Asia/Shanghai")).strftime("%H:%M")


async def open_lobby(
    app: App, players: dict[int, str] = PLAYERS, board: str = BOARD, *, group: int = GROUP, game_id: int = 1
) -> Table:
    """/新建 by the group owner, everyone /报名, the director /设置 the day to open now and close
    far ahead, and sets the /板子."""
    async with app.test_matcher() as ctx:
        qq = Peer(ctx)
        event = qq.say(OWNER, "/新建 secret_number", group=group, role="owner")
        qq.reply(
            event,
            f"已新建第 #{game_id} 局：秘密数字杀（secret_number）。导演：{OWNER}。"
            "玩家请发送「/报名 角色名」，并加机器人为好友。",
        )
        for n, (player, name) in enumerate(players.items(), 1):
            event = qq.say(player, f"/报名 {name}", group=group)
            qq.reply(event, f"报名成功：{name}（当前 {n} 人）。请加机器人为好友，开局后身份将私聊发送。")
        close = day_close_far()
        event = qq.say(OWNER, f"/设置 day_open=none day_close={close}", group=group)
        qq.reply(event, f"已设置：day_open=None，day_close={close}。")
        event = qq.say(OWNER, f"/板子 {board}", group=group)
        qq.reply(event, f"板子已设置（{len(players)}人）：{board.replace(' ', '、')}。")
    return the_table(group)


async def start_game(app: App, monkeypatch: pytest.MonkeyPatch, *, group: int = GROUP) -> Table:
    """/开始 with the deal fixed by SEED; every identity DM and notice expected from the engine."""
    from bot import service

    monkeypatch.setattr(service, "new_seed", lambda: SEED)
    table = the_table(group)
    start = c.Start(
        at=now(),
        seed=SEED,
        names=tuple(p.name for p in table.players),
        board=tuple(table.board),
        settings=tuple(table.settings.items()),
    )
    early, late = Game.start(table.rs, start), Game.start(table.rs, replace(start, at=start.at + LATER))
    async with app.test_matcher() as ctx:
        qq = Peer(ctx)
        qq.say(OWNER, "/开始", group=group)
        qq.to_group(group, f"已开局：第 #{table.id} 局，{len(table.players)} 人。")
        for call in merge(
            deliveries(table, early.out, early) + board_after(table, None, early),
            deliveries(table, late.out, late) + board_after(table, None, late),
        ):
            qq.call(call)
    assert [(s.role, s.secret) for s in game(table).st.seats] == [(s.role, s.secret) for s in early.st.seats]
    return table


async def running_game(app: App, monkeypatch: pytest.MonkeyPatch, board: str = BOARD) -> Table:
    await open_lobby(app, board=board)
    return await start_game(app, monkeypatch)


def expected(table: Table, cmd: c.Command, reply_to: tuple[str, int]) -> tuple[Result, list[Call]]:
    """The result of ``cmd`` and the calls that follow it: the sender's reply, then every
    message it causes (for the bot's clock reading anywhere in the next few seconds)."""
    runs = []
    for at in (cmd.at, cmd.at + LATER):
        after, result = preview(table, replace(cmd, at=at))
        assert result.accepted, result.reply
        kind, to = reply_to
        calls: list[Call] = []
        public = any(m.to.kind is To.PUBLIC for m in result.messages)
        if result.reply and not (kind == "group" and to == table.group_id and public):  # the notice answers
            calls.append(
                ("send_group_msg", {"group_id": to, "message": text(result.reply)})
                if kind == "group"
                else ("send_private_msg", {"user_id": to, "message": text(result.reply)})
            )
        runs.append(
            (result, calls + deliveries(table, result.messages, after) + board_after(table, game(table), after))
        )
    (result, early), (_, late) = runs
    return result, merge(early, late)


async def accepted(
    app: App, qq: int, body: str, cmd: c.Command, *, group: bool = False, main: int = GROUP, dm_reply: bool = False
) -> Result:
    """``qq`` sends ``body``, which the bot turns into ``cmd`` and the game of the ``main`` group
    accepts: the sender's reply and every message it causes go out through the outbox, as the
    engine says. ``group``: sent with '/' in the main group, so the reply goes there (unless
    ``dm_reply``: a command whose answer goes by DM wherever it came from)."""
    table = the_table(main)
    result, calls = expected(table, cmd, ("group", main) if group and not dm_reply else ("user", qq))
    async with app.test_matcher() as ctx:
        peer = Peer(ctx)
        if group:
            peer.say(qq, body, group=main)
        else:
            peer.dm(qq, body)
        for call in calls:
            peer.call(call)
    return result


async def refused(app: App, qq: int, body: str, answer: str, *, group: int | None = None, role: str = "member") -> None:
    """``qq`` sends ``body`` (a DM, or in ``group``) and is answered ``answer`` at once; nothing
    changes: no command logged, no message queued, every game as it was."""
    before = await snapshot()
    async with app.test_matcher() as ctx:
        peer = Peer(ctx)
        event = peer.dm(qq, body) if group is None else peer.say(qq, body, group=group, role=role)
        peer.reply(event, answer)
    assert await snapshot() == before


async def ignored(app: App, qq: int, body: str, *, group: int | None = None) -> None:
    """``qq`` sends ``body`` and the bot neither answers nor changes anything."""
    before = await snapshot()
    async with app.test_matcher() as ctx:
        peer = Peer(ctx)
        if group is None:
            peer.dm(qq, body)
        else:
            peer.say(qq, body, group=group)
    assert await snapshot() == before


# ---------------------------------------------------------------- a team group

TEAM_GROUP = 600
LOVERS_BOARD = "丘比特 狼人x2 预言家 村民x2"


async def bind_lovers(app: App, monkeypatch: pytest.MonkeyPatch) -> Table:
    """A game with lovers (1甲 村民 and 5戊 狼人, by 2乙 丘比特) whose 情侣群 is bound to TEAM_GROUP.
    Binding syncs the group: a stranger is kicked, the lover inside gets his 群名片, the lover
    outside is asked by DM to apply, and the group is told its roster."""
    table = await running_game(app, monkeypatch, board=LOVERS_BOARD)
    cupid = holders(table, "丘比特")[0]
    lover, beloved = holders(table, "村民")[0], holders(table, "狼人")[0]
    await accepted(
        app,
        cupid,
        f"丘比特之箭 {secret(table, lover)} {secret(table, beloved)}",
        c.Act(
            at=now(), seat=seat(table, cupid), skill="丘比特之箭", targets=(seat(table, lover), seat(table, beloved))
        ),
    )
    members = [
        {"user_id": SELF_ID, "role": "admin", "card": ""},
        {"user_id": OWNER, "role": "owner", "card": ""},
        {"user_id": lover, "role": "member", "card": ""},
        {"user_id": STRANGER, "role": "member", "card": "路人"},
    ]
    async with app.test_matcher() as ctx:
        qq = Peer(ctx)
        event = qq.say(OWNER, f"/绑定 情侣群 {TEAM_GROUP}")
        qq.api("get_group_member_list", {"group_id": TEAM_GROUP}, members)
        qq.api("set_group_kick", {"group_id": TEAM_GROUP, "user_id": STRANGER, "reject_add_request": False})
        qq.api(
            "set_group_card", {"group_id": TEAM_GROUP, "user_id": lover, "card": table.player(seat(table, lover)).name}
        )
        qq.to_user(beloved, f"你是情侣群的成员（甲、戊）。请申请加入情侣群：群号 {TEAM_GROUP}（机器人会自动通过）。")
        qq.to_group(TEAM_GROUP, "【情侣群】成员：甲、戊。")
        qq.reply(event, f"已绑定 情侣群 → 群 {TEAM_GROUP}。机器人会审批入群申请、移出名单外成员并设置群名片。")
    return table
