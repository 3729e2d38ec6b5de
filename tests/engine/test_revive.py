"""`revive` (engine/change.py, effects.py): an out seat back in the game with the statuses it held at its
out (阴阳使者<复活>: 所有状态按出局时为准); the public told at 开门 for a night's."""

from __future__ import annotations

from pathlib import Path

from engine import change
from engine.messages import To
from engine.scenario.runner import Runner
from engine.scenario.spec import read
from tests.engine.builders import played

BOARD = """ruleset: genshin_165
options: {自定板子: true}
players:
  - {name: 甲, role: 阴阳使者}
  - {name: 乙, role: 药剂师}
  - {name: 丙, role: 药剂师}
  - {name: 丁, role: 灵鹿}
  - {name: 戊, role: 黑狼王}
  - {name: 己, role: 幼狼}
  - {name: 庚, role: 隐者}
script:
  - night: 1
    acts:
      - {by: 丙, skill: 迷魂药, targets: [乙]}
  - day: 2
    votes: {甲: 乙, 丙: 乙, 丁: 乙, 戊: 乙, 己: 乙, 庚: 甲}
"""
REVIVE = """  - night: 2
    acts:
      - {by: 甲, skill: 复活, targets: [乙]}
"""


def _public(tmp_path: Path, text: str) -> list[str]:
    file = tmp_path / "play.yaml"
    file.write_text(text, encoding="utf-8")
    runner = Runner(read(str(file)))
    runner.run()
    return [m.text for m in runner.transcript if m.to.kind is To.PUBLIC]


def test_the_revived_seat_keeps_its_statuses(tmp_path: Path) -> None:
    game = played(tmp_path, BOARD + REVIVE)
    seat = game.st.seat(2)
    assert seat.alive and not seat.card.out and seat.out_cause == ""
    assert seat.has_status("迷魂")


def test_a_night_revival_is_told_to_the_public_with_the_dawn(tmp_path: Path) -> None:
    assert not [t for t in _public(tmp_path, BOARD) if "复活" in t]
    told = [t for t in _public(tmp_path, BOARD + REVIVE) if "复活" in t]
    assert len(told) == 1 and "2号乙复活" in told[0] and "第3天" in told[0]


def test_revive_brings_an_out_seat_back(tmp_path: Path) -> None:
    game = played(tmp_path, BOARD)
    assert not game.st.seat(2).alive
    change.revive(game, 2, "测试")
    assert game.st.seat(2).alive
