"""Keys 上帝使徒<神恩> brought to the core: `keeps_camp` (不会…转变阵营, read in engine/change.py) and the
`last_words` verb (获得通知可以留遗言（即使没有遗言机会）); 狼祭司's [伪神] holds the skill without the status."""

from __future__ import annotations

from pathlib import Path

from engine import change, flow
from tests.engine.builders import played

BOARD = """ruleset: genshin_165
options: {自定板子: true}
players:
  - {name: 甲, role: 上帝使徒}
  - {name: 乙, role: 狼祭司}
  - {name: 丙, role: 药剂师}
  - {name: 丁, role: 灵鹿}
  - {name: 戊, role: 黑狼王}
  - {name: 己, role: 隐者}
  - {name: 庚, role: 守卫}
  - {name: 辛, role: 白痴}
script:
  - night: 1
"""


def test_a_seat_holding_grace_keeps_its_camp(tmp_path: Path) -> None:
    game = played(tmp_path, BOARD)
    change.set_camp(game, 1, "狼人阵营", "测试")
    change.set_camp(game, 3, "狼人阵营", "测试")
    assert game.st.seat(1).camp == "村民阵营"
    assert game.st.seat(3).camp == "狼人阵营"


def test_a_false_god_changes_camp_and_takes_negative_statuses(tmp_path: Path) -> None:
    script = "    acts:\n      - {by: 乙, skill: 伪神冠冕, targets: [丙]}\n  - night: 2\n"
    game = played(tmp_path, BOARD + script)
    seat = game.st.seat(3)
    assert seat.has_status("伪神") and not seat.has_status("神恩")
    change.set_camp(game, 3, "狼人阵营", "测试")
    assert seat.camp == "狼人阵营"


def test_grace_gives_last_words_with_none_left(tmp_path: Path) -> None:
    game = played(tmp_path, BOARD)
    game.st.last_words_left = 0
    game.queue_out(1, "投票", kind="投票出局")
    game.queue_out(3, "投票", kind="投票出局")
    flow.run(game)
    assert not game.st.seat(1).alive and not game.st.seat(3).alive
    assert game.st.seat(1).last_words_right and not game.st.seat(3).last_words_right
    assert game.st.last_words_left == 0
