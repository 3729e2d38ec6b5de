"""A rule post's board-drawing rules (身份配置), as typed data: see engine/draw.py for the draw.

Self-contained and hashable: each pool carries its roles, strengths and tags, so a draw and its
caches need nothing else of the ruleset.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from engine.formula import Formula


@dataclass(frozen=True)
class PoolRole:
    """One role of a pool, with its 强度值 and card tags."""

    name: str
    strength: int = 0
    tags: tuple[str, ...] = ()


@dataclass(frozen=True, eq=False)
class Pool:
    """A category of roles drawn K of N (强神：10选4). Its count is fixed, drawn by the odds for the
    player count, or (neither) whatever the size bounds allow; ``appears`` is the chance it is on
    the board at all (三方 60%)."""

    name: str
    camp: str
    roles: tuple[PoolRole, ...]
    text: str = ""
    count: int | None = None
    odds: tuple[tuple[int, Formula], ...] = ()  # count → its probability, a formula of N
    appears: Fraction | None = None
    where: str = ""

    def chances(self, n: int) -> tuple[tuple[int, Fraction], ...]:
        """Each count's probability at ``n`` players; a formula below 0 is 0 and above 1 is 1."""
        return tuple((count, min(max(p(n), Fraction(0)), Fraction(1))) for count, p in self.odds)


@dataclass(frozen=True)
class Condition:
    """When a rule applies: any of ``roles`` is drawn, or the share of ``pool``'s other cards
    bearing ``tag`` is at most / more than a fraction of the pool's count (长老狼)."""

    roles: tuple[str, ...] = ()
    tag: str = ""
    pool: str = ""
    at_most: Fraction | None = None
    more_than: Fraction | None = None


@dataclass(frozen=True)
class SizeBound:
    """The pools' cards together number between two formulas of N (村民 ⌈0.5N⌉…round(0.6N)),
    only while ``when`` holds if it is given (妖狐)."""

    text: str
    pools: tuple[str, ...]
    low: Formula
    high: Formula
    when: Condition | None = None
    where: str = ""


@dataclass(frozen=True)
class Requirement:
    """有A必有B (``role`` needs ``needs``), or: while ``when`` holds, ``role`` must be drawn
    (``needs`` is ``role``) or must not be (``forbidden``)."""

    text: str
    role: str
    needs: str = ""
    when: Condition | None = None
    forbidden: bool = False
    where: str = ""


@dataclass(frozen=True)
class Exactly:
    """有且仅有: the pool gives exactly this many cards."""

    text: str
    pool: str
    count: int
    where: str = ""


@dataclass(frozen=True)
class StrengthRatio:
    """强度值 of camp ``camps[0]`` over camp ``camps[1]`` lies in [low, high] (1.1~1.2：1)."""

    text: str
    camps: tuple[str, str]
    low: Fraction
    high: Fraction
    where: str = ""


@dataclass(frozen=True)
class Conversion:
    """该身份出现时…也会变为: with ``role`` on the dealt board, every card of ``pools`` and ``count``
    cards more of ``camp``, drawn at random, become ``role`` (灯影预言家, 警察)."""

    text: str
    role: str
    pools: tuple[str, ...] = ()
    camp: str = ""
    count: int = 0
    where: str = ""


@dataclass(frozen=True, eq=False)
class DrawRules:
    """How a board is drawn for ``players`` (least, most) and what a hand-made board must keep.
    Compared and hashed by identity: the draw's caches are per loaded ruleset."""

    text: str
    players: tuple[int, int]
    pools: tuple[Pool, ...]
    sizes: tuple[SizeBound, ...] = ()
    exactly: tuple[Exactly, ...] = ()
    requires: tuple[Requirement, ...] = ()
    strength: StrengthRatio | None = None
    waived_by: str = ""  # the option under which a hand-made board is the 导演's own
    where: str = ""
    converts: tuple[Conversion, ...] = ()  # applied to a drawn board as it is dealt

    def pool(self, name: str) -> Pool:
        return next(p for p in self.pools if p.name == name)
