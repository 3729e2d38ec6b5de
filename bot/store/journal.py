"""The one write path of a running game: everything a command changes — its log row, its outbox
rows, a snapshot, the game row — in one transaction, through SQLAlchemy Core.

Delivery marks (an outbox row sent, or refused by QQ) are not written one by one: they wait in
memory and ride along with the next write, or are flushed on their own once they waited
``MARK_DELAY`` seconds with no write to carry them, or at shutdown: while commands come, no
transaction of the marks' own competes with the next command's write. What that costs after a
crash (SIGKILL, power loss): the rows sent in the last ``MARK_DELAY`` seconds before it are sent
once more at restart, as is the one whose OneBot call was in flight. That is the least OneBot
allows: a send carries no idempotency key and QQ cannot be asked whether a message arrived, so a
row is either marked before its send (and may be lost) or after it (and may repeat); the outbox
promises never to lose one. Within one process no row is sent twice: rows are queued in memory
once, as they are committed.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from nonebot import logger
from nonebot_plugin_orm import get_session
from sqlalchemy import Executable, bindparam, insert, update
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from bot.store.models import OutboxRow

MARK_DELAY = 0.1  # seconds a delivery mark may wait for the next write
OUTBOX = OutboxRow.__table__
_COLUMNS = [c.name for c in OUTBOX.columns if c.name != "id"]
_INSERT_OUTBOX = insert(OUTBOX).returning(OUTBOX.c.id, sort_by_parameter_order=True)
_MARK_SENT = update(OUTBOX).where(OUTBOX.c.id == bindparam("row")).values(sent_at=bindparam("at"))
_MARK_FAILED = (
    update(OUTBOX).where(OUTBOX.c.id == bindparam("row")).values(attempts=bindparam("tries"), error=bindparam("why"))
)


class GuardFailed(Exception):
    """A guard of the write matched no row: nothing was written."""


@dataclass
class Write:
    """One transaction: Core statements (with their parameters) and the outbox rows to insert,
    whose ids are filled in once it committed; guards are statements that must touch one row
    each, or the whole write is rolled back (a lease another process holds)."""

    statements: list[tuple[Executable, Any]] = field(default_factory=list)
    outbox: list[OutboxRow] = field(default_factory=list)
    guards: list[tuple[Executable, Any]] = field(default_factory=list)

    def add(self, statement: Executable, params: Any = None) -> None:
        self.statements.append((statement, params))

    def guard(self, statement: Executable, params: Any = None) -> None:
        self.guards.append((statement, params))

    def __bool__(self) -> bool:
        return bool(self.statements or self.outbox)


@cache
def engine() -> AsyncEngine:
    bind = get_session().bind
    assert isinstance(bind, AsyncEngine)
    return bind


class _Marks:
    """Delivery marks waiting to be written."""

    def __init__(self) -> None:
        self.sent: dict[int, float] = {}
        self.failed: dict[int, tuple[int, str]] = {}
        self.timer: asyncio.Task[None] | None = None
        self.since = 0.0  # when the oldest of them was queued (time.monotonic)

    def queued(self) -> None:
        if len(self.sent) + len(self.failed) == 1:
            self.since = time.monotonic()

    def take(self) -> tuple[dict[int, float], dict[int, tuple[int, str]]]:
        taken = self.sent, self.failed
        self.sent, self.failed = {}, {}
        return taken

    def give_back(self, sent: dict[int, float], failed: dict[int, tuple[int, str]]) -> None:
        if not (self.sent or self.failed):
            self.since = time.monotonic()
        self.sent = sent | self.sent
        self.failed = failed | self.failed


_marks = _Marks()


async def commit(write: Write) -> None:
    """Run the write in one transaction, with every delivery mark that waited."""
    sent, failed = _marks.take()
    try:
        async with engine().begin() as connection:
            for statement, params in write.guards:
                if (await connection.execute(statement, params)).rowcount != 1:
                    raise GuardFailed(str(statement))
            for statement, params in write.statements:
                await connection.execute(statement, params)
            if write.outbox:
                rows = [{name: getattr(row, name) for name in _COLUMNS} for row in write.outbox]
                ids = (await connection.execute(_INSERT_OUTBOX, rows)).scalars().all()
                for row, row_id in zip(write.outbox, ids, strict=True):
                    row.id = row_id
            await _write_marks(connection, sent, failed)
    except BaseException:
        _marks.give_back(sent, failed)
        raise


async def _write_marks(connection: AsyncConnection, sent: dict[int, float], failed: dict[int, tuple[int, str]]) -> None:
    if sent:
        await connection.execute(_MARK_SENT, [{"row": row, "at": at} for row, at in sent.items()])
    if failed:
        await connection.execute(
            _MARK_FAILED, [{"row": row, "tries": tries, "why": why} for row, (tries, why) in failed.items()]
        )


def mark_sent(row: OutboxRow) -> None:
    _marks.failed.pop(row.id, None)
    _marks.sent[row.id] = time.time()
    _marks.queued()
    _soon()


def mark_failed(row: OutboxRow) -> None:
    _marks.failed[row.id] = (row.attempts, row.error)
    _marks.queued()
    _soon()


def _soon() -> None:
    if _marks.timer is None or _marks.timer.done():
        _marks.timer = asyncio.get_running_loop().create_task(_flush_later())


async def _flush_later() -> None:
    """Flush the marks once the oldest waited ``MARK_DELAY``; a write that carried them meanwhile
    starts the wait again with the marks queued after it."""
    while _marks.sent or _marks.failed:
        wait = _marks.since + MARK_DELAY - time.monotonic()
        if wait > 0:
            await asyncio.sleep(wait)
            continue
        try:
            await flush()
        except Exception:  # the marks stay queued for the next write, or the next round
            logger.exception("发送标记写入失败，稍后重试")


async def flush() -> None:
    """Write the waiting delivery marks now (shutdown, or their delay ran out)."""
    if _marks.sent or _marks.failed:
        await commit(Write())


async def stop() -> None:
    """Shutdown: the timer cancelled, every mark written."""
    if _marks.timer is not None:
        _marks.timer.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await _marks.timer
    await flush()
