"""Fill a database with N live games for the benches, through the bot's own code.

    python bench/seed.py --url sqlite+aiosqlite:///x.db --games 1000 [--root CHECKOUT]

One 12-seat 秘密数字杀 game is played by the bot's own services (created, signed up, dealt,
advanced to night 1's wolf step with a day-long deadline) on the database; it is then copied
N-1 times row by row — each copy with its own game number, main group and QQ numbers
(game k's seat s: 1_000_000 + 100·k + s). Its messages are marked sent: the benches measure a
restart with nothing to catch up. ``--root`` seeds with another checkout's code (a baseline).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

GROUP = 100_000  # game k's main group: GROUP + k
DIRECTOR = 2_000_000  # directs the seeded games (not a superuser of the benches' bot)
SEATS = 12


def qq(game: int, seat: int) -> int:
    return 1_000_000 + 100 * game + seat


async def seed(url: str, games: int) -> None:
    import nonebot
    from nonebot.adapters.onebot.v11 import Adapter

    from bot.settings import init_kwargs

    scratch = tempfile.mkdtemp(prefix="bansha-seed-")
    nonebot.init(**init_kwargs(sqlalchemy_database_url=url, localstore_data_dir=scratch, log_level="WARNING"))
    nonebot.get_driver().register_adapter(Adapter)
    nonebot.load_plugin("bot.store")
    from nonebot_plugin_orm import get_session
    from sqlalchemy import MetaData, select, text

    from bot import lobby, service
    from bot.outbox import Recipient
    from bot.store import _upgrade_database
    from engine import commands as c

    await _upgrade_database()
    table = await lobby.create(GROUP, "secret_number", DIRECTOR)
    for seat in range(1, SEATS + 1):
        await lobby.sign_up(table, qq(0, seat), f"P{seat}")
    await lobby.set_board(table, ["狼人x2", "预言家", "村民x9"])
    here = Recipient("group", GROUP)
    await lobby.set_settings(table, ["day_open=none", "step_minutes=1440"], here)
    await lobby.start(table, here)
    await service.submit(table, c.Advance(at=service.now()), here)
    template = table.id

    engine = get_session().bind
    async with engine.begin() as connection:
        await connection.execute(text("UPDATE bansha_outbox SET sent_at = :now"), {"now": time.time()})
        meta = MetaData()
        await connection.run_sync(meta.reflect)
        rows = {
            name: [
                dict(r._mapping) for r in await connection.execute(select(meta.tables[name]).where(column == template))
            ]
            for name, column in (
                ("bansha_game", meta.tables["bansha_game"].c.id),
                ("bansha_player", meta.tables["bansha_player"].c.game_id),
                ("bansha_director", meta.tables["bansha_director"].c.game_id),
                ("bansha_command", meta.tables["bansha_command"].c.game_id),
                ("bansha_snapshot", meta.tables["bansha_snapshot"].c.game_id),
            )
        }
        for first in range(1, games, 500):
            copies: dict[str, list[dict[str, object]]] = {name: [] for name in rows}
            for k in range(first, min(games, first + 500)):
                for name, originals in rows.items():
                    for row in originals:
                        copy = dict(row)
                        if name == "bansha_game":
                            copy.update(id=template + k, group_id=GROUP + k)
                        else:
                            copy["game_id"] = template + k
                        if name == "bansha_player":
                            copy["qq"] = qq(k, row["seat"])
                        copies[name].append(copy)
            for name, batch in copies.items():
                if batch:
                    await connection.execute(meta.tables[name].insert(), batch)
        if connection.dialect.name == "postgresql":  # the bot's next game number follows the copies
            await connection.execute(
                text("SELECT setval(pg_get_serial_sequence('bansha_game', 'id'), (SELECT max(id) FROM bansha_game))")
            )
    await engine.dispose()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", required=True)
    parser.add_argument("--games", type=int, required=True)
    parser.add_argument("--root", default=str(Path(__file__).resolve().parents[1]))
    args = parser.parse_args()
    sys.path[0] = str(Path(args.root).resolve())  # the checkout whose code writes the games
    asyncio.run(seed(args.url, args.games))


if __name__ == "__main__":
    main()
