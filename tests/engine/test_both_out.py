"""附身 with both_out (聂小倩<鬼情>, engine/kits.py): nothing comes while either of the two is in; as the
second goes out the follower takes the host's camp, untold, follows it, and takes its kit fresh, those
skills usable by the follower out (engine/legal.py, engine/acting.py)."""

from __future__ import annotations

from engine import cards, flow, kits, legal
from engine.game import Game
from tests.engine.builders import new_game

WOLF, SEER, WITCH, VILLAGER = 1, 3, 4, 7
BOARD = ("狼人", "狼人", "预言家", "女巫", "守卫", "猎人", "村民", "村民", "长老", "丘比特")


def _game() -> Game:
    game = new_game(BOARD)
    kits.attach(game, VILLAGER, WOLF, (), "鬼情", both_out=True)
    return game


def _out(game: Game, seat: int) -> None:
    game.queue_out(seat, "测试")
    flow.run(game)


def test_nothing_comes_while_one_of_the_two_is_in() -> None:
    game = new_game(BOARD)
    kits.attach(game, VILLAGER, SEER, (), "鬼情", both_out=True)
    game.set_camp(SEER, "狼人阵营", "测试")
    assert game.st.seat(VILLAGER).camp == "村民阵营"  # neither taken nor followed before both are out
    game = _game()
    assert game.st.seat(VILLAGER).camp == "村民阵营"
    _out(game, WOLF)
    assert game.st.seat(VILLAGER).camp == "村民阵营"
    assert "杀人" not in game.st.seat(VILLAGER).card.skills


def test_the_follower_out_first_takes_camp_and_kit_as_the_host_goes_out() -> None:
    game = _game()
    _out(game, VILLAGER)
    assert "杀人" not in game.st.seat(VILLAGER).card.skills
    game.out.clear()
    _out(game, WOLF)
    follower = game.st.seat(VILLAGER)
    assert follower.camp == "狼人阵营" and follower.follows
    taken = [name for name, state in follower.card.skills.items() if state.when_out]
    assert taken and set(taken) <= set(game.rs.roles["狼人"].skills)
    told = [m.text for m in game.out if m.to.seat == VILLAGER]
    assert any("出局后也可以使用" in t for t in told) and not any("狼人阵营" in t for t in told)


def test_the_host_out_first_hands_them_over_as_the_follower_goes_out() -> None:
    game = _game()
    _out(game, WOLF)
    _out(game, VILLAGER)
    follower = game.st.seat(VILLAGER)
    assert follower.camp == "狼人阵营"
    assert any(state.when_out for state in follower.card.skills.values())


def test_only_the_skills_so_taken_are_usable_out() -> None:
    game = new_game(BOARD)
    kits.attach(game, VILLAGER, SEER, (), "鬼情", both_out=True)
    _out(game, VILLAGER)
    _out(game, SEER)
    seat = game.st.seat(VILLAGER)
    held = cards.find(game, seat, "预言")
    assert held is not None and held.state.when_out
    assert legal.unavailable(game, seat, held.skill) != "你已出局"
    _out(game, WITCH)
    witch = game.st.seat(WITCH)
    poison = cards.find(game, witch, "毒药")
    assert poison is not None and legal.unavailable(game, witch, poison.skill) == "你已出局"
