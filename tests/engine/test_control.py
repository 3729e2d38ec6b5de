"""操纵夺舍 (engine/control.py): one controller a night, commands routed to the controlled seat,
prompts and feedback told to both, the control gone when the night ends."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import acting, control, messages
from engine import commands as c
from engine.errors import Refusal
from engine.game import Game
from engine.scenario.runner import Runner
from engine.scenario.spec import read

BOARD = """ruleset: m216_mask
options: {自定板子: true}
players:
  - {name: 甲, role: 女巫}
  - {name: 乙, role: 觉醒狼王}
  - {name: 丙, role: 药剂师}
  - {name: 丁, role: 特工}
  - {name: 戊, role: 寂夜导师}
  - {name: 己, role: 白昼学者}
  - {name: 庚, role: 蚀日侍女}
  - {name: 辛, role: 蚀日侍女}
  - {name: 壬, role: 灵能}
script:
  - night: 1
"""


def _game(tmp_path: Path) -> Game:
    file = tmp_path / "play.yaml"
    file.write_text(BOARD, encoding="utf-8")
    runner = Runner(read(str(file)))
    runner.run()
    return runner.game


def test_a_second_controller_is_told_the_seat_is_taken(tmp_path: Path) -> None:
    game = _game(tmp_path)
    control.take(game, 7, 1, "日光窃取")
    control.take(game, 8, 1, "日光窃取")
    assert game.st.controls == {1: 7}
    assert any(control.TAKEN in m.text for m in game.out if m.to == messages.seat(8))
    told = [m.text for m in game.out if m.to == messages.seat(1)]
    assert any("你今晚被人操纵夺舍" in t for t in told)
    assert not any("庚" in t or "蚀日侍女" in t for t in told)


def test_a_command_for_the_controlled_skill_acts_as_the_controlled(tmp_path: Path) -> None:
    game = _game(tmp_path)
    control.take(game, 7, 1, "日光窃取")
    st = game.st
    assert control.acting_seat(game, st.seat(7), "毒药") is st.seat(1)
    assert control.acting_seat(game, st.seat(8), "毒药") is st.seat(8)  # not his to steer
    with pytest.raises(Refusal, match="被人操纵夺舍"):
        control.acting_seat(game, st.seat(1), "毒药")


def test_a_chain_stops_at_one_link(tmp_path: Path) -> None:
    game = _game(tmp_path)
    control.take(game, 7, 1, "日光窃取")
    control.take(game, 8, 7, "日光窃取")
    assert control.acting_seat(game, game.st.seat(8), "毒药") is game.st.seat(8)


def test_feedback_reaches_both_and_the_night_end_releases(tmp_path: Path) -> None:
    game = _game(tmp_path)
    control.take(game, 7, 1, "日光窃取")
    game.feedback(1, "测试反馈", "毒药")
    assert any(m.text == "〔你操纵的1号甲〕测试反馈" for m in game.out if m.to == messages.seat(7))
    control.release(game)
    assert game.st.controls == {}


def test_the_controlled_seat_may_not_pass_its_skills(tmp_path: Path) -> None:
    game = _game(tmp_path)
    control.take(game, 7, 1, "日光窃取")
    with pytest.raises(Refusal, match="由操纵者代为操作"):
        acting.pass_(game, c.Pass(game.st.clock.real(game.st.now), seat=1))
