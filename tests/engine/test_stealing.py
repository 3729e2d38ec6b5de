"""偷盗 (engine/stealing.py): a held seat's non-[强制] act is told to the thief, who may re-aim it only
while it waits; the act's 反馈 reach the thief alone; the night's end forgets the pairs. 混乱2: a piped act
waits in its night step, the first on a seat a day, its 反馈 copied to the 吹笛."""

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


def test_a_piped_act_waits_in_its_night_step_and_only_the_first_on_a_seat_counts() -> None:
    game = own_board(RS, BOARD)
    run_to(game, "day", 2)
    game.out.clear()
    seer, predict = game.st.seat(3), RS.roles["预言家"].skills["预言"]
    stealing.pipe(game, 1, seer, predict, (2,), "混乱")
    stealing.pipe(game, 1, seer, predict, (4,), "混乱")  # a second on the same seat that day: nothing
    held = [d for d in game.st.delayed if d.act.seat == 3]
    assert [(d.act.skill, d.act.targets, d.phase) for d in held] == [("预言", (2,), "night")]
    assert held[0].day == stealing.coming_night(game)
    assert game.st.piped == [(1, 3, "预言")]
    assert _texts(game, 3) == ["你被吹笛迷惑，当晚将对2号乙角色使用预言技能。"]
    assert _texts(game, 1) == []  # the 吹笛 is not told which skill it was


def test_a_piped_seats_feedback_reaches_the_piper_too_until_the_night_ends() -> None:
    game = _game()
    game.st.piped.append((1, 3, "预言"))
    game.feedback(3, "2号乙为非村民阵营", "预言")
    game.feedback(3, "别的反馈", "天意")
    assert _texts(game, 1) == ["〔混乱：3号丙〕2号乙为非村民阵营"]
    assert _texts(game, 3) == ["2号乙为非村民阵营", "别的反馈"]
    change.end_of("night_end", game)
    assert game.st.piped == []


def test_a_skill_no_night_step_places_cannot_be_piped() -> None:
    game = _game()
    stealing.pipe(game, 1, game.st.seat(3), RS.roles["预言家"].skills["天意"], (2,), "混乱")
    assert game.st.piped == [] and not any(d.act.seat == 3 for d in game.st.delayed)
