"""M216's 接刀顺序 (engine/knife.py), the `tag:` and `pool:` conditions and 同时判负 (engine/victory.py),
on an M216 game whose village roles, still to be written, stand in as plain villagers."""

from __future__ import annotations

from dataclasses import replace

from engine import cards, knife, victory
from engine import commands as c
from engine.game import Game
from engine.phases import Phase
from engine.ruleset.loader import load_ruleset
from engine.ruleset.model import Ruleset
from engine.state import Damage
from tests.engine.builders import T0, run_to, run_to_step

VILLAGERS = ("纯白之女", "骑士", "陌客")  # 验人系, 强神, 弱神


def m216() -> Ruleset:
    rs = load_ruleset("m216_mask")
    roles = {n: replace(r, todo=None) if n in VILLAGERS or r.pool == "狼人" else r for n, r in rs.roles.items()}
    return replace(rs, roles=roles)


def start(*board: str, rs: Ruleset | None = None) -> Game:
    names = tuple("甲乙丙丁戊己庚辛壬癸子丑寅卯"[: len(board)])
    cmd = c.Start(at=T0, seed=1, names=names, roles=tuple((r,) for r in board), options=(("自定板子", True),))
    return Game.start(rs or m216(), cmd)


def out(game: Game, *nos: int) -> None:
    """Take seats out by hand, as an out would, and note the change."""
    for no in nos:
        seat = game.st.seat(no)
        seat.alive, seat.out_phase, seat.out_cause = False, game.st.phase_key, "测试"
    game.changed()


def holder(game: Game) -> int:
    return game.st.knife.get("接刀", 0)


def kills(game: Game, no: int) -> bool:
    return "杀人" in {s.name for s in cards.held_skills(game, game.st.seat(no))}


def test_one_holder_at_a_time_first_in_the_post_order() -> None:
    game = start("磁狼", "恶灵骑士", "假面", *VILLAGERS)
    knife.update(game)
    assert holder(game) == 3  # 假面 is first in 身份排序, whatever the seat order
    assert kills(game, 3) and not kills(game, 1) and not kills(game, 2)
    assert game.st.tag_bearers["接刀"] == [1, 2, 3]


def test_the_knife_moves_down_on_an_out_and_never_returns() -> None:
    game = start("磁狼", "恶灵骑士", "假面", *VILLAGERS)
    knife.update(game)
    game.st.seat(3).alive = False
    knife.update(game)
    assert holder(game) == 2
    assert any("你[接刀]" in m.text and m.to.seat == 2 for m in game.out)
    game.st.seat(3).alive = True  # revived: 不再接刀
    knife.update(game)
    assert holder(game) == 2 and not kills(game, 3)


def test_a_permanent_purge_passes_the_holder_for_good_a_passing_one_does_not() -> None:
    game = start("磁狼", "恶灵骑士", *VILLAGERS)
    knife.update(game)
    game.grant_status(2, "超度", source=4, until="night_end", uses=None, rule="test", quiet=True)
    knife.update(game)
    assert holder(game) == 2 and not kills(game, 2)  # keeps the place; 超度 takes the tag and <杀人>
    assert 2 not in game.st.tag_bearers["接刀"]
    game.remove_statuses(game.st.seat(2), lambda s: s.name == "超度")
    game.grant_status(2, "净化", source=4, until="permanent", uses=None, rule="test", quiet=True)
    knife.update(game)
    assert holder(game) == 1 and kills(game, 1)
    game.remove_statuses(game.st.seat(2), lambda s: s.name == "净化")
    knife.update(game)
    assert holder(game) == 1  # 状态已清除，则不再接刀


def test_nightmare_bears_the_tag_from_the_deal_only_without_mask_and_knight() -> None:
    alone = start("噩梦之影", "磁狼", *VILLAGERS)
    knife.update(alone)
    assert holder(alone) == 1
    with_knight = start("噩梦之影", "恶灵骑士", *VILLAGERS)
    knife.update(with_knight)
    assert holder(with_knight) == 2 and 1 not in with_knight.st.tag_bearers["接刀"]


def test_an_heir_takes_the_host_place() -> None:
    game = start("磁狼", "恶灵骑士", "噩梦之影", *VILLAGERS)
    knife.update(game)
    game.st.seat(2).alive = False
    knife.update(game)
    assert holder(game) == 1
    knife.inherit(game, game.st.seat(3), game.st.seat(2), ["接刀"], "附身")
    assert game.st.knife_places[3] == 1 and holder(game) == 1  # the host's place was passed with it


def test_wolves_lose_by_tag_and_a_joint_loss_goes_by_priority() -> None:
    alone = start("磁狼", "恶灵骑士", "噩梦之影", *VILLAGERS)
    run_to(alone, Phase.NIGHT, 1)
    out(alone, 1, 2)  # 噩梦之影 is left, without [接刀] (恶灵骑士 was dealt, no 恐惧 yet)
    assert victory.check(alone) and alone.st.winner == "村民阵营"
    joint = start("磁狼", "恶灵骑士", "噩梦之影", *VILLAGERS)
    run_to(joint, Phase.NIGHT, 1)
    out(joint, 1, 2, 4, 5, 6)  # and every 验人系+强神 and 弱神 is out by the same check
    assert victory.check(joint)
    assert joint.st.winner == "狼人阵营"  # 不定＞狼人＞村民, neither lost before


def test_villagers_lose_by_pool_whatever_a_card_became() -> None:
    game = start("磁狼", "恶灵骑士", "噩梦之影", *VILLAGERS)
    run_to(game, Phase.NIGHT, 1)
    game.st.seat(5).card.role = "长老"  # 骑士 wears a 弱神's face: still 强神 by its deal
    out(game, 6)  # 陌客, the one 弱神
    assert victory.check(game) and game.st.winner == "狼人阵营"


def test_a_listed_step_is_judged_once_its_list_is_counted() -> None:
    """凌晨2: the only wolf out first (二次流血), the only 弱神 after (猎杀): judged one by one the
    villagers would win; judged as one list both camps lose, and 狼人 comes before 村民."""
    for together, winner in (((), "村民阵营"), (("凌晨2",), "狼人阵营")):
        rs = m216()
        judged = replace(rs, victory=replace(rs.victory, together=together))
        game = start("黑武士", *VILLAGERS, rs=judged)  # a wolf without 主宰黑夜's 不死 by night
        run_to_step(game, "深夜1")
        game.st.damage += [
            Damage(target=1, kind="穿透", cause="二次流血", source=0, at_step="凌晨2"),
            Damage(target=4, kind="穿透", cause="猎杀", source=3, at_step="凌晨2"),
        ]
        while game.st.phase != Phase.OVER:
            deadline = game.next_deadline()
            assert deadline is not None
            game.tick(deadline)
        assert game.st.winner == winner
