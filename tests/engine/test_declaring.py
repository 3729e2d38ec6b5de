"""堕落 (engine/stealing.py): a 身份<技能> declaration is read or refused with its reason, is for the night
that opens next, matches a use by a seat of that 初始身份 only, and a declared <杀人> is a seat's own kill,
the team's void (宣言狼群技能<杀人>无效)."""

from __future__ import annotations

import pytest

from engine import stealing
from engine.game import Game
from engine.ruleset.loader import load_ruleset
from tests.engine.builders import own_board, run_to

RS = load_ruleset("genshin_165")
BOARD = ("蛊惑师", "通灵师", "赌徒", "黑狼王", "赤狼", "隐者", "圣女", "骑士")
DECLARE = RS.roles["蛊惑师"].skills["堕落"]


def _game() -> Game:
    game = own_board(RS, BOARD)
    run_to(game, "night", 1)
    return game


@pytest.mark.parametrize(
    ("choice", "why"),
    [
        ("通灵师", "写作「身份<技能>」"),
        ("无此身份<通灵>", "没有身份「无此身份」"),
        ("通灵师<预言>", "可宣言：通灵、杀人"),
        ("通灵师<通灵>", ""),
        ("黑狼王<杀人>", ""),
    ],
)
def test_a_declaration_is_read_or_refused_with_its_reason(choice: str, why: str) -> None:
    game = _game()
    problem = stealing.declaration_problem(game, game.st.seat(1), DECLARE, choice)
    assert (why in problem and problem) if why else problem == ""


def test_the_skill_of_the_night_before_is_refused() -> None:
    game = _game()
    stealing.declare(game, 1, "通灵师<通灵>", "堕落")
    assert game.st.declared == [(1, 1, "通灵师", "通灵")]  # declared at night: tonight's
    run_to(game, "night", 2)
    assert stealing.coming_night(game) == 2 and game.st.declared == [(1, 1, "通灵师", "通灵")]
    assert "不能连续两夜" in stealing.declaration_problem(game, game.st.seat(1), DECLARE, "通灵师<通灵>")
    assert stealing.declaration_problem(game, game.st.seat(1), DECLARE, "赌徒<杀人>") == ""


def test_a_declared_kill_is_a_seats_own_not_the_teams() -> None:
    game = _game()
    game.st.declared = [(1, 1, "赌徒", "杀人"), (1, 1, "黑狼王", "杀人")]
    stealing.tell_act(game, 4, RS.card_tags["群内"].skills["杀人"], "")
    assert game.st.seized == []
    stealing.tell_act(game, 3, RS.roles["赌徒"].skills["赌博杀人"], "")
    assert game.st.seized == [(1, 3, "赌博杀人")]


def test_only_a_seat_of_the_declared_initial_role_is_seized() -> None:
    game = _game()
    game.st.declared = [(1, 1, "预言家", "通灵")]
    stealing.tell_act(game, 2, RS.roles["通灵师"].skills["通灵"], "")
    assert game.st.seized == []
