"""名单 (engine/rosters.py, M216's 巫女): ⌈人数/6⌉ other seats drawn from the seed at the deal, an out seat
leaving it, ``roster_move`` edits told to the holder; ``in_roster`` and ``places`` read and check it."""

from __future__ import annotations

import pytest

from engine import commands as c
from engine import conditions, deaths, effects, kits, legal, queue, rosters
from engine.errors import Refusal
from engine.game import Game
from engine.phases import Phase
from engine.ruleset.loader import load_ruleset
from tests.engine.builders import NAMES, T0

BOARD = ("巫女", "长老", "夜之贵族", "流光伯爵", "锈剑骑士", "隐者", "灵能")


def _game(seed: int, board: tuple[str, ...] = BOARD) -> Game:
    names = tuple(NAMES[i] if i < len(NAMES) else f"子{i}" for i in range(len(board)))
    start = c.Start(at=T0, seed=seed, names=names, roles=tuple((r,) for r in board), options=(("自定板子", True),))
    return Game.start(load_ruleset("m216_mask"), start)


@pytest.mark.parametrize(("size", "count"), [(6, 1), (7, 2), (12, 2), (13, 3)])
def test_the_list_holds_a_sixth_of_the_seats_rounded_up_never_its_holder(size: int, count: int) -> None:
    board = BOARD + ("灵能",) * (size - len(BOARD)) if size >= len(BOARD) else BOARD[:size]
    seen: set[int] = set()
    for seed in range(1, 21):
        roster = _game(seed, board).st.seat(1).roster
        assert len(roster) == len(set(roster)) == count
        assert 1 not in roster and roster == sorted(roster)
        seen.update(roster)
    assert len(seen) > count  # drawn from the seed, not fixed


def test_the_seed_fixes_the_list_and_only_its_holder_is_told() -> None:
    game = _game(2)
    assert game.st.seat(1).roster == _game(2).st.seat(1).roster == [2, 7]
    told = [m for m in game.out if "名单：" in m.text and "你的名单" in m.text]
    assert [m.to.seat for m in told] == [1]
    assert all(not s.roster for s in game.st.seats[1:])


def test_an_out_member_leaves_the_list_and_the_holder_is_told_at_once() -> None:
    game = _game(2)
    game.out.clear()
    deaths.out(game, queue.Out(7, "测试", "穿透", 0))
    assert game.st.seat(1).roster == [2]
    assert any(m.to.seat == 1 and "7号庚出局，移出名单。当前名单：2号乙。" in m.text for m in game.out)
    deaths.out(game, queue.Out(4, "测试", "穿透", 0))
    assert game.st.seat(1).roster == [2]  # not a member: nothing changes


def test_edits_move_seats_in_and_out_and_in_roster_follows() -> None:
    game = _game(2)
    st = game.st
    in_roster = {"in_roster": True}
    assert conditions.holds(in_roster, st.seat(2), 1, st) and not conditions.holds(in_roster, st.seat(3), 1, st)
    rosters.edit(game, 1, 3, add=True, rule="测试")
    rosters.edit(game, 1, 2, add=False, rule="测试")
    rosters.edit(game, 1, 7, add=True, rule="测试")  # already there: unchanged, untold
    assert st.seat(1).roster == [3, 7]
    assert conditions.holds(in_roster, st.seat(3), 1, st) and not conditions.holds(in_roster, st.seat(2), 1, st)
    assert not conditions.holds(in_roster, st.seat(3), 0, st)  # no acting seat: no list
    assert sum("被移入名单" in m.text or "被移出名单" in m.text for m in game.out) == 2


def test_places_refuse_a_target_at_the_wrong_place_and_name_it() -> None:
    game = _game(2)
    skill = game.rs.roles["巫女"].skills["下蛊"]
    legal.check_targets(game, game.st.seat(1), skill, (2, 4))
    with pytest.raises(Refusal, match="第1个目标应为名单内的角色"):
        legal.check_targets(game, game.st.seat(1), skill, (4, 2))
    with pytest.raises(Refusal, match="第2个目标应为名单外的角色"):
        legal.check_targets(game, game.st.seat(1), skill, (2, 7))


