"""Wire speed: from a player's DM to the bot's "已记录" reply, over the real reverse WebSocket.

    python bench/wire.py [--actions 300] [--burst 200] [--games 1 1000] [--root CHECKOUT]

Both servers run as subprocesses on loopback and are driven by the same simulated QQ
client: the real bot (every action committed to SQLite, with its outbox, before the
reply) and, as the baseline, a bare NoneBot app on the same stack (FastAPI driver,
OneBot v11 adapter) whose only plugin answers every DM with "已记录".
Prints median and p99 latency, and accepted actions per second for a burst of DMs, with
1 live game and with 1,000 (the others seeded before the bot starts: bench/seed.py), and each
one's ratio to the echo. ``--root`` runs another checkout's bot (a baseline), seeded the same way.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

# run as a script, bench/ would come first on the path; the project root is what we need
sys.path[0] = str(Path(__file__).resolve().parents[1])

from bot.sandbox import sent  # noqa: E402
from tests.e2e.harness import DIRECTOR, ROOT, TOKEN, BotProcess, Table, attach  # noqa: E402
from tests.e2e.harness import qq_world as world  # noqa: E402

GROUP = 500
PLAYERS = list(range(2, 14))  # twelve
ECHO_APP = textwrap.dedent(
    """
    import nonebot
    from nonebot.adapters.onebot.v11 import Adapter, PrivateMessageEvent

    nonebot.init(driver="~fastapi", host="127.0.0.1", port=int(__import__("os").environ["PORT"]),
                 onebot_access_token=__import__("os").environ["ONEBOT_ACCESS_TOKEN"], log_level="WARNING")
    nonebot.get_driver().register_adapter(Adapter)
    echo = nonebot.on_message()

    @echo.handle()
    async def _(event: PrivateMessageEvent) -> None:
        await echo.send("已记录")

    nonebot.run()
    """
)


class EchoProcess(BotProcess):
    """The baseline: a bare NoneBot echo app on the same stack."""

    def start(self) -> None:
        import subprocess

        script = self.data / "echo_app.py"
        script.write_text(ECHO_APP, encoding="utf-8")
        env = dict(os.environ, PORT=str(self.port), ONEBOT_ACCESS_TOKEN=TOKEN)
        log = (self.data / "bot.log").open("ab")
        self.process = subprocess.Popen([sys.executable, str(script)], cwd=self.data, env=env, stdout=log, stderr=log)


async def game_at_the_wolves_step(t: Table) -> tuple[int, int]:
    """A 12-seat game standing at night 1's wolf step with a long deadline; returns (wolf, target)."""
    await t.say(DIRECTOR, "/新建 secret_number", "已新建")
    for qq in PLAYERS:
        await t.say(qq, f"/报名 P{qq}", "报名成功")
    await t.say(DIRECTOR, "/板子 狼人x2 预言家 村民x9", "板子已设置")
    await t.say(DIRECTOR, "/设置 day_open=none step_minutes=1440", "已设置")
    mark = (await t.say(DIRECTOR, "/开始", "已开局")).seq
    for qq in PLAYERS:
        await t.told(qq, "你的角色：", since=mark)
    wolves = [qq for qq in PLAYERS if t.identity(qq)[0] == "狼人"]
    await t.say(DIRECTOR, "/推进", "【第1天开门】")
    await t.told(DIRECTOR, "已推进", since=mark)  # what it closed is said to the director by DM only
    await t.told(wolves[0], "【第1夜·狼人】", since=mark)
    target = next(t.identity(qq)[1] for qq in PLAYERS if qq not in wolves)
    return wolves[0], target


async def measure(t: Table, qq: int, text: str, count: int, burst: int) -> tuple[list[float], float]:
    """Sequential round trips (latency), then ``burst`` DMs at once (actions per second)."""
    latencies = []
    for _ in range(count):
        began = time.perf_counter()
        event = await t.client.send_private(qq, text)
        await t.client.wait_for(sent(user_id=qq, containing="已记录"), 10, since=event.seq)
        latencies.append(time.perf_counter() - began)
    start = len(t.world.transcript)
    began = time.perf_counter()
    for _ in range(burst):
        t.world.private_message(qq, text)
    await t.client.flush()
    while sum(1 for e in t.world.transcript[start:] if e.is_message_to(user_id=qq) and "已记录" in e.text) < burst:
        await t.client.wait_for(sent(user_id=qq, containing="已记录"), 30, since=len(t.world.transcript))
    return latencies, burst / (time.perf_counter() - began)


async def bench(process: BotProcess, actions: int, burst: int, echo: bool) -> tuple[list[float], float]:
    process.start()
    try:
        qq_world = world([GROUP], PLAYERS)
        t = Table(qq_world, await attach(process, qq_world, timeout=300), GROUP)
        if echo:
            qq, text = PLAYERS[0], "杀人 3"
        else:
            wolf, target = await game_at_the_wolves_step(t)
            qq, text = wolf, f"杀人 {target}"  # re-choosing is accepted each time; the other wolf stays silent
        await measure(t, qq, text, 20, 20)  # warm-up
        figures = await measure(t, qq, text, actions, burst)
        await t.client.close()
        return figures
    finally:
        process.stop()


def summary(latencies: list[float]) -> tuple[float, float]:
    ordered = sorted(latencies)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


async def run(actions: int, burst: int, sizes: list[int], root: Path) -> None:
    with tempfile.TemporaryDirectory(prefix="bench-wire-") as scratch:
        echo_process = EchoProcess(Path(scratch) / "echo")
        echo_process.data.mkdir()
        echo = await bench(echo_process, actions, burst, echo=True)
        echo_median, echo_p99 = summary(echo[0])
        print(
            f"echo: DM → 已记录 median {echo_median * 1000:.2f} ms, p99 {echo_p99 * 1000:.2f} ms; "
            f"burst {echo[1]:.0f} replies/s",
            flush=True,
        )
        for games in sizes:
            process = BotProcess(Path(scratch) / f"bot-{games}", root=root)
            process.data.mkdir()
            if games > 1:  # the other live games, in the database before the bot starts
                seed = [sys.executable, str(Path(__file__).with_name("seed.py")), "--root", str(root)]
                subprocess.run([*seed, "--url", process.database, "--games", str(games - 1)], check=True)
            latencies, rate = await bench(process, actions, burst, echo=False)
            median, p99 = summary(latencies)
            print(
                f"bot, {games} live games: DM → 已记录 median {median * 1000:.2f} ms, p99 {p99 * 1000:.2f} ms; "
                f"burst {rate:.0f} accepted actions/s — ratio to echo: median {median / echo_median:.2f}×, "
                f"p99 {p99 / echo_p99:.2f}×, throughput {echo[1] / rate:.2f}×",
                flush=True,
            )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--actions", type=int, default=300)
    parser.add_argument("--burst", type=int, default=200)
    parser.add_argument("--games", type=int, nargs="+", default=[1, 1000])
    parser.add_argument("--root", default=str(ROOT))
    args = parser.parse_args()
    os.chdir(ROOT)
    asyncio.run(run(args.actions, args.burst, args.games, Path(args.root).resolve()))


if __name__ == "__main__":
    main()
