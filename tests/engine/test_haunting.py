"""阴魂不散 (engine/haunting.py) and ``choice_max``: the haunted pairs are fixed as the skill resolves,
only those pairs' feedback is mirrored, the night's end forgets them; a choice names up to N words.
附体's watch: every feedback of the watched seat, under the watching rule, till the night ends."""

from __future__ import annotations

import pytest

from engine import change, haunting, messages
from engine.errors import Refusal
from engine.game import Game
from engine.legal import check_choice
from engine.ruleset.loader import load_ruleset
from tests.engine.builders import own_board, run_to

RS = load_ruleset("m216_mask")
BOARD = ("幽魂", "狼巫", "灵能", "纯白之女", "长老")


def _game() -> Game:
    game = own_board(RS, BOARD)
    run_to(game, "night", 1)
    return game


def _texts(game: Game, seat: int) -> list[str]:
    return [m.text for m in game.out if m.to.seat == seat]


def test_the_pairs_are_the_seats_able_to_use_a_named_skill() -> None:
    game = _game()
    game.st.seat(4).card.skills["照耀"].lost = True  # lost: not able to use it
    haunting.haunt(game, 1, ("黑暗侦测", "照耀", "阴魂不散"), "阴魂不散")
    assert game.st.haunts == [(1, "黑暗侦测", 2)]
    assert game.haunted_by(2, "黑暗侦测") == [1]
    assert game.haunted_by(2, "光明湮灭") == []


def test_both_sides_may_ask_for_a_group_and_the_directors_are_told_the_pairs() -> None:
    """若双方均愿意…当晚可共群聊天: the 导演 opens the group, so the directors learn the pairs (no one else)."""
    game = _game()
    game.out = []
    haunting.haunt(game, 1, ("黑暗侦测", "照耀"), "阴魂不散")
    assert all(haunting.CHAT in "".join(_texts(game, no)) for no in (1, 2, 4))
    told = [m.text for m in game.out if m.to == messages.DIRECTORS]
    assert len(told) == 1 and "1号甲" in told[0] and "2号乙" in told[0] and "4号丁" in told[0], told
    assert not any(haunting.CHAT in t for no in (3, 5) for t in _texts(game, no))


def test_only_a_haunted_skills_feedback_reaches_the_ghost() -> None:
    game = _game()
    haunting.haunt(game, 1, ("黑暗侦测",), "阴魂不散")
    game.out.clear()
    game.feedback(2, "测试反馈甲", "黑暗侦测")
    game.feedback(2, "测试反馈乙", "光明湮灭")
    game.feedback(3, "测试反馈丙", "黑暗侦测")
    mirrored = _texts(game, 1)
    assert mirrored == ["〔阴魂不散：2号乙的黑暗侦测〕测试反馈甲"]


def test_the_nights_end_forgets_the_pairs() -> None:
    game = _game()
    haunting.haunt(game, 1, ("黑暗侦测",), "阴魂不散")
    change.end_of("night_end", game)
    assert game.st.haunts == []
    game.out.clear()
    game.feedback(2, "测试反馈", "黑暗侦测")
    assert _texts(game, 1) == []


def test_a_watch_mirrors_every_feedback_of_the_seat_till_the_night_ends() -> None:
    game = _game()
    haunting.watch(game, 1, [2, 1], "附体")  # the watcher itself is left out
    haunting.watch(game, 1, [2], "附体")  # once a pair
    assert game.st.watches == [(1, 2, "附体")]
    game.out.clear()
    game.feedback(2, "测试反馈甲", "黑暗侦测")
    game.feedback(2, "测试反馈乙", "光明湮灭")
    game.feedback(3, "测试反馈丙", "黑暗侦测")
    assert _texts(game, 1) == ["〔附体：2号乙的黑暗侦测〕测试反馈甲", "〔附体：2号乙的光明湮灭〕测试反馈乙"]
    haunting.tell_act(game, 2, "黑暗侦测", "3号丙")
    assert _texts(game, 1)[-1] == "〔附体〕2号乙发动黑暗侦测：3号丙。"
    change.end_of("night_end", game)
    assert game.st.watches == []


@pytest.mark.parametrize(
    ("choice", "why"),
    [
        ("", "需要选择1到5个"),
        ("照耀、照耀", "不能重复"),
        ("照耀 预言 感知 伏击 猎杀 潜行", "你选了6个"),
        ("照耀，邪恶", "不能选择邪恶"),
        ("照耀、变脸", "不能选择变脸"),  # a [黄昏] skill is no night skill
    ],
)
def test_a_choice_of_several_words_is_checked(choice: str, why: str) -> None:
    game = _game()
    skill = RS.roles["幽魂"].skills["阴魂不散"]
    with pytest.raises(Refusal, match=why):
        check_choice(game, game.st.seat(1), skill, choice)


def test_a_choice_of_up_to_n_words_passes_and_splits() -> None:
    game = _game()
    skill = RS.roles["幽魂"].skills["阴魂不散"]
    check_choice(game, game.st.seat(1), skill, "照耀，预言 感知、伏击、猎杀")
    assert skill.picks("照耀，预言 感知") == ("照耀", "预言", "感知")
    assert RS.roles["纯白之女"].skills["照耀"].picks("照耀 预言") == ("照耀 预言",)
