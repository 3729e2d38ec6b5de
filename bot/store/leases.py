"""Scale-out (docs/scale.md): a lease per game, so that of several processes sharing one database
only one applies commands to a game. Off unless BANSHA_ACCOUNT names the account a process serves.

A process claims its account's games at start-up (a lease that is free, expired or its own) and
renews what it holds every third of the lease time. Every write of a command also renews its
game's lease, and fails — changing nothing — when another process holds it: two processes may
both have a game in memory for a moment, never both commit to it. A killed process's games
are taken over once their leases expire (BANSHA_LEASE_SECONDS, 10 by default).
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterable

from sqlalchemy import and_, bindparam, insert, or_, select, update
from sqlalchemy.exc import IntegrityError

from bot.settings import account, lease_seconds
from bot.store import journal
from bot.store.journal import Write
from bot.store.models import LeaseRow

LEASES = LeaseRow.__table__
OWNER = f"{account()}:{uuid.uuid4().hex[:16]}"  # this process
_RENEW = (
    update(LEASES)
    .where(LEASES.c.game_id == bindparam("game"), LEASES.c.owner == OWNER)
    .values(expires=bindparam("until"))
)


def enabled() -> bool:
    return account() != 0


def guard(write: Write, game_id: int) -> None:
    """The write commits only while this process holds the game's lease (and renews it)."""
    if enabled():
        write.guard(_RENEW, {"game": game_id, "until": time.time() + lease_seconds()})


async def claim(game_ids: Iterable[int]) -> set[int]:
    """Take the leases of these games that are free, expired or ours; returns the games held."""
    wanted = set(game_ids)
    if not wanted:
        return set()
    now = time.time()
    until = now + lease_seconds()
    try:
        async with journal.engine().begin() as connection:
            await connection.execute(
                update(LEASES)
                .where(LEASES.c.game_id.in_(wanted), or_(LEASES.c.owner == OWNER, LEASES.c.expires < now))
                .values(owner=OWNER, expires=until)
            )
            rows = (await connection.execute(select(LEASES.c.game_id).where(LEASES.c.game_id.in_(wanted)))).all()
            missing = wanted - {r.game_id for r in rows}
            if missing:
                await connection.execute(
                    insert(LEASES), [{"game_id": g, "owner": OWNER, "expires": until} for g in missing]
                )
            held = await connection.execute(
                select(LEASES.c.game_id).where(and_(LEASES.c.game_id.in_(wanted), LEASES.c.owner == OWNER))
            )
            return {r.game_id for r in held}
    except IntegrityError:  # another process inserted one of them meanwhile: try again next round
        return set()


async def renew() -> None:
    """Every lease this process holds, extended."""
    async with journal.engine().begin() as connection:
        await connection.execute(
            update(LEASES).where(LEASES.c.owner == OWNER).values(expires=time.time() + lease_seconds())
        )
