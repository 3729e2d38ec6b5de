"""The persistence path through the real plugins and the real database (SQLite, or PostgreSQL in
the second pass of scripts/test): one transaction per command, delivery marks that ride with the
next write, a start-up that rebuilds no game until one is touched, and the routing index."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta

import pytest
from nonebug import App

from engine import commands as c
from tests.bot.helpers import (
    GROUP,
    OWNER,
    PLAYERS,
    STRANGER,
    accepted,
    game,
    holders,
    now,
    running_game,
    seat,
    secret,
    state,
)


@contextmanager
def commits() -> Iterator[list[str]]:
    """The transactions the store commits meanwhile (one entry each)."""
    from nonebot_plugin_orm import get_session
    from sqlalchemy import event

    engine = get_session().bind.sync_engine  # type: ignore[union-attr]
    seen: list[str] = []

    def committed(_connection: object) -> None:
        seen.append("commit")

    event.listen(engine, "commit", committed)
    try:
        yield seen
    finally:
        event.remove(engine, "commit", committed)


async def unsent() -> list[tuple[int, str]]:
    from nonebot_plugin_orm import get_session
    from sqlalchemy import select

    from bot.store.models import OutboxRow

    async with get_session() as session:
        rows = await session.execute(select(OutboxRow.id, OutboxRow.text).where(OutboxRow.sent_at.is_(None)))
        return [(row.id, row.text) for row in rows]


async def test_a_command_is_one_transaction_and_its_marks_ride_with_the_next(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bot.store import journal

    await journal.stop()  # an earlier test's flush timer ends here
    monkeypatch.setattr(journal, "MARK_DELAY", 30.0)  # no timer flush during the test: only writes carry marks
    table = await running_game(app, monkeypatch)
    await journal.flush()
    voters = list(PLAYERS)[:2]
    target = secret(table, voters[1])
    with commits() as seen:
        vote = c.CastVote(at=now(), seat=seat(table, voters[0]), target=seat(table, voters[1]))
        result = await accepted(app, voters[0], f"投票 {target}", vote)
        assert seen == ["commit"]  # the command, its outbox rows and the reply: one write
        waiting = await unsent()
        assert [text for _, text in waiting] == [result.reply]  # sent, its mark not yet written
        vote = c.CastVote(at=now(), seat=seat(table, voters[1]), target=seat(table, voters[1]))
        await accepted(app, voters[1], f"投票 {target}", vote)
        assert seen == ["commit", "commit"]
    still = await unsent()
    assert waiting[0] not in still  # the first reply's mark went with the second command
    assert len(still) == 1
    await journal.flush()
    assert await unsent() == []


async def test_marks_get_a_write_of_their_own_only_once_no_command_carried_them(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bot.store import journal

    await journal.stop()
    monkeypatch.setattr(journal, "MARK_DELAY", 1.0)
    table = await running_game(app, monkeypatch)
    await journal.flush()
    voters, target = list(PLAYERS)[:4], list(PLAYERS)[4]
    with commits() as seen:
        for voter in voters:  # a command every 0.4 s: each carries the marks the one before left
            vote = c.CastVote(at=now(), seat=seat(table, voter), target=seat(table, target))
            await accepted(app, voter, f"投票 {secret(table, target)}", vote)
            await asyncio.sleep(0.4)
        assert seen == ["commit"] * 4  # the commands' writes, none of the marks' own
        assert len(await unsent()) == 1  # the last reply's mark still waits ...
        await asyncio.sleep(1.5)
        assert seen == ["commit"] * 5  # ... until it waited MARK_DELAY: then it is written alone
    assert await unsent() == []


async def test_a_restart_opens_a_game_only_when_it_is_touched(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    from nonebot_plugin_apscheduler import scheduler

    from bot import deadlines, startup
    from bot.store import journal
    from bot.tables import load_all, tables

    table = await running_game(app, monkeypatch)
    before, deadline = state(table), game(table).next_deadline()
    wolf = holders(table, "狼人")[0]
    await journal.flush()
    scheduler.remove_all_jobs()

    await load_all()  # as at start-up
    assert await deadlines.arm_stored() == 0  # the day closes in six hours: not armed yet ...
    assert scheduler.get_job(deadlines.job_id(table)) is None
    monkeypatch.setattr(deadlines, "WINDOW", timedelta(hours=7))
    await deadlines._sweep()  # ... until it comes within the window
    assert tables.tables == {} and tables.playing(wolf) == []  # nothing opened ...
    job = scheduler.get_job(deadlines.job_id(table))
    assert job is not None and job.next_run_time == deadline  # ... yet its deadline is armed, from the row
    assert await deadlines.arm_stored() == 1  # within the window at start-up: armed at once

    await startup.open_for(STRANGER, None, "身份", superuser=False)  # what the event preprocessor does
    assert tables.tables == {}
    await startup.open_for(wolf, None, "身份", superuser=False)
    fresh = tables.in_group(GROUP)
    assert fresh is not None and fresh is not table and tables.playing(wolf) == [fresh]
    assert state(fresh) == before and fresh.seq == table.seq and fresh.outbox == []
    assert [t.id for t in tables.directing(OWNER, set())] == [fresh.id]


async def test_the_index_follows_sign_ups_leaves_directors_and_the_end(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bot import lobby, service
    from bot.outbox import Recipient
    from bot.tables import tables

    table = await running_game(app, monkeypatch)
    first = next(iter(PLAYERS))
    assert tables.playing(first) == [table] and tables.in_group(GROUP) is table
    assert tables.directing(77, set()) == []
    await lobby.add_director(table, 77)
    assert tables.directing(77, set()) == [table]
    await service.end(table, Recipient("group", GROUP))
    assert tables.playing(first) == [] and tables.in_group(GROUP) is None and tables.directing(77, set()) == []

    waiting = await lobby.create(GROUP, "secret_number", OWNER)
    await lobby.sign_up(waiting, 4242, "新人")
    assert tables.playing(4242) == [waiting]
    await lobby.leave(waiting, 4242)
    assert tables.playing(4242) == []
