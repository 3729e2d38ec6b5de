"""A camp's ``class`` (不同的三方阵营各自为独立阵营): each 三方 role of 165 is a camp of its own, judged
apart by victory, while a condition or judgement naming the class (三方阵营) matches every one of them."""

from __future__ import annotations

from pathlib import Path

from engine import conditions
from engine.scenario.runner import Runner
from tests.engine.builders import run_scenario

BOARD = """\
ruleset: genshin_165
options: {自定板子: true}
players:
  - {name: 甲, role: 吹笛}
  - {name: 乙, role: 占星师}
  - {name: 丙, role: 黑狼王}
  - {name: 丁, role: 幼狼}
  - {name: 戊, role: 女巫}
  - {name: 己, role: 白痴}
  - {name: 庚, role: 猎人}
  - {name: 辛, role: 守卫}
script:
"""


def run(tmp_path: Path, script: str) -> Runner:
    return run_scenario(tmp_path, BOARD + script)


def test_a_third_party_camp_loses_alone_when_its_seats_are_out(tmp_path: Path) -> None:
    runner = run(tmp_path, "  - night: 1\n    acts:\n      - {by: 丙, skill: 杀人, targets: [甲]}\n")
    st = runner.game.st
    assert not st.seat(1).alive
    assert "吹笛阵营" in st.lost_camps
    assert "占星师阵营" not in st.lost_camps
    assert st.winner is None


def test_a_condition_naming_the_class_matches_each_camp_of_it(tmp_path: Path) -> None:
    st = run(tmp_path, "  - night: 1\n").game.st
    piper, astrologer, wolf = st.seat(1), st.seat(2), st.seat(3)
    assert (piper.camp, astrologer.camp) == ("吹笛阵营", "占星师阵营")
    assert conditions.holds({"camp": "三方阵营"}, piper, 0, st)
    assert conditions.holds({"camp": "三方阵营"}, astrologer, 0, st)
    assert not conditions.holds({"camp": "三方阵营"}, wolf, 0, st)
    assert not conditions.holds({"camp": "吹笛阵营"}, astrologer, 0, st)
