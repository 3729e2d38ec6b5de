"""A OneBot v11 reverse-WebSocket client that plays QQ for a bot, as NapCat or Lagrange.OneBot do.

It dials the bot's `/onebot/v11/ws`, delivers the world's events and answers every action
frame through the `World`, so the transcript shows what the bot did.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable, Sequence

from websockets.asyncio.client import ClientConnection
from websockets.asyncio.client import connect as ws_connect
from websockets.exceptions import ConnectionClosed

from .message import Segment
from .transcript import Entry
from .world import World

USER_AGENT = "banshabot-sandbox/0.1 OneBot/v11"


async def connect(
    url: str,
    self_id: int,
    access_token: str | None = None,
    *,
    world: World | None = None,
    heartbeat_interval: float | None = None,
) -> SandboxClient:
    """Dial the bot as account `self_id` and announce the connection (lifecycle `connect`).

    Pass a `world` to keep its state across connections; its `self_id` must match.
    A refused handshake (bad token, duplicate account) raises `websockets.InvalidStatus`.
    """
    if world is None:
        world = World(self_id)
    if world.self_id != self_id:
        raise ValueError(f"the world belongs to {world.self_id}, not {self_id}")
    headers = {"X-Self-ID": str(self_id), "X-Client-Role": "Universal"}
    if access_token:
        headers["Authorization"] = f"Bearer {access_token}"
    ws = await ws_connect(url, additional_headers=headers, user_agent_header=USER_AGENT)
    client = SandboxClient(world, ws)
    world.lifecycle("connect")
    await client.flush()
    if heartbeat_interval:
        client.start_heartbeat(heartbeat_interval)
    return client


class SandboxClient:
    """One live connection: delivers events, answers actions, lets tests await the bot."""

    def __init__(self, world: World, ws: ClientConnection) -> None:
        self.world = world
        self.ws = ws
        self._send_lock = asyncio.Lock()
        self._changed = asyncio.Event()
        self._heartbeat: asyncio.Task[None] | None = None
        world.listeners.append(self._on_entry)
        self._reader = asyncio.create_task(self._serve())

    @property
    def connected(self) -> bool:
        return not self._reader.done()

    # -- events to the bot -------------------------------------------------------------------

    async def send_private(self, user_id: int, message: str | Sequence[Segment]) -> Entry:
        entry = self.world.private_message(user_id, message)
        await self.flush()
        return entry

    async def send_temp(self, user_id: int, group_id: int, message: str | Sequence[Segment]) -> Entry:
        entry = self.world.temp_message(user_id, group_id, message)
        await self.flush()
        return entry

    async def send_group(self, group_id: int, user_id: int, message: str | Sequence[Segment]) -> Entry:
        entry = self.world.group_message(group_id, user_id, message)
        await self.flush()
        return entry

    async def request_friend(self, user_id: int, comment: str = "") -> Entry:
        entry = self.world.friend_request(user_id, comment)
        await self.flush()
        return entry

    async def request_join(self, group_id: int, user_id: int, comment: str = "") -> Entry:
        entry = self.world.join_request(group_id, user_id, comment)
        await self.flush()
        return entry

    async def invite_bot(self, group_id: int, user_id: int) -> Entry:
        entry = self.world.group_invite(group_id, user_id)
        await self.flush()
        return entry

    async def set_admin(self, group_id: int, user_id: int, *, admin: bool) -> Entry:
        entry = self.world.admin_changed(group_id, user_id, admin=admin)
        await self.flush()
        return entry

    async def member_joins(self, group_id: int, user_id: int) -> Entry:
        entry = self.world.member_joined(group_id, user_id)
        await self.flush()
        return entry

    async def send_raw(self, event: dict[str, object]) -> None:
        """Send one event frame exactly as given, past the world's checks (malformed on purpose)."""
        async with self._send_lock:
            await self.ws.send(json.dumps(event, ensure_ascii=False))

    async def flush(self) -> None:
        """Deliver every event the world has queued, in order."""
        async with self._send_lock:
            for event in self.world.take_events():
                await self.ws.send(json.dumps(event, ensure_ascii=False))

    def start_heartbeat(self, interval: float) -> None:
        """Send a heartbeat meta event every `interval` seconds until the connection ends."""
        if self._heartbeat is None:
            self._heartbeat = asyncio.create_task(self._beat(interval))

    # -- awaiting the bot --------------------------------------------------------------------

    async def wait_for(self, predicate: Callable[[Entry], bool], timeout: float = 5.0, *, since: int = 0) -> Entry:
        """The first transcript entry from `since` (a `seq`) on that satisfies `predicate`, once it exists."""
        position = since
        try:
            async with asyncio.timeout(timeout):
                while True:
                    transcript = self.world.transcript
                    for entry in transcript[position:]:
                        if predicate(entry):
                            return entry
                    position = max(position, len(transcript))
                    self._changed.clear()
                    await self._changed.wait()
        except TimeoutError:
            recent = "\n".join(_describe(entry) for entry in self.world.transcript[since:][-10:])
            raise TimeoutError(f"no matching transcript entry within {timeout}s; latest:\n{recent}") from None

    def sent_to(self, *, user_id: int | None = None, group_id: int | None = None) -> list[str]:
        """Texts the bot delivered to that friend, or to that group."""
        return self.world.sent_to(user_id=user_id, group_id=group_id)

    # -- ending ------------------------------------------------------------------------------

    async def close(self) -> None:
        """Close cleanly with a close frame."""
        await self._stop_heartbeat()
        await self.ws.close()
        await self._finish()

    async def kill(self) -> None:
        """Drop the TCP connection without a close frame, as a crashed client would."""
        await self._stop_heartbeat()
        self.ws.transport.abort()
        await self._finish()

    # -- internals ---------------------------------------------------------------------------

    def _on_entry(self, entry: Entry) -> None:
        self._changed.set()

    async def _serve(self) -> None:
        with contextlib.suppress(ConnectionClosed):
            async for frame in self.ws:
                try:
                    data = json.loads(frame)
                except ValueError:
                    continue
                if isinstance(data, dict) and "action" in data:
                    response = self.world.handle(data)
                    async with self._send_lock:
                        await self.ws.send(json.dumps(response, ensure_ascii=False))
                    await self.flush()

    async def _beat(self, interval: float) -> None:
        with contextlib.suppress(ConnectionClosed):
            while True:
                await asyncio.sleep(interval)
                self.world.heartbeat(int(interval * 1000))
                await self.flush()

    async def _stop_heartbeat(self) -> None:
        if self._heartbeat is not None:
            self._heartbeat.cancel()
            await asyncio.wait({self._heartbeat})

    async def _finish(self) -> None:
        await self._reader
        if self._on_entry in self.world.listeners:
            self.world.listeners.remove(self._on_entry)


def _describe(entry: Entry) -> str:
    target = f"user {entry.user_id}" if entry.group_id is None else f"group {entry.group_id}"
    status = "" if entry.ok else " (failed)"
    return f"#{entry.seq} {entry.direction} {entry.name} -> {target}{status}: {entry.text!r}"
