"""Property: whole M216 games on boards drawn by the post's rules (002 身份配置) never crash the
engine, refusals change nothing, and replaying the accepted log reproduces every state and message.
Boards holding a role still to be written are refused at the start and left out."""

from __future__ import annotations

import random

import pytest

from engine import commands as c
from engine import draw
from engine.game import check_start
from engine.ruleset.loader import load_ruleset
from tests.engine.builders import T0
from tests.engine.random_play import garbage, play_and_check

RS = load_ruleset("m216_mask")
NAMES = tuple(f"角色{i}" for i in range(1, 15))


def playable_seeds(count: int) -> list[int]:
    seeds, seed = [], 0
    while len(seeds) < count:
        seed += 1
        if check_start(RS, c.Start(at=T0, seed=seed, names=NAMES, draw=True)) is None:
            seeds.append(seed)
    return seeds


@pytest.mark.parametrize("seed", playable_seeds(24))
def test_a_drawn_m216_game_plays_to_its_end_and_replays_exactly(seed: int) -> None:
    assert RS.draw is not None
    assert draw.problem(RS.draw, list(draw.draw(RS.draw, 14, random.Random(seed)))) is None
    game = play_and_check(RS, c.Start(at=T0, seed=seed, names=NAMES, draw=True), garbage, 0.1, steps=1500)
    assert game.st.phase == "over", f"seed {seed}: not over after 1500 commands ({game.st.phase} {game.st.day})"
