"""Damage kinds and guards as one table (engine/guard.py): which status stops which hit, in
which order, at which stage, and what loading says of the keys it replaced."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from engine import deaths, guard
from engine.errors import RulesetError
from engine.game import Game
from engine.ruleset.loader import load_ruleset
from engine.ruleset.model import DamageKind, StatusDef
from engine.ruleset.status_parts import Guard
from engine.state import Damage, StatusInstance
from tests.engine.builders import new_game, run_to, run_to_step, vote
from tests.engine.test_ruleset_check import copy_ruleset, problems_after_edit

NIGHT = deaths.SOONEST["night"]
STRIKE_NAMES = ("指杀", "穿透", "致死伤害")


def game_with(guard_order: tuple[str, ...] = ()) -> Game:
    """A secret_number game at night whose statuses and kinds are 165's (用语定义)."""
    game = new_game()
    run_to_step(game, "狼人")
    statuses = {
        "守护": StatusDef("守护", guards=Guard(against=("指杀",), uses=1)),
        "坚韧": StatusDef("坚韧", guards=Guard(against=("any",), except_=("红牌", "致死伤害", "投票出局"))),
        "坚韧之时": StatusDef(
            "坚韧之时", guards=Guard(against=("any",), except_=("红牌", "致死伤害", "投票出局"), at=("out",))
        ),
        "不死": StatusDef("不死", guards=Guard(against=("any",), except_=("红牌",))),
        "霸道": StatusDef("霸道", guards=Guard(against=("投票出局",), at=("out",))),
        "爱慕": StatusDef("爱慕", guards=Guard(against=("指杀", "投票"), at=("out",), instead=True)),
    }
    damage = {
        "指杀": DamageKind("指杀"),
        "穿透": DamageKind("穿透", ignores=("守护",)),
        "致死伤害": DamageKind("致死伤害", ignores=("any",), except_=("不死",)),
    }
    game.rs = replace(game.rs, statuses=statuses, damage=damage, guard_order=guard_order)
    return game


def stopper(game: Game, seat_no: int, names: tuple[str, ...], at: str = "strike", **kw: bool) -> str | None:
    kind = names[0] if at == "strike" else ""
    found = guard.first_guard(game, game.st.seat(seat_no), guard.Hit(names, at, kind), NIGHT, **kw)
    return found.name if found else None


def test_a_kind_passes_the_guards_it_ignores() -> None:
    game = game_with()
    seat = game.st.seat(9)
    seat.statuses = [StatusInstance("守护", until="night_end", uses=1)]
    assert [stopper(game, 9, (k,)) for k in STRIKE_NAMES] == ["守护", None, None]  # 穿透 无视[守护]
    seat.statuses = [StatusInstance("坚韧", until="permanent")]
    assert [stopper(game, 9, (k,)) for k in STRIKE_NAMES] == ["坚韧", "坚韧", None]  # 坚韧 but 致死伤害
    seat.statuses = [StatusInstance("不死", until="permanent")]
    assert [stopper(game, 9, (k,)) for k in STRIKE_NAMES] == ["不死", "不死", "不死"]  # 致死伤害 除了[不死]


def test_without_an_order_the_soonest_ending_goes_first_across_names() -> None:
    game = game_with()
    seat = game.st.seat(9)
    seat.statuses = [StatusInstance("坚韧", until="permanent"), StatusInstance("守护", until="night_end", uses=1)]
    assert stopper(game, 9, ("指杀",)) == "守护"  # 时限最短的先生效
    seat.statuses = [StatusInstance("守护", until="permanent", uses=1), StatusInstance("坚韧", until="day_end")]
    assert stopper(game, 9, ("指杀",)) == "坚韧"


def test_the_rulesets_order_decides_before_time() -> None:
    game = game_with(guard_order=("坚韧", "守护", "不死", "坚韧之时", "霸道", "爱慕"))
    seat = game.st.seat(9)
    seat.statuses = [StatusInstance("守护", until="night_end", uses=1), StatusInstance("坚韧", until="permanent")]
    assert stopper(game, 9, ("指杀",)) == "坚韧"


def test_out_stage_guards_read_the_cause_and_its_kind() -> None:
    game = game_with()
    seat = game.st.seat(9)
    seat.statuses = [StatusInstance("霸道", until="permanent"), StatusInstance("坚韧之时", until="permanent")]
    assert stopper(game, 9, ("投票", "投票出局"), "out") == "霸道"  # 平安日
    assert stopper(game, 9, ("毒药", "出局"), "out") == "坚韧之时"
    assert stopper(game, 9, ("红牌", ""), "out") is None
    assert stopper(game, 9, ("投票", "投票出局")) is None  # not at the strike


def test_a_stand_in_guard_needs_its_giver_in() -> None:
    game = game_with()
    seat = game.st.seat(9)
    seat.statuses = [StatusInstance("爱慕", source=3, until="permanent")]
    assert stopper(game, 9, ("投票", "投票出局"), "out") is None  # not a spare
    assert stopper(game, 9, ("投票", "投票出局"), "out", instead=True) == "爱慕"
    game.st.seat(3).alive = False
    assert stopper(game, 9, ("投票", "投票出局"), "out", instead=True) is None


def test_a_counted_guard_is_spent_by_the_strike() -> None:
    game = game_with()
    seat = game.st.seat(9)
    seat.statuses = [StatusInstance("守护", until="night_end", uses=1)]
    deaths.strike(game, Damage(9, "指杀", "杀人", 1, ""))
    assert not seat.statuses and not game.st.work  # stopped, and used up
    deaths.strike(game, Damage(9, "指杀", "杀人", 1, ""))
    assert game.st.work and type(game.st.work[0]).__name__ == "Out"


@pytest.mark.parametrize(
    ("old", "new", "hint"),
    [
        ("    guards:\n      against: [指杀]\n      note: 指杀无效\n", "    stops: [指杀]\n", "guards: {against"),
        ("  出局: {ignores: any}\n", "  出局: {defences: []}\n", "guard_order"),
    ],
)
def test_a_removed_key_says_what_replaces_it(tmp_path: Path, old: str, new: str, hint: str) -> None:
    where, messages = problems_after_edit(tmp_path, old, new)
    assert any(m.startswith(where) and "已不再使用" in m and hint in m for m in messages), messages


def test_every_guard_must_be_in_the_order_once_there_is_one(tmp_path: Path) -> None:
    ruleset = copy_ruleset(tmp_path)
    path = ruleset / "ruleset.yaml"
    text = path.read_text(encoding="utf-8").replace(
        "guard_order: [守护, 长寿, 救药]", "guard_order: [守护, 长寿, 隔音]"
    )
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(ruleset)
    messages = " ".join(str(p) for p in caught.value.problems)
    assert "隔音 没有 guards" in messages and "救药 不在 guard_order 中" in messages


def test_a_seat_voted_highest_under_a_vote_guard_stays_in() -> None:
    game = new_game()
    run_to(game, "day", 1)
    run_to(game, "day", 2)
    bully = StatusDef("霸道", guards=Guard(against=("投票出局",), at=("out",), note="因[霸道]未被投票出局"))
    order = (*game.rs.guard_order, "霸道")
    game.rs = replace(game.rs, statuses={**game.rs.statuses, "霸道": bully}, guard_order=order)
    game.st.seat(3).statuses.append(StatusInstance("霸道", until="permanent"))
    vote(game, 1, 3)
    messages = game.tick(game.next_deadline())
    assert game.st.seat(3).alive  # 平安日
    assert any("因[霸道]未被投票出局" in m.text for m in messages if m.to.kind == "public")
