"""Property: 10,000 seeded deals of each 双身份 template never give a forbidden combination,
always give 1–2 金宝宝, and put a wolf seat's 女巫 second (the order a silent player keeps)."""

from __future__ import annotations

import random
from collections import Counter
from functools import cache

import pytest

from engine import boards
from engine.ruleset.loader import load_ruleset
from engine.ruleset.model import Ruleset

SEEDS = 10_000
WOLVES = {"狼人", "隐狼", "白狼王", "石像鬼"}


@cache
def dual() -> Ruleset:
    return load_ruleset("dual_identity")


def violations(rs: Ruleset, deal: list[tuple[str, ...]], options: dict[str, object]) -> list[str]:
    """The post's rules, written out again here independently of the deal's own check."""
    found = []
    gold = rs.hand_pairs("金宝宝", {"唐伯虎金宝宝": False} | options)
    for a, b in deal:
        wolf_a, wolf_b = a in WOLVES, b in WOLVES
        if "预言家" in (a, b) and (wolf_a or wolf_b):
            found.append(f"预言家 + 狼人阵营身份: {a}+{b}")
        if "术数学徒" in (a, b) and (wolf_a or wolf_b):
            found.append(f"术数学徒 + 狼人阵营身份: {a}+{b}")
        if wolf_a and wolf_b:
            found.append(f"狼人阵营身份 + 狼人阵营身份: {a}+{b}")
        if (wolf_a or wolf_b) and a == "女巫":
            found.append(f"女巫 first on a wolf seat: {a}+{b}")
    golden = sum(1 for pair in deal if tuple(sorted(pair)) in gold)
    if not 1 <= golden <= 2:
        found.append(f"{golden} 金宝宝")
    cards = [r for pair in deal for r in pair]
    if "魔术师" in cards and "捣蛋鬼" in cards:
        found.append("魔术师 and 捣蛋鬼")
    return found


@pytest.mark.parametrize("template", ["6人局", "7人局", "8人局一", "8人局二"])
def test_ten_thousand_deals_keep_the_rules(template: str) -> None:
    rs = dual()
    deck = Counter(rs.boards[template].cards)
    seen: set[tuple[tuple[str, ...], ...]] = set()
    for seed in range(SEEDS):
        deal, options, _ = boards.deal(rs, random.Random(seed), template=template)
        assert Counter(r for pair in deal for r in pair) == deck
        assert not violations(rs, deal, options), (seed, deal)
        seen.add(tuple(deal))
    assert len(seen) > SEEDS // 2  # the seeds give different deals


@pytest.mark.parametrize(
    ("template", "substitutions"),
    [
        ("6人局", ("骑士白狼王", "魔术师")),
        ("6人局", ("唐伯虎",)),
        ("6人局", ("石像鬼守墓人", "术数学徒")),
        ("7人局", ("魔术师", "唐伯虎:替罪羊")),
        ("8人局一", ("唐伯虎:九尾狐", "术数学徒")),
        ("8人局二", ("唐伯虎:灵能者",)),
    ],
)
def test_substituted_boards_keep_the_rules(template: str, substitutions: tuple[str, ...]) -> None:
    rs = dual()
    for seed in range(1_000):
        deal, options, _ = boards.deal(rs, random.Random(seed), template=template, substitutions=substitutions)
        assert not violations(rs, deal, options), (seed, deal)
