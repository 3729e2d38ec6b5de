"""Session-wide NoneBot set-up for nonebug (it initialises NoneBot once per test session)."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from nonebug import NONEBOT_INIT_KWARGS

from bot.settings import init_kwargs

SCRATCH = Path(tempfile.mkdtemp(prefix="banshabot-tests-"))


def pytest_configure(config: pytest.Config) -> None:
    config.stash[NONEBOT_INIT_KWARGS] = init_kwargs(
        superusers={"9"},
        sqlalchemy_database_url=f"sqlite+aiosqlite:///{SCRATCH / 'bot.db'}",
        localstore_data_dir=str(SCRATCH / "localstore"),
        localstore_cache_dir=str(SCRATCH / "localstore" / "cache"),
        localstore_config_dir=str(SCRATCH / "localstore" / "config"),
        log_level="WARNING",
    )
