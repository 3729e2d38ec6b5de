"""Seat-neighbourhood auras (守护灵光, 邪祟灵光), uses that grow with outs (至圣斩, 暗噬斩), a status echoed
from its giver (邪祟: 再额外获得一次[流血]), defences switched off (no_guards), 昭示's reveal and the
actor_camp condition (M216, 002 L91–94, L209–212, L430)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engine import auras, caps, conditions, gained_uses, guard
from engine import commands as c
from engine.errors import RulesetError
from engine.game import Game
from engine.ruleset.loader import load_ruleset
from tests.engine.builders import T0, run_to

RS = load_ruleset("m216_mask")
ROOT = Path(__file__).resolve().parents[2]


def _game(*roles: str) -> Game:
    names = ("甲", "乙", "丙", "丁", "戊", "己", "庚")[: len(roles)]
    return Game.start(
        RS, c.Start(at=T0, seed=1, names=names, roles=tuple((r,) for r in roles), options=(("自定板子", True),))
    )


def test_neighbours_skip_seats_out_and_wrap_round() -> None:
    game = _game("长老", "破誓者", "长老", "夜之贵族", "长老")
    st = game.st
    assert auras.beside(st, 1) == [5, 2]
    st.seat(5).alive = False
    assert auras.beside(st, 1) == [4, 2]
    for no in (3, 4):
        st.seat(no).alive = False
    assert auras.beside(st, 1) == [2]


def test_an_aura_follows_the_living_neighbours_and_ends_with_its_holder() -> None:
    game = _game("长老", "破誓者", "长老", "夜之贵族", "长老")
    st = game.st
    assert [n for n in range(1, 6) if st.seat(n).has_status("邪祟")] == [1, 3]
    st.seat(3).alive = False
    auras.refresh(game)
    assert not st.seat(3).has_status("邪祟")
    assert st.seat(4).has_status("守护") and not st.seat(4).has_status("邪祟")
    st.seat(2).alive = False
    auras.refresh(game)
    assert not any(s.until.startswith("aura:") for seat in st.seats for s in seat.statuses)


def test_a_holder_out_gives_the_auras_of_skills_it_may_use_out_alone() -> None:
    game = _game("长老", "破誓者", "长老", "夜之贵族", "长老")
    st = game.st
    st.seat(2).alive = False
    auras.refresh(game)
    assert not st.seat(1).has_status("邪祟")
    st.seat(2).card.skills["邪祟灵光"].when_out = True  # 鬼情: 以此获得的技能即使自己已出局也可以使用或者有效
    auras.refresh(game)
    assert [n for n in range(1, 6) if st.seat(n).has_status("邪祟")] == [1, 3]


def test_a_neighbour_of_the_oathbreaker_has_no_defence_and_bleeds_twice() -> None:
    game = _game("长老", "破誓者", "长老", "夜之贵族", "长老", "流光伯爵")  # a 强神: the village plays on
    elder, far = game.st.seat(1), game.st.seat(5)
    assert caps.has(game, elder, "no_guards")
    hit = guard.Hit(("指杀",), "strike", "指杀")
    assert guard.first_guard(game, elder, hit, ()) is None
    assert guard.first_guard(game, far, hit, ()) is not None
    run_to(game, "night", 2)
    game.grant_status(1, "流血", source=4, until="permanent", uses=None, rule="测试")
    [hit_] = game.st.damage
    assert (hit_.target, hit_.kind, hit_.source) == (1, "暴击", 2)
    game.grant_status(5, "流血", source=4, until="permanent", uses=None, rule="测试")
    assert len(game.st.damage) == 1


def test_uses_grow_by_the_outs_the_skill_counts() -> None:
    game = _game("长老", "破誓者", "长老", "圣武士", "夜之贵族", "长老")
    st = game.st
    paladin = st.seat(4).card.skills["至圣斩"]
    slash = st.seat(2).card.skills["暗噬斩"]
    assert paladin.uses == 0 and slash.uses == 0
    gained_uses.count_out(game, st.seat(1), 0, "投票出局")  # a vote: no source
    gained_uses.count_out(game, st.seat(3), 6, "暴击")  # a village source
    assert paladin.uses == 0
    gained_uses.count_out(game, st.seat(1), 2, "指杀")
    gained_uses.count_out(game, st.seat(3), 5, "暴击")
    assert paladin.uses == 1
    gained_uses.count_out(game, st.seat(5), 0, "投票出局")
    assert slash.uses == 0
    gained_uses.count_out(game, st.seat(5), 4, "暴击")
    assert slash.uses == 1 and paladin.uses == 1


def test_reveal_turns_the_card_face_up_and_tells_nobody() -> None:
    game = _game("长老", "圣武士", "长老", "夜之贵族")
    run_to(game, "day", 2)
    before = len(game.out)
    result = game.apply(c.Act(at=game.st.clock.real(game.st.now), seat=2, skill="昭示", targets=(4,)))
    assert result.accepted, result.reply
    assert game.st.seat(4).card.revealed
    assert not any("夜之贵族" in m.text for m in game.out[before:] if m.to.kind.value != "directors")


def test_actor_camp_compares_the_subject_with_the_acting_seat() -> None:
    game = _game("长老", "圣武士", "长老", "夜之贵族")
    st = game.st
    assert conditions.holds({"actor_camp": True}, st.seat(1), 2, st)
    assert conditions.holds({"actor_camp": False}, st.seat(4), 2, st)
    assert not conditions.holds({"actor_camp": False}, st.seat(3), 2, st)


def test_a_grant_held_only_at_night_guards_only_at_night(tmp_path: Path) -> None:
    target = tmp_path / "m216"
    shutil.copytree(ROOT / "rulesets" / "m216_mask", target)
    path = target / "roles_auras.yaml"
    text = path.read_text(encoding="utf-8")
    old = "        grants: [{status: 守护, uses: 1}]"
    assert old in text
    path.write_text(text.replace(old, "        grants: [{status: 不死, in: night}]"), encoding="utf-8")
    rs = load_ruleset(target)
    game = Game.start(
        rs,
        c.Start(
            at=T0,
            seed=1,
            names=("甲", "乙", "丙"),
            roles=(("长老",), ("夜之贵族",), ("流光伯爵",)),  # a 强神: the village plays on
            options=(("自定板子", True),),
        ),
    )
    elder = game.st.seat(1)
    hit = guard.Hit(("暴击",), "strike", "暴击")
    run_to(game, "day", 2)
    assert elder.has_status("不死") and guard.first_guard(game, elder, hit, ()) is None
    run_to(game, "night", 2)
    assert guard.first_guard(game, elder, hit, ()) is not None


def test_a_grant_in_anything_but_night_or_day_is_refused(tmp_path: Path) -> None:
    target = tmp_path / "m216"
    shutil.copytree(ROOT / "rulesets" / "m216_mask", target)
    path = target / "roles_auras.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(
        text.replace("grants: [{status: 守护, uses: 1}]", "grants: [{status: 不死, in: dusk}]"), encoding="utf-8"
    )
    with pytest.raises(RulesetError) as caught:
        load_ruleset(target)
    assert any("in 只可为 night" in str(p) for p in caught.value.problems)
