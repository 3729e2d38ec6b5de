"""A status that stacks counts each grant, a second of the same giver too (诡辩: 目标若出局，发动者的票数
永久+1, once for each target out); one that does not is granted once."""

from __future__ import annotations

from pathlib import Path

from engine import voting
from tests.engine.builders import run_scenario

BOARD = """\
ruleset: genshin_165
options: {自定板子: true}
players:
  - {name: 甲, role: 狼学者}
  - {name: 乙, role: 预言家}
  - {name: 丙, role: 女巫}
  - {name: 丁, role: 猎人}
  - {name: 戊, role: 守卫}
  - {name: 己, role: 骑士}
  - {name: 庚, role: 熊}
  - {name: 辛, role: 黑狼王}
  - {name: 壬, role: 白痴}
script:
  - night: 1
    acts:
      - {by: 甲, skill: 杀人, targets: [乙]}
      - {by: 甲, skill: 诡辩, targets: [乙], choice: 预言家}
  - night: 2
    acts:
      - {by: 甲, skill: 杀人, targets: [丙]}
      - {by: 甲, skill: 诡辩, targets: [丙], choice: 女巫}
"""


def test_two_targets_out_give_two_votes_more(tmp_path: Path) -> None:
    runner = run_scenario(tmp_path, BOARD)
    game = runner.game
    assert [s.name for s in game.st.seat(1).statuses].count("诡辩票数") == 2
    assert voting.weight(game, 1) == 3


def test_a_status_that_does_not_stack_is_granted_once(tmp_path: Path) -> None:
    game = run_scenario(tmp_path, BOARD).game
    for _ in range(2):
        game.grant_status(4, "诡辩", source=1, until="permanent", uses=None, rule="test")
    assert [s.name for s in game.st.seat(4).statuses].count("诡辩") == 1
