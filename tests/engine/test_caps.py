"""Statuses as capability bundles (engine/caps.py, engine/status_words.py CAPS): one reader per
capability, compounds, classes and immunities, stacking, and the keys the table replaced."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from engine import caps, cards, legal
from engine.game import Game
from engine.ruleset.loader import load_ruleset
from engine.ruleset.model import StatusDef
from engine.state import StatusInstance
from engine.status_words import CAPS
from tests.engine.builders import new_game, run_to_step
from tests.engine.test_ruleset_check import problems_after_edit

ENGINE = Path(__file__).resolve().parents[2] / "engine"
READ = re.compile(r'caps\.\w+\(\s*game,\s*[\w.()]+,\s*"(\w+)"')


def readers() -> dict[str, set[str]]:
    """Each capability → the engine modules that read it through engine/caps.py."""
    found: dict[str, set[str]] = {}
    for path in ENGINE.rglob("*.py"):
        module = ".".join(path.relative_to(ENGINE.parent).with_suffix("").parts)
        for cap in READ.findall(path.read_text(encoding="utf-8")):
            found.setdefault(cap, set()).add(module)
    return found


def test_every_capability_is_read_in_exactly_its_one_module() -> None:
    found = readers()
    assert {cap: {spec.read_in} for cap, spec in CAPS.items()} == {cap: found.get(cap, set()) for cap in CAPS}
    assert set(found) <= set(CAPS), set(found) - set(CAPS)  # no reader of a word the table lacks


def test_compounds_hold_the_capabilities_of_their_parts_at_any_depth() -> None:
    rs = load_ruleset("m216_mask")
    assert rs.statuses["冰冻"].caps == {"only_tags": ("强制", "团队"), "blocks_tags": ("团队",)}
    assert rs.statuses["恐惧"].caps == rs.statuses["冰冻"].caps  # 冰冻/恐惧, through 冰冻
    purge = {"only_tags": ("强制", "团队"), "blocks": ("杀人",), "drops_tags": ("群内", "接刀")}  # 沉默+超度(+遗忘)
    assert rs.statuses["净化"].caps == rs.statuses["业炎"].caps == purge
    assert load_ruleset("genshin_165").statuses["业炎"].caps == {
        "silenced": True,
        "blocks": ("杀人", "黑情侣杀人"),  # 超度: the 不定 lovers' <杀人> too
        "drops_tags": ("群内", "接刀"),
    }


def m216_game() -> Game:
    """A secret_number game at night carrying M216's statuses."""
    game = new_game()
    run_to_step(game, "狼人")
    game.rs = replace(game.rs, statuses={**game.rs.statuses, **load_ruleset("m216_mask").statuses})
    return game


def grant(game: Game, seat: int, name: str) -> None:
    game.grant_status(seat, name, source=3, until="permanent", uses=None, rule=name, quiet=True)


def test_order_clears_negative_statuses_and_stays_immune_to_them() -> None:
    game = m216_game()
    seat = game.st.seat(7)
    grant(game, 7, "恐惧")
    grant(game, 7, "迷魂")
    grant(game, 7, "守护")
    grant(game, 7, "秩序")  # 会清除并免疫负面状态
    assert [s.name for s in seat.statuses] == ["守护", "秩序"]
    grant(game, 7, "恐惧")
    assert [s.name for s in seat.statuses] == ["守护", "秩序"]


def test_of_order_and_loophole_the_later_is_void() -> None:
    game = m216_game()
    grant(game, 7, "秩序")
    grant(game, 7, "漏洞")  # 与[秩序]一起时后赋予的无效
    grant(game, 8, "漏洞")
    grant(game, 8, "秩序")
    assert [s.name for s in game.st.seat(7).statuses] == ["秩序"]
    assert [s.name for s in game.st.seat(8).statuses] == ["漏洞"]


def test_a_status_immune_to_any_refuses_every_other() -> None:
    game = m216_game()
    game.rs.statuses["归元"] = StatusDef("归元", immune_to=("any",))  # 永久不会获得任何[状态]
    grant(game, 7, "归元")
    for name in ("秩序", "漏洞", "守护", "自由"):
        grant(game, 7, name)
    assert [s.name for s in game.st.seat(7).statuses] == ["归元"]


def test_a_counted_capability_counts_once_per_name_unless_it_stacks() -> None:
    game = m216_game()
    seat = game.st.seat(9)
    votes = StatusDef("诽谤", caps={"extra_votes": 2})
    game.rs = replace(
        game.rs, statuses={**game.rs.statuses, "诽谤": votes, "独裁": replace(votes, name="独裁", stacks=True)}
    )
    seat.statuses = [StatusInstance("诽谤", source=3), StatusInstance("诽谤", source=4)]
    assert caps.total(game, seat, "extra_votes") == 2  # 相同名字的状态不会重复施加效果
    seat.statuses = [StatusInstance("独裁", source=3), StatusInstance("独裁", source=4), StatusInstance("诽谤")]
    assert caps.total(game, seat, "extra_votes") == 6  # 该状态可以叠加


def test_silence_and_disarm_say_which_status_stops_which_skill() -> None:
    game = m216_game()
    wolf = game.st.seat(1)
    kill = next(s for s in cards.held_skills(game, wolf) if s.name == "杀人")
    assert legal.unavailable(game, wolf, kill) is None
    wolf.statuses = [StatusInstance("沉默")]  # M216: 不能发动[强制][团队]技能以外的技能
    reason = legal.unavailable(game, wolf, kill)
    assert ("团队" in kill.tags) == (reason is None), reason
    wolf.statuses = [StatusInstance("冰冻")]  # 沉默 + 缴械: [团队] too
    assert "[冰冻]" in (legal.unavailable(game, wolf, kill) or "")


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("    caps: [no_vote, not_votable, no_sheriff]\n", "    no_vote: true\n", "请改写为 caps: [no_vote]"),
        ("    caps: [no_vote, not_votable, no_sheriff]\n", "    caps: [{no_vote: 1}]\n", "不带值"),
        ("    caps: [no_vote, not_votable, no_sheriff]\n", "    caps: [mute]\n", "不认识的能力 'mute'"),
        ("    caps: [no_vote, not_votable, no_sheriff]\n", "    includes: [装傻]\n", "循环包含"),
        ("    caps: [no_vote, not_votable, no_sheriff]\n", "    class: 坏\n", "负面 或 非负面"),
    ],
)
def test_bad_status_keys_are_refused_with_their_line(tmp_path: Path, old: str, new: str, message: str) -> None:
    where, messages = problems_after_edit(tmp_path, old, new)
    assert any(m.startswith(where) and message in m for m in messages), messages


def test_a_negative_status_is_told_by_default_and_a_non_negative_one_is_not() -> None:
    rs = load_ruleset("m216_mask")
    assert rs.statuses["沉默"].told == "你获得了状态[沉默]。"  # 会得知被附加的效果
    assert rs.statuses["流血"].told == ""  # 该状态不予通知
    assert rs.statuses["秩序"].told == ""  # 非负面: 除非特殊说明否则不会得知
