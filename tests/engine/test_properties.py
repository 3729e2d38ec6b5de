"""Property: random legal command sequences (with garbage mixed in) never crash the engine,
refused commands change nothing, and replaying the accepted log reproduces every state."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import commands as c
from engine.game import Game
from tests.engine.builders import T0, secret_number
from tests.engine.random_play import play_and_check

ROLES = ["狼人", "预言家", "女巫", "长老", "守卫", "丘比特", "猎人", "白痴", "村民", "吹笛者"]


@st.composite
def boards(draw: st.DrawFn) -> tuple[str, ...]:
    size = draw(st.integers(min_value=4, max_value=14))
    wolves = draw(st.integers(min_value=1, max_value=max(1, size // 3)))
    rest = draw(st.lists(st.sampled_from(ROLES[1:]), min_size=size - wolves, max_size=size - wolves))
    return ("狼人",) * wolves + tuple(rest)


def garbage(game: Game, rng: random.Random) -> c.Command:
    now = game.st.clock.real(game.st.now)
    n = len(game.st.seats)
    return rng.choice(
        [
            c.Act(
                at=now,
                seat=rng.randint(0, n + 1),
                skill=rng.choice(["杀人", "预言", "飞天", "毒药", "殉职"]),
                targets=tuple(rng.randint(0, n + 1) for _ in range(rng.randint(0, 3))),
            ),
            c.Pass(at=now, seat=rng.randint(0, n + 1)),
            c.CastVote(at=now, seat=rng.randint(0, n + 1), target=rng.randint(0, n + 1)),
            c.LastWords(at=now, seat=rng.randint(1, n), text=rng.choice(["", "[b]x[/b]", "再见"])),
            c.Surrender(at=now, seat=rng.randint(1, n), agree=rng.random() < 0.8),
            c.Extend(at=now, minutes=rng.choice([-5, 0, 10])),
            c.Advance(at=now),
            c.Penalize(at=now, seat=rng.randint(1, n), card=rng.choice(["蓝", "黄", "红", "绿"])),
            c.Ruling(at=now, what=rng.choice(["kill", "revive", "sheriff", "bogus"]), seat=rng.randint(0, n + 1)),
        ]
    )


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board=boards(), seed=st.integers(min_value=0, max_value=10_000))
def test_random_play_never_crashes_and_replays_exactly(board: tuple[str, ...], seed: int) -> None:
    names = tuple(f"角色{i}" for i in range(1, len(board) + 1))
    first = c.Start(at=T0, seed=seed, names=names, board=board)
    play_and_check(secret_number(), first, garbage, garbage_rate=0.15, steps=400)
