"""The durable store: a NoneBot library plugin owning the tables and their migrations.

The database is brought to the newest migration as the bot starts, before
nonebot-plugin-orm's own check runs (which would otherwise stop to ask a person).
"""

from __future__ import annotations

from argparse import Namespace

from nonebot import get_driver, require
from nonebot.plugin import PluginMetadata
from sqlalchemy import Engine, event, text

from bot.settings import setting

__plugin_meta__ = PluginMetadata(
    name="版杀存储",
    description="命令日志、快照、发件箱与团队群绑定的持久化",
    usage="由其他插件调用，无聊天命令",
    type="library",
)


MIGRATION_LOCK = 0x62616E73  # a PostgreSQL advisory lock: processes sharing a database migrate one at a time


@get_driver().on_startup
async def _upgrade_database() -> None:
    """Registered before nonebot-plugin-orm loads, so it runs first: migrate to head (on
    PostgreSQL under an advisory lock, so that processes starting together do not collide)."""
    from nonebot_plugin_orm import AlembicConfig, get_session, migrate
    from sqlalchemy.util import greenlet_spawn

    engine = get_session().bind  # builds the engine and metadata from the loaded models
    async with engine.connect() as connection:  # type: ignore[union-attr]  # bound once the models loaded
        shared = connection.dialect.name == "postgresql"
        if shared:
            await connection.execute(text("SELECT pg_advisory_lock(:key)"), {"key": MIGRATION_LOCK})
            await connection.commit()
        try:
            with AlembicConfig(cmd_opts=Namespace()) as config:
                await greenlet_spawn(migrate.upgrade, config)
        finally:
            if shared:
                await connection.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": MIGRATION_LOCK})
                await connection.commit()


@event.listens_for(Engine, "connect")
def _sqlite_pragmas(connection: object, _record: object) -> None:
    """SQLite in WAL mode with synchronous=NORMAL: a commit is in the log before it returns, so a
    crash or kill of the bot never loses it; only the machine losing power could drop the last
    ones. BANSHA_SQLITE_SYNC=FULL trades speed for that too (an fsync per commit)."""
    if "sqlite" not in type(connection).__module__:
        return
    cursor = connection.cursor()  # type: ignore[attr-defined]  # a DBAPI connection: sqlite3 here
    cursor.execute("PRAGMA journal_mode=WAL")
    sync = (setting("BANSHA_SQLITE_SYNC") or "NORMAL").upper()
    cursor.execute(f"PRAGMA synchronous={sync if sync in {'NORMAL', 'FULL', 'EXTRA'} else 'NORMAL'}")
    cursor.close()


require("nonebot_plugin_orm")

from bot.store import models  # noqa: E402  (the models need the orm plugin loaded)

__all__ = ["models"]
