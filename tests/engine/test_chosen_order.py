"""damage `after` (幼狼<牺牲>: 选择[牺牲]在出局效果结算步骤中的哪个步骤结算): an out resolves right after the
outs of the cause the act chose, in the step's `resolves` order; 最后 (no cause): at its own place, last."""

from __future__ import annotations

from pathlib import Path

from tests.engine.builders import run_scenario

BOARD = """\
ruleset: genshin_165
seed: 1
options: {自定板子: true}
players:
  - {name: 甲, role: 黑狼王}
  - {name: 乙, role: 幼狼}
  - {name: 丙, role: 女巫}
  - {name: 丁, role: 白痴}
  - {name: 戊, role: 猎人}
  - {name: 己, role: 骑士}
  - {name: 庚, role: 熊}
  - {name: 辛, role: 守卫}
  - {name: 壬, role: 大野狼}
script:
  - day: 1
  - night: 1
  - day: 2
  - night: 2
    acts:
      - {by: 甲, skill: 杀人, targets: [丁]}
      - {by: 乙, skill: 牺牲, targets: [], choice: CHOICE}
      - {by: 壬, skill: 野性, targets: [戊]}
"""


def _outs(tmp_path: Path, choice: str) -> list[str]:
    runner = run_scenario(tmp_path, BOARD.replace("CHOICE", choice))
    return [str(e["text"]).split("（")[0] for e in runner.dump()["log"] if e["kind"] == "out"]


def test_the_sacrifice_comes_where_it_was_chosen(tmp_path: Path) -> None:
    assert _outs(tmp_path, "继承") == ["2号乙", "4号丁", "5号戊"]
    assert _outs(tmp_path, "杀人") == ["4号丁", "2号乙", "5号戊"]
    assert _outs(tmp_path, "野性") == ["4号丁", "5号戊", "2号乙"]


def test_last_without_a_choice_of_place(tmp_path: Path) -> None:
    assert _outs(tmp_path, "最后") == ["4号丁", "5号戊", "2号乙"]
