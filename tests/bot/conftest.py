"""nonebug fixtures: the real plugins on a scratch SQLite database, cleaned between tests."""

from __future__ import annotations

from collections.abc import AsyncIterator

import nonebot
import pytest
from nonebug import App


@pytest.fixture
async def app(app: App) -> AsyncIterator[App]:
    """nonebug's app, with the QQ account connected for the whole test (each test context
    fakes its API calls), so the bot's on-connect delivery runs once, on an empty store."""
    from nonebot.adapters.onebot.v11 import Adapter, Bot
    from nonebot_plugin_apscheduler import scheduler
    from nonebot_plugin_orm import get_session
    from sqlalchemy import delete, text

    from bot.store import models
    from bot.tables import tables
    from tests.bot.fake import SELF_ID

    adapter = nonebot.get_adapter(Adapter)
    bot = Bot(adapter, str(SELF_ID))
    adapter.bot_connect(bot)
    yield app
    adapter.bot_disconnect(bot)
    tables.clear()
    scheduler.remove_all_jobs()
    every = (
        models.GameRow,
        models.DirectorRow,
        models.PlayerRow,
        models.CommandRow,
        models.SnapshotRow,
        models.OutboxRow,
        models.BindingRow,
    )
    async with get_session() as session:
        if session.bind.dialect.name == "postgresql":  # game numbers start at #1 again, as on SQLite
            names = ", ".join(model.__tablename__ for model in every)
            await session.execute(text(f"TRUNCATE {names} RESTART IDENTITY"))
        else:
            for model in every:
                await session.execute(delete(model))
        await session.commit()
