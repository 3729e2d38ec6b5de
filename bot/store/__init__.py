"""The durable store: a NoneBot library plugin owning the tables and their migrations.

As the bot starts, one query compares the database's ``alembic_version`` with the newest
migration (read from the migration files as this module loads). At head, that is all: neither
alembic's migration machinery nor nonebot-plugin-orm's own check (a whole autogenerate
comparison) runs. Behind it (a new database, or a new version of the bot), the database is
brought to head and then nonebot-plugin-orm's check runs, as before.
"""

from __future__ import annotations

import re
from argparse import Namespace
from pathlib import Path

from nonebot import get_driver, require
from nonebot.plugin import PluginMetadata
from sqlalchemy import Engine, event, text
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncConnection
from sqlalchemy.util import greenlet_spawn

from bot.settings import setting

__plugin_meta__ = PluginMetadata(
    name="版杀存储",
    description="命令日志、快照、发件箱与团队群绑定的持久化",
    usage="由其他插件调用，无聊天命令",
    type="library",
)


MIGRATION_LOCK = 0x62616E73  # a PostgreSQL advisory lock: processes sharing a database migrate one at a time


MIGRATIONS = Path(__file__).with_name("migrations")
_REVISION = re.compile(r"^revision: str = \"(\w+)\"", re.MULTILINE)
_DOWN_REVISION = re.compile(r"^down_revision: [^=]+= \"(\w+)\"", re.MULTILINE)


def head_revision() -> str:
    """The newest migration: the one no other migration follows."""
    texts = [path.read_text(encoding="utf-8") for path in MIGRATIONS.glob("*.py")]
    revisions = {m.group(1) for text in texts if (m := _REVISION.search(text))}
    followed = {m.group(1) for text in texts if (m := _DOWN_REVISION.search(text))}
    (head,) = revisions - followed
    return head


HEAD = head_revision()


@get_driver().on_startup
async def _upgrade_database() -> None:
    """Registered before nonebot-plugin-orm loads, so it runs first: nothing when the database is
    at head; else migrate to head (on PostgreSQL under an advisory lock, so that processes
    starting together do not collide) and run nonebot-plugin-orm's check of models against it."""
    engine = orm.get_session().bind  # builds the engine and metadata from the loaded models
    async with engine.connect() as connection:  # type: ignore[union-attr]  # bound once the models loaded
        if await at_head(connection):
            return
        shared = connection.dialect.name == "postgresql"
        if shared:
            await connection.execute(text("SELECT pg_advisory_lock(:key)"), {"key": MIGRATION_LOCK})
            await connection.commit()
        try:
            with orm.AlembicConfig(cmd_opts=Namespace()) as config:
                await greenlet_spawn(orm.migrate.upgrade, config)
        finally:
            if shared:
                await connection.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": MIGRATION_LOCK})
                await connection.commit()
    await orm.init_orm()


async def at_head(connection: AsyncConnection) -> bool:
    """Whether the database's migrations are exactly ``HEAD`` (False for a new database)."""
    try:
        versions = set((await connection.execute(text("SELECT version_num FROM alembic_version"))).scalars())
    except DBAPIError:  # no alembic_version table: nothing was ever migrated
        await connection.rollback()
        return False
    await connection.commit()
    return versions == {HEAD}


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

import nonebot_plugin_orm as orm  # noqa: E402  (registered its start-up check as it loaded)

from bot.store import models  # noqa: E402  (the models need the orm plugin loaded)

# The orm's check runs after a migration only (``_upgrade_database``); NoneBot has no public way
# to take back a start-up hook.
get_driver()._lifespan._startup_funcs.remove(orm.init_orm)

__all__ = ["models"]
