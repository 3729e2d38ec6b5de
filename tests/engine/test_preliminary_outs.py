"""A step that `previews` (165 凌晨（7）: 初步按照（9）的顺序结算出局名单，然后告死者<死灵咒>): as it opens,
its marked attacks are resolved on a copy of the game; the seats that copy puts out are the list the
condition `preliminary_out` reads, and the game itself is left as it was — nobody out, nothing told."""

from __future__ import annotations

from engine import legal, messages
from engine.game import Game
from engine.ruleset.loader import load_ruleset
from tests.engine.builders import act, own_board, run_to, run_to_step

RS = load_ruleset("genshin_165")
BOARD = ("圣女", "药剂师", "预言家", "灵鹿", "黑狼王", "幼狼", "隐者", "告死者")
STEP = "凌晨（7）–（9）"


def killed(target: int, board: tuple[str, ...] = BOARD, offered: bool = True) -> Game:
    """Night 1 with the 狼群's kill on ``target``: at the opening of 凌晨（7）–（9） where the 告死者 is
    offered <死灵咒>, else at day 2 (the step closed as it opened, nobody to act in it)."""
    game = own_board(RS, board)
    run_to_step(game, "深夜")
    assert act(game, 5, "杀人", target).accepted
    if offered:
        run_to_step(game, STEP)
    else:
        run_to(game, "day", 2)
    return game


def offers(game: Game) -> bool:
    return any("死灵咒" in m.text for m in game.out if m.to == messages.seat(8) and m.kind == "prompt")


def test_the_list_holds_the_seat_the_kill_would_put_out_and_no_one_else() -> None:
    game = killed(3)
    assert game.st.preliminary_outs == [3] and offers(game)
    assert all(s.alive for s in game.st.seats)
    assert not any("出局" in m.text for m in game.out if m.to == messages.PUBLIC)
    assert not any("3号丙" in m.text for m in game.out if m.to != messages.seat(8))


def test_a_seat_its_guard_keeps_in_is_not_on_the_list() -> None:
    game = killed(4, offered=False)  # 灵鹿: 长寿之命 [守护：1]
    assert game.st.preliminary_outs == [] and not offers(game)
    assert game.st.seat(4).alive


def test_the_range_offers_only_the_list_of_another_camp() -> None:
    game = killed(3)
    skill = RS.roles["告死者"].skills["死灵咒"]
    assert [s.no for s in legal.legal_targets(game, game.st.seat(8), skill)] == [3]


def test_no_copy_is_made_while_nobody_in_play_holds_the_skill() -> None:
    board = ("圣女", "药剂师", "预言家", "灵鹿", "黑狼王", "幼狼", "隐者", "圣女")
    game = killed(3, board, offered=False)
    assert game.st.preliminary_outs == []
    assert not game.st.seat(3).alive


def test_the_preview_leaves_the_marked_attack_for_the_real_resolution() -> None:
    game = killed(3)
    assert [d.target for d in game.st.damage if d.at_step == STEP] == [3]
    run_to(game, "day", 2)
    assert not game.st.seat(3).alive  # the 告死者 passed: the kill stands
