"""Skills keyed by role: two roles define one skill name with different texts and effects."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from engine import commands as c
from engine.errors import RulesetError
from engine.game import Game, Result
from engine.ruleset.loader import load_ruleset
from engine.ruleset.model import Ruleset
from engine.ruleset.steps import places, skill_key
from tests.engine.builders import NAMES, T0, act, run_to_step

ROOT = Path(__file__).resolve().parents[2]
BOARD = ("狼人", "狼人", "预言家", "女巫", "守卫", "猎人", "占星师", "村民", "长老", "白痴")
ASTROLOGER = """
  占星师:
    camp: 村民阵营
    skills:
      预言:
        text: 游戏日夜晚，占星师可以选择一个秘密数字，得知其星象。
        tags: [夜晚, 指定]
        effects:
          - {feedback: "{target}：星象"}
"""
SEER_STEP = "    - {step: 预言家, skills: [预言], text: （5）预言家行动，可以选择预言的目标。}"


def _ruleset(tmp_path: Path, steps: str) -> Path:
    """secret_number with a 占星师 whose 预言 is not the 预言家's, the seer's step replaced by ``steps``."""
    target = tmp_path / "keyed"
    shutil.copytree(ROOT / "rulesets" / "secret_number", target)
    roles = target / "roles.yaml"
    text = roles.read_text(encoding="utf-8")
    roles.write_text(text.replace("\n  村民:\n", ASTROLOGER + "\n  村民:\n", 1), encoding="utf-8")
    flow = target / "ruleset.yaml"
    text = flow.read_text(encoding="utf-8")
    assert SEER_STEP in text
    flow.write_text(text.replace(SEER_STEP, steps), encoding="utf-8")
    return target


def _game(rs: Ruleset) -> Game:
    return Game.start(
        rs,
        c.Start(at=T0, seed=1, names=NAMES, roles=tuple((r,) for r in BOARD), secrets=tuple(range(1, 11))),
    )


def _told(result: Result, seat: int) -> list[str]:
    return [m.text for m in result.messages if m.to.seat == seat]


def test_a_step_entry_names_a_skill_by_role() -> None:
    assert skill_key("占星师<预言>") == ("占星师", "预言")
    assert skill_key("预言") == ("", "预言")
    assert skill_key("<预言>") == ("", "<预言>")
    rs = load_ruleset("secret_number")
    seer = rs.roles["预言家"].skills["预言"]
    assert places("预言", seer) and places("预言家<预言>", seer)
    assert not places("占星师<预言>", seer) and not places("预言家<毒药>", seer)


def test_two_roles_one_name_each_gets_its_own_effect_in_one_night(tmp_path: Path) -> None:
    rs = load_ruleset(str(_ruleset(tmp_path, "    - {step: 预言家, skills: [预言家<预言>, 占星师<预言>]}")))
    seer, astrologer = rs.roles["预言家"].skills["预言"], rs.roles["占星师"].skills["预言"]
    assert rs.step_of(seer) is rs.step_of(astrologer) is not None
    assert rs.entry_skill("占星师<预言>") is astrologer and rs.entry_skill("预言家<预言>") is seer
    game = _game(rs)
    run_to_step(game, "预言家")
    assert act(game, 3, "预言", 1).accepted
    both = act(game, 7, "预言", 2)  # the last act closes the step: both resolve
    assert _told(both, 3) == ["秘密数字1：非村民阵营"]
    assert _told(both, 7) == ["秘密数字2：星象"]


def test_each_role_uses_its_skill_in_its_own_step(tmp_path: Path) -> None:
    steps = "    - {step: 预言家, skills: [预言家<预言>]}\n    - {step: 占星师, skills: [占星师<预言>]}"
    rs = load_ruleset(str(_ruleset(tmp_path, steps)))
    step = rs.step_of(rs.roles["占星师"].skills["预言"])
    assert step is not None and step.name == "占星师"
    game = _game(rs)
    run_to_step(game, "预言家")
    refused = act(game, 7, "预言", 2)
    assert not refused.accepted and "占星师" in refused.reply
    seer = act(game, 3, "预言", 1)
    assert _told(seer, 3) == ["秘密数字1：非村民阵营"]
    assert [t[:17] for t in _told(seer, 7)] == ["【第1夜·占星师】你可以发动：预言"]  # its own step opens
    assert game.rs.steps(game.st.phase)[game.st.step].name == "占星师"
    assert _told(act(game, 7, "预言", 2), 7) == ["秘密数字2：星象"]


def test_an_ambiguous_bare_name_is_refused_with_its_roles(tmp_path: Path) -> None:
    with pytest.raises(RulesetError) as refused:
        load_ruleset(str(_ruleset(tmp_path, SEER_STEP)))
    problem = str(refused.value)
    assert re.search(r"ruleset\.yaml:\d+: 步骤 预言家 的技能 预言 有歧义", problem)
    assert "预言家、占星师" in problem and "预言家<预言>、占星师<预言>" in problem


def test_a_key_of_a_role_without_that_skill_is_refused(tmp_path: Path) -> None:
    with pytest.raises(RulesetError) as refused:
        load_ruleset(str(_ruleset(tmp_path, "    - {step: 预言家, skills: [预言家<预言>, 占星师<预言>, 村民<预言>]}")))
    assert re.search(r"ruleset\.yaml:\d+: 步骤 预言家 引用了未定义的身份 村民 的技能 预言", str(refused.value))


def test_alike_definitions_share_a_bare_name_and_the_refusal_lists_every_role(tmp_path: Path) -> None:
    wuyu = load_ruleset("wuyu_town")
    assert wuyu.ambiguous("杀人") == [] and len([r for r in wuyu.roles.values() if "杀人" in r.skills]) > 1
    assert wuyu.ambiguous("吹笛") == ["吹笛者", "吹笛者②"]
    target = _ruleset(tmp_path, SEER_STEP)
    roles = target / "roles.yaml"
    text = roles.read_text(encoding="utf-8")
    seer = text[text.index("  预言家:\n") : text.index("\n  女巫:")]
    roles.write_text(
        text.replace("\n  村民:\n", "\n" + seer.replace("预言家:", "先知:", 1) + "\n  村民:\n", 1), encoding="utf-8"
    )
    with pytest.raises(RulesetError) as refused:
        load_ruleset(str(target))
    assert "预言家<预言>、占星师<预言>、先知<预言>" in str(refused.value)


MEDIUM = """
  灵媒:
    camp: 村民阵营
    skills:
      灵视:
        text: 游戏日夜晚，反馈今晚<限定>技能的目标。
        tags: [夜晚, 强制]
        trigger: {on: step_open}
        effects:
          - feedback_chosen: {of: {tag: 限定}, order: act, text: "今晚的限定目标：{targets}。", none: 今晚没有限定目标。}
