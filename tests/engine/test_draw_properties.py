"""10,000 seeded draws per post keep the post's rules, restated here from the post; for [165]
the 验人系 counts and the appearance of 三方 and 不定 come out at the stated odds (chi-square at p = 0.001)."""

from __future__ import annotations

import math
import random
from collections import Counter
from fractions import Fraction

import pytest

from engine import draw
from engine.ruleset.loader import load_ruleset
from engine.ruleset.model import Role
from tests.engine import chisquare

DRAWS = 10_000
M216 = load_ruleset("m216_mask")
G165 = load_ruleset("genshin_165")


def pool(rs_roles: dict[str, Role], name: str) -> set[str]:
    return {r for r, role in rs_roles.items() if role.pool == name}


def half_up(x: Fraction) -> int:
    return math.floor(x + Fraction(1, 2))


@pytest.fixture(scope="module")
def m216_boards() -> list[list[str]]:
    assert M216.draw is not None
    return [draw.draw(M216.draw, 14, random.Random(seed)) for seed in range(DRAWS)]


@pytest.fixture(scope="module")
def g165_boards() -> list[tuple[int, list[str]]]:
    assert G165.draw is not None
    return [(15 + seed % 21, draw.draw(G165.draw, 15 + seed % 21, random.Random(seed))) for seed in range(DRAWS)]


def test_m216_draws_keep_the_rules(m216_boards: list[list[str]]) -> None:
    seers, strong, weak = pool(M216.roles, "验人系"), pool(M216.roles, "强神"), pool(M216.roles, "弱神")
    wolves = pool(M216.roles, "狼人")
    # the list's values (L10–17), the 刀边 ones where a role has two
    values = {
        r: role.strength["刀边"] if isinstance(role.strength, dict) else role.strength or 0
        for r, role in M216.roles.items()
    }
    for board in m216_boards:
        held = set(board)
        assert len(board) == len(held) == 14
        assert (len(held & seers), len(held & strong), len(held & weak), len(held & wolves)) == (1, 4, 4, 4)
        assert "影子" in held
        village = sum(values[r] for r in held & (seers | strong | weak))
        wolf = sum(values[r] for r in held & wolves)
        assert 11 * wolf <= 10 * village <= 12 * wolf  # 1.1~1.2：1
        assert ("白昼学者" in held) == ("寂夜导师" in held)
        assert "蚀日侍女" not in held or "流光伯爵" in held
        assert ("圣武士" in held) == ("破誓者" in held)
        assert not held & {"灯影预言家", "警察"} or "狼巫" in held
    assert len({tuple(b) for b in m216_boards}) > DRAWS * 0.9  # not a few boards over and over


def test_165_draws_keep_the_rules(g165_boards: list[tuple[int, list[str]]]) -> None:
    seers, rest = pool(G165.roles, "验人系"), pool(G165.roles, "其余身份")
    wolves, third, unsettled = pool(G165.roles, "狼人"), pool(G165.roles, "三方"), pool(G165.roles, "不定")
    inner = {r for r in wolves if "群内" in G165.roles[r].tags} - {"长老狼"}
    for n, board in g165_boards:
        held = set(board)
        assert len(board) == len(held) == n
        village, wolf, others = len(held & (seers | rest)), len(held & wolves), len(held & (third | unsettled))
        assert 1 <= len(held & seers) <= 3
        assert math.ceil(Fraction(n, 2)) <= village <= half_up(Fraction(6 * n, 10))
        assert half_up(Fraction(3 * n, 10)) <= wolf <= half_up(Fraction(4 * n, 10))
        assert others <= min(5, half_up(Fraction(2 * n, 10)))
        for a, b in [
            ("圣裁者", "上帝使徒"),
            ("女巫学徒", "女巫"),
            ("养殖者", "肉猪"),
            ("狼兄", "狼弟"),
            ("狼弟", "狼兄"),
        ]:
            assert a not in held or b in held
        assert "双子星光" not in held or "双子星暗" in held
        assert "告死者" not in held or "慰魂师" in held
        share = Fraction(len(held & inner), wolf)
        if share <= Fraction(1, 3):
            assert "长老狼" in held
        if share > Fraction(2, 3):
            assert "长老狼" not in held
        if "妖狐" in held:
            assert village > math.ceil(Fraction(n, 2))


