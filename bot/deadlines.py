"""One APScheduler job per running game, at the engine's next deadline.

Jobs live in memory; the database is the truth. Each running game's next deadline is stored
on its row with every command (bot/service.py), so start-up arms every game from one indexed
query without rebuilding any; a deadline that passed while the bot was down fires at once
(misfire_grace_time=None), and the game is rebuilt when its job runs.
"""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime

from nonebot import logger, require

require("nonebot_plugin_apscheduler")

from nonebot_plugin_apscheduler import scheduler  # noqa: E402
from nonebot_plugin_orm import get_session  # noqa: E402
from sqlalchemy import select  # noqa: E402

from bot import STARTED  # noqa: E402
from bot.store.models import GameRow  # noqa: E402
from bot.tables import Table, open_game, tables  # noqa: E402

CHUNK = 500  # jobs armed between two looks at the event loop while start-up arms them


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
    """Start-up: a job for every stored deadline (one indexed query); running games with none
    stored (from before deadlines were stored) are rebuilt and armed. Returns the jobs armed."""
    async with get_session() as session:
        rows = (
            await session.execute(
                select(GameRow.id, GameRow.deadline).where(GameRow.status == "running", GameRow.deadline.is_not(None))
            )
        ).all()
    armed = 0
    for table_id, stamp in rows:
        if table_id in tables.tables or (tables.held is not None and table_id not in tables.held):
            continue  # opened meanwhile, it armed itself (maybe for a later moment); or another process's
        _schedule(table_id, datetime.fromtimestamp(stamp, UTC))
        armed += 1
        if armed % CHUNK == 0:
            await asyncio.sleep(0)  # let connections and messages in meanwhile
    async with get_session() as session:
        unknown = (
            await session.scalars(select(GameRow.id).where(GameRow.status == "running", GameRow.deadline.is_(None)))
        ).all()
    for table_id in unknown:
        table = await open_game(table_id)
        if table is not None:
            arm(table)  # (arms nothing for a paused game)
            armed += table.armed is not None
    logger.info(f"已设置 {armed} 个截止时间（启动后 {time.monotonic() - STARTED:.2f} 秒）")
    return armed


async def _fire(game_id: int) -> None:
    from bot import service

    table = tables.tables.get(game_id) or await open_game(game_id)
    if table is not None:
        await service.tick(table)