"""


def test_chosen_targets_are_read_from_each_seats_own_definition(tmp_path: Path) -> None:
    steps = "    - {step: 预言家, skills: [预言家<预言>, 占星师<预言>]}\n    - {step: 灵媒, skills: [灵视]}"
    target = _ruleset(tmp_path, steps)
    roles = target / "roles.yaml"
    text = roles.read_text(encoding="utf-8").replace(
        'tags: [夜晚, 指定]\n        effects:\n          - {feedback: "{target}：星象"}',
        'tags: [夜晚, 指定, 限定]\n        effects:\n          - {feedback: "{target}：星象"}',
    )
    roles.write_text(text.replace("\n  村民:\n", MEDIUM + "\n  村民:\n", 1), encoding="utf-8")
    rs = load_ruleset(str(target))
    first = rs.skill("预言")  # the name alone finds the 预言家's, which is not <限定>
    assert first is not None and "限定" not in first.tags and "限定" in rs.roles["占星师"].skills["预言"].tags
    game = Game.start(
        rs,
        c.Start(
            at=T0,
            seed=1,
            names=NAMES,
            roles=tuple((r,) for r in (*BOARD[:5], "灵媒", *BOARD[6:])),
            secrets=tuple(range(1, 11)),
        ),
    )
    run_to_step(game, "预言家")
    assert act(game, 3, "预言", 1).accepted
    both = act(game, 7, "预言", 2)
    assert _told(both, 6) == ["今晚的限定目标：秘密数字2。"]
