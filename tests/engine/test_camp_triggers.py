"""Triggers on a marked seat's camp change (engine/camp_triggers.py), on 165's 丘比特之箭: a lover's camp
changed by another skill judges the lovers again (两民 → 三方: the other lover and 丘比特 join that camp);
a change by the lovers' own skill does not, and a ruleset without such a trigger never looks."""

from __future__ import annotations

from engine.game import Game
from engine.ruleset.loader import load_ruleset
from tests.engine.builders import act, own_board, run_to, run_to_step

BOARD = ("幼狼", "黑狼王", "白狼王", "女巫", "猎人", "骑士", "熊", "预言家", "丘比特", "圣女")
KNIGHT, SEER, CUPID, SAINT = 6, 8, 9, 10


def _linked() -> Game:
    game = own_board(load_ruleset("genshin_165"), BOARD)
    run_to_step(game, "开局")
    act(game, CUPID, "丘比特之箭", SEER, SAINT)
    run_to(game, "day", 1)
    assert [game.st.seat(n).camp for n in (SEER, SAINT, CUPID)] == ["村民阵营"] * 3  # 双民
    return game


def test_a_lovers_camp_changed_by_another_skill_judges_the_lovers_again() -> None:
    game = _linked()
    game.set_camp(SEER, "告死者阵营", "亡灵低语")
    assert game.st.seat(SAINT).camp == "告死者阵营"  # 三方: 丘与情侣加入该三方阵营
    assert game.st.seat(CUPID).camp == "告死者阵营"  # 丘比特 follows the lover deciding it
    assert game.st.seat(KNIGHT).camp == "村民阵营"  # not a lover


def test_a_change_by_the_lovers_own_skill_sets_nothing_off() -> None:
    game = _linked()
    game.set_camp(SEER, "告死者阵营", "丘比特之箭")
    assert game.st.seat(SAINT).camp == "村民阵营"


def test_only_a_ruleset_with_such_a_trigger_watches_camp_changes() -> None:
    assert "camp_changed" in load_ruleset("genshin_165").passes
    assert all("camp_changed" not in load_ruleset(r).passes for r in ("secret_number", "wuyu_town", "m216_mask"))