def seer_odds(n: int) -> dict[int, Fraction]:
    """The post's formulas (L46–48), a negative chance read as 0."""
    p = {
        1: Fraction(35 - n, 20),
        2: min(Fraction(n - 15, 20), Fraction(1, 2)),
        3: min(Fraction(n - 25, 20), Fraction(1, 2)),
    }
    return {k: max(v, Fraction(0)) for k, v in p.items()}


def test_165_seer_counts_come_at_the_stated_odds(g165_boards: list[tuple[int, list[str]]]) -> None:
    seers = pool(G165.roles, "验人系")
    seen = Counter((n, len(set(board) & seers)) for n, board in g165_boards)
    per_n = Counter(n for n, _ in g165_boards)
    observed, expected = [], []
    for n in sorted(per_n):
        odds = seer_odds(n)
        assert sum(odds.values()) == 1
        for k, p in odds.items():
            if p == 0:
                assert seen[(n, k)] == 0
                continue
            observed.append(seen[(n, k)])
            expected.append(per_n[n] * float(p))
    df = len(observed) - len(per_n)
    value = chisquare.statistic(observed, expected)
    print(f"验人系 counts: chi-square {value:.2f} on {df} degrees of freedom (critical {chisquare.critical(df):.2f})")
    assert value < chisquare.critical(df)


def test_165_third_parties_appear_at_60_and_40_percent_independently(g165_boards: list[tuple[int, list[str]]]) -> None:
    third, unsettled = pool(G165.roles, "三方"), pool(G165.roles, "不定")
    cells = Counter((bool(set(b) & third), bool(set(b) & unsettled)) for _, b in g165_boards)
    chance = {(t, u): (0.6 if t else 0.4) * (0.4 if u else 0.6) for t in (True, False) for u in (True, False)}
    keys = sorted(chance)
    value = chisquare.statistic([cells[k] for k in keys], [DRAWS * chance[k] for k in keys])
    print(
        f"三方/不定 appearance: chi-square {value:.2f} on 3 degrees of freedom (critical {chisquare.critical(3):.2f})"
    )
    assert value < chisquare.critical(3)
    assert abs(sum(c for (t, _), c in cells.items() if t) / DRAWS - 0.6) < 0.02
    assert abs(sum(c for (_, u), c in cells.items() if u) / DRAWS - 0.4) < 0.02


@pytest.mark.parametrize("n", range(15, 36))
def test_165_counts_for_each_player_count(n: int) -> None:
    """10,000 count draws at each N (the stage that holds the odds and the size bounds)."""
    assert G165.draw is not None
    rng = random.Random(n)
    seers, appear = Counter[int](), Counter[tuple[bool, bool]]()
    village_low, village_high = math.ceil(Fraction(n, 2)), half_up(Fraction(6 * n, 10))
    wolf_low, wolf_high = half_up(Fraction(3 * n, 10)), half_up(Fraction(4 * n, 10))
    others_high = min(5, half_up(Fraction(2 * n, 10)))
    for _ in range(DRAWS):
        k = dict(draw.draw_counts(G165.draw, n, rng))
        assert sum(k.values()) == n
        assert village_low <= k["验人系"] + k["其余身份"] <= village_high
        assert wolf_low <= k["狼人"] <= wolf_high
        assert k["三方"] + k["不定"] <= others_high
        seers[k["验人系"]] += 1
        appear[(k["三方"] > 0, k["不定"] > 0)] += 1
    odds = {c: p for c, p in seer_odds(n).items() if p > 0}
    assert set(seers) == set(odds)
    if len(odds) > 1:
        value = chisquare.statistic([seers[c] for c in odds], [DRAWS * float(p) for p in odds.values()])
        assert value < chisquare.critical(len(odds) - 1), (n, value)
    chance = {(t, u): (0.6 if t else 0.4) * (0.4 if u else 0.6) for t in (True, False) for u in (True, False)}
    value = chisquare.statistic([appear[c] for c in chance], [DRAWS * p for p in chance.values()])
    assert value < chisquare.critical(3), (n, value)
