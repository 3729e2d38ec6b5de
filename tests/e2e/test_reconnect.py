"""QQ reconnects just before a deadline and answers ``get_group_member_list`` slowly: the bot's
catch-up on connect (it re-checks every bound group) is still under way when the deadline
fires. The deadline's messages go out once — not once by the catch-up and again by the
deadline's own delivery. Over the real reverse WebSocket, with a client that answers the
member list late (as NapCat does for a large group) while answering everything else at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections import Counter
from pathlib import Path

from websockets.asyncio.client import ClientConnection
from websockets.asyncio.client import connect as ws_connect
from websockets.exceptions import ConnectionClosed

from bot.sandbox import SandboxClient, World
from tests.e2e.harness import BOT, DIRECTOR, TOKEN, BotProcess, Table, attach, deliveries
from tests.e2e.harness import qq_world as qq_world_of

MAIN, LOVERS = 500, 600
PLAYERS = {2: "甲", 3: "乙", 4: "丙", 5: "丁", 6: "戊", 7: "己"}
STEP_SECONDS = 6  # step_minutes=60 at speed=600
SLOW = 4.0  # seconds the member list takes


class SlowMemberList(SandboxClient):
    """Answers get_group_member_list ``SLOW`` seconds late, every other action at once."""

    def __init__(self, world: World, ws: ClientConnection) -> None:
        self.lookups: list[float] = []  # when each member list was answered
        super().__init__(world, ws)

    async def _serve(self) -> None:
        late: set[asyncio.Task[None]] = set()
        with contextlib.suppress(ConnectionClosed):
            async for frame in self.ws:
                data = json.loads(frame)
                if data.get("action") == "get_group_member_list":
                    task = asyncio.create_task(self._answer(data, SLOW))
                    late.add(task)
                    task.add_done_callback(late.discard)
                else:
                    await self._answer(data, 0)
        for task in late:
            task.cancel()

    async def _answer(self, data: dict[str, object], delay: float) -> None:
        await asyncio.sleep(delay)
        if delay:
            self.lookups.append(time.monotonic())
        response = self.world.handle(data)
        async with self._send_lock:
            await self.ws.send(json.dumps(response, ensure_ascii=False))
        await self.flush()


async def connect_slow(process: BotProcess, world: World) -> SlowMemberList:
    headers = {"X-Self-ID": str(BOT), "X-Client-Role": "Universal", "Authorization": f"Bearer {TOKEN}"}
    client = SlowMemberList(world, await ws_connect(process.url, additional_headers=headers))
    world.lifecycle("connect")
    await client.flush()
    return client


async def test_a_deadline_during_the_catch_up_sends_its_messages_once(tmp_path: Path) -> None:
    qq_world = qq_world_of([MAIN, LOVERS], PLAYERS)
    process = BotProcess(tmp_path)
    process.start()
    try:
        t = Table(qq_world, await attach(process, qq_world), MAIN)
        await t.say(DIRECTOR, "/新建 secret_number", "已新建")
        for qq, name in PLAYERS.items():
            await t.say(qq, f"/报名 {name}", "报名成功")
        await t.say(DIRECTOR, "/板子 狼人x2 预言家 女巫 村民x2", "板子已设置")
        await t.say(DIRECTOR, "/设置 day_open=none step_minutes=60 speed=600", "已设置")
        await t.say(DIRECTOR, "/绑定 情侣群 600", "已绑定")
        mark = (await t.say(DIRECTOR, "/开始", "已开局")).seq
        for qq in PLAYERS:
            await t.told(qq, "你的角色：", since=mark)
        await t.dm(DIRECTOR, "推进", "已推进")
        opened = time.monotonic()  # the wolves' step: its deadline is STEP_SECONDS away
        for wolf in (qq for qq in PLAYERS if t.identity(qq)[0] == "狼人"):
            await t.told(wolf, "【第1夜·狼人】", since=mark)  # nothing in flight when the connection drops

        await t.client.kill()  # QQ drops the connection ...
        await asyncio.sleep(max(0.0, opened + STEP_SECONDS - 1.5 - time.monotonic()))
        before = len(qq_world.transcript)
        slow = await connect_slow(process, qq_world)  # ... and is back 1.5 s before the deadline
        t.client = slow
        step = await slow.wait_for(lambda e: "【第1夜·预言家】" in e.text, timeout=30, since=before)
        await asyncio.sleep(2)  # whatever a second delivery would send has been sent by now

        assert slow.lookups, "the catch-up looked the bound group up"
        assert slow.lookups[0] > opened + STEP_SECONDS, "the deadline fell inside the slow lookup"
        assert step.seq > before
        after = Counter(deliveries(qq_world, since=before))
        assert after, "the deadline's messages were delivered"
        twice = [message for message, n in after.items() if n > 1]
        assert twice == [], "\n".join(map(str, twice))
        await slow.close()
    finally:
        process.stop()
