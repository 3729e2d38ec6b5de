"""End-to-end harness: the real bot (``python -m bot``) in a subprocess, on a scratch data
directory, and a simulated QQ world connected to it over the real reverse WebSocket."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import socket
import subprocess
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from bot.sandbox import SandboxClient, World, connect, sent
from bot.sandbox.transcript import Entry
from tests.databases import database_for

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "e2e-token"
BOT = 10000
DIRECTOR = 1


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class BotProcess:
    """One run of the bot; ``kill`` ends it abruptly (SIGKILL: no shutdown, no flushing). Its
    database is SQLite in ``data``, or a fresh PostgreSQL database (tests/databases.py)."""

    data: Path
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None
    database: str = ""
    root: Path = ROOT  # the checkout to run (the benches run a baseline's too)
    log_level: str = "WARNING"
    env: dict[str, str] = field(default_factory=dict)  # more settings (BANSHA_ACCOUNT …), over the test's own
    command: tuple[str, ...] = (sys.executable, "-m", "bot")

    def __post_init__(self) -> None:
        self.database = self.database or database_for(self.data)

    def start(self) -> None:
        env = dict(
            os.environ,
            PORT=str(self.port),
            BANSHA_DATA_DIR=str(self.data),
            SQLALCHEMY_DATABASE_URL=self.database,
            SUPERUSERS=f'["{DIRECTOR}"]',
            ONEBOT_ACCESS_TOKEN=TOKEN,
            LOG_LEVEL=self.log_level,
            **self.env,
        )
        log = (self.data / "bot.log").open("ab")
        self.process = subprocess.Popen(list(self.command), cwd=self.root, env=env, stdout=log, stderr=log)

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=20)

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/onebot/v11/ws"

    def log(self) -> str:
        return (self.data / "bot.log").read_text(errors="replace")


async def attach(bot: BotProcess, world: World, timeout: float = 30) -> SandboxClient:
    """Connect as NapCat would, retrying while the bot starts up."""
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        try:
            return await connect(bot.url, BOT, TOKEN, world=world)
        except OSError:
            if asyncio.get_running_loop().time() > deadline:
                raise AssertionError("the bot did not come up:\n" + bot.log()[-3000:]) from None
            await asyncio.sleep(0.2)


def qq_world(groups: Sequence[int], players: Iterable[int], self_id: int = BOT) -> World:
    """QQ with the director, ``groups`` (the director owns them, the bot is admin in each) and the
    ``players``, all the bot's friends and members of the first group."""
    world = World(self_id)
    world.add_user(DIRECTOR, "导演")
    world.befriend(DIRECTOR)
    for group in groups:
        world.create_group(group, f"群{group}", owner_id=DIRECTOR)
        world.add_member(group, self_id, role="admin")
    for qq in players:
        world.add_user(qq, f"玩家{qq}")
        world.befriend(qq)
        world.add_member(groups[0], qq)
    return world


class Table:
    """The QQ side of one game: the world, the client, and what each player was told."""

    def __init__(self, world: World, client: SandboxClient, group: int):
        self.world = world
        self.client = client
        self.group = group

    async def say(self, qq: int, text: str, expect: str = "", timeout: float = 15) -> Entry:
        """A group message; waits for the bot's group reply (containing ``expect``)."""
        event = await self.client.send_group(self.group, qq, text)
        return await self.client.wait_for(sent(group_id=self.group, containing=expect), timeout, since=event.seq)

    async def dm(self, qq: int, text: str, expect: str = "", timeout: float = 15) -> Entry:
        event = await self.client.send_private(qq, text)
        return await self.client.wait_for(sent(user_id=qq, containing=expect), timeout, since=event.seq)

    async def told(self, qq: int, containing: str, since: int = 0, timeout: float = 15) -> Entry:
        return await self.client.wait_for(sent(user_id=qq, containing=containing), timeout, since=since)

    async def posted(self, containing: str, since: int = 0, timeout: float = 15) -> Entry:
        return await self.client.wait_for(sent(group_id=self.group, containing=containing), timeout, since=since)

    def identity(self, qq: int) -> tuple[str, int]:
        """(role, secret number) from the identity DM the bot sent this player."""
        text = next(t for t in self.world.sent_to(user_id=qq) if t.startswith("你的角色："))
        role = re.search(r"身份：(\S+?)；", text)
        secret = re.search(r"秘密数字：(\d+)", text)
        assert role and secret, text
        return role.group(1), int(secret.group(1))


async def quiet(world: World, for_seconds: float = 1.5, timeout: float = 30) -> None:
    """Until the bot has sent nothing for a while (a long 揭秘 goes out in parts)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    seen, since = len(world.transcript), loop.time()
    while loop.time() - since < for_seconds:
        if loop.time() > deadline:
            raise AssertionError("the bot kept sending")
        await asyncio.sleep(0.1)
        if len(world.transcript) != seen:
            seen, since = len(world.transcript), loop.time()


def deliveries(world: World, since: int = 0) -> list[tuple[str, int, str]]:
    """Every message the bot delivered (after transcript position ``since``): (user | group, id,
    text and any pictures' data)."""
    out = []
    for entry in world.transcript[since:]:
        if (
            entry.direction == "action"
            and entry.ok
            and entry.name in {"send_private_msg", "send_group_msg", "send_msg"}
        ):
            where = "group" if entry.group_id else "user"
            segments = entry.data.get("message")
            pictures = [
                str(s["data"].get("file")) for s in segments or [] if isinstance(s, dict) and s["type"] == "image"
            ]
            out.append((where, entry.group_id or entry.user_id or 0, entry.text + "".join(pictures)))
    return out
