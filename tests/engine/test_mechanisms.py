"""Unit tests of the engine's core mechanisms in isolation."""

from __future__ import annotations

from engine import conditions
from engine.deaths import strike
from engine.labels import earliest_highest
from engine.state import Damage, StatusInstance
from tests.engine.builders import new_game, run_to_step


def test_earliest_highest_prefers_the_first_to_reach_the_top() -> None:
    assert earliest_highest([(3, 1), (4, 1), (4, 1), (3, 1)]) == (4, 2)
    assert earliest_highest([(3, 1), (4, 1), (5, 1)]) == (3, 1)
    assert earliest_highest([(3, 2), (4, 1), (4, 1)]) == (3, 2)  # weights count


def test_conditions_compose() -> None:
    game = new_game()
    wolf, seer = game.st.seat(1), game.st.seat(3)
    assert conditions.holds({"camp": "狼人阵营"}, wolf, 0, game.st)
    assert conditions.holds({"not": {"role": "狼人"}}, seer, 0, game.st)
    assert conditions.holds({"any": [{"role": "女巫"}, {"camp": "村民阵营"}]}, seer, 0, game.st)
    assert not conditions.holds({"all": [{"role": "预言家"}, {"self": False}]}, seer, 3, game.st)
    test = {"at_least_half": {"camp": "狼人阵营"}}
    assert not conditions.victory_test(test, game.st.alive(), game.st)
    for no in range(3, 10):
        game.st.seat(no).alive = False
    assert conditions.victory_test(test, game.st.alive(), game.st)  # 2 wolves of 3 alive


def test_seats_counts_the_seats_meeting_a_condition_whoever_asks() -> None:
    game = new_game()
    wolves = sum(1 for s in game.st.seats if s.camp == "狼人阵营")
    anyone = game.st.seat(3)
    enough = {"seats": {"at_least": wolves, "of": {"camp": "狼人阵营", "alive": True}}}
    too_many = {"seats": {"at_least": wolves + 1, "of": {"camp": "狼人阵营", "alive": True}}}
    assert conditions.holds(enough, anyone, 0, game.st)
    assert not conditions.holds(too_many, anyone, 0, game.st)
    game.st.seat(1).alive = False  # a wolf out
    assert not conditions.holds(enough, anyone, 0, game.st)


def test_even_day_tells_even_game_days_from_odd_ones() -> None:
    game = new_game()
    wolf = game.st.seat(1)
    for day, even in ((1, False), (2, True), (3, False), (4, True)):
        game.st.day = day
        assert conditions.holds({"even_day": True}, wolf, 0, game.st) is even
        assert conditions.holds({"even_day": False}, wolf, 0, game.st) is not even


def test_defences_are_checked_in_the_rulesets_order_shortest_first() -> None:
    game = new_game()
    run_to_step(game, "狼人")
    elder = game.st.seat(9)
    elder.statuses.append(StatusInstance("救药", source=4, until="night_end"))
    strike(game, Damage(9, "指杀", "杀人", 1, ""))
    # 长寿 comes before 救药 in guard_order: the elder's life is used up, the save is not
    assert not elder.has_status("长寿") and elder.has_status("救药") and elder.alive
    elder.statuses.append(StatusInstance("守护", source=5, until="permanent"))
    elder.statuses.append(StatusInstance("守护", source=5, until="night_end"))
    strike(game, Damage(9, "指杀", "杀人", 1, ""))
    assert [s.until for s in elder.statuses if s.name == "守护"] == ["permanent", "night_end"]  # unlimited uses


def test_unstoppable_damage_queues_the_out() -> None:
    game = new_game()
    run_to_step(game, "狼人")
    strike(game, Damage(9, "出局", "毒药", 4, ""))
    assert game.st.work and type(game.st.work[0]).__name__ == "Out"
