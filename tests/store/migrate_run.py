"""``python -m tests.store.migrate_run URL``: the store's migrations on that database, in a NoneBot
of their own — upgrade to head, write a game, downgrade the newest migration, upgrade again, downgrade to base.
Prints what the database holds after each step, one JSON line each."""

from __future__ import annotations

import asyncio
import json
import sys
import tempfile
from argparse import Namespace
from typing import Any

import nonebot
from alembic.script import ScriptDirectory
from sqlalchemy import inspect, text

from bot.settings import init_kwargs


async def main(url: str) -> None:
    scratch = tempfile.mkdtemp(prefix="bansha-migrate-")
    nonebot.init(**init_kwargs(sqlalchemy_database_url=url, localstore_data_dir=scratch, log_level="WARNING"))
    nonebot.load_plugin("bot.store")
    from nonebot_plugin_orm import AlembicConfig, get_session, migrate
    from sqlalchemy.util import greenlet_spawn

    engine = get_session().bind

    async def step(name: str, action: Any, *args: str) -> None:
        with AlembicConfig(cmd_opts=Namespace()) as config:
            await greenlet_spawn(action, config, *args)
        async with engine.connect() as connection:
            tables = await connection.run_sync(lambda c: sorted(inspect(c).get_table_names()))
            columns, games = [], []
            if "bansha_game" in tables:
                columns = await connection.run_sync(
                    lambda c: [x["name"] for x in inspect(c).get_columns("bansha_game")]
                )
                games = [list(r) for r in await connection.execute(text("SELECT id, ruleset FROM bansha_game"))]
        print(json.dumps({"step": name, "tables": tables, "game_columns": sorted(columns), "games": games}), flush=True)

    with AlembicConfig(cmd_opts=Namespace()) as config:
        previous = ScriptDirectory.from_config(config).get_revision("head").down_revision
    await step("upgrade", migrate.upgrade)
    async with engine.begin() as connection:
        await connection.execute(
            text(
                "INSERT INTO bansha_game (group_id, ruleset, ruleset_hash, status, board, settings, options, created_at)"
                " VALUES (500, 'secret_number', 'h', 'lobby', '[]', '{}', '{}', 0)"
            )
        )
    await step("downgrade the newest", migrate.downgrade, previous)
    await step("upgrade again", migrate.upgrade)
    await step("downgrade to base", migrate.downgrade, "base")
    await engine.dispose()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
