"""Statuses that act in time (M216 词条说明): a second [流血] is an attack marked for the first of
黄昏1 / 凌晨2 to come; [疾病] strikes from its giver at each 晨曦1, the giver out or not; durations
anchored to sub-phases; an out trigger asking the out's source (破伤风, 村镇之殇)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engine import commands as c
from engine import queue
from engine.errors import RulesetError
from engine.game import Game
from engine.phases import Phase
from engine.ruleset.loader import load_ruleset
from engine.ruleset.steps import first_to_come
from engine.state import StatusInstance
from tests.engine.builders import T0, run_to

RS = load_ruleset("m216_mask")
BOARD = ("长老", "流光伯爵", "长老", "夜之贵族", "长老")


def _game() -> Game:
    return Game.start(
        RS,
        c.Start(
            at=T0,
            seed=1,
            names=("甲", "乙", "丙", "丁", "戊"),
            roles=tuple((r,) for r in BOARD),
            options=(("自定板子", True),),
        ),
    )


def _index(name: str) -> int:
    return [s.name for s in RS.night_steps].index(name)


def test_the_first_of_the_steps_to_come_is_found_round_the_cycle() -> None:
    names = ("黄昏1", "凌晨2")
    dusk, night = RS.dusk_steps, RS.night_steps
    assert first_to_come(Phase.NIGHT, _index("深夜2"), dusk, night, names) == ("凌晨2", False)
    assert first_to_come(Phase.NIGHT, _index("凌晨2"), dusk, night, names) == ("黄昏1", True)
    assert first_to_come(Phase.NIGHT, _index("晨曦1"), dusk, night, names) == ("黄昏1", True)
    assert first_to_come(Phase.DAY, 0, dusk, night, names) == ("黄昏1", False)
    assert first_to_come(Phase.DUSK, 0, dusk, night, names) == ("凌晨2", False)
    assert first_to_come(Phase.DUSK, 0, dusk, night, ("凌晨2",)) == ("凌晨2", False)
    assert first_to_come(Phase.NIGHT, 0, dusk, night, ("没有",)) == ("", False)


def test_a_second_bleeding_is_a_critical_hit_from_its_giver_and_the_first_stays() -> None:
    game = _game()
    run_to(game, "night", 2)
    game.grant_status(3, "流血", source=4, until="permanent", uses=None, rule="测试")
    assert not game.st.damage
    game.grant_status(3, "流血", source=2, until="permanent", uses=None, rule="测试")
    [hit] = game.st.damage
    assert (hit.target, hit.kind, hit.cause, hit.source, hit.at_step, hit.night) == (
        3,
        "暴击",
        "二次流血",
        2,
        "凌晨2",
        0,
    )
    assert [s.name for s in game.st.seat(3).statuses].count("流血") == 1


def test_order_wards_off_the_second_bleeding_too() -> None:
    game = _game()
    run_to(game, "night", 2)
    game.grant_status(2, "流血", source=4, until="permanent", uses=None, rule="测试")
    game.grant_status(2, "流血", source=4, until="permanent", uses=None, rule="测试")
    assert not game.st.damage
    assert not game.st.seat(2).has_status("流血")


def test_a_bleeding_marked_after_the_small_hours_outlasts_the_night_for_dusk() -> None:
    game = _game()
    run_to(game, "night", 2)
    game.st.step = _index("晨曦1")
    seat = game.st.seat(3)
    seat.statuses.append(StatusInstance("流血", source=4))
    game.grant_status(3, "流血", source=4, until="permanent", uses=None, rule="测试")
    [hit] = game.st.damage
    assert (hit.at_step, hit.night) == ("黄昏1", 3)
    run_to(game, "day", 3)
    assert seat.alive and game.st.damage == [hit]
    run_to(game, "night", 3)
    assert not seat.alive and seat.out_cause == "二次流血"


def test_sickness_strikes_at_dawn_from_its_giver_though_the_giver_is_out() -> None:
    game = _game()
    run_to(game, "night", 2)
    game.st.seat(3).alive = False
    game.grant_status(1, "疾病", source=3, until="permanent", uses=None, rule="测试")
    run_to(game, "day", 3)
    elder = game.st.seat(1)
    assert not elder.alive and elder.out_cause == "疾病"
    assert any("1号甲（长老）的[疾病]于晨曦1生效" in e.text for e in game.st.log)


def test_sub_phase_anchors_end_at_noon_and_after_dusk() -> None:
    game = _game()
    run_to(game, "night", 2)
    seat = game.st.seat(1)
    seat.statuses += [StatusInstance("恐惧", until="noon_start"), StatusInstance("隐身", until="dusk_end")]
    run_to(game, "day", 3)
    assert [s.name for s in seat.statuses if s.name in {"恐惧", "隐身"}] == ["隐身"]
    run_to(game, "night", 3)
    assert not seat.has_status("隐身")


def test_an_out_trigger_asks_the_outs_source() -> None:
    game = _game()
    run_to(game, "night", 2)
    queue.push_front(game, [queue.Out(1, "暗噬斩", "指杀", 4)])
    game.tick(game.st.now)
    assert not game.st.seat(1).alive
    assert not any(game.st.seat(no).has_status("净化") for no in (2, 3, 5))
    queue.push_front(game, [queue.Out(3, "至圣斩", "暴击", 2)])
    game.tick(game.st.now)
    assert not game.st.seat(3).alive and game.st.seat(5).has_status("净化")
    assert game.st.seat(2).has_status("秩序") and not game.st.seat(2).has_status("净化")


def test_a_timed_status_must_name_steps_and_a_kind_that_exist(tmp_path: Path) -> None:
    target = tmp_path / "m216"
    shutil.copytree(Path(__file__).resolve().parents[2] / "rulesets" / "m216_mask", target)
    path = target / "ruleset.yaml"
    text = path.read_text(encoding="utf-8")
    for old, new in (
        ("at: [黄昏1, 凌晨2]}", "at: [黄昏1, 凌晨3]}"),
        ("step: 晨曦1\n      effects:\n        - damage", "step: 晨曦9\n      effects:\n        - damage"),
        ("kind: 暴击, cause: 二次流血", "kind: 重击, cause: 二次流血"),
    ):
        assert old in text
        text = text.replace(old, new, 1)
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(target)
    found = " ".join(str(p) for p in caught.value.problems)
    assert "凌晨3 不在黄昏或夜晚的步骤中" in found
    assert "every.step 晨曦9" in found
    assert "again.kind 重击" in found
