"""A status whose giver is the act's [结算目标] (`status: {giver: target}`), read by a stand-in guard
(`instead: giver`), and the out it makes read back (`out_cause`): 165 蛊惑师<蛊惑> — 蛊惑师当晚结算出局，蛊惑师不会出局，取而代之的是，结算目标承受[致死伤害]."""

from __future__ import annotations

from engine import conditions, deaths, effects, flow
from engine.game import Game
from engine.ruleset.loader import load_ruleset
from engine.state import Damage
from tests.engine.builders import own_board, run_to

RS = load_ruleset("genshin_165")
BOARD = ("蛊惑师", "药剂师", "预言家", "灵鹿", "黑狼王", "幼狼", "隐者", "圣女")
CHARM = RS.roles["蛊惑师"].skills["蛊惑"].effects


def charmed(targets: list[int]) -> Game:
    game = own_board(RS, BOARD)
    run_to(game, "day", 2)
    effects.run(effects.Ctx(game, actor=1, targets=targets, rule="蛊惑"), CHARM)
    return game


def test_the_status_is_the_actors_own_given_by_its_target() -> None:
    game = charmed([3])
    [status] = [s for s in game.st.seat(1).statuses if s.name == "蛊惑"]
    assert status.source == 3
    assert not game.st.seat(3).has_status("蛊惑")


def test_without_a_target_nothing_is_given() -> None:
    game = charmed([])
    assert not game.st.seat(1).has_status("蛊惑")


def test_the_target_goes_out_in_the_holders_place_once() -> None:
    game = charmed([3])
    deaths.strike(game, Damage(1, "指杀", "杀人", 5, ""))
    flow.run(game)
    assert game.st.seat(1).alive and not game.st.seat(3).alive
    deaths.strike(game, Damage(1, "指杀", "杀人", 5, ""))
    flow.run(game)
    assert not game.st.seat(1).alive  # the guard had one use


def test_the_stand_ins_out_is_of_the_skills_cause() -> None:
    game = charmed([3])
    deaths.strike(game, Damage(1, "指杀", "杀人", 5, ""))
    flow.run(game)
    assert [s.no for s in game.st.seats if conditions.holds({"out_cause": "蛊惑"}, s, 1, game.st)] == [3]
