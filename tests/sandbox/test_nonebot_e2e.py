"""The sandbox client against a real NoneBot app: reverse WebSocket, access token, events and actions.

NoneBot keeps one driver per process (`nonebot.init` is a no-op once one exists, and nonebug
creates one for the session) and registered adapters on the `Driver` class. The app here
runs in-process on a driver of its own: `_own_nonebot` sets those globals aside for this
module and restores them afterwards; the test matchers are destroyed on the way out.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import AsyncIterator, Callable, Iterator

import nonebot
import pytest
import pytest_asyncio
import uvicorn
from nonebot.adapters.onebot.v11 import (
    ActionFailed,
    Adapter,
    Bot,
    GroupRequestEvent,
    MessageEvent,
)
from nonebot.drivers import Driver
from nonebot.matcher import Matcher
from websockets.exceptions import InvalidStatus

from bot.sandbox import SandboxClient, World, connect, sent

pytestmark = pytest.mark.asyncio(loop_scope="module")

TOKEN = "secret"
BOT, ALICE, BOB, STRANGER = 20000, 2001, 2002, 2009
GROUP = 7000


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def bot_url(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[str]:
    """A NoneBot app with the OneBot v11 adapter and a tiny test plugin, served on a free loopback port."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    with _own_nonebot(), sock:
        with pytest.MonkeyPatch.context() as patch:
            patch.chdir(tmp_path_factory.mktemp("nonebot"))  # no stray .env files
            nonebot.init(driver="~fastapi", host="127.0.0.1", port=port, onebot_access_token=TOKEN)
        nonebot.get_driver().register_adapter(Adapter)
        matchers = _install_test_plugin()
        server = uvicorn.Server(uvicorn.Config(nonebot.get_asgi(), log_level="warning", lifespan="on"))
        serving = asyncio.create_task(server.serve(sockets=[sock]))
        try:
            await _until(lambda: server.started, timeout=10)
            yield f"ws://127.0.0.1:{port}/onebot/v11/ws"
        finally:
            server.should_exit = True
            await serving
            for matcher in matchers:
                matcher.destroy()


@contextlib.contextmanager
def _own_nonebot() -> Iterator[None]:
    driver, adapters = nonebot._driver, dict(Driver._adapters)
    nonebot._driver = None
    Driver._adapters.clear()
    try:
        yield
    finally:
        nonebot._driver = driver
        Driver._adapters.clear()
        Driver._adapters.update(adapters)


def _install_test_plugin() -> list[type[Matcher]]:
    """Echo every message ("dm <qq>" tries a DM to <qq> first); approve every group request."""
    echo = nonebot.on_message(priority=1, block=True)
    joins = nonebot.on_request(priority=1, block=True)

    @echo.handle()
    async def _(bot: Bot, event: MessageEvent) -> None:
        text = event.get_plaintext()
        if text.startswith("dm "):
            try:
                await bot.send_private_msg(user_id=int(text[3:]), message="你好")
            except ActionFailed as failure:
                await echo.finish(f"dm failed: {failure.info['retcode']}")
        await echo.finish(f"echo: {text}")

    @joins.handle()
    async def _(bot: Bot, event: GroupRequestEvent) -> None:
        await event.approve(bot)

    return [echo, joins]


@pytest_asyncio.fixture(loop_scope="module")
async def client(bot_url: str) -> AsyncIterator[SandboxClient]:
    world = World(BOT, "法官")
    for user_id, nickname in [(ALICE, "Alice"), (BOB, "Bob"), (STRANGER, "Stranger")]:
        world.add_user(user_id, nickname)
    world.befriend(ALICE)
    world.create_group(GROUP, "版杀大厅", owner_id=ALICE, members=[BOT, BOB])
    world.make_bot_admin(GROUP)
    client = await connect(bot_url, BOT, TOKEN, world=world)
    await _until(lambda: str(BOT) in nonebot.get_bots())
    yield client
    await client.close()
    await _until(lambda: str(BOT) not in nonebot.get_bots())


async def _until(condition: Callable[[], bool], timeout: float = 5.0) -> None:
    async with asyncio.timeout(timeout):
        while not condition():
            await asyncio.sleep(0.01)


async def test_private_message_gets_an_echo(client: SandboxClient) -> None:
    event = await client.send_private(ALICE, "hello")
    reply = await client.wait_for(sent(user_id=ALICE, containing="echo: hello"), since=event.seq)
    assert reply.name in ("send_private_msg", "send_msg")
    assert reply.result is not None
    assert reply.result["status"] == "ok"
    assert client.sent_to(user_id=ALICE) == ["echo: hello"]
    assert client.world.transcript[0].name == "meta_event.lifecycle.connect"


async def test_group_message_is_answered_with_send_msg_to_the_group(client: SandboxClient) -> None:
    event = await client.send_group(GROUP, BOB, "早上好")
    reply = await client.wait_for(sent(group_id=GROUP), since=event.seq)
    assert reply.name == "send_msg"
    assert reply.data["message_type"] == "group"
    assert reply.text == "echo: 早上好"
    assert client.sent_to(user_id=BOB) == []


async def test_dm_to_a_non_friend_fails_visibly_to_the_bot(client: SandboxClient) -> None:
    event = await client.send_private(ALICE, f"dm {STRANGER}")
    reply = await client.wait_for(sent(user_id=ALICE), since=event.seq)
    assert reply.text == "dm failed: 100"
    failed = [entry for entry in client.world.transcript if entry.name == "send_private_msg"]
    assert [(entry.user_id, entry.ok) for entry in failed] == [(STRANGER, False)]


async def test_approved_join_request_adds_the_member_and_notifies(client: SandboxClient) -> None:
    request = await client.request_join(GROUP, STRANGER, "报名")
    notice = await client.wait_for(lambda entry: entry.name == "notice.group_increase.approve", since=request.seq)
    assert notice.user_id == STRANGER
    assert STRANGER in client.world.groups[GROUP].members


async def test_wrong_token_is_refused(bot_url: str) -> None:
    with pytest.raises(InvalidStatus):
        await connect(bot_url, BOT + 1, "wrong")
    assert str(BOT + 1) not in nonebot.get_bots()


async def test_kill_drops_the_bot(bot_url: str) -> None:
    killed = await connect(bot_url, BOT + 2, TOKEN, heartbeat_interval=0.05)
    await killed.wait_for(lambda entry: entry.name == "meta_event.heartbeat")
    await _until(lambda: str(BOT + 2) in nonebot.get_bots())
    await killed.kill()
    assert not killed.connected
    await _until(lambda: str(BOT + 2) not in nonebot.get_bots())
