"""Bad input is refused with a Chinese reason naming what is legal, and changes nothing."""

from __future__ import annotations

import pickle

from engine import commands as c
from tests.engine.builders import act, at, new_game, run_to, run_to_step, vote


def frozen(game) -> bytes:  # type: ignore[no-untyped-def]
    return pickle.dumps(game.fingerprint())


def test_unknown_skill_names_the_seats_skills() -> None:
    game = new_game()
    run_to_step(game, "守卫")
    before = frozen(game)
    result = act(game, 5, "飞天")
    assert not result.accepted
    assert "你没有技能「飞天」" in result.reply and "守护之盾" in result.reply and "隔音之盾" in result.reply
    assert frozen(game) == before


def test_target_outside_range_lists_the_legal_numbers() -> None:
    game = new_game()
    run_to_step(game, "狼人")
    before = frozen(game)
    result = act(game, 1, "杀人", 2)  # a wolf's own number
    assert not result.accepted
    assert "秘密数字2不在杀人的选择范围内" in result.reply
    assert "选择范围：秘密数字3、4、5、6、7、8、9、10" in result.reply
    assert frozen(game) == before


def test_wrong_number_of_targets() -> None:
    game = new_game()
    run_to_step(game, "狼人")
    result = act(game, 1, "杀人", 3, 4)
    assert not result.accepted and "需要选择1个目标，你选了2个" in result.reply


def test_second_use_of_a_limited_skill() -> None:
    game = new_game()
    run_to_step(game, "女巫")
    assert act(game, 4, "毒药", 3).accepted
    run_to(game, "night", 2)
    run_to_step(game, "女巫")
    before = frozen(game)
    result = act(game, 4, "毒药", 7)
    assert not result.accepted and "毒药为限定技能，已经发动过" in result.reply
    assert frozen(game) == before


def test_acting_in_the_wrong_step_says_when_the_skill_is_used() -> None:
    game = new_game()
    run_to_step(game, "守卫")
    before = frozen(game)
    result = act(game, 3, "预言", 1)
    assert not result.accepted
    assert "现在不是预言的发动时间（夜晚·预言家）" in result.reply and "当前：第1夜·守卫" in result.reply
    assert frozen(game) == before


def test_a_seat_cannot_use_another_roles_skill() -> None:
    game = new_game()
    run_to_step(game, "狼人")
    result = act(game, 3, "杀人", 4)  # the seer tries the wolves' skill
    assert not result.accepted and "你没有技能「杀人」" in result.reply


def test_voting_at_night_and_for_the_dead() -> None:
    game = new_game()
    run_to(game, "day", 1)
    run_to_step(game, "守卫")
    result = vote(game, 3, 1)
    assert not result.accepted and "现在不是投票时间" in result.reply
    game2 = new_game()
    run_to(game2, "day", 1)
    result = vote(game2, 3, 11)
    assert not result.accepted and "没有这个投票对象" in result.reply


def test_passing_a_forced_skill_is_refused() -> None:
    game = new_game(("狼人", "丘比特", "村民", "预言家", "女巫"))
    before = frozen(game)
    result = game.apply(c.Pass(at=at(game), seat=2))
    assert not result.accepted and "强制技能，不能放弃" in result.reply
    assert frozen(game) == before


def test_after_the_game_ends_everything_is_refused() -> None:
    game = new_game(("狼人", "村民", "预言家"))
    run_to_step(game, "狼人")
    act(game, 1, "杀人", 3)
    run_to(game, "over", game.st.day) if game.st.phase != "over" else None
    assert game.st.phase == "over"
    assert not act(game, 1, "杀人", 2).accepted
    assert "游戏已经结束" in vote(game, 1, 2).reply
