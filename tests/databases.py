"""The databases the bot's tests run on: SQLite always, PostgreSQL where ``scripts/test`` could
start a server (``BANSHA_TEST_POSTGRES``: its admin URL; ``scripts/postgres`` sets it up).

``BANSHA_TEST_BACKEND=postgres`` runs the bot, plugin and end-to-end tests on PostgreSQL, each
bot on a fresh database of its own.
"""

from __future__ import annotations

import asyncio
import os
import threading
import uuid
from pathlib import Path

import pytest

ADMIN_URL = os.environ.get("BANSHA_TEST_POSTGRES", "")
ON_POSTGRES = os.environ.get("BANSHA_TEST_BACKEND", "sqlite") == "postgres"
NO_SERVER = "no PostgreSQL server: scripts/test starts one where Debian's postgresql package can be installed"


def sqlite_url(directory: Path) -> str:
    return f"sqlite+aiosqlite:///{directory / 'banshabot.db'}"


def fresh_postgres() -> str:
    """A new, empty database on the test server; its SQLAlchemy URL."""
    if not ADMIN_URL:
        pytest.skip(NO_SERVER)
    name = f"bansha_{uuid.uuid4().hex[:12]}"
    _run(f'CREATE DATABASE "{name}"')
    return ADMIN_URL.rsplit("/", 1)[0] + f"/{name}"


def database_for(directory: Path) -> str:
    """The database a bot on this scratch directory uses, by the backend under test."""
    return fresh_postgres() if ON_POSTGRES else sqlite_url(directory)


def _run(statement: str) -> None:
    """One statement on the admin database, from sync or async code alike (its own thread and loop)."""
    import asyncpg

    async def execute() -> None:
        connection = await asyncpg.connect(ADMIN_URL.replace("postgresql+asyncpg", "postgresql"))
        try:
            await connection.execute(statement)
        finally:
            await connection.close()

    failure: list[BaseException] = []

    def work() -> None:
        try:
            asyncio.run(execute())
        except BaseException as exc:  # handed to the caller's thread
            failure.append(exc)

    thread = threading.Thread(target=work)
    thread.start()
    thread.join()
    if failure:
        raise failure[0]
