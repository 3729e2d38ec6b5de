"""Scale-out: two bot processes, one per QQ account, on one PostgreSQL database (docs/scale.md).

Each runs the games created through its account and no other; one is SIGKILLed and the other
goes on undisturbed; restarted, the killed one takes its game back once the dead process's lease
has expired, and the game resumes where it was. A third process started for an account whose
games another live process holds does not touch them.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from bot.sandbox import SandboxClient, World, connect
from tests.databases import fresh_postgres
from tests.e2e.harness import DIRECTOR, TOKEN, BotProcess, Table, deliveries, qq_world

LEASE = 3.0  # seconds
ACCOUNTS = {10000: 500, 20000: 700}  # QQ account → its game's main group
SEATS = 6


def players(account: int) -> list[int]:
    return [account + seat for seat in range(1, SEATS + 1)]


def world(account: int) -> World:
    return qq_world([ACCOUNTS[account]], players(account), self_id=account)


def process(data: Path, database: str, account: int) -> BotProcess:
    data.mkdir(exist_ok=True)
    env = {"BANSHA_ACCOUNT": str(account), "BANSHA_LEASE_SECONDS": str(LEASE)}
    return BotProcess(data, database=database, env=env)


async def attach(bot: BotProcess, account: int, qq_world: World, timeout: float = 30) -> SandboxClient:
    deadline = time.monotonic() + timeout
    while True:
        try:
            return await connect(bot.url, account, TOKEN, world=qq_world)
        except OSError:
            if time.monotonic() > deadline:
                raise AssertionError("the bot did not come up:\n" + bot.log()[-3000:]) from None
            await asyncio.sleep(0.2)


async def open_game(t: Table, account: int) -> None:
    await t.say(DIRECTOR, "/新建 secret_number", "已新建")
    for qq in players(account):
        await t.say(qq, f"/报名 P{qq}", "报名成功")
    await t.say(DIRECTOR, "/板子 狼人x2 预言家 女巫 村民x2", "板子已设置")
    await t.say(DIRECTOR, "/设置 day_open=none day_close=23:59 day_days=3", "已设置")
    mark = (await t.say(DIRECTOR, "/开始", "已开局")).seq
    for qq in players(account):
        await t.told(qq, "你的角色：", since=mark)


async def vote(t: Table, voter: int, for_whom: int, timeout: float = 15) -> None:
    await t.dm(voter, f"投票 {t.identity(for_whom)[1]}", "已记录投票", timeout=timeout)


async def test_two_accounts_share_one_database_and_survive_a_kill(tmp_path: Path) -> None:
    database = fresh_postgres()
    a, b = (process(tmp_path / str(n), database, n) for n in ACCOUNTS)
    worlds = {n: world(n) for n in ACCOUNTS}
    started: list[BotProcess] = [a, b]
    a.start()
    b.start()
    try:
        ta = Table(worlds[10000], await attach(a, 10000, worlds[10000]), ACCOUNTS[10000])
        tb = Table(worlds[20000], await attach(b, 20000, worlds[20000]), ACCOUNTS[20000])
        await open_game(ta, 10000)
        await open_game(tb, 20000)
        pa, pb = players(10000), players(20000)
        await vote(ta, pa[0], pa[1])
        await vote(tb, pb[0], pb[1])
        # each account spoke only of its own game
        assert all(to in {DIRECTOR, ACCOUNTS[10000], *pa} for _, to, _ in deliveries(worlds[10000]))
        assert all(to in {DIRECTOR, ACCOUNTS[20000], *pb} for _, to, _ in deliveries(worlds[20000]))

        # a second process for account 10000 while the first lives: it holds nothing
        intruder = process(tmp_path / "intruder", database, 10000)
        started.append(intruder)
        intruder.start()
        elsewhere = world(10000)
        ti = Table(elsewhere, await attach(intruder, 10000, elsewhere), ACCOUNTS[10000])
        refused = await ti.dm(pa[2], "身份")
        assert "没有参加进行中的游戏" in refused.text
        await ti.client.close()
        intruder.stop()

        a.kill()  # account 10000's process dies; account 20000's goes on
        await ta.client.kill()
        await vote(tb, pb[2], pb[1])
        killed_at = time.monotonic()
        a.start()
        ta.client = await attach(a, 10000, worlds[10000])
        await asyncio.sleep(max(0.0, killed_at + LEASE * 2 - time.monotonic()))  # the dead lease expired
        await vote(ta, pa[2], pa[1], timeout=30)  # the game resumed on the restarted process
        await vote(ta, pa[3], pa[1])
        assert "已记录投票" in ta.world.sent_to(user_id=pa[0])[-1]  # what was recorded before the kill stands
        await ta.client.close()
        await tb.client.close()
    finally:
        for bot in started:
            bot.stop()
