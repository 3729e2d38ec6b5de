"""What the hostile-input tests share: two games of different directors in one QQ world, the
real bot over the reverse WebSocket, and a refusal check that reads the bot's SQLite store.

Game #1 (director A_DIR) is in its lobby in A_MAIN and has bound A_LOVERS; game #2 (director
B_DIR) runs a 6-seat 秘密数字杀 with a 丘比特 in B_MAIN. Around them: a group where the bot is
only a member, one B_DIR does not manage, and one the bot is not in.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

from bot.sandbox import Entry, SandboxClient, Segment, World, sent
from tests.databases import read
from tests.e2e.harness import BOT, BotProcess, attach

A_DIR, B_DIR, STRANGER, LATECOMER = 11, 12, 99, 24
A_MAIN, A_LOVERS = 500, 501
B_MAIN, B_LOVERS, BOT_NOT_ADMIN, NOT_HIS, NO_BOT = 700, 701, 702, 703, 704
A_PLAYERS = {21: "甲", 22: "乙", 23: "丙"}
B_PLAYERS = {31: "子", 32: "丑", 33: "寅", 34: "卯", 35: "辰", 36: "巳"}
B_BOARD = "丘比特 狼人x2 预言家 村民x2"
GROUPS = (A_MAIN, A_LOVERS, B_MAIN, B_LOVERS, BOT_NOT_ADMIN, NOT_HIS, NO_BOT)


def two_games_world() -> World:
    w = World(BOT)
    for qq in (A_DIR, B_DIR, STRANGER, LATECOMER, *A_PLAYERS, *B_PLAYERS):
        w.add_user(qq, f"用户{qq}")
        w.befriend(qq)
    w.create_group(A_MAIN, "A主群", owner_id=A_DIR, members=[*A_PLAYERS, LATECOMER, B_DIR, STRANGER])
    w.create_group(A_LOVERS, "A情侣群", owner_id=A_DIR, members=[21, 22])
    w.create_group(B_MAIN, "B主群", owner_id=B_DIR, members=[*B_PLAYERS, A_DIR, STRANGER])
    w.create_group(B_LOVERS, "B情侣群", owner_id=B_DIR, members=[STRANGER])
    w.create_group(BOT_NOT_ADMIN, "机器人非管理", owner_id=B_DIR, members=[BOT, 21])
    w.create_group(NOT_HIS, "别人的群", owner_id=A_DIR, members=[B_DIR, 22])
    w.create_group(NO_BOT, "没有机器人", owner_id=B_DIR, members=[23])
    for group in (A_MAIN, A_LOVERS, B_MAIN, B_LOVERS, NOT_HIS):
        w.add_member(group, BOT, role="admin")
    return w


@dataclass
class Wire:
    """The QQ side: the world, its live connection, and the bot's data directory."""

    world: World
    client: SandboxClient
    data: Path
    database: str  # the bot's SQLAlchemy URL

    async def say(self, group: int, qq: int, text: str | list[Segment], expect: str = "", timeout: float = 15) -> Entry:
        event = await self.client.send_group(group, qq, text)
        return await self.client.wait_for(sent(group_id=group, containing=expect), timeout, since=event.seq)

    async def dm(self, qq: int, text: str | list[Segment], expect: str = "", timeout: float = 15) -> Entry:
        event = await self.client.send_private(qq, text)
        return await self.client.wait_for(sent(user_id=qq, containing=expect), timeout, since=event.seq)

    def store(self) -> tuple[object, ...]:
        """Everything a refused command must leave alone, read from the bot's database (the
        outbox's delivery columns aside: earlier messages may still be going out)."""
        return tuple(
            read(self.database, query)
            for query in (
                "SELECT id, status, board, settings FROM bansha_game ORDER BY id",
                "SELECT * FROM bansha_director ORDER BY game_id, qq",
                "SELECT * FROM bansha_player ORDER BY game_id, seat",
                "SELECT game_id, seq, payload, undone FROM bansha_command ORDER BY game_id, seq",
                "SELECT id, game_id, seq, to_kind, to_id, text FROM bansha_outbox ORDER BY id",
                "SELECT * FROM bansha_binding ORDER BY game_id, team",
            )
        )

    async def refused(self, qq: int, text: str | list[Segment], expect: str, group: int | None = None) -> str:
        """``qq`` sends ``text`` (a DM, or in ``group``); the answer contains ``expect``, and
        nothing in the store changes."""
        before = self.store()
        reply = await (self.dm(qq, text, expect) if group is None else self.say(group, qq, text, expect))
        await asyncio.sleep(0.05)  # anything the command would have committed is committed by now
        assert self.store() == before, f"{text!r} changed the store"
        return reply.text

    def managed(self, group: int) -> list[Entry]:
        """Every management call the bot made on a group (kicks, 群名片, bans)."""
        return [
            e
            for e in self.world.transcript
            if e.direction == "action"
            and e.name in {"set_group_kick", "set_group_card", "set_group_ban"}
            and e.data.get("group_id") == group
        ]


@asynccontextmanager
async def two_games(tmp: Path) -> AsyncIterator[Wire]:
    """The bot up, game #1 in its lobby with A_LOVERS bound, game #2 running (at 开局)."""
    process = BotProcess(tmp)
    process.start()
    world = two_games_world()
    client = await attach(process, world)
    wire = Wire(world, client, tmp, process.database)
    try:
        await wire.say(A_MAIN, A_DIR, "/新建 secret_number", "已新建第 #1 局")
        for qq, name in A_PLAYERS.items():
            await wire.say(A_MAIN, qq, f"/报名 {name}", "报名成功")
        await wire.dm(A_DIR, f"绑定 情侣群 {A_LOVERS}", "已绑定")
        await wire.say(B_MAIN, B_DIR, "/新建 secret_number", "已新建第 #2 局")
        for qq, name in B_PLAYERS.items():
            await wire.say(B_MAIN, qq, f"/报名 {name}", "报名成功")
        await wire.say(B_MAIN, B_DIR, f"/板子 {B_BOARD}", "板子已设置")
        await wire.say(B_MAIN, B_DIR, "/开始", "已开局")
        for qq in B_PLAYERS:
            await client.wait_for(sent(user_id=qq, containing="你的角色："), 15)
        yield wire
    finally:
        await client.close()
        process.stop()
