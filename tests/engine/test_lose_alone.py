"""victory.loses_alone: a seat of the winning camp that meets its condition loses alone (单独落败)."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from engine import commands as c
from engine.errors import RulesetError
from engine.game import Game
from engine.ruleset.loader import load_ruleset
from tests.engine.builders import at, own_board, run_to

ROOT = Path(__file__).resolve().parents[2]
BOARD = ("噬时狼妃", "狼祭司", "机械狼", "上帝使徒", "赏金猎人", "锈剑骑士", "圣女")
OUT = "out of the game"


def game_with(rule: tuple[str, dict[str, object]]) -> Game:
    rs = load_ruleset("genshin_165")
    return own_board(replace(rs, victory=replace(rs.victory, loses_alone=[rule])), BOARD)


def kill(game: Game, seat: int) -> list[str]:
    result = game.apply(c.Ruling(at=at(game), what="kill", seat=seat))
    assert result.accepted
    return [m.text for m in result.messages]


def end_notice(texts: list[str]) -> str:
    return next(t for t in texts if t.startswith("【游戏结束】"))


def test_a_seat_meeting_the_condition_is_named_apart_from_its_camps_win() -> None:
    game = game_with((OUT, {"alive": False}))
    run_to(game, "day", 1)
    kill(game, 4)  # a 村民 out: it will not be among the winners
    texts = [t for seat in (1, 2, 3) for t in kill(game, seat)]
    assert game.st.winner == "村民阵营"
    assert end_notice(texts) == f"【游戏结束】村民阵营获胜。\n4号{game.st.seat(4).name}单独落败：{OUT}"


def test_a_seat_of_a_losing_camp_or_not_meeting_it_is_not_named() -> None:
    game = game_with((OUT, {"alive": False}))
    run_to(game, "day", 1)
    kill(game, 1)  # a 狼 out loses with its camp: it is not named
    texts = [t for seat in (2, 3) for t in kill(game, seat)]
    assert game.st.winner == "村民阵营"
    assert end_notice(texts) == "【游戏结束】村民阵营获胜。"


def test_an_entry_without_its_condition_is_refused(tmp_path: Path) -> None:
    target = tmp_path / "genshin_165"
    shutil.copytree(ROOT / "rulesets" / "genshin_165", target)
    path = target / "ruleset.yaml"
    text = path.read_text(encoding="utf-8")
    assert text.count("  loses_alone:\n") == 1
    path.write_text(text.replace("  loses_alone:\n", "  loses_alone:\n    - {text: 单独落败}\n"), encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(target)
    assert any("loses_alone 的每一条需要 text 和 if" in str(p) for p in caught.value.problems)
