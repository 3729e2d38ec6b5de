"""Session-wide NoneBot set-up for nonebug (it initialises NoneBot once per test session).

nonebug starts the app's lifespan at the session's first test, whichever directory it is in; the
plugins are loaded here, at the root, so the store's start-up migration is always part of it."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import nonebot
import pytest
from hypothesis import settings
from nonebug import NONEBOT_INIT_KWARGS

from bot.settings import init_kwargs
from tests.databases import NO_SERVER, ON_POSTGRES, database_for

# CI explores the same examples every run (a property that finds something new fails a local
# run, where it can be looked at, not a submission); elsewhere each run explores anew.
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")

SCRATCH = Path(tempfile.mkdtemp(prefix="banshabot-tests-"))


def pytest_configure(config: pytest.Config) -> None:
    if ON_POSTGRES and not os.environ.get("BANSHA_TEST_POSTGRES"):
        raise pytest.UsageError(NO_SERVER)
    config.stash[NONEBOT_INIT_KWARGS] = init_kwargs(
        superusers={"9"},
        sqlalchemy_database_url=database_for(SCRATCH),
        localstore_data_dir=str(SCRATCH / "localstore"),
        localstore_cache_dir=str(SCRATCH / "localstore" / "cache"),
        localstore_config_dir=str(SCRATCH / "localstore" / "config"),
        log_level="WARNING",
    )


@pytest.fixture(scope="session", autouse=True)
async def after_nonebot_init(after_nonebot_init: None) -> None:
    from nonebot.adapters.onebot.v11 import Adapter

    nonebot.get_driver().register_adapter(Adapter)
    nonebot.load_plugin("bot.store")
    nonebot.load_plugins("plugins")
