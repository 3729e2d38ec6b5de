"""Property: whole [165] games — on boards drawn by the post's 身份配置 at 20 and 30 players, and on the
导演's own boards (自定板子) — never crash the engine, refusals change nothing, and replaying the
accepted log reproduces every state and message."""

from __future__ import annotations

import pytest

from engine import commands as c
from engine.game import check_start
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


@pytest.mark.parametrize("seed", range(1, 5))
def test_a_165_game_on_a_drawn_board_plays_and_replays_exactly(seed: int) -> None:
    players = 20 if seed % 2 else 30
    start = c.Start(at=T0, seed=seed, names=tuple(f"角色{i}" for i in range(1, players + 1)), draw=True)
    assert check_start(RS, start) is None, f"seed {seed}: the draw refused {players} players"
    game = play_and_check(RS, start, garbage, 0.1, steps=2500)
    assert game.st.phase == "over", f"seed {seed}: not over after 2500 commands ({game.st.phase} {game.st.day})"
