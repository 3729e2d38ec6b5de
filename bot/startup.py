"""Start-up, connection and shutdown: the registry and the deadlines back from the database, the
games a message touches opened before it is handled, what waited sent to a connected QQ account,
the scale-out leases kept, and the delivery marks written at a clean stop."""

from __future__ import annotations

import asyncio
import gc
import re
from collections.abc import Coroutine
from typing import Any

from nonebot import logger
from nonebot_plugin_orm import get_session
from sqlalchemy import select

from bot import chat, deadlines, outbox, teams
from bot.service import deliver
from bot.settings import lease_seconds
from bot.store import journal, leases
from bot.store.models import BindingRow, GameRow, OutboxRow
from bot.tables import Table, discover, load_one, open_game, scope, tables

_background: set[asyncio.Task[object]] = set()  # start-up and lease work running in the background


async def recover() -> None:
    """Start-up: every game back in the registry; every stored deadline is armed in the
    background (a missed one fires at once), so the bot answers meanwhile; the games themselves
    are rebuilt as they are touched. The objects built so far are kept out of the garbage
    collector's full passes, which would otherwise walk them all in a pause of tens of ms."""
    from bot.tables import load_all

    elsewhere = await load_all(leases.claim if leases.enabled() else None)
    _spawn(deadlines.arm_stored())
    if leases.enabled():
        _spawn(_keep_leases(elsewhere))
    gc.freeze()  # what start-up built lives as long as the process: no collection walks it again


def _spawn(work: Coroutine[Any, Any, object]) -> None:
    _background.add(task := asyncio.get_running_loop().create_task(work))
    task.add_done_callback(_background.discard)


async def _keep_leases(elsewhere: set[int]) -> None:
    """Scale-out: renew this process's leases, and take over this account's games another
    process held once their leases expire (a process killed, or stopped in a rolling restart)."""
    while True:
        await asyncio.sleep(lease_seconds() / 3)
        try:
            await leases.renew()
            for game_id in await leases.claim(elsewhere):
                elsewhere.discard(game_id)
                assert tables.held is not None
                tables.held.add(game_id)
                table = await open_game(game_id)
                if table is not None:
                    deadlines.arm(table)
                    logger.info(f"接管游戏 #{game_id}")
        except Exception:  # the database away for a moment: the next round tries again
            logger.exception("续租失败")


async def shutdown() -> None:
    """A clean stop: the delivery marks still waiting are written."""
    await journal.stop()


GAME_TAGS = re.compile(chat.GAME_NUMBER)


async def open_for(qq: int | None, group_id: int | None, text: str, superuser: bool) -> None:
    """Before a message is handled: every game it may be about is open — the sender's seats and
    directed games, the group's game, a bound team group's game, games it names by ``#局号``;
    for a superuser's DM, every game (a superuser directs them all)."""
    named = [int(n) for n in GAME_TAGS.findall(text)[:3]]
    await discover(qq, group_id, named, everything=superuser and group_id is None)


async def deliver_all() -> None:
    """A bot connected: send everything that waited for it, and bring every bound group in line
    with its roster (whatever changed in the groups meanwhile)."""
    async with get_session() as session:
        waiting = set(
            (
                await session.scalars(
                    select(OutboxRow.game_id)
                    .distinct()
                    .join(GameRow, GameRow.id == OutboxRow.game_id)
                    .where(scope(active=False), OutboxRow.sent_at.is_(None))
                )
            ).all()
        )
        bound = set(
            (
                await session.scalars(
                    select(BindingRow.game_id).distinct().join(GameRow, GameRow.id == BindingRow.game_id).where(scope())
                )
            ).all()
        )
    finished: list[Table] = []
    for game_id in sorted((waiting | bound) - set(tables.tables)):
        if await open_game(game_id) is None and game_id in waiting and tables.held is None:
            ended = await load_one(game_id)  # a game that ended with messages waiting (the 揭秘, say)
            finished += [ended] if ended is not None else []
    for table in list(tables.tables.values()):
        async with table.sending:
            await teams.follow(table, force=True, announce=False)
            await deliver(table)
    for table in finished:
        await outbox.deliver(table)
