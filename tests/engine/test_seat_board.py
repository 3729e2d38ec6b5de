"""座位表: the public board is built from published facts only — two deals that differ in every
secret give the same public board — while the directors' board carries the secrets."""

from __future__ import annotations

from engine import commands as c
from engine.seat_board import director_board, public_board
from tests.engine.builders import BOARD, act, at, new_game, run_to, run_to_step, vote


def test_the_public_board_is_the_same_for_any_deal_and_the_directors_is_not() -> None:
    first = new_game()
    second = new_game(tuple(reversed(BOARD)), secrets=False, seed=5)
    assert [s.secret for s in first.st.seats] != [s.secret for s in second.st.seats]
    assert public_board(first) == public_board(second)
    assert director_board(first) != director_board(second)
    directors = director_board(first).text()
    assert "狼人" in directors and "秘密数字" in directors
    public = public_board(first).text()
    for word in ("狼人", "预言家", "女巫", "村民阵营", "狼人阵营"):
        assert word not in public


def test_an_out_shows_once_announced_with_its_published_label_and_the_votes_after_the_close() -> None:
    game = new_game()  # seat n holds BOARD[n-1] and secret number n: 1, 2 狼人 · 3 预言家 · 7 村民
    run_to(game, "day", 1)
    assert vote(game, 3, 7).accepted
    run_to(game, "night", 1)
    board = public_board(game)
    assert board.rows[2] == ("3", "丙", "存活", "→秘密数字7")  # the 关门 published 丙→秘密数字7
    run_to_step(game, "狼人")
    assert act(game, 1, "杀人", 7).accepted and act(game, 2, "杀人", 7).accepted
    while game.st.phase == "night":
        game.apply(c.Advance(at=at(game)))
    assert (game.st.phase, game.st.seat(7).alive) == ("dawn", False)  # the night is over, 开门 at 12:00
    assert public_board(game).rows[6][2] == "存活"  # out tonight, but no 开门 has told anyone yet
    run_to(game, "day", 2)
    assert not game.st.seat(7).alive
    assert public_board(game).rows[6][2] == "出局：庚（秘密数字7）"
    for seat in game.st.alive():
        assert f"秘密数字{seat.secret}）" not in public_board(game).text()  # no living seat's secret beside a name
