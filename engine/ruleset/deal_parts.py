"""The parts of a ruleset that make a board: the preset boards and their variants, and the deal's
rules (禁止的组合, 组合 counts, roles kept apart, 身份配置建议). Kept apart from engine/ruleset/model.py,
as the draw's rules (drawrules.py) are; the loader reads them in engine/ruleset/read_cards.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# A condition on a dealt card (role / camp as dealt), kept as the validated YAML mapping.
Cond = dict[str, Any]


@dataclass(frozen=True)
class Hand:
    """A named kind of two-card hand (金宝宝), by the roles as dealt; ``also`` per switched-on option."""

    name: str
    text: str
    pairs: tuple[tuple[str, str], ...]
    also: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = ()
    where: str = ""


@dataclass(frozen=True)
class Forbidden:
    """A combination no seat may be dealt: one card meeting each side (role / camp as dealt)."""

    text: str
    pair: tuple[Cond, Cond]
    where: str = ""


@dataclass
class DealRules:
    forbidden: tuple[Forbidden, ...] = ()
    hand_counts: dict[str, tuple[int, int]] = field(default_factory=dict)  # 金宝宝: 1–2
    apart: tuple[tuple[str, str, str], ...] = ()  # (role, role, text): never both on one board
    advice: tuple[Advice, ...] = ()  # warnings a director sees (身份配置建议)
    where: str = ""


@dataclass(frozen=True)
class Advice:
    """A board should keep a weighted count of its cards (or its 影响力) within bounds."""

    text: str
    weights: tuple[tuple[str, int], ...] = ()  # role → weight; empty: the cards' 影响力
    low: int = 0
    high: int = 0


@dataclass(frozen=True)
class Substitution:
    """A board variant: each ``replace`` pair swaps one card; ``choose`` lets the director name it."""

    name: str
    text: str = ""
    replace: tuple[tuple[str, str], ...] = ()
    choose: tuple[str, ...] = ()  # roles of which the director names one to become ``to``
    to: str = ""
    options: tuple[tuple[str, Any], ...] = ()
    where: str = ""


@dataclass
class Board:
    name: str
    text: str = ""
    cards: tuple[str, ...] = ()
    substitutions: dict[str, Substitution] = field(default_factory=dict)
    options: tuple[tuple[str, Any], ...] = ()
    where: str = ""
