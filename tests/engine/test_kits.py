"""Whole kits (获取技能) and 附身 (engine/kits.py), on a 秘密数字杀 board: a taken kit is fresh and
keeps its role's definitions; a handed-over kit keeps its state; a follower takes its host's
camp, follows it untold, and inherits the kit and chosen tags at the host's out; M216's 变脸者
draws its 底牌 from the seed."""

from __future__ import annotations

from engine import cards, flow, kits
from engine import commands as c
from engine.game import Game
from engine.ruleset.loader import load_ruleset
from tests.engine.builders import NAMES, T0, new_game

WOLF, SEER, WITCH, ELDER, CUPID, VILLAGER = 1, 3, 4, 9, 10, 7
BOARD = ("狼人", "狼人", "预言家", "女巫", "守卫", "猎人", "村民", "村民", "长老", "丘比特")


def _game() -> Game:
    return new_game(BOARD)


def _names(game: Game, seat: int) -> set[str]:
    return {h.skill.name for h in cards.held(game, game.st.seat(seat)) if not h.state.lost}


def test_a_taken_kit_is_fresh_and_keeps_the_givers_definitions() -> None:
    game = _game()
    witch = game.st.seat(WITCH).card
    witch.skills["毒药"].uses = 0
    gained = kits.take_kit(game, VILLAGER, "女巫", "测试")
    assert set(gained) == {"通灵", "救药", "毒药"}
    card = game.st.seat(VILLAGER).card
    assert card.skills["毒药"].uses == 1 and card.skills["毒药"].of_role == "女巫"
    held = cards.find(game, game.st.seat(VILLAGER), "毒药")
    assert held is not None and held.skill is game.rs.roles["女巫"].skills["毒药"]


def test_a_taken_kit_leaves_opening_only_skills_and_brings_granted_statuses() -> None:
    game = _game()
    assert kits.take_kit(game, VILLAGER, "丘比特", "测试") == []
    assert "丘比特之箭" not in game.st.seat(VILLAGER).card.skills
    kits.take_kit(game, VILLAGER, "长老", "测试")
    assert game.st.seat(VILLAGER).has_status("长寿")


def test_a_handed_over_kit_leaves_the_giver_and_keeps_its_state() -> None:
    game = _game()
    game.st.seat(WITCH).card.skills["救药"].uses = 0
    names = kits.hand_over(game, WITCH, VILLAGER, "测试")
    assert set(names) == {"通灵", "救药", "毒药"}
    assert _names(game, WITCH) == set()
    taker = game.st.seat(VILLAGER).card.skills
    assert taker["救药"].uses == 0 and taker["毒药"].uses == 1
    assert {"通灵", "救药", "毒药"} <= _names(game, VILLAGER)


def test_a_follower_takes_and_follows_the_hosts_camp_untold() -> None:
    game = _game()
    kits.attach(game, VILLAGER, WOLF, (), "附身")
    assert game.st.seat(VILLAGER).camp == game.st.seat(WOLF).camp == "狼人阵营"
    game.out.clear()
    game.set_camp(WOLF, "村民阵营", "测试")
    assert game.st.seat(VILLAGER).camp == "村民阵营"
    assert not [m for m in game.out if m.to.seat == VILLAGER]


def test_the_hosts_out_hands_the_follower_its_kit_and_chosen_tags_in_its_place() -> None:
    game = _game()
    kits.attach(game, VILLAGER, SEER, ("接刀",), "附身")
    game.st.seat(SEER).card.tags.extend(["接刀", "自爆"])
    game.out.clear()
    game.queue_out(SEER, "测试")
    flow.run(game)
    follower = game.st.seat(VILLAGER)
    assert "预言" in _names(game, VILLAGER)
    assert follower.card.tags == ["接刀"]
    told = [m.text for m in game.out if m.to.seat == VILLAGER]
    assert any("你附身的角色已出局" in t and "<预言>" in t and "[接刀]" in t for t in told)


def test_a_follower_out_before_its_host_inherits_nothing() -> None:
    game = _game()
    kits.attach(game, VILLAGER, SEER, (), "附身")
    game.queue_out(VILLAGER, "测试")
    flow.run(game)
    game.queue_out(SEER, "测试")
    flow.run(game)
    assert "预言" not in game.st.seat(VILLAGER).card.skills


M216_BOARD = ("变脸者", "天命人", "影子", "蚀日侍女", "幽魂")


def _m216(seed: int) -> Game:
    return Game.start(
        load_ruleset("m216_mask"),
        c.Start(
            at=T0,
            seed=seed,
            names=NAMES[: len(M216_BOARD)],
            roles=tuple((r,) for r in M216_BOARD),
            options=(("自定板子", True),),
        ),
    )


def test_the_faces_are_undealt_village_roles_and_never_a_checker_whatever_the_seed() -> None:
    rs = load_ruleset("m216_mask")
    seen = set()
    for seed in range(1, 31):
        faces = _m216(seed).st.seat(1).faces
        assert len(faces) == len(set(faces)) == 3
        for name in faces:
            assert rs.roles[name].camp == "村民阵营" and rs.roles[name].pool != "验人系"
            assert name not in M216_BOARD
        assert faces == sorted(faces, key=list(rs.roles).index)
        seen.update(faces)
    assert len(seen) > 6  # drawn from the seed, not a fixed three


def test_only_the_face_changer_is_told_its_faces_and_the_seed_fixes_them() -> None:
    game = _m216(11)
    faces = game.st.seat(1).faces
    assert faces == _m216(11).st.seat(1).faces
    told = [m for m in game.out if "你的底牌" in m.text]
    assert [m.to.seat for m in told] == [1] and "、".join(faces) in told[0].text
    assert all(not s.faces for s in game.st.seats[1:])
