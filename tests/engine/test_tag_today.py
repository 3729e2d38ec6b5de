"""tag_today (狼弟<继承>: 获取[群内]标签的当晚): a card tag gained in play counts for the game day it was
gained on — the 黄昏 and the night after it — and no longer the next day."""

from __future__ import annotations

from pathlib import Path

from engine import conditions
from tests.engine.builders import run_scenario

BOARD = """\
ruleset: genshin_165
seed: 1
options: {自定板子: true}
players:
  - {name: 甲, role: 长老狼}
  - {name: 乙, role: 狼弟}
  - {name: 丙, role: 女巫}
  - {name: 丁, role: 白痴}
  - {name: 戊, role: 猎人}
  - {name: 己, role: 骑士}
  - {name: 庚, role: 熊}
  - {name: 辛, role: 守卫}
  - {name: 壬, role: 狼兄}
script:
  - day: 1
    after:
      - {by: 甲, skill: 归途, targets: [乙]}
"""
TODAY = {"tag_today": ["群内"]}


def test_the_tag_counts_the_night_it_was_gained(tmp_path: Path) -> None:
    st = run_scenario(tmp_path, BOARD).game.st
    assert conditions.holds(TODAY, st.seat(2), 2, st)
    assert not conditions.holds(TODAY, st.seat(1), 1, st)  # a [群内] dealt with the card is not gained
    assert not conditions.holds(TODAY, st.seat(3), 3, st)


def test_not_the_next_day(tmp_path: Path) -> None:
    st = run_scenario(tmp_path, BOARD + "  - night: 1\n").game.st
    assert st.seat(2).card.tag_days == {"群内": 1}
    assert not conditions.holds(TODAY, st.seat(2), 2, st)
