"""Votes kept by seats out (status capabilities ``votes_out`` and ``proxy_vote``): 死灵术师<夺魂>'s souls
vote at the next 正午 only through the 导演 (其投票由发动者通过导演代投决定), and those votes count;
a seat out without them still may not vote, even through the 导演."""

from __future__ import annotations

from pathlib import Path

from engine.game import Game
from tests.engine.builders import played, vote

SCENARIO = Path("tests/scenarios/genshin_165/死灵术师_夺魂.yaml").read_text(encoding="utf-8")


def souls_taken(tmp_path: Path) -> Game:
    """Day 3 open: 丙 (3) and 丁 (4) are out, their souls taken by 甲 (1)."""
    game = played(tmp_path, SCENARIO)
    assert game.st.phase == "day" and game.st.day == 3
    return game


def test_a_soul_taken_cannot_vote_itself_and_is_told_why(tmp_path: Path) -> None:
    game = souls_taken(tmp_path)
    before = dict(game.st.votes)
    result = vote(game, 3, 2)
    assert not result.accepted
    assert "导演代投" in result.reply and "夺魂" in result.reply
    assert game.st.votes == before


def test_the_directors_vote_for_a_soul_taken_counts(tmp_path: Path) -> None:
    game = souls_taken(tmp_path)
    assert vote(game, 3, 2, by_director=True).accepted
    assert vote(game, 4, 2, by_director=True).accepted
    assert vote(game, 1, 5).accepted
    game.tick(game.st.deadline)  # 关门
    counted = dict(game.st.last_tally)
    assert counted.get(3) == 2 and counted.get(4) == 2 and counted.get(1) == 5
    assert not game.st.seat(2).alive  # 乙: two votes against one


def test_a_seat_out_without_a_kept_vote_is_refused_even_by_the_directors(tmp_path: Path) -> None:
    game = souls_taken(tmp_path)
    for seat in (3, 4):
        game.st.seat(seat).statuses.clear()
    result = vote(game, 3, 2, by_director=True)
    assert not result.accepted and "已出局" in result.reply
