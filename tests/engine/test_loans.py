"""``seize_kit`` (死灵术师<夺魂>): the acting seat takes each subject's kit, fresh, held while it holds a
status; the skills end with that grant of the status, each grant on its own (多个夺魂获取技能独立计算)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engine import cards, effects, legal
from engine.errors import Refusal, RulesetError
from engine.game import Game
from engine.ruleset.loader import load_ruleset
from engine.ruleset.model import Effect
from engine.state import lasting_until
from tests.engine.builders import own_board, run_to

ROOT = Path(__file__).resolve().parents[2]
RS = load_ruleset("genshin_165")
BOARD = ("死灵术师", "预言家", "狼祭司", "黑狼王", "赤狼", "隐者", "圣女", "骑士")
SEIZER = """
  夺魂者:
    camp: 村民阵营
    skills:
      夺魂:
        text: 夺魂。
        tags: [夜晚, 指定]
        effects:
          - seize_kit: {}
"""
SEIZE = Effect("seize_kit", {"while": "夺魂所得"}, to="targets")


def _game() -> Game:
    game = own_board(RS, BOARD)
    run_to(game, "night", 1)
    return game


def _hold(game: Game, until: str) -> None:
    game.grant_status(1, "夺魂所得", source=1, until=until, uses=None, rule="夺魂")


def test_the_kits_come_fresh_and_end_with_the_status() -> None:
    game = _game()
    _hold(game, "night_end")
    effects.run(effects.Ctx(game, actor=1, targets=[2, 3], rule="夺魂"), (SEIZE,))
    skills = game.st.seat(1).card.skills
    assert {"预言", "伪神冠冕"} <= skills.keys() and skills["伪神冠冕"].of_role == "狼祭司"
    game.remove_statuses(game.st.seat(1), lasting_until("night_end"))
    assert not {"预言", "伪神冠冕"} & game.st.seat(1).card.skills.keys()
    assert "夺魂" in game.st.seat(1).card.skills and game.st.seat(1).loans == {}


def test_without_the_status_nothing_is_taken() -> None:
    game = _game()
    effects.run(effects.Ctx(game, actor=1, targets=[2], rule="夺魂"), (SEIZE,))
    assert "预言" not in game.st.seat(1).card.skills


def test_each_grant_ends_its_own_skills() -> None:
    game = _game()
    _hold(game, "night_end")
    effects.run(effects.Ctx(game, actor=1, targets=[2], rule="夺魂"), (SEIZE,))
    run_to(game, "night", 2)  # night 1's grant ended as its night did
    assert "预言" not in game.st.seat(1).card.skills
    _hold(game, "next_night_end")
    effects.run(effects.Ctx(game, actor=1, targets=[3], rule="夺魂"), (SEIZE,))
    run_to(game, "night", 3)
    assert "伪神冠冕" in game.st.seat(1).card.skills  # lasts past the night it came in
    run_to(game, "night", 4)
    assert "伪神冠冕" not in game.st.seat(1).card.skills


def test_seize_kit_without_while_is_refused(tmp_path: Path) -> None:
    target = tmp_path / "seizing"
    shutil.copytree(ROOT / "rulesets" / "secret_number", target)
    roles = target / "roles.yaml"
    text = roles.read_text(encoding="utf-8")
    roles.write_text(text.replace("\n  村民:\n", SEIZER + "\n  村民:\n", 1), encoding="utf-8")
    with pytest.raises(RulesetError) as refused:
        load_ruleset(str(target))
    assert "seize_kit 需要 while" in str(refused.value)


PROFIT = Effect("seize_kit", {"while": "暴利所得"}, to="targets")


def _range(game: Game, seat: int, skill: str) -> list[int]:
    held = cards.find(game, game.st.seat(seat), skill)
    assert held is not None
    return [o.no for o in legal.legal_targets(game, game.st.seat(seat), held.skill)]


def test_a_loan_spares_the_seat_holding_its_givers_status() -> None:
    """``spared_by_loans`` (富商<暴利>): 以此获得的[指定]技能不能对当前交易对象使用 — only that loan's
    skills, only the seat holding the status of this user's giving."""
    game = _game()
    game.grant_status(1, "暴利所得", source=1, until="next_dusk_end", uses=None, rule="暴利")
    effects.run(effects.Ctx(game, actor=1, targets=[2], rule="暴利"), (PROFIT,))
    _hold(game, "night_end")
    effects.run(effects.Ctx(game, actor=1, targets=[3], rule="夺魂"), (SEIZE,))
    game.grant_status(2, "交易伙伴", source=1, until="next_dusk_end", uses=None, rule="暴利")
    game.grant_status(4, "交易伙伴", source=5, until="next_dusk_end", uses=None, rule="暴利")
    assert 2 not in _range(game, 1, "预言") and 4 in _range(game, 1, "预言")
    assert 2 in _range(game, 1, "伪神冠冕")  # a 夺魂 loan: the 交易伙伴 names 暴利所得 only
    with pytest.raises(Refusal) as refused:
        held = cards.find(game, game.st.seat(1), "预言")
        assert held is not None
        legal.check_targets(game, game.st.seat(1), held.skill, (2,))
    assert "不能对当前交易对象使用" in str(refused.value)
