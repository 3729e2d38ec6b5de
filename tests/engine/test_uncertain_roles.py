"""The 不定 roles' mechanisms: 认亲 following a host's camp without its kit (and [接刀] while in the
狼人阵营), 寻仇 taking the camp against it, 雪恨's consecutive seats."""

from __future__ import annotations

from engine import cards, legal
from engine import commands as c
from engine.game import Game
from engine.ruleset.loader import load_ruleset
from tests.engine.builders import NAMES, T0, at

BOARD = ("混血儿", "噬时狼妃", "狼祭司", "上帝使徒", "赏金猎人", "锈剑骑士", "圣女")


def _close_opening(game: Game) -> None:
    """The 开局 step closes at its deadline (the 狼群's 窥天 left to it), and its acts resolve."""
    deadline = game.next_deadline()
    assert deadline is not None and game.apply(c.Tick(at=deadline)).accepted


def game_supporting(host: int) -> Game:
    game = Game.start(
        load_ruleset("genshin_165"),
        c.Start(
            at=T0, seed=1, names=NAMES[: len(BOARD)], roles=tuple((r,) for r in BOARD), options=(("自定板子", True),)
        ),
    )
    assert game.apply(c.Act(at=at(game), seat=1, skill="认亲", targets=(host,))).accepted
    _close_opening(game)
    return game


def test_supporting_a_wolf_bears_the_relay_tag_and_a_villager_does_not() -> None:
    wolf = game_supporting(2)
    assert wolf.st.seat(1).camp == "狼人阵营" and wolf.st.seat(1).host == 2
    assert "接刀" in cards.tags(wolf, wolf.st.seat(1))
    village = game_supporting(4)
    assert village.st.seat(1).camp == "村民阵营"
    assert "接刀" not in cards.tags(village, village.st.seat(1))


def test_the_host_changing_camp_carries_the_follower_and_its_tag() -> None:
    game = game_supporting(4)
    game.set_camp(4, "狼人阵营", "测试")
    assert game.st.seat(1).camp == "狼人阵营"
    assert "接刀" in cards.tags(game, game.st.seat(1))


def test_the_hunter_takes_the_camp_against_its_target_and_follows_it() -> None:
    game = Game.start(
        load_ruleset("genshin_165"),
        c.Start(
            at=T0,
            seed=1,
            names=NAMES[: len(BOARD)],
            roles=(("复仇者",), *((r,) for r in BOARD[1:])),
            options=(("自定板子", True),),
        ),
    )
    assert game.apply(c.Act(at=at(game), seat=1, skill="寻仇", targets=(4,))).accepted
    _close_opening(game)
    assert game.st.seat(1).camp == "狼人阵营"
    game.set_camp(4, "狼人阵营", "测试")
    assert game.st.seat(1).camp == "村民阵营"


def test_consecutive_seats_wrap_round_the_table() -> None:
    assert legal._consecutive((8, 1, 2), 8)
    assert legal._consecutive((3, 5, 4), 8)
    assert not legal._consecutive((2, 4, 5), 8)
    assert not legal._consecutive((1, 2, 8, 4), 8)


def test_a_follower_whose_camp_changes_by_other_means_follows_no_more() -> None:
    game = game_supporting(4)
    game.set_camp(1, "三方阵营", "测试")  # 在自己被其他手段改变阵营后，该效果失效
    game.set_camp(4, "狼人阵营", "测试")
    assert game.st.seat(1).camp == "三方阵营"
