"""Property: whole [165] games on the 导演's own boards (自定板子) made of the roles written so far
never crash the engine, refusals change nothing, and replaying the accepted log reproduces every
state and message. The post's drawn boards join once every role of the list is written (a drawn
board still holding one is refused at the start, and the check lists it)."""

from __future__ import annotations

import pytest

from engine import commands as c
from engine.ruleset.loader import load_ruleset
from tests.engine.builders import T0
from tests.engine.random_play import garbage, play_and_check
from tests.engine.written_boards import board, written

RS = load_ruleset("genshin_165")
WRITTEN = written(RS)


def test_every_camp_has_written_roles_to_play() -> None:
    assert len(WRITTEN["狼人阵营"]) >= 3 and len(WRITTEN["村民阵营"]) >= 8, WRITTEN


@pytest.mark.parametrize("seed", range(1, 21))
def test_a_165_game_on_written_roles_plays_and_replays_exactly(seed: int) -> None:
    roles = board(WRITTEN, seed)
    names = tuple(f"角色{i}" for i in range(1, len(roles) + 1))
    start = c.Start(at=T0, seed=seed, names=names, board=roles, options=(("自定板子", True),))
    game = play_and_check(RS, start, garbage, 0.1, steps=1500)
    assert game.st.phase == "over", f"seed {seed}: not over after 1500 commands ({game.st.phase} {game.st.day})"
