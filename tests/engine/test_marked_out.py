"""Marks read later in the night: `chosen_tonight` (engine/conditions.py: 捕杀's 任意和自己当晚[悬赏]不重复的角色)
and an `other_out` trigger's `marked` status (engine/deaths.py: 悬赏 — [结算目标]若在开门时公示出局)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from engine import cards, conditions
from engine.game import Game
from engine.state import Act
from tests.engine.builders import played

BOARD = """ruleset: genshin_165
options: {自定板子: true}
players:
  - {name: 甲, role: 赏金猎人}
  - {name: 乙, role: 见习守卫}
  - {name: 丙, role: 药剂师}
  - {name: 丁, role: 灵鹿}
  - {name: 戊, role: 黑狼王}
  - {name: 己, role: 幼狼}
  - {name: 庚, role: 赤狼}
script:
"""
SWORN = """  - night: 1
    acts:
      - {by: 乙, skill: 宣誓效忠, targets: [戊]}
      - {by: 甲, skill: %s, targets: [%s]}
"""


def _kills(game: Game, no: int) -> int | None:
    held = cards.find(game, game.st.seat(no), "捕杀")
    assert held is not None
    return held.state.uses


def test_an_out_of_the_marked_seat_gives_a_use_and_another_out_does_not(tmp_path: Path) -> None:
    assert _kills(played(tmp_path, BOARD + SWORN % ("悬赏", "乙")), 1) == 1
    assert _kills(played(tmp_path, BOARD + SWORN % ("悬赏", "丙")), 1) == 0


def test_chosen_tonight_reads_a_waiting_act_and_a_used_one(tmp_path: Path) -> None:
    game = played(tmp_path, BOARD + SWORN % ("悬赏", "丙"))
    st = game.st
    cond = {"chosen_tonight": ["悬赏"]}
    assert not conditions.holds(cond, st.seat(3), 1, st)  # used last night, not in this phase
    st.acts.append(Act(1, "悬赏", (4,), None, datetime(2026, 1, 1), 99))
    assert conditions.holds(cond, st.seat(4), 1, st)
    assert not conditions.holds(cond, st.seat(4), 2, st)  # another seat's act
    assert not conditions.holds(cond, st.seat(5), 1, st)
