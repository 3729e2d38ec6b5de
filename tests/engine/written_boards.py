"""导演's own boards (自定板子) made of a ruleset's written roles: how [165] is played whole while some of
its roles are still `todo` (tests/engine/test_165_play.py; bench/engine.py)."""

from __future__ import annotations

import random

from engine.ruleset.model import Ruleset


def written(rs: Ruleset) -> dict[str, list[str]]:
    """Each camp's (and camp class's) dealt roles that are written, by name."""
    return {
        camp: sorted(
            r
            for r, role in rs.roles.items()
            if camp in (role.camp, rs.camps[role.camp].of_class) and role.dealt and not role.todo
        )
        for camp in rs.camps
    }


def board(roles: dict[str, list[str]], seed: int) -> tuple[str, ...]:
    """N from 15 to 25 seats: round(0.35N) wolves, up to two of 三方/不定, the rest 村民 — each camp's
    written roles, every one at most once where there are enough."""
    rng = random.Random(seed)
    n = rng.randint(15, 25)
    wolves = round(n * 0.35)
    others = rng.randint(0, 2) if roles["三方阵营"] or roles["不定阵营"] else 0

    def pick(names: list[str], k: int) -> list[str]:
        return rng.sample(names, k) if len(names) >= k else [rng.choice(names) for _ in range(k)]

    out = pick(roles["狼人阵营"], wolves) + pick(roles["三方阵营"] + roles["不定阵营"], others)
    out += pick(roles["村民阵营"], n - len(out))
    rng.shuffle(out)
    return tuple(out)
