"""quiet_days (利维坦<吞食天地>: 连续2天2夜没有任何[实际阵营]为[狼人阵营]的角色出局): counted from the last
such out, or the first day's start; the win needs a holder of 吞食天地 in the game."""

from __future__ import annotations

from pathlib import Path

from engine import conditions
from engine.phases import Phase
from tests.engine.builders import run_scenario

BOARD = """\
ruleset: genshin_165
seed: 1
options: {自定板子: true}
players:
  - {name: 甲, role: 利维坦}
  - {name: 乙, role: 黑狼王}
  - {name: 丙, role: 女巫}
  - {name: 丁, role: 白痴}
  - {name: 戊, role: 猎人}
  - {name: 己, role: 骑士}
  - {name: 庚, role: 熊}
  - {name: 辛, role: 守卫}
  - {name: 壬, role: 幼狼}
script:
  - day: 1
    votes: {丙: 乙, 戊: 乙, 丁: 乙}
"""
QUIET = {"quiet_days": 2, "of": {"camp": "狼人阵营"}}


def test_the_window_closes_with_the_phase_of_the_last_out_two_days_on(tmp_path: Path) -> None:
    st = run_scenario(tmp_path, BOARD).game.st
    assert st.seat(2).out_phase == "day:1"  # voted out: 黄昏（1）
    for day, phase, quiet in [(3, Phase.DAY, False), (3, Phase.DUSK, False), (3, Phase.NIGHT, True)]:
        st.day, st.phase = day, phase
        assert conditions.victory_test(QUIET, st.alive(), st) is quiet


def test_only_the_seats_of_counts(tmp_path: Path) -> None:
    st = run_scenario(tmp_path, BOARD).game.st
    st.day, st.phase = 3, Phase.DAY
    village = {"quiet_days": 2, "of": {"camp": "村民阵营"}}
    assert conditions.victory_test(village, st.alive(), st)  # no 村民 out: counted from day 1's start


def test_no_win_without_a_holder_in_the_game(tmp_path: Path) -> None:
    board = BOARD.replace("role: 利维坦", "role: 大野狼").replace("    votes: {丙: 乙, 戊: 乙, 丁: 乙}\n", "")
    runner = run_scenario(tmp_path, board + "  - night: 1\n  - night: 2\n  - day: 3\n")
    assert runner.game.st.winner is None
