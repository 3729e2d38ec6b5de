"""``told_at_night_end``: a status gained at night is told as the night ends, only if still held then
(机械狼<迷惑>: 当晚获得并立刻消除[吹笛]状态时，不会通知目标获得[吹笛]状态); one gained by day at once."""

from __future__ import annotations

from engine import change
from engine.game import Game
from engine.ruleset.loader import load_ruleset
from tests.engine.builders import own_board, run_to

RS = load_ruleset("genshin_165")
BOARD = ("吹笛", "黑狼王", "预言家", "幼狼", "女巫", "猎人", "守卫", "白痴")
TOLD = "你获得了状态[吹笛]。"


def _pipe(game: Game, no: int) -> None:
    game.grant_status(no, "吹笛", source=1, until="source_out", uses=None, rule="迷惑")


def _told(game: Game, seat: int) -> list[str]:
    return [m.text for m in game.out if m.to.seat == seat]


def test_a_status_gained_at_night_is_told_as_the_night_ends_if_still_held() -> None:
    game = own_board(RS, BOARD)
    run_to(game, "night", 1)
    game.out.clear()
    _pipe(game, 3)
    _pipe(game, 4)
    _pipe(game, 4)
    game.remove_statuses(game.st.seat(4), lambda s: s.name == "吹笛")
    assert _told(game, 3) == [] and _told(game, 4) == []
    change.end_of("night_end", game)
    assert _told(game, 3) == [TOLD] and _told(game, 4) == []
    assert game.st.told_at_night_end == []


def test_a_status_gained_by_day_is_told_at_once() -> None:
    game = own_board(RS, BOARD)
    run_to(game, "day", 1)
    game.out.clear()
    _pipe(game, 5)
    assert _told(game, 5) == [TOLD]
