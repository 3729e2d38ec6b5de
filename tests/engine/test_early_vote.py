"""[狂躁] (status cap ``early_vote``, engine/voting.py), on M216 where a director grants it by 裁定:
the holder's vote is sent between 关门 and 开门 and becomes the next day's, once and for good;
none sent by 开门 is 弃权; by day it votes once and cannot change; refusals change nothing."""

from __future__ import annotations

from engine import commands as c
from engine.game import Game
from engine.ruleset.loader import load_ruleset
from tests.engine.builders import NAMES, T0, act, at, run_to, run_to_step, vote

BOARD = ("圣光骑士", "女巫", "乌鸦", "潜行者", "黑武士", "官员", "狼巫")
HOLDER = 3


def _game() -> Game:
    game = Game.start(
        load_ruleset("m216_mask"),
        c.Start(
            at=T0, seed=1, names=NAMES[: len(BOARD)], roles=tuple((r,) for r in BOARD), options=(("自定板子", True),)
        ),
    )
    run_to(game, "day", 2)
    assert game.apply(c.Ruling(at=at(game), what="add_status", seat=HOLDER, arg="狂躁")).accepted
    return game


def _told(game: Game, seat: int) -> list[str]:
    return [m.text for m in game.out if m.to.seat == seat]


def test_by_day_the_holder_votes_once_and_cannot_change() -> None:
    game = _game()
    assert vote(game, HOLDER, 5, minutes=60).accepted
    before = game.fingerprint()
    refused = vote(game, HOLDER, 4)
    assert not refused.accepted and "[狂躁]" in refused.reply and "不允许改票" in refused.reply
    assert game.fingerprint() == before
    assert game.st.votes[HOLDER].target == 5
    assert vote(game, 4, 5, minutes=62).accepted and vote(game, 4, 6, minutes=63).accepted  # others still change


def test_a_vote_sent_at_night_is_the_next_days_and_cannot_be_changed() -> None:
    game = _game()
    run_to(game, "night", 2)
    sent = vote(game, HOLDER, 4)
    assert sent.accepted and "开门后计入当天的放逐投票" in sent.reply
    before = game.fingerprint()
    again = vote(game, HOLDER, 5)
    assert not again.accepted and "已决定" in again.reply and "4号" in again.reply
    assert game.fingerprint() == before
    run_to(game, "day", 3)
    assert game.st.votes[HOLDER].target == 4
    assert any("开门：你当天的放逐投票为4号" in t for t in _told(game, HOLDER))
    refused = vote(game, HOLDER, 5, minutes=60)
    assert not refused.accepted and "不允许改票" in refused.reply
    assert game.st.votes[HOLDER].target == 4


def test_a_holder_that_sent_nothing_by_the_opening_abstains() -> None:
    game = _game()
    run_to(game, "day", 3)
    assert HOLDER in game.st.votes and game.st.votes[HOLDER].target is None
    assert not vote(game, HOLDER, 5, minutes=60).accepted


def test_a_bad_target_before_the_opening_is_refused_and_others_still_wait_for_the_day() -> None:
    game = _game()
    run_to(game, "night", 2)
    before = game.fingerprint()
    bad = vote(game, HOLDER, 99)
    assert not bad.accepted and "可投" in bad.reply
    other = vote(game, 4, 5)
    assert not other.accepted and "现在不是投票时间" in other.reply
    assert game.fingerprint() == before
    assert vote(game, HOLDER, 0).accepted  # 弃权 is a decision too
    run_to(game, "day", 3)
    assert game.st.votes[HOLDER].target is None and 4 not in game.st.votes


def test_at_night_the_holder_is_not_shown_who_went_out_tonight() -> None:
    game = _game()
    run_to(game, "night", 2)
    run_to_step(game, "深夜2")
    assert act(game, 7, "杀人", 2).accepted  # 狼巫 holds the knife on this board
    while game.st.seat(2).alive:  # to 凌晨2's close: the night's outs are settled, 开门 still to come
        deadline = game.next_deadline()
        assert deadline is not None and game.st.phase != "day"
        game.tick(deadline)
    assert game.st.phase != "day"
    assert not game.st.seat(2).alive  # out tonight, not told before 开门
    refused = vote(game, HOLDER, 99)
    assert not refused.accepted and "2号乙" in refused.reply, refused.reply
    assert vote(game, HOLDER, 2).accepted  # naming it is taken, as it would be for any seat in play at 关门
