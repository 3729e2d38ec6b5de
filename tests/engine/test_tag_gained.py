"""``trigger: {on: tag_gained, tags}``: a card gaining a card tag (gain_tag) sets off its holder's
triggers on that tag, even when a status drops it (机械狼<身份属性>: 获得[群内]时…知晓名单)."""

from __future__ import annotations

from engine import effects
from engine.game import Game
from engine.ruleset.loader import load_ruleset
from tests.engine.builders import own_board, run_to

RS = load_ruleset("genshin_165")
BOARD = ("机械狼", "噩梦之影", "黑狼王", "寂夜导师", "预言家", "女巫", "猎人", "守卫", "白痴")
FEAR = RS.roles["噩梦之影"].skills["恐惧"]


def _game() -> Game:
    game = own_board(RS, BOARD)
    run_to(game, "night", 1)
    game.out.clear()
    return game


def _told(game: Game, seat: int) -> list[str]:
    return [m.text for m in game.out if m.to.seat == seat]


def test_a_tag_gained_sets_off_its_holder_s_trigger_once_with_the_lists_of_that_moment() -> None:
    game = _game()
    effects.run(effects.Ctx(game, actor=1, skill=FEAR, targets=[5]), FEAR.effects)
    assert _told(game, 1) == ["狼人阵营中所有[群内]标签名单：3号丙。", "狼人阵营中所有[接刀]标签名单：4号丁。"]
    game.out.clear()
    effects.run(effects.Ctx(game, actor=1, skill=FEAR, targets=[5]), FEAR.effects)
    assert _told(game, 1) == []  # the tag is held already: no gain


def test_another_seat_gaining_the_tag_sets_off_nothing_of_its_own() -> None:
    game = _game()
    effects.run(effects.Ctx(game, actor=2, skill=FEAR, targets=[5]), FEAR.effects)
    assert _told(game, 1) == [] and _told(game, 2) == []
