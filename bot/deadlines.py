"""One APScheduler job per running game, at the engine's next deadline.

Jobs live in memory; the database is the truth, so start-up re-arms every game, and a
deadline that passed while the bot was down fires at once (misfire_grace_time=None).
"""

from __future__ import annotations

from nonebot import require

require("nonebot_plugin_apscheduler")

from nonebot_plugin_apscheduler import scheduler  # noqa: E402

from bot.tables import Table, tables  # noqa: E402


def job_id(table: Table) -> str:
    return f"bansha-deadline-{table.id}"


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
    scheduler.add_job(
        _fire,
        "date",
        run_date=when,
        id=job_id(table),
        args=[table.id],
        replace_existing=True,
        misfire_grace_time=None,
        coalesce=True,
    )


async def _fire(game_id: int) -> None:
    from bot import service

    table = tables.tables.get(game_id)
    if table is not None:
        await service.tick(table)
