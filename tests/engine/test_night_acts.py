"""feedback_acts (鹫狼<隼眼>): tonight's acts of a seat, targets or none, kept only where a ruleset reads them."""

from __future__ import annotations

from pathlib import Path

from engine.ruleset.loader import load_ruleset
from tests.engine.builders import run_scenario, told

BOARD = """\
ruleset: genshin_165
options: {自定板子: true}
players:
  - {name: 甲, role: 鹫狼}
  - {name: 乙, role: 雪狼}
  - {name: 丙, role: 预言家}
  - {name: 丁, role: 女巫}
  - {name: 戊, role: 猎人}
  - {name: 己, role: 守卫}
script:
  - night: 1
    acts:
      - {by: 甲, skill: 隼眼, targets: [乙]}
"""


def test_an_act_without_targets_is_told_by_name(tmp_path: Path) -> None:
    runner = run_scenario(tmp_path, BOARD.replace("targets: [乙]}", "targets: [乙]}\n      - {by: 乙, skill: 暴风雪}"))
    assert "2号乙当晚使用了<暴风雪>。" in told(runner, 1)


def test_a_seat_that_used_nothing_is_told_so(tmp_path: Path) -> None:
    runner = run_scenario(tmp_path, BOARD)
    assert "2号乙当晚没有使用技能。" in told(runner, 1)
    assert "2号乙当晚被使用了<隼眼>。" in told(runner, 1)


def test_only_a_ruleset_that_reads_them_keeps_the_nights_acts() -> None:
    assert "acts" in load_ruleset("genshin_165").records
    assert "acts" not in load_ruleset("m216_mask").records
