"""A status that ``refreshes`` a skill (M216 仆役): as it ends, whatever ends it, or its holder goes
out, its giver's skill of that name is 刷新至初始; other statuses and a giverless grant refresh nothing."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engine import cards
from engine.errors import RulesetError
from engine.game import Game
from engine.ruleset.loader import load_ruleset
from tests.engine.builders import own_board, run_to

RS = load_ruleset("m216_mask")
BOARD = ("长老", "流光伯爵", "长老", "夜之贵族", "长老")


def _game() -> Game:
    game = own_board(RS, BOARD)
    run_to(game, "night", 2)
    game.st.seat(4).card.skills["暗夜之佑"].uses = 0  # spent, as after its use
    return game


def _uses(game: Game) -> int | None:
    return game.st.seat(4).card.skills["暗夜之佑"].uses


def test_the_status_ending_refreshes_its_givers_skill() -> None:
    game = _game()
    game.grant_status(3, "仆役", source=4, until="permanent", uses=None, rule="测试")
    assert _uses(game) == 0
    game.remove_statuses(game.st.seat(3), lambda s: s.name == "仆役")
    assert _uses(game) == 1
    assert any("暗夜之佑刷新至初始" in e.text for e in game.st.log)


def test_other_statuses_and_giverless_grants_refresh_nothing() -> None:
    game = _game()
    game.grant_status(3, "流血", source=4, until="permanent", uses=None, rule="测试")
    game.remove_statuses(game.st.seat(3), lambda s: s.name == "流血")
    game.grant_status(5, "仆役", source=0, until="permanent", uses=None, rule="测试")
    game.remove_statuses(game.st.seat(5), lambda s: s.name == "仆役")
    assert _uses(game) == 0


def test_the_holder_going_out_ends_it_and_refreshes() -> None:
    game = _game()
    game.grant_status(3, "仆役", source=4, until="permanent", uses=None, rule="测试")
    game.grant_status(3, "流血", source=4, until="permanent", uses=None, rule="测试")
    seat = game.st.seat(3)
    cards.card_out(game, seat, seat.card, "测试")
    assert not seat.has_status("仆役")
    assert seat.has_status("流血")  # the others stay with the out seat, as before
    assert _uses(game) == 1


def test_a_refresh_naming_no_skill_is_a_ruleset_error(tmp_path: Path) -> None:
    target = tmp_path / "m216"
    shutil.copytree(Path(__file__).resolve().parents[2] / "rulesets" / "m216_mask", target)
    path = target / "ruleset.yaml"
    text = path.read_text(encoding="utf-8")
    assert "refreshes: 暗夜之佑" in text
    path.write_text(text.replace("refreshes: 暗夜之佑", "refreshes: 没有的技能"), encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(target)
    assert "refreshes 中技能 没有的技能 未定义" in " ".join(str(p) for p in caught.value.problems)
