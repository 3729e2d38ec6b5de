"""Restart at scale: N live games in the database, then the bot starts and a player DMs it.

    python bench/restart.py [--games 10 100 1000] [--runs 3] [--root CHECKOUT]

For each N: the games are seeded (bench/seed.py), the real bot starts as a subprocess and a
simulated QQ connects over the reverse WebSocket; a player of the middle game sends 身份.
Prints the time from the bot's launch to that answer, when the bot says every deadline was
read and the next hour's armed (its log; a baseline arms them all before it answers), the bot's RSS then, and after every game was touched (one 身份 each, so each
is rebuilt), and from the largest and smallest N the memory each live game costs.
First, as the floor no bot can beat, the same for a bare NoneBot echo app on the same stack
(bench/wire.py's): the interpreter, NoneBot, FastAPI and the OneBot adapter starting up.
The client retries its connection every 20 ms, so the figures are not rounded to its retries.
``--root`` runs another checkout (a baseline) with the same seeding and client.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parents[1])

from bench.seed import qq  # noqa: E402
from bench.wire import EchoProcess  # noqa: E402
from bot.sandbox import SandboxClient, World, connect, sent  # noqa: E402
from tests.e2e.harness import BOT, TOKEN, BotProcess  # noqa: E402

HERE = Path(__file__).resolve().parent


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def attach(process: BotProcess, world: World, timeout: float) -> SandboxClient:
    """Connect as NapCat would, retrying every 20 ms while the process starts."""
    deadline = time.perf_counter() + timeout
    while True:
        try:
            return await connect(process.url, BOT, TOKEN, world=world)
        except OSError:
            if time.perf_counter() > deadline:
                raise AssertionError("it did not come up:\n" + process.log()[-3000:]) from None
            await asyncio.sleep(0.02)


async def echo_floor() -> float:
    """Launch to first answer of the bare echo app."""
    with tempfile.TemporaryDirectory(prefix="bench-restart-echo-") as scratch:
        process = EchoProcess(Path(scratch))
        world = World(BOT)
        world.add_user(7, "P")
        world.befriend(7)
        began = time.perf_counter()
        process.start()
        try:
            client = await attach(process, world, timeout=60)
            await ask(client, 7)
            first = time.perf_counter() - began
            await client.close()
        finally:
            process.stop()
    return first


async def ask(client, qq_number: int, timeout: float = 60) -> None:  # type: ignore[no-untyped-def]
    event = await client.send_private(qq_number, "身份")
    await client.wait_for(sent(user_id=qq_number), timeout, since=event.seq)


async def one(root: Path, games: int, touch: bool) -> dict[str, float]:
    with tempfile.TemporaryDirectory(prefix="bench-restart-") as scratch:
        data = Path(scratch)
        process = BotProcess(data, root=root, log_level="INFO")
        subprocess.run(
            [
                sys.executable,
                str(HERE / "seed.py"),
                "--root",
                str(root),
                "--url",
                process.database,
                "--games",
                str(games),
            ],
            check=True,
            capture_output=True,
        )
        world = World(BOT)
        for k in range(games):
            world.add_user(qq(k, 1), f"P{k}")
            world.befriend(qq(k, 1))
        began = time.perf_counter()
        process.start()
        try:
            client = await attach(process, world, timeout=300)
            await ask(client, qq(games // 2, 1), timeout=300)
            first = time.perf_counter() - began
            assert process.process is not None
            figures = {"first": first, "rss_first": rss_kib(process.process.pid)}
            if touch:
                for k in range(games):
                    await ask(client, qq(k, 1))
                figures["rss_all"] = rss_kib(process.process.pid)
            armed = re.search(r"已读取 \d+ 个截止时间.*（启动后 ([\d.]+) 秒）", process.log())
            figures["armed"] = float(armed.group(1)) if armed else first  # a baseline arms before it answers
            await client.close()
        finally:
            process.stop()
    return figures


async def run(root: Path, sizes: list[int], runs: int) -> None:
    floors = sorted([await echo_floor() for _ in range(runs)])
    print(
        f"bare NoneBot echo: first answer min {floors[0]:.2f} s, median {statistics.median(floors):.2f} s", flush=True
    )
    per_size: dict[int, list[dict[str, float]]] = {}
    for games in sizes:
        per_size[games] = [await one(root, games, touch=(i == 0)) for i in range(runs)]
        firsts = sorted(f["first"] for f in per_size[games])
        armed = sorted(f["armed"] for f in per_size[games])
        touched = per_size[games][0].get("rss_all", 0)
        print(
            f"{games:>6} live games: first answer min {firsts[0]:.2f} s, median {statistics.median(firsts):.2f} s; "
            f"every deadline read, the next hour's armed, by {statistics.median(armed):.2f} s; "
            f"RSS {per_size[games][0]['rss_first'] / 1024:.0f} MiB at the first answer, "
            f"{touched / 1024:.0f} MiB once every game was touched",
            flush=True,
        )
    small, large = min(sizes), max(sizes)
    if large > small:
        grown = per_size[large][0]["rss_all"] - per_size[small][0]["rss_all"]
        print(f"memory per live game (touched, {small}→{large}): {grown / (large - small):.0f} KiB")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, nargs="+", default=[10, 100, 1000])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--root", default=str(HERE.parent))
    args = parser.parse_args()
    asyncio.run(run(Path(args.root).resolve(), args.games, args.runs))


if __name__ == "__main__":
    main()
