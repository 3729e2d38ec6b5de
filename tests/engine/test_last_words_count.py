"""165's 遗言: `last_words.count` as a formula of the seats dealt (遗言数量为人数配备最少狼数量), the dawn
section `last_words_spent` (遗言已耗尽, once) and the condition `last_words_spent_today`."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engine import conditions, notices
from engine.errors import RulesetError
from engine.ruleset.loader import load_ruleset
from tests.engine.builders import own_board

ROOT = Path(__file__).resolve().parents[2]
VILLAGE = ("圣女", "药剂师", "乌鸦", "隐者", "锈剑骑士", "上帝使徒", "守卫", "白痴", "灵鹿", "狙击手")


@pytest.mark.parametrize(("seats", "count"), [(7, 2), (8, 2), (9, 3), (10, 3)])
def test_the_count_is_the_least_wolf_count_for_the_seats(seats: int, count: int) -> None:
    roles = ("黑狼王", "幼狼", *VILLAGE, "混血儿", "女仆", "影子", "复仇者", "丘比特")[:seats]
    game = own_board(load_ruleset(ROOT / "rulesets" / "genshin_165"), roles)
    assert game.st.last_words_left == count


def test_spent_is_announced_once_and_holds_on_that_day_only() -> None:
    game = own_board(load_ruleset(ROOT / "rulesets" / "genshin_165"), ("黑狼王", "幼狼", *VILLAGE[:6]))
    spent = {"last_words_spent_today": True}
    st = game.st
    assert "遗言已耗尽" not in notices.report(game, ("last_words_spent",))
    st.day, st.last_words_left = 2, 0
    assert notices.report(game, ("last_words_spent",)) == "遗言已耗尽。"
    assert st.last_words_spent_day == st.day and conditions.game_holds(spent, st)
    assert notices.report(game, ("last_words_spent",)) == ""
    st.day += 1
    assert not conditions.game_holds(spent, st)


def test_a_bad_formula_is_refused(tmp_path: Path) -> None:
    rules = tmp_path / "genshin_165"
    shutil.copytree(ROOT / "rulesets" / "genshin_165", rules)
    path = rules / "ruleset.yaml"
    text = path.read_text(encoding="utf-8")
    assert text.count("  count: round(N * 0.3)\n") == 1
    path.write_text(text.replace("  count: round(N * 0.3)\n", "  count: round(M * 0.3)\n"), encoding="utf-8")
    with pytest.raises(RulesetError, match="round\\(M"):
        load_ruleset(rules)
