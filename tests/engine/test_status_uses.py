"""add_status_uses (养殖者<喂食>: 令肉猪的[苟活]技能，其[守护]状态的次数增加1): a counted status gains uses;
one spent is given anew with that many."""

from __future__ import annotations

from pathlib import Path

from engine.scenario.runner import Runner
from tests.engine.builders import run_scenario

BOARD = """\
ruleset: genshin_165
seed: 1
options: {自定板子: true}
players:
  - {name: 甲, role: 养殖者}
  - {name: 乙, role: 幼狼}
  - {name: 丙, role: 女巫}
  - {name: 丁, role: 肉猪}
  - {name: 戊, role: 猎人}
  - {name: 己, role: 骑士}
  - {name: 庚, role: 熊}
  - {name: 辛, role: 守卫}
script:
"""
FEED = """\
  - day: 1
    after:
      - {by: 甲, skill: 喂食}
"""


def _guards(runner: Runner, no: int) -> list[int | None]:
    st = runner.game.st
    return [s.uses for s in st.seat(no).statuses if s.name == "守护"]


def test_the_held_guard_gains_a_use(tmp_path: Path) -> None:
    assert _guards(run_scenario(tmp_path, BOARD + FEED), 4) == [2]


def test_a_spent_guard_is_given_anew(tmp_path: Path) -> None:
    kill = "  - night: 1\n    acts:\n      - {by: 乙, skill: 杀人, targets: [丁]}\n"
    spent = run_scenario(tmp_path, BOARD + "  - day: 1\n" + kill)
    assert _guards(spent, 4) == []
    fed = run_scenario(
        tmp_path,
        BOARD
        + "  - day: 1\n"
        + kill
        + "  - day: 2\n  - night: 2\n  - day: 3\n    after:\n      - {by: 甲, skill: 喂食}\n",
    )
    assert _guards(fed, 4) == [1]
