"""Pearson's chi-square statistic and its critical value, without scipy."""

from __future__ import annotations

import math
from collections.abc import Sequence


def statistic(observed: Sequence[int], expected: Sequence[float]) -> float:
    return sum((o - e) ** 2 / e for o, e in zip(observed, expected, strict=True) if e > 0)


def critical(df: int, z: float = 3.090) -> float:
    """The chi-square quantile for ``df`` degrees of freedom at the normal quantile ``z`` (3.090:
    p = 0.001), by Wilson–Hilferty (within 1% of the exact value from 6 degrees of freedom on);
    the exact values for 1 to 5."""
    exact = {(1, 3.090): 10.828, (2, 3.090): 13.816, (3, 3.090): 16.266, (4, 3.090): 18.467, (5, 3.090): 20.515}
    if (df, z) in exact:
        return exact[(df, z)]
    h = 2 / (9 * df)
    return df * (1 - h + z * math.sqrt(h)) ** 3
