"""Formulas of the player count, as the posts write them: 四舍五入 is half up, 上取整 is ceil."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.formula import BadFormula, parse


def test_round_is_half_up_not_half_to_even() -> None:
    assert round(0.3 * 15) == 4  # Python's rounding, which the posts do not mean
    assert parse("round(N * 0.3)")(15) == 5  # 4.5 → 5
    assert parse("round(N * 0.4)")(15) == 6
    assert parse("round(N * 0.6)")(21) == 13  # 12.6
    assert parse("round(N * 0.2)")(22) == 4  # 4.4


def test_ceil_percent_and_min() -> None:
    assert parse("ceil(N * 0.5)")(21) == 11
    assert parse("(35 - N) * 5%")(20) == Fraction(3, 4)
    assert parse("min((N - 15) * 5%, 50%)")(30) == Fraction(1, 2)
    assert parse("min(5, round(N X0.2))")(30) == 5
    assert parse("(N - 25) * 5%")(20) == Fraction(-1, 4)
    assert parse(1.1)(0) == Fraction(11, 10)


@pytest.mark.parametrize("text", ["N ** 2", "__import__('os')", "abs(N)", "round(N, 1)", "N +", "M * 2"])
def test_anything_else_is_refused(text: str) -> None:
    with pytest.raises(BadFormula):
        parse(text)
