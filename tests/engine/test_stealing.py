"""偷盗 (engine/stealing.py): a held seat's non-[强制] act is told to the thief, who may re-aim it only
while it waits; the act's 反馈 reach the thief alone; the night's end forgets the pairs."""

from __future__ import annotations

from engine import change, stealing
from engine.game import Game
from engine.ruleset.loader import load_ruleset
from engine.state import Act
from tests.engine.builders import own_board, run_to

RS = load_ruleset("genshin_165")
BOARD = ("怪盗", "黑狼王", "预言家", "通灵师", "女巫", "猎人", "白痴", "骑士")


def _game() -> Game:
    game = own_board(RS, BOARD)
    run_to(game, "night", 1)
    game.out.clear()
    return game


def _texts(game: Game, seat: int) -> list[str]:
    return [m.text for m in game.out if m.to.seat == seat]


def test_a_thief_re_aims_only_an_act_told_to_it_and_still_waiting() -> None:
    game = _game()
    stealing.steal(game, 1, [3, 1], "偷盗")  # himself left out
    assert game.st.steals == [(1, 3)]
    thief, seer = game.st.seat(1), game.st.seat(3)
    assert stealing.re_aimed(game, thief, "预言") is None  # nothing sent yet
    game.st.acts = [Act(3, "预言", (2,), None, game.st.now, 1)]
    stealing.tell_act(game, 3, RS.roles["预言家"].skills["预言"], "2号乙")
    assert stealing.re_aimed(game, thief, "预言") is seer
    assert stealing.re_aimed(game, game.st.seat(2), "预言") is None  # not the thief
    stealing.tell_act(game, 3, RS.roles["预言家"].skills["天意"], "")  # [强制]: not held
    assert game.st.stolen == [(1, 3, "预言")]
    game.st.acts = []
    assert stealing.re_aimed(game, thief, "预言") is None  # resolved: no longer waiting


def test_the_feedback_of_a_stolen_act_reaches_the_thief_alone() -> None:
    game = _game()
    stealing.steal(game, 1, [3], "偷盗")
    stealing.tell_act(game, 3, RS.roles["预言家"].skills["预言"], "2号乙")
    game.out.clear()
    game.feedback(3, "2号乙为非村民阵营", "预言")
    game.feedback(3, "别的反馈", "天意")
    assert _texts(game, 1) == ["〔偷盗：3号丙的预言〕2号乙为非村民阵营"]
    assert _texts(game, 3) == ["别的反馈"]
    change.end_of("night_end", game)
    assert game.st.steals == [] and game.st.stolen == []
