"""``votes_as_giver`` (吹笛<混乱>1): a holder's vote counts as its giver's, whether it voted or not; the
votes published and kept for later skills (潜行: 无视改票技能如吹笛混乱) stay as cast."""

from __future__ import annotations

from pathlib import Path

from engine.scenario.runner import Runner
from tests.engine.builders import run_scenario

SCRIPT = """\
ruleset: genshin_165
options: {{自定板子: true}}
players:
  - {{name: 甲, role: 吹笛}}
  - {{name: 乙, role: 黑狼王}}
  - {{name: 丙, role: 幼狼}}
  - {{name: 丁, role: 女巫}}
  - {{name: 戊, role: 白痴}}
  - {{name: 己, role: 猎人}}
  - {{name: 庚, role: 守卫}}
  - {{name: 辛, role: 预言家}}
script:
  - night: 1
    acts:
      - {{by: 甲, skill: 迷惑, targets: [丙, 丁]}}
  - day: 2
    acts: [{acts}]
    votes: {{甲: 庚, 乙: 辛, 己: 辛, 丙: 辛}}
"""


def day_two(tmp_path: Path, charmed: bool) -> Runner:
    acts = "{by: 甲, skill: 混乱, choice: '1'}" if charmed else ""
    return run_scenario(tmp_path, SCRIPT.format(acts=acts))


def test_a_holder_not_voting_counts_for_the_givers_target_too(tmp_path: Path) -> None:
    st = day_two(tmp_path, charmed=True).game.st
    assert st.last_counts == {7: 3, 8: 2}  # 甲, 丙 and the silent 丁 for 庚; 乙 and 己 for 辛
    assert not st.seat(7).alive and st.seat(8).alive
    assert st.last_votes[3][0] == 8  # 丙's vote as cast
    assert 4 not in st.last_votes


def test_without_the_status_the_votes_count_as_cast(tmp_path: Path) -> None:
    st = day_two(tmp_path, charmed=False).game.st
    assert st.last_counts == {7: 1, 8: 3}
    assert not st.seat(8).alive
