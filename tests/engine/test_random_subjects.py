"""`to: {random: N, among}` (engine/effects.py): N seats meeting `among`, drawn from the game's seed —
肉猪<苟活>'s 随机两名存活的村民阵营角色."""

from __future__ import annotations

from pathlib import Path

from engine.game import Game
from tests.engine.builders import played

BOARD = """ruleset: genshin_165
seed: {seed}
options: {{自定板子: true}}
players:
  - {{name: 甲, role: 肉猪}}
  - {{name: 乙, role: 药剂师}}
  - {{name: 丙, role: 圣女}}
  - {{name: 丁, role: 灵鹿}}
  - {{name: 戊, role: 黑狼王}}
  - {{name: 己, role: 幼狼}}
  - {{name: 庚, role: 隐者}}
script:
  - day: 1
    votes: {{乙: 甲, 丙: 甲, 丁: 甲, 戊: 甲, 己: 甲, 庚: 乙}}
"""


def _purified(game: Game) -> list[str]:
    return [s.name for s in game.st.seats if s.has_status("净化")]


def test_two_living_villagers_are_drawn_and_nobody_else(tmp_path: Path) -> None:
    picks = set()
    for seed in range(1, 9):
        chosen = _purified(played(tmp_path, BOARD.format(seed=seed)))
        assert len(chosen) == 2
        assert set(chosen) <= {"乙", "丙", "丁", "庚"}  # alive, 村民阵营: not the pig, not the wolves
        picks.add(tuple(chosen))
    assert len(picks) > 1  # the seed decides


def test_the_same_seed_draws_the_same_seats(tmp_path: Path) -> None:
    first = _purified(played(tmp_path, BOARD.format(seed=4)))
    assert _purified(played(tmp_path, BOARD.format(seed=4))) == first


def test_fewer_seats_than_asked_are_all_taken(tmp_path: Path) -> None:
    board = BOARD.format(seed=2).replace("role: 药剂师", "role: 赤狼").replace("role: 隐者", "role: 幼狼")
    board = board.replace("role: 圣女", "role: 狼学者")
    assert _purified(played(tmp_path, board)) == ["丁"]
