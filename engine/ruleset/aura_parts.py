"""The parts of a skill that act on seats by where they sit and by what happens to others: the
statuses it keeps on its holder's neighbours (守护灵光, 邪祟灵光), and the uses it gains as seats go out
(至圣斩, 暗噬斩)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Aura:
    """A status the skill keeps on the seats ``to`` picks while its holder is in and holds it."""

    status: str
    to: Any  # "self" | {beside: self, among: condition}


@dataclass(frozen=True)
class GainsUses:
    """One more use for each ``per`` outs of seats meeting ``of`` put out by a seat meeting ``by``
    (or by an attack of one of ``kinds``: 投票出局)."""

    per: int
    of: Any = None
    by: Any = None
    kinds: tuple[str, ...] = ()
