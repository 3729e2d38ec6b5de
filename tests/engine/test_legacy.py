"""遗计池 (engine/legacy.py): the kit of a seat the holder's 撕咬 kills joins its pool fresh, a <杀人>
holder's adding the holder's own kill; a skill taken with 遗泽 keeps its uses in the pool between takes."""

from __future__ import annotations

from pathlib import Path

from engine.scenario.runner import Runner
from tests.engine.builders import run_scenario, told

BOARD = """\
ruleset: genshin_165
options: {自定板子: true}
players:
  - {name: 甲, role: 白眼狼}
  - {name: 乙, role: 黑狼王}
  - {name: 丙, role: 幼狼}
  - {name: 丁, role: 女巫}
  - {name: 戊, role: 预言家}
  - {name: 己, role: 猎人}
  - {name: 庚, role: 守卫}
  - {name: 辛, role: 白痴}
  - {name: 壬, role: 骑士}
  - {name: 癸, role: 灵能}
script:
"""


def run(tmp_path: Path, script: str) -> Runner:
    return run_scenario(tmp_path, BOARD + script)


def test_a_skill_taken_again_keeps_the_uses_it_had(tmp_path: Path) -> None:
    runner = run(
        tmp_path,
        """\
  - night: 2
    acts:
      - {by: 甲, skill: 撕咬, targets: [丁]}
  - day: 3
    after:
      - {by: 甲, skill: 遗泽, choice: 毒药}
  - night: 3
    acts:
      - {by: 甲, skill: 毒药, targets: [己]}
  - day: 4
  - day: 5
    after:
      - {by: 甲, skill: 遗泽, choice: 毒药}
  - night: 5
    acts:
      - {by: 甲, skill: 毒药, targets: [庚], rejected: 已经发动过}
""",
    )
    st = runner.game.st
    assert not st.seat(6).alive and st.seat(7).alive
    pool = {s.name: s.uses for s in st.legacy[1]}
    assert pool["毒药"] == 0 and pool["救药"] == 1


def test_a_seat_holding_the_kill_adds_the_holders_own_kill(tmp_path: Path) -> None:
    runner = run(tmp_path, "  - night: 2\n    acts:\n      - {by: 甲, skill: 撕咬, targets: [丙]}\n")
    st = runner.game.st
    assert not st.seat(3).alive
    assert "遗计杀人" in [s.name for s in st.legacy[1]]
    assert any("<遗计杀人>" in text for text in told(runner, 1))


def test_an_out_by_another_cause_adds_nothing(tmp_path: Path) -> None:
    runner = run(tmp_path, "  - night: 2\n    acts:\n      - {by: 乙, skill: 杀人, targets: [丁]}\n")
    st = runner.game.st
    assert not st.seat(4).alive
    assert 1 not in st.legacy
