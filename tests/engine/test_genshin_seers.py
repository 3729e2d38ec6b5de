"""[165] 原神's 验人系 and village roles (000 L172–295) beside the engine pieces they use: a hand-made
board (自定板子) dealing a role still `todo`, the [翻牌] notice in the ruleset's words."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engine import commands as c
from engine.errors import RulesetError
from engine.game import Game, check_start
from engine.ruleset.loader import load_ruleset
from tests.engine.builders import T0

RS = load_ruleset("genshin_165")
ROOT = Path(__file__).resolve().parents[2]
NAMES = ("甲", "乙", "丙", "丁", "戊")


def _start(roles: tuple[str, ...], **options: object) -> c.Start:
    return c.Start(
        at=T0, seed=1, names=NAMES[: len(roles)], roles=tuple((r,) for r in roles), options=tuple(options.items())
    )


def test_a_hand_made_board_deals_a_role_still_todo_without_its_skills() -> None:
    roles = ("预言家", "女巫", "猎人", "黑狼王", "吹笛")
    assert RS.roles["黑狼王"].todo
    assert check_start(RS, _start(roles, 自定板子=True)) is None
    game = Game.start(RS, _start(roles, 自定板子=True))
    assert game.st.seat(4).card.role == "黑狼王"
    assert not game.st.seat(4).card.skills
    assert "预言" in game.st.seat(1).card.skills


def test_the_post_s_board_still_refuses_a_role_still_todo() -> None:
    refusal = check_start(RS, _start(("预言家", "女巫", "猎人", "黑狼王", "吹笛")))
    assert refusal is not None


def test_the_reveal_notice_names_the_seat_and_role_but_not_the_skill() -> None:
    assert RS.notices.reveal.format(name="甲", skill="决斗", role="骑士") == "甲翻牌，实际身份为骑士。"
    assert load_ruleset("m216_mask").notices.reveal.format(name="甲", skill="决斗", role="骑士") == (
        "甲翻牌发动<决斗>：当前身份为骑士。"
    )


def test_a_reveal_notice_with_an_unknown_field_is_refused(tmp_path: Path) -> None:
    target = tmp_path / "genshin_165"
    shutil.copytree(ROOT / "rulesets" / "genshin_165", target)
    path = target / "ruleset.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("实际身份为{role}", "实际身份为{camp}"), encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(target)
    assert any("reveal 只能用" in str(p) for p in caught.value.problems)
