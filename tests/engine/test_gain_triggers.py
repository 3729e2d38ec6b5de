"""Triggers on a skill gained during play (engine/gain_triggers.py), on 165's 养殖者<烤乳猪> and 丘比特之箭:
a trigger with effects fires as the kit is taken, only while its ``by`` holds, spending its [限定]; one
naming targets asks its new holder at once; a skill held at the deal or gained in the opening does not."""

from __future__ import annotations

from engine import kits, queue
from engine.game import Game
from engine.ruleset.loader import load_ruleset
from engine.state import Seat
from tests.engine.builders import own_board, run_to

BOARD = ("幼狼", "黑狼王", "肉猪", "女巫", "猎人", "骑士", "熊", "预言家", "丘比特", "养殖者")
WOLF, PIG, CUPID, FARMER = 1, 3, 9, 10


def _game() -> Game:
    game = own_board(load_ruleset("genshin_165"), BOARD)
    run_to(game, "day", 1)
    return game


def _has(seat: Seat, status: str) -> bool:
    return any(s.name == status for s in seat.statuses)


def test_gaining_the_farmers_kit_after_the_pigs_out_gives_the_lowest_reward_at_once() -> None:
    game = _game()
    game.st.seat(PIG).alive = False
    kits.take_kit(game, WOLF, "养殖者", "学习")
    wolf = game.st.seat(WOLF)
    assert _has(wolf, "烤乳猪通灵")
    assert not _has(wolf, "烤乳猪礼物")
    assert wolf.card.skills["烤乳猪"].uses == 0  # [限定]: spent as it fired
    assert any("肉猪已出局" in m.text for m in game.out if m.to.seat == WOLF)


def test_gaining_the_farmers_kit_while_the_pig_is_in_sets_off_nothing() -> None:
    game = _game()
    kits.take_kit(game, WOLF, "养殖者", "学习")
    wolf = game.st.seat(WOLF)
    assert not _has(wolf, "烤乳猪通灵")
    assert wolf.card.skills["烤乳猪"].uses == 1


def test_a_gained_skill_naming_targets_is_asked_at_once() -> None:
    game = _game()
    game.grant_skill(WOLF, "丘比特之箭", "顺从")
    assert queue.Ask(WOLF, "丘比特之箭", "skill", game.st.seat(WOLF).card.id) in game.st.work


def test_nothing_is_set_off_in_the_opening_nor_where_no_skill_has_such_a_trigger() -> None:
    game = own_board(load_ruleset("genshin_165"), BOARD)
    game.st.seat(PIG).alive = False
    kits.take_kit(game, WOLF, "养殖者", "学习")
    assert not _has(game.st.seat(WOLF), "烤乳猪通灵")
    assert "gained" in game.rs.passes
    assert "gained" not in load_ruleset("m216_mask").passes
