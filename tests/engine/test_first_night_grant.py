"""A status held with a skill only on the first night (`grants: [{status, in: first_night}]`): 165
蛊惑师首夜不会获得任何负面状态 — held from the deal until night 1 ends, never gained after."""

from __future__ import annotations

from engine.ruleset.loader import load_ruleset
from tests.engine.builders import own_board, run_to

RS = load_ruleset("genshin_165")
BOARD = ("蛊惑师", "药剂师", "预言家", "灵鹿", "黑狼王", "幼狼", "隐者", "圣女")


def test_it_is_held_from_the_deal_and_ends_with_night_one() -> None:
    game = own_board(RS, BOARD)
    assert game.st.seat(1).has_status("蛊惑师首夜")
    run_to(game, "night", 1)
    assert game.st.seat(1).has_status("蛊惑师首夜")
    run_to(game, "day", 2)
    assert not game.st.seat(1).has_status("蛊惑师首夜")


def test_a_skill_gained_after_night_one_brings_none() -> None:
    game = own_board(RS, BOARD)
    run_to(game, "day", 2)
    game.grant_skill(2, "蛊惑", "测试")
    assert game.st.seat(2).card.skills["蛊惑"] and not game.st.seat(2).has_status("蛊惑师首夜")
