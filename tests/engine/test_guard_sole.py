"""A guard's ``causes`` and ``sole`` (纵火: 当晚所有的[杀人]技能目标正好是纵火目标，则[杀人]无效): it stops only
hits of those causes, and only while every use tonight of the named skills reached its holder alone."""

from __future__ import annotations

from engine import deaths, guard
from engine.game import Game
from engine.ruleset.loader import load_ruleset
from tests.engine.builders import own_board, run_to_step

BOARD = ("纵火犯", "预言家", "灵能", "渊狼", "赤狼", "骑士", "黑蝙蝠", "药剂师")


def _game() -> Game:
    game = own_board(load_ruleset("genshin_165"), BOARD)
    run_to_step(game, "深夜")
    game.grant_status(3, "纵火", source=1, until="night_end", uses=None, rule="纵火")
    return game


def _stops(game: Game, cause: str) -> bool:
    hit = guard.Hit(("指杀",), "strike", "指杀", 4, cause)
    found = guard.first_guard(game, game.st.seat(3), hit, deaths.SOONEST["night"])
    return found is not None and found.name == "纵火"


def test_the_ruleset_reads_the_reached_skills_for_it() -> None:
    assert "reached" in load_ruleset("genshin_165").records


def test_a_kill_on_the_holder_alone_is_stopped() -> None:
    game = _game()
    game.st.reached = [("杀人", 4, (3,))]
    assert _stops(game, "杀人")


def test_a_hit_of_another_cause_is_not() -> None:
    game = _game()
    game.st.reached = [("杀人", 4, (3,))]
    assert not _stops(game, "野性")


def test_a_second_kill_elsewhere_tonight_lets_both_strike() -> None:
    game = _game()
    game.st.reached = [("杀人", 4, (3,)), ("激励杀人", 5, (8,))]
    assert not _stops(game, "杀人")


def test_no_kill_reached_anyone_stops_nothing() -> None:
    game = _game()
    game.st.reached = []
    assert not _stops(game, "杀人")
