"""Hosting the sandbox inside the running bot: a simulated QQ world whose client dials the
bot's own reverse WebSocket on loopback, exactly as NapCat would.

The world starts with a director (a superuser while the sandbox is on) and a main group
with the bot as admin; players and more groups are added from the page.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from dataclasses import dataclass
from pathlib import Path

from nonebot import get_driver, logger
from websockets.exceptions import WebSocketException

from .client import SandboxClient, connect
from .world import World

BOT_ID = 10000
DIRECTOR_ID = 10001
MAIN_GROUP = 900
FIRST_PLAYER = 20001


@dataclass
class Sandbox:
    world: World
    url: str
    token: str | None
    saved_to: Path | None = None  # the world is kept here, so a restarted bot finds its players again
    client: SandboxClient | None = None
    task: asyncio.Task[None] | None = None
    next_user: int = FIRST_PLAYER
    next_group: int = MAIN_GROUP + 1
    dirty: bool = False

    def add_player(self, nickname: str) -> int:
        """A new QQ user who is the bot's friend and a member of the main group."""
        user_id = self.next_user
        self.next_user += 1
        self.world.add_user(user_id, nickname)
        self.world.befriend(user_id)
        self.world.add_member(MAIN_GROUP, user_id)
        return user_id

    def add_group(self, name: str) -> int:
        """A group the director created, with the bot as admin (a team group to bind)."""
        group_id = self.next_group
        self.next_group += 1
        self.world.create_group(group_id, name, owner_id=DIRECTOR_ID)
        self.world.add_member(group_id, BOT_ID, role="admin")
        return group_id

    async def keep_connected(self) -> None:
        """Dial the bot (it may still be starting) and redial whenever the connection drops;
        meanwhile keep the saved world up to date."""
        self.world.listeners.append(self._changed)
        while True:
            try:
                self.client = await connect(self.url, BOT_ID, self.token, world=self.world)
            except (OSError, WebSocketException):
                await asyncio.sleep(0.3)
                continue
            logger.info(f"沙盒已连接：{self.url}")
            while self.client.connected:
                self.save()
                await asyncio.sleep(0.5)
            await asyncio.sleep(0.3)

    def _changed(self, _entry: object) -> None:
        self.dirty = True

    def save(self) -> None:
        """Users, friendships and groups (not the transcript) to ``saved_to``."""
        if self.saved_to is None or not self.dirty:
            return
        world = self.world
        data = {
            "users": [[u.user_id, u.nickname] for u in world.users.values() if u.user_id != world.self_id],
            "friends": sorted(world.friends),
            "groups": [
                [g.group_id, g.name, [[m.user_id, m.role, m.card] for m in g.members.values()]]
                for g in world.groups.values()
            ],
            "next": [self.next_user, self.next_group],
        }
        self.saved_to.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
        self.dirty = False

    def load(self, path: Path) -> None:
        self.saved_to = path
        if not path.exists():
            self.dirty = True
            return
        data = json.loads(path.read_text(encoding="utf-8"))
        world = self.world = World(BOT_ID, "版杀机器人")
        for user_id, nickname in data["users"]:
            world.add_user(user_id, nickname)
        world.friends.update(data["friends"])
        for group_id, name, members in data["groups"]:
            group = world.create_group(group_id, name, owner_id=members[0][0])
            group.members.clear()
            for user_id, role, card in members:
                world.add_member(group_id, user_id, role=role, card=card)
        self.next_user, self.next_group = data["next"]

    async def flush(self) -> None:
        if self.client is not None and self.client.connected:
            await self.client.flush()


def new_world() -> World:
    world = World(BOT_ID, "版杀机器人")
    world.add_user(DIRECTOR_ID, "导演")
    world.befriend(DIRECTOR_ID)
    world.create_group(MAIN_GROUP, "演练群", owner_id=DIRECTOR_ID)
    world.add_member(MAIN_GROUP, BOT_ID, role="admin")
    return world


def install(data: Path) -> Sandbox:
    """Called while the app is built: the world (kept in ``data``), and its connection once
    the bot is serving."""
    global current
    driver = get_driver()
    config = driver.config
    token = getattr(config, "onebot_access_token", None)
    sandbox = Sandbox(new_world(), f"ws://127.0.0.1:{config.port}/onebot/v11/ws", token)
    sandbox.load(data / "sandbox-world.json")
    config.superusers = set(config.superusers) | {str(DIRECTOR_ID)}
    current = sandbox

    @driver.on_startup
    async def _dial() -> None:
        sandbox.task = asyncio.create_task(sandbox.keep_connected())

    @driver.on_shutdown
    async def _hang_up() -> None:
        if sandbox.task is not None:
            sandbox.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await sandbox.task
        if sandbox.client is not None and sandbox.client.connected:
            await sandbox.client.close()

    return sandbox


current: Sandbox | None = None  # the sandbox of this process, when it has one
