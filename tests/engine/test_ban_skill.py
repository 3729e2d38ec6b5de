"""ban_skill (鹫狼<鹰袭>): a skill blocked by its name for one night, every holder told, none able to use it."""

from __future__ import annotations

from pathlib import Path

from tests.engine.builders import run_scenario, told

BOARD = """\
ruleset: genshin_165
options: {自定板子: true}
players:
  - {name: 甲, role: 鹫狼}
  - {name: 乙, role: 石像鬼}
  - {name: 丙, role: 石像鬼}
  - {name: 丁, role: 预言家}
  - {name: 戊, role: 女巫}
  - {name: 己, role: 猎人}
script:
  - night: 1
    acts:
      - {by: 甲, skill: 鹰袭, choice: 查验}
"""


def test_every_holder_is_told_and_the_ban_ends_with_the_night(tmp_path: Path) -> None:
    runner = run_scenario(tmp_path, BOARD)
    for no in (2, 3):
        assert "今晚你不能发动<查验>。" in told(runner, no)
        assert not any("鹰袭" in t for t in told(runner, no))  # the board is secret: no word of a 鹫狼
        assert not any("实际阵营为" in t for t in told(runner, no))
    assert not any("今晚你不能发动" in t for no in (1, 4, 5, 6) for t in told(runner, no))
    assert runner.game.st.bans == []


def test_the_next_night_the_skill_is_used_again(tmp_path: Path) -> None:
    script = """\
  - night: 2
    acts:
      - {by: 乙, skill: 查验, targets: [丁]}
"""
    runner = run_scenario(tmp_path, BOARD + script)
    assert "4号丁的实际阵营为村民阵营，实际身份为预言家。" in told(runner, 2)
