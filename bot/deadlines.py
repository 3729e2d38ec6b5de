"""One APScheduler job per running game, at the engine's next deadline.

Jobs live in memory; the database is the truth. Each running game's next deadline is stored
on its row with every command (bot/service.py), so start-up reads every game's from one indexed
query without rebuilding any, and arms those due within the hour at once (the rest as they come
near); a deadline that passed while the bot was down fires at once (misfire_grace_time=None),
and the game is rebuilt when its job runs.
"""

from __future__ import annotations

import asyncio
import heapq
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from typing import cast

from nonebot import logger, require

require("nonebot_plugin_apscheduler")

from nonebot_plugin_apscheduler import scheduler  # noqa: E402
from nonebot_plugin_orm import get_session  # noqa: E402
from sqlalchemy import select  # noqa: E402

from bot import STARTED  # noqa: E402
from bot.store.models import GameRow  # noqa: E402
from bot.tables import Table, open_game, tables  # noqa: E402

CHUNK = 100  # jobs armed between two looks at the event loop while start-up arms them
WINDOW = timedelta(hours=1)  # start-up arms the stored deadlines due within this ...
SWEEP = timedelta(minutes=10)  # ... and arms the later ones this often, as they come within it
_later: list[tuple[float, int]] = []  # (stamp, game) stored deadlines not armed yet, soonest first
_ticking: set[asyncio.Task[None]] = set()  # deadlines being closed
_close: list[Callable[[Table], Awaitable[None]]] = []  # what closes a due step: bot.service.tick


def closed_by(close: Callable[[Table], Awaitable[None]]) -> None:
    """Set what closes a game's due step (bot.service registers its ``tick``), so that the
    deadlines need not import the service that arms them."""
    _close[:] = [close]


def job_id(table: Table) -> str:
    return _job(table.id)


def _job(table_id: int) -> str:
    return f"bansha-deadline-{table_id}"


def arm(table: Table) -> None:
    """(Re)schedule the game's job for its next deadline, or remove it when nothing waits."""
    when = table.game.next_deadline() if table.game is not None and table.status == "running" else None
    if when == table.armed and (when is None or scheduler.get_job(job_id(table))):
        return  # already set for this moment (most commands do not move the deadline)
    table.armed = when
    if when is None:
        if scheduler.get_job(job_id(table)):
            scheduler.remove_job(job_id(table))
        return
    _schedule(table.id, when)


def _schedule(table_id: int, when: datetime) -> None:
    scheduler.add_job(
        _fire,
        "date",
        run_date=when,
        id=_job(table_id),
        args=[table_id],
        replace_existing=True,
        misfire_grace_time=None,
        coalesce=True,
    )


async def arm_stored() -> int:
    """Start-up: every stored deadline read by one indexed query, soonest first; a job for each
    due within ``WINDOW`` (a missed one fires at once), the later ones kept in a heap that a job
    every ``SWEEP`` arms as they come within the window. Running games with no deadline stored
    (from before deadlines were stored) are opened and armed. Returns the jobs armed now."""
    async with get_session() as session:
        rows = (
            await session.execute(
                select(GameRow.id, GameRow.deadline)
                .where(GameRow.status == "running", GameRow.deadline.is_not(None))
                .order_by(GameRow.deadline)
            )
        ).all()
    horizon = time.time() + WINDOW.total_seconds()
    armed = 0
    _later.clear()
    for table_id, stamp in cast(list[tuple[int, float]], rows):  # the query keeps only stored deadlines
        if stamp > horizon:
            heapq.heappush(_later, (stamp, table_id))
        elif _own(table_id):
            _schedule(table_id, datetime.fromtimestamp(stamp, UTC))
            armed += 1
            if armed % CHUNK == 0:
                await asyncio.sleep(0.001)  # let connections and messages in meanwhile
    scheduler.add_job(
        _sweep, "interval", seconds=SWEEP.total_seconds(), id="bansha-deadline-sweep", replace_existing=True
    )
    async with get_session() as session:
        unknown = (
            await session.scalars(select(GameRow.id).where(GameRow.status == "running", GameRow.deadline.is_(None)))
        ).all()
    for table_id in unknown:
        table = await open_game(table_id)
        if table is not None:
            arm(table)  # (arms nothing for a paused game)
            armed += table.armed is not None
    logger.info(
        f"已读取 {len(rows)} 个截止时间，设置其中 {armed} 个，其余临近时设置（启动后 {time.monotonic() - STARTED:.2f} 秒）"
    )
    return armed


def _own(table_id: int) -> bool:
    """Not opened meanwhile (an open game arms itself, maybe for a later moment than stored),
    nor another process's."""
    return table_id not in tables.tables and (tables.held is None or table_id in tables.held)


async def _sweep() -> None:
    """Arm the stored deadlines that came within the window."""
    horizon = time.time() + WINDOW.total_seconds()
    while _later and _later[0][0] <= horizon:
        stamp, table_id = heapq.heappop(_later)
        if _own(table_id):
            _schedule(table_id, datetime.fromtimestamp(stamp, UTC))


async def _fire(game_id: int) -> None:
    """The job returns at once and the game closes its step in a task of its own: a tick that
    waits for a slow delivery must not make the scheduler skip the game's next deadline (one
    running instance per job)."""
    task = asyncio.get_running_loop().create_task(_tick(game_id))
    _ticking.add(task)
    task.add_done_callback(_ticking.discard)


async def _tick(game_id: int) -> None:
    table = tables.tables.get(game_id) or await open_game(game_id)
    if table is not None:
        (close,) = _close  # registered as bot.service loads
        await close(table)
