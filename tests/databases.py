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
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

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

    _in_thread(execute)


def read(url: str, sql: str, **params: Any) -> list[tuple[Any, ...]]:
    """The rows of one query on a bot's database (either backend), from sync or async code alike:
    the tests that look into a running bot's store read it this way."""
    from sqlalchemy import text
    from sqlalchemy.ext.asyncio import create_async_engine

    rows: list[tuple[Any, ...]] = []

    async def query() -> None:
        engine = create_async_engine(url)
        try:
            async with engine.connect() as connection:
                rows.extend(tuple(r) for r in (await connection.execute(text(sql), params)).all())
        finally:
            await engine.dispose()

    _in_thread(query)
    return rows


def _in_thread(work: Callable[[], Coroutine[Any, Any, None]]) -> None:
    """Run ``work`` to its end on a loop of its own in another thread; its exception is raised here."""
    failure: list[BaseException] = []

    def run() -> None:
        try:
            asyncio.run(work())
        except BaseException as exc:  # handed to the caller's thread
            failure.append(exc)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if failure:
        raise failure[0]
