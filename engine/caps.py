"""What a seat's statuses let it do, read through the table of capabilities.

A status gives its holder capabilities (engine/status_words.py ``CAPS``): a flag (沉默's
``silenced``), a count (诽谤's ``extra_votes``), a number (迷魂's ``vote_weight``) or a list of names
(缴械's ``blocks_tags``). A compound has those of what it includes (业炎 = 沉默 + 超度 + 遗忘),
expanded as the ruleset loads. Each capability is read by one module only, the one its table
row names, through these functions; a test holds the table and the readers together.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.context import Context
    from engine.state import Seat


def giving(game: Context, seat: Seat, cap: str) -> list[str]:
    """The names of the seat's statuses that give this capability, in the order they were gained."""
    if not seat.statuses or not game.rs.uses_status_flag(cap):
        return []
    statuses = game.rs.statuses
    return list(dict.fromkeys(s.name for s in seat.statuses if cap in statuses[s.name].caps))


def givers(game: Context, seat: Seat, cap: str) -> list[int]:
    """The givers (sources) of the seat's statuses that give this capability, in the order gained."""
    if not seat.statuses or not game.rs.uses_status_flag(cap):
        return []
    statuses = game.rs.statuses
    return list(dict.fromkeys(s.source for s in seat.statuses if cap in statuses[s.name].caps))


def has(game: Context, seat: Seat, cap: str) -> bool:
    if not seat.statuses or not game.rs.uses_status_flag(cap):
        return False
    statuses = game.rs.statuses
    return any(cap in statuses[s.name].caps for s in seat.statuses)


def value(game: Context, seat: Seat, cap: str) -> Any | None:
    """The value of the first status giving it (迷魂's weight), or None."""
    names = giving(game, seat, cap)
    return game.rs.statuses[names[0]].caps[cap] if names else None


def total(game: Context, seat: Seat, cap: str) -> int:
    """A counted capability summed over the seat's statuses: once per name, or once per grant for a
    status that stacks (独裁 可以叠加; 相同名字的状态不会重复施加效果 otherwise)."""
    statuses = game.rs.statuses
    seen: set[str] = set()
    count = 0
    for status in seat.statuses:
        sdef = statuses[status.name]
        if cap in sdef.caps and (sdef.stacks or status.name not in seen):
            count += int(sdef.caps[cap])
            seen.add(status.name)
    return count


def names(game: Context, seat: Seat, cap: str) -> dict[str, str]:
    """For a capability that lists names (blocked skills or tags): each name → the status giving it."""
    out: dict[str, str] = {}
    for status in giving(game, seat, cap):
        for name in game.rs.statuses[status].caps[cap]:
            out.setdefault(name, status)
    return out
