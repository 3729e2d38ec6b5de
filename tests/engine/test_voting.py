"""投票: one change allowed, none in the final hour, 弃权, 代投, weights, the dead's votes."""

from __future__ import annotations

from datetime import timedelta

from engine import commands as c
from tests.engine.builders import at, new_game, run_to, vote


def day_two():  # type: ignore[no-untyped-def]
    game = new_game()
    run_to(game, "day", 1)
    run_to(game, "day", 2)
    return game


def test_one_change_then_refused() -> None:
    game = day_two()
    assert vote(game, 1, 3).accepted
    changed = vote(game, 1, 4)
    assert changed.accepted and "改票" in changed.reply
    again = vote(game, 1, 5)
    assert not again.accepted and "改票只允许进行1次" in again.reply and "当前投票：秘密数字4" in again.reply


def test_no_change_or_proxy_vote_in_the_final_hour() -> None:
    game = day_two()
    assert vote(game, 1, 3).accepted
    close = game.st.clock.real(game.st.deadline)
    late = game.apply(c.CastVote(at=close - timedelta(minutes=30), seat=1, target=4))
    assert not late.accepted and "关门前60分钟内不允许改票或代投" in late.reply
    proxy = game.apply(c.CastVote(at=close - timedelta(minutes=20), seat=2, target=4, by_director=True))
    assert not proxy.accepted
    first = game.apply(c.CastVote(at=close - timedelta(minutes=10), seat=3, target=4))
    assert first.accepted  # a first vote is still allowed


def test_abstain_and_the_count() -> None:
    game = day_two()
    vote(game, 1, 3)
    vote(game, 2, 0)
    messages = game.tick(game.next_deadline())
    public = [m.text for m in messages if m.to.kind == "public"]
    assert any("甲→秘密数字3；乙→弃权" in t for t in public)
    assert not game.st.seat(3).alive


def test_sheriff_counts_twice_and_the_counts_stay_hidden() -> None:
    game = new_game()
    run_to(game, "day", 1)
    vote(game, 1, 7)
    run_to(game, "day", 2)
    assert game.st.sheriff == 7
    vote(game, 7, 3)  # sheriff: 2
    vote(game, 1, 4)
    messages = game.tick(game.next_deadline())
    assert not game.st.seat(3).alive and game.st.seat(4).alive
    assert not any("票" in m.text and "2票" in m.text for m in messages if m.to.kind == "public")


def test_votes_of_seats_out_during_the_day_do_not_count() -> None:
    game = day_two()
    vote(game, 3, 6)
    vote(game, 4, 6)
    vote(game, 5, 8)
    game.apply(c.Ruling(at=at(game), what="kill", seat=3))
    game.apply(c.Ruling(at=at(game), what="kill", seat=4))
    game.tick(game.next_deadline())
    assert game.st.seat(6).alive and not game.st.seat(8).alive


def test_proxy_vote_is_marked() -> None:
    game = day_two()
    result = game.apply(c.CastVote(at=at(game), seat=5, target=1, by_director=True))
    assert result.accepted and "导演代投" in result.reply
    assert game.st.votes[5].by_director
