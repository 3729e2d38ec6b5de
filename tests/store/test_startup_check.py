"""The start-up check of the schema: one query of ``alembic_version`` against the newest migration,
on SQLite and on PostgreSQL; anything but exactly the head sends the bot through a migration.
The bot's modules need NoneBot initialised, so they are imported where used."""

from __future__ import annotations

from argparse import Namespace
from pathlib import Path

import pytest
from alembic.script import ScriptDirectory
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from tests.databases import fresh_postgres, sqlite_url


@pytest.fixture(params=["sqlite", "postgres"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    return sqlite_url(tmp_path) if request.param == "sqlite" else fresh_postgres()


def test_the_head_read_from_the_files_is_the_migration_tools_head() -> None:
    from nonebot_plugin_orm import AlembicConfig

    from bot.store import HEAD

    with AlembicConfig(cmd_opts=Namespace()) as config:
        assert ScriptDirectory.from_config(config).get_current_head() == HEAD


async def test_only_a_database_exactly_at_head_skips_the_migration(url: str) -> None:
    from bot.store import HEAD, at_head

    engine = create_async_engine(url)
    try:
        async with engine.connect() as connection:
            assert not await at_head(connection)  # a new database: no alembic_version table
            await connection.execute(text("CREATE TABLE alembic_version (version_num VARCHAR(32) NOT NULL)"))
            await connection.execute(text("INSERT INTO alembic_version VALUES ('32e7bc80e82f')"))
            await connection.commit()
            assert not await at_head(connection)  # an older version of the bot's schema
            await connection.execute(text("UPDATE alembic_version SET version_num = :head"), {"head": HEAD})
            await connection.commit()
            assert await at_head(connection)
            await connection.execute(text("INSERT INTO alembic_version VALUES ('someotherbranch')"))
            await connection.commit()
            assert not await at_head(connection)  # another branch the bot does not know: migrate
    finally:
        await engine.dispose()
