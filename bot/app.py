"""Building the NoneBot app: the FastAPI driver, the OneBot v11 adapter, the store and the plugins."""

from __future__ import annotations

import os
from typing import Any

import nonebot
from nonebot.adapters.onebot.v11 import Adapter as OneBotV11

from bot.settings import ROOT, config, data_dir, init_kwargs


def create_app(**overrides: Any) -> Any:
    """Initialise NoneBot and load everything; returns the ASGI app."""
    os.chdir(ROOT)  # plugin_dirs in pyproject.toml are relative to the project
    nonebot.init(**init_kwargs(**overrides))
    nonebot.get_driver().register_adapter(OneBotV11)
    nonebot.load_plugin("bot.store")  # first: its start-up migration must run before the orm's check
    nonebot.load_from_toml(str(ROOT / "pyproject.toml"))
    if config().bansha_sandbox:
        from bot.sandbox import host, web

        web.mount(nonebot.get_app(), host.install(data_dir()))
    return nonebot.get_asgi()


def run(**overrides: Any) -> None:
    create_app(**overrides)
    nonebot.run()
