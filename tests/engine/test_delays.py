"""[凝滞] (engine/delays.py): an act by or chosen on a ``delays`` holder waits for the same step of
the next day, once, with the [结算目标] it had when held; the votes it casts or receives count a day
later."""

from __future__ import annotations

from engine import delays, using
from engine.game import Game
from engine.ruleset.loader import load_ruleset
from engine.state import Act, Vote
from tests.engine.builders import own_board, run_to

RS = load_ruleset("genshin_165")
BOARD = ("寂夜导师", "黑狼王", "预言家", "幼狼", "守卫", "圣女", "锈剑骑士", "骑士", "女巫")
SEER = RS.roles["预言家"].skills["预言"]
SCHOLAR = RS.roles["寂夜导师"].skills["凝滞永续"]


def _game() -> Game:
    game = own_board(RS, BOARD)
    run_to(game, "night", 1)
    game.out.clear()
    return game


def _stall(game: Game, no: int) -> None:
    game.grant_status(no, "凝滞", source=1, until="permanent", uses=None, rule="时间凝滞")


def _act(game: Game, seat: int, skill: str, *targets: int) -> Act:
    return Act(seat, skill, targets, None, game.st.now, 1)


def test_an_act_is_held_by_its_user_or_a_chosen_target_holding_it_and_only_once() -> None:
    game = _game()
    assert not delays.is_held(game, _act(game, 3, "预言", 2), SEER)
    _stall(game, 2)
    assert delays.is_held(game, _act(game, 3, "预言", 2), SEER)  # 受到[指定]技能时
    assert not delays.is_held(game, _act(game, 3, "预言", 4), SEER)
    assert not delays.is_held(game, _act(game, 1, "凝滞永续"), SCHOLAR)
    _stall(game, 1)
    assert delays.is_held(game, _act(game, 1, "凝滞永续"), SCHOLAR)  # 发动技能时
    _stall(game, 3)
    once = Act(3, "预言", (2,), None, game.st.now, 1, settled=(2,))
    assert not delays.is_held(game, once, SEER)  # 发动者和被发动者都有凝滞，也只延迟1天结算


def test_a_held_act_resolves_at_the_same_step_a_day_later_and_its_user_is_told_it_waits() -> None:
    game = _game()
    delays.hold(game, _act(game, 3, "预言", 2), [4])
    step = RS.steps(game.st.phase)[game.st.step].name
    assert [m.text for m in game.out if m.to.seat == 3] == [f"你的<预言>因[凝滞]延迟到下一天的同一时刻（{step}）结算。"]
    assert delays.due(game) == []  # not today
    game.st.day += 1
    held = delays.due(game)
    assert [(a.seat, a.skill, a.targets, a.settled) for a in held] == [(3, "预言", (2,), (4,))]
    assert game.st.delayed == [] and delays.due(game) == []


def test_a_held_act_reaches_the_targets_it_had_when_held_not_tonight_s() -> None:
    game = _game()
    game.st.redirects = {2: 5}  # a swap tonight: 从选择目标过度到结算效果期间不会延迟
    game.out.clear()
    using.resolve(game, Act(3, "预言", (2,), None, game.st.now, 1, settled=(4,)))
    assert [m.text for m in game.out if m.to.seat == 3] == ["4号丁为非村民阵营"]


def test_votes_by_or_for_a_holder_count_in_the_next_day_s_count_if_their_target_is_in() -> None:
    game = _game()
    _stall(game, 5)
    _stall(game, 4)
    votes = [Vote(5, 2, game.st.now), Vote(6, 4, game.st.now), Vote(7, 2, game.st.now), Vote(8, 3, game.st.now)]
    assert delays.counted_votes(game, votes) == votes[2:]
    assert [(day, v.voter) for day, v in game.st.delayed_votes] == [(game.st.day + 1, 5), (game.st.day + 1, 6)]
    game.st.day += 1
    game.remove_statuses(game.st.seat(5), lambda s: True)
    game.remove_statuses(game.st.seat(4), lambda s: True)
    game.st.seat(4).alive = False
    today = [Vote(9, 3, game.st.now)]
    assert delays.counted_votes(game, today) == [today[0], votes[0]]  # 6→4 is dropped: 4 is out
    assert game.st.delayed_votes == []