def _night(game: Game) -> None:
    game.st.phase, game.st.day = Phase.NIGHT, 2


def test_a_shelter_spares_members_but_its_target_and_strikes_the_target_for_each() -> None:
    game = _game(2)  # 名单: 2号乙 (长老), 7号庚 (灵能), both 村民阵营
    _night(game)
    rosters.shelter_tonight(game, 1, 2, "巫蛊之术", "暴击", "疾病")
    assert rosters.spare(game, game.st.seat(7), "杀人")
    assert not rosters.spare(game, game.st.seat(2), "杀人")  # the target itself is not spared
    assert not rosters.spare(game, game.st.seat(4), "杀人")  # not in the list
    strikes = [w for w in game.st.work if isinstance(w, queue.Strike)]
    assert [(s.damage.target, s.damage.kind, s.damage.source) for s in strikes] == [(2, "暴击", 1)]
    assert not game.st.shelters[0].backlash and not game.st.deferred


def test_a_shelter_holds_only_tonight_and_only_at_night() -> None:
    game = _game(2)
    _night(game)
    rosters.shelter_tonight(game, 1, 2, "巫蛊之术", "暴击", "疾病")
    game.st.day = 3
    assert not rosters.spare(game, game.st.seat(7), "杀人")
    game.st.phase, game.st.day = Phase.DAY, 2
    assert not rosters.spare(game, game.st.seat(7), "投票")


def test_two_spared_or_another_camp_cost_the_skill_and_defer_the_backlash_to_noon() -> None:
    game = _game(2)
    _night(game)
    rosters.edit(game, 1, 3, add=True, rule="测试")  # 3号丙, 狼人阵营
    rosters.shelter_tonight(game, 1, 2, "巫蛊之术", "暴击", "疾病")
    assert rosters.spare(game, game.st.seat(3), "测试")  # another camp than the target
    assert game.st.shelters[0].backlash
    assert game.st.seat(1).card.skills["巫蛊之术"].lost
    assert not game.st.seat(1).has_status("疾病")
    effects.run_deferred(game)  # the next night's deferred effects leave it waiting
    assert not game.st.seat(1).has_status("疾病")
    effects.run_deferred(game, "next_noon")
    assert game.st.seat(1).has_status("疾病") and not game.st.deferred


def test_without_a_target_the_spare_holds_and_nobody_is_struck_nor_backlashed_by_camp() -> None:
    game = _game(2)
    _night(game)
    rosters.edit(game, 1, 3, add=True, rule="测试")
    rosters.shelter_tonight(game, 1, 0, "巫蛊之术", "暴击", "疾病")
    assert rosters.spare(game, game.st.seat(3), "测试")
    assert not any(isinstance(w, queue.Strike) for w in game.st.work)
    assert not game.st.shelters[0].backlash
    assert rosters.spare(game, game.st.seat(7), "测试")  # a second spare: 大于1人
    assert game.st.shelters[0].backlash


def test_a_taker_of_the_kit_draws_a_list_of_the_living_and_keeps_one_it_has() -> None:
    game = _game(2)
    for no in (4, 5):
        deaths.out(game, queue.Out(no, "测试", "穿透", 0))
    game.out.clear()
    kits.take_kit(game, 3, "巫女", "测试")  # 5 alive: ⌈5/6⌉ = 1, a living seat other than the taker
    roster = game.st.seat(3).roster
    assert len(roster) == 1 and roster[0] not in {3, 4, 5}
    assert [m.to.seat for m in game.out if "你获得巫女的名单" in m.text] == [3]
    kits.take_kit(game, 1, "巫女", "测试")
    assert game.st.seat(1).roster == [2, 7]  # her own list stays
