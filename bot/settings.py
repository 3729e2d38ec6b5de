"""The bot's settings: embedded defaults, overridable by environment variables or a .env file.

| variable                   | default                                  | meaning                                   |
| -------------------------- | ---------------------------------------- | ----------------------------------------- |
| HOST / PORT                | 127.0.0.1 / 8080                         | where the reverse WebSocket listens       |
| ONEBOT_ACCESS_TOKEN        | (none)                                   | token NapCat & co. must present           |
| SUPERUSERS                 | []                                       | QQ numbers that direct every game (JSON)  |
| BANSHA_DATA_DIR            | data/                                    | runtime files: SQLite database, localstore |
| SQLALCHEMY_DATABASE_URL    | sqlite+aiosqlite:///<data>/banshabot.db  | the database (PostgreSQL: postgresql+asyncpg://…) |
| BANSHA_TIMEZONE            | Asia/Shanghai                            | how deadlines are shown and scheduled     |
| BANSHA_SANDBOX             | false                                    | serve the rehearsal sandbox at /sandbox   |
| BANSHA_ACCOUNT             | (none: every game, one process)          | scale-out: the QQ account this process serves (docs/scale.md) |
| BANSHA_LEASE_SECONDS       | 10                                       | scale-out: how long a game's lease lasts unrenewed |
| LOG_LEVEL                  | INFO                                     |                                           |

NoneBot reads adapter and plugin keys from the OS environment only when a .env file
names them too; this module reads the environment (then the project's .env) itself so
that ``ONEBOT_ACCESS_TOKEN=… python -m bot`` and a .env file both simply work.
"""

from __future__ import annotations

import json
import os
from functools import cache
from pathlib import Path
from typing import Any

from nonebot import get_plugin_config
from pydantic import BaseModel

ROOT = Path(__file__).resolve().parents[1]


class BanshaConfig(BaseModel):
    """The plugin config every part of the bot reads through ``get_plugin_config``."""

    bansha_timezone: str = "Asia/Shanghai"
    bansha_sandbox: bool = False
    bansha_snapshot_every: int = 25  # commands between two snapshots of a game


@cache
def config() -> BanshaConfig:
    """The plugin config, read once: NoneBot's config does not change while it runs."""
    return get_plugin_config(BanshaConfig)


def _dotenv() -> dict[str, str]:
    """KEY=VALUE lines of the project's .env (comments and blank lines ignored)."""
    path = ROOT / ".env"
    if not path.exists():
        return {}
    pairs = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line and not line.startswith("#") and "=" in line:
            key, _, value = line.partition("=")
            pairs[key.strip()] = value.strip().strip("'\"")
    return pairs


def setting(name: str) -> str | None:
    """A setting from the environment, else from .env."""
    value = os.environ.get(name) or _dotenv().get(name)
    return value if value not in (None, "") else None


def account() -> int:
    """Scale-out (docs/scale.md): the QQ account whose games this process runs; 0 runs them all."""
    value = setting("BANSHA_ACCOUNT")
    return int(value) if value and value.isdecimal() else 0


def lease_seconds() -> float:
    value = setting("BANSHA_LEASE_SECONDS")
    return float(value) if value and value.replace(".", "", 1).isdecimal() else 10.0


def data_dir() -> Path:
    """Where runtime files live: BANSHA_DATA_DIR, or data/ in the project."""
    data = Path(setting("BANSHA_DATA_DIR") or ROOT / "data").resolve()
    data.mkdir(parents=True, exist_ok=True)
    return data


def init_kwargs(**overrides: Any) -> dict[str, Any]:
    """Everything ``nonebot.init`` needs: embedded defaults, then the environment, then overrides."""
    data = data_dir()
    kwargs: dict[str, Any] = {
        "driver": "~fastapi",
        "host": "127.0.0.1",
        "port": 8080,
        "command_start": {"/", ""},
        "command_sep": {"."},
        "sqlalchemy_database_url": f"sqlite+aiosqlite:///{data / 'banshabot.db'}",
        "sqlalchemy_session_options": {"expire_on_commit": False},
        "localstore_data_dir": str(data / "localstore"),
        "localstore_cache_dir": str(data / "localstore" / "cache"),
        "localstore_config_dir": str(data / "localstore" / "config"),
        "apscheduler_config": {"apscheduler.timezone": "UTC"},
        "alembic_startup_check": True,
    }
    for key in ("HOST", "LOG_LEVEL", "ONEBOT_ACCESS_TOKEN", "SQLALCHEMY_DATABASE_URL", "BANSHA_TIMEZONE"):
        value = setting(key)
        if value is not None:
            kwargs[key.lower()] = value
    port = setting("PORT")
    if port:
        kwargs["port"] = int(port)
    superusers = setting("SUPERUSERS")
    if superusers:
        kwargs["superusers"] = {str(x) for x in json.loads(superusers)}
    sandbox = setting("BANSHA_SANDBOX")
    if sandbox:
        kwargs["bansha_sandbox"] = sandbox.lower() in {"1", "true", "yes", "on"}
    kwargs.update(overrides)
    return kwargs
