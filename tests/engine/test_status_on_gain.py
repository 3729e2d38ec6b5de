"""A status's `on_gain` (165 [亡灵]: 若场上有次数足够的技能[亡灵低语]，则按照那个技能执行，否则，获得该状态
瞬间就承受一次[致死伤害]) and a skill's `dealt_uses` (亡灵低语[X]: X为初始参与人数)."""

from __future__ import annotations

from engine import cards, change, effects, flow
from engine import commands as c
from engine.game import Game
from engine.ruleset.loader import load_ruleset
from tests.engine.builders import T0, act, own_board, run_to, run_to_step

RS = load_ruleset("genshin_165")
BOARD = ("圣女", "药剂师", "预言家", "灵鹿", "黑狼王", "幼狼", "隐者", "告死者")
ROT = RS.roles["腐尸"].skills["腐化"].effects  # gives [亡灵] to a seat of another camp than its user's


def whisper(game: Game, no: int = 8) -> int | None:
    held = cards.find(game, game.st.seat(no), "亡灵低语")
    return None if held is None else held.state.uses


def day_two(board: tuple[str, ...] = BOARD) -> Game:
    game = own_board(RS, board)
    run_to(game, "day", 2)
    return game


def rot(game: Game, target: int, actor: int = 8) -> None:
    effects.run(effects.Ctx(game, actor=actor, targets=[target], rule="腐化"), ROT)
    flow.run(game)  # the outs it queues


def test_a_dealt_card_starts_with_the_count_of_seats_dealt() -> None:
    assert whisper(own_board(RS, BOARD)) == 8
    assert whisper(own_board(RS, (*BOARD, "骑士", "乌鸦"))) == 10


def test_a_card_becoming_the_role_later_starts_with_its_plain_count() -> None:
    game = day_two()
    change.become(game, 1, "告死者", "测试")
    assert whisper(game, 1) == 0


def test_gaining_it_turns_the_holder_by_its_kind_and_spends_the_count() -> None:
    game = day_two()
    rot(game, 3)  # 预言家, 验人系: 8, then 灾厄 +6
    seat = game.st.seat(3)
    assert seat.card.role == "恶灵" and seat.camp == "告死者阵营" and seat.alive
    assert seat.has_status("亡灵")
    assert whisper(game) == 6
    rot(game, 2)  # 药剂师, 其余身份: 3
    assert game.st.seat(2).card.role == "腐尸" and whisper(game) == 3


def test_a_wolf_of_the_group_turns_and_stays_in_the_group_without_its_kill() -> None:
    game = day_two()
    rot(game, 5)  # 黑狼王 [群内]: 5
    seat = game.st.seat(5)
    assert seat.card.role == "活尸" and "狼群" in seat.teams and "活尸" in seat.teams
    assert whisper(game) == 3
    assert cards.find(game, seat, "杀人") is None or seat.has_status("活尸")


def test_without_enough_uses_the_holder_takes_a_lethal_hit_at_once() -> None:
    game = day_two()
    held = cards.find(game, game.st.seat(8), "亡灵低语")
    assert held is not None
    held.state.uses = 2
    rot(game, 2)
    assert not game.st.seat(2).alive and game.st.seat(2).card.role == "药剂师"
    assert whisper(game) == 2


def test_a_seat_of_the_givers_camp_gains_nothing() -> None:
    game = day_two()
    rot(game, 8, actor=8)
    assert not game.st.seat(8).has_status("亡灵") and whisper(game) == 8


def test_three_living_undead_bite_on_an_odd_night_two_do_not() -> None:
    board = ("黑狼王", "幼狼", "黑蝙蝠", "狼兄", "告死者", *("圣女", "药剂师", "乌鸦", "隐者", "骑士") * 3)
    for turned, usable in ((3, True), (2, False)):
        names = tuple(f"角色{i}" for i in range(1, len(board) + 1))
        start = c.Start(at=T0, seed=1, names=names, roles=tuple((r,) for r in board), options=(("自定板子", True),))
        game = Game.start(RS, start)
        run_to_step(game, "深夜")  # night 1: odd
        for wolf in range(1, turned + 1):
            rot(game, wolf, actor=5)
        assert all(game.st.seat(n).card.role == "活尸" for n in range(1, turned + 1))
        assert act(game, 1, "啃咬", 6).accepted is usable, turned  # 狼兄 (4) still a living wolf
