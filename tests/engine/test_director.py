"""判罚 and 裁定."""

from __future__ import annotations

from engine import commands as c
from engine.messages import To
from tests.engine.builders import at, new_game, run_to


def penalize(game, seat: int, card: str):  # type: ignore[no-untyped-def]
    return game.apply(c.Penalize(at=at(game), seat=seat, card=card, reason="测试"))


def test_three_blue_make_a_yellow_and_three_yellow_a_red() -> None:
    game = new_game()
    run_to(game, "day", 1)
    for _ in range(3):
        penalize(game, 7, "蓝")
    assert game.st.seat(7).penalties == {"蓝": 0, "黄": 1, "红": 0}
    penalize(game, 7, "黄")
    result = penalize(game, 7, "黄")
    assert result.accepted
    assert game.st.seat(7).penalties == {"蓝": 0, "黄": 0, "红": 1}
    assert not game.st.seat(7).alive and game.st.seat(7).out_cause == "红牌"
    assert not game.st.seat(7).last_words_right  # 红牌罚下: no last words


def test_every_red_card_offers_the_director_a_loss_and_two_in_a_camp_by_rule() -> None:
    game = new_game()
    run_to(game, "day", 1)
    first = penalize(game, 1, "红")
    assert [m.text for m in first.messages if m.to.kind is To.DIRECTORS] == [
        "狼人阵营有角色被判红牌，导演可视情况判负：发送「裁定 判负 狼人阵营」。"
    ]
    result = penalize(game, 2, "红")
    told = [m.text for m in result.messages if m.to.kind is To.DIRECTORS]
    assert any("狼人阵营累计2张红牌" in t and "裁定 判负 狼人阵营" in t for t in told)


def test_rulings_are_logged_for_the_reveal() -> None:
    game = new_game()
    run_to(game, "day", 1)
    assert game.apply(c.Ruling(at=at(game), what="kill", seat=8, reason="掉线")).accepted
    assert not game.st.seat(8).alive
    assert game.apply(c.Ruling(at=at(game), what="revive", seat=8)).accepted
    assert game.st.seat(8).alive
    assert game.apply(c.Ruling(at=at(game), what="add_status", seat=8, arg="被吹笛")).accepted
    assert game.st.seat(8).has_status("被吹笛")
    assert game.apply(c.Ruling(at=at(game), what="sheriff", seat=3)).accepted
    assert game.st.sheriff == 3
    refused = game.apply(c.Ruling(at=at(game), what="add_status", seat=8, arg="隐身"))
    assert not refused.accepted and "没有状态「隐身」" in refused.reply
    rulings = [e.text for e in game.st.log if e.kind == "ruling"]
    assert rulings[0] == "导演裁定：辛出局（掉线）" and len(rulings) == 4


def test_ruling_a_camp_lost_can_end_the_game() -> None:
    game = new_game()
    run_to(game, "day", 1)
    game.apply(c.Ruling(at=at(game), what="lose", arg="狼人阵营"))
    assert game.st.winner == "村民阵营"


def test_announce_goes_public_and_is_logged() -> None:
    game = new_game()
    result = game.apply(c.Announce(at=at(game), text="今晚延迟开门"))
    assert [m.text for m in result.messages if m.to.kind is To.PUBLIC] == ["【导演公告】今晚延迟开门"]
    assert not game.apply(c.Announce(at=at(game), text="  ")).accepted
