"""``if: two_unswapped``: a later `redirect` whose 结算目标 is already swapped tonight does nothing
(交换 PS: 后发动的交换若结算到先交换的结算目标，交换发动无效); a fresh pair still swaps."""

from __future__ import annotations

from engine.ruleset.loader import load_ruleset
from tests.engine.builders import act, own_board, run_to, run_to_step

BOARD = ("魔术师", "魔术师", "预言家", "黑狼王", "骑士", "幼狼", "灵能", "女巫")


def _redirects_after(*pair: int) -> dict[int, int]:
    game = own_board(load_ruleset("genshin_165"), BOARD)
    run_to(game, "night", 1)
    run_to_step(game, "午夜")
    assert act(game, 1, "交换", 4, 5).accepted
    assert act(game, 2, "交换", *pair).accepted
    run_to_step(game, "深夜")
    return dict(game.st.redirects)


def test_a_later_swap_landing_on_a_swapped_seat_does_nothing() -> None:
    assert _redirects_after(4, 6) == {4: 5, 5: 4}


def test_a_later_swap_of_a_fresh_pair_still_swaps() -> None:
    assert _redirects_after(7, 8) == {4: 5, 5: 4, 7: 8, 8: 7}
