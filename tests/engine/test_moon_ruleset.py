"""新月扩展 as data: rulesets/wuyu_town/moon.yaml's signs and 21 events, their checks, and the check's list."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engine.errors import RulesetError
from engine.ruleset.__main__ import check
from engine.ruleset.loader import load_ruleset, ruleset_dir

EVENTS = [
    "邪恶仪式",
    "待业的女仆",
    "义结金兰",
    "猎人的愤怒",
    "魔法水晶球",
    "文明的狼人",
    "权力反转日",
    "神经错乱",
    "上山采药",
    "丰收节派对",
    "假面舞会",
    "信任是无价的",
    "外界支援",
    "狼族首领",
    "乔装间谍",
    "招魂术",
    "王对王",
    "不满情绪",
    "皇室婚礼大典",
    "白痴的疯狂",
    "替罪鸳鸯",
]


def test_the_post_s_events_and_signs_are_read_with_their_limits() -> None:
    moon = load_ruleset("wuyu_town").moon
    assert moon is not None and moon.option == "新月扩展"
    assert list(moon.events) == EVENTS
    assert len(moon.signs) == 12 and moon.signs[0] == "白羊座" and moon.balance == 1
    assert {e.name for e in moon.events.values() if e.influence > 0} == {
        "义结金兰",
        "猎人的愤怒",
        "魔法水晶球",
        "权力反转日",
        "神经错乱",
        "丰收节派对",
        "假面舞会",
        "外界支援",
        "不满情绪",
        "皇室婚礼大典",
        "白痴的疯狂",
        "替罪鸳鸯",
    }
    assert moon.events["招魂术"].apart_from == ("上山采药", "假面舞会")
    assert moon.events["皇室婚礼大典"].needs == ("王子", "公主")
    assert moon.events["信任是无价的"].not_with == ("王子",)
    assert moon.events["权力反转日"].lasts == "next_day_end"
    assert moon.events["邪恶仪式"].lasts == "next_day_start"
    assert moon.events["狼族首领"].lasts == "game_end"
    assert moon.events["邪恶仪式"].where.endswith("moon.yaml:12")


def test_rulesets_without_the_section_have_no_moon() -> None:
    assert load_ruleset("secret_number").moon is None


def _broken(tmp_path: Path, old: str, new: str) -> list[str]:
    copy = tmp_path / "wuyu_town"
    shutil.copytree(ruleset_dir("wuyu_town"), copy)
    moon = copy / "moon.yaml"
    text = moon.read_text(encoding="utf-8")
    assert old in text
    moon.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(copy)
    return [f"{Path(p.file).name}:{p.line}: {p.message}" for p in caught.value.problems]


@pytest.mark.parametrize(
    ("old", "new", "problem"),
    [
        ("option: 新月扩展", "option: 月亮", "moon.yaml:6: moon.option '月亮' 不是规则集的选项"),
        (
            "lasts: next_day_start\n      text: 事件发生后，当天狼群",
            "lasts: 明天\n      text: 事件发生后，当天狼群",
            "moon.yaml:14: 新月事件 邪恶仪式 的 lasts 应为",
        ),
        ("needs: [猎人]", "needs: [猎户]", "moon.yaml:30: 新月事件 猎人的愤怒 的 needs 中的身份 猎户 未定义"),
        (
            "grants: [{role: 白痴, skill: 占卜}]",
            "grants: [{role: 白痴, skill: 预言}]",
            "grants 中的技能 预言 不是 白痴 的技能",
        ),
        ("grants: [{role: 白痴, skill: 占卜}]", "grants: [{role: 傻子, skill: 占卜}]", "grants 中的身份 傻子 未定义"),
        ("grants: [{role: 白痴, skill: 占卜}]", "grants: [白痴]", "grants 的每一项应为 {role: 身份, skill: …}"),
        (
            "apart_from: [上山采药, 假面舞会]",
            "apart_from: [上山采药, 化装舞会]",
            "新月事件 招魂术 的 apart_from 中的事件 化装舞会 未定义",
        ),
        (
            "influence: -1\n      lasts: next_day_start\n      text: 事件发生后，当天狼群",
            "lasts: next_day_start\n      text: 事件发生后，当天狼群",
            "新月事件 邪恶仪式 需要 influence",
        ),
        ("- {causes: [撕咬], to: 白狼}", "- {causes: [撕咬], to: 黑狼}", "reveals 中的 黑狼 不是团队或身份"),
        (
            "- {causes: [撕咬], to: 白狼}",
            "- {causes: [撕咬]}",
            "reveals 的每一项应为 {causes: [出局原因…], to: 团队或身份}",
        ),
        (
            "    邪恶仪式:\n",
            "    邪恶仪式:\n      colour: red\n",
            "moon.yaml:13: 新月事件 邪恶仪式 不认识的键 'colour'",
        ),
    ],
)
def test_a_wrong_moon_section_is_reported_with_file_and_line(tmp_path: Path, old: str, new: str, problem: str) -> None:
    problems = _broken(tmp_path, old, new)
    assert any(p.startswith(problem) or problem in p for p in problems), problems


def test_the_check_lists_each_event_not_running_yet_under_the_expansion(capsys: pytest.CaptureFixture[str]) -> None:
    assert check(str(ruleset_dir("wuyu_town"))) == 0  # an expansion's parts do not fail the check
    out = capsys.readouterr().out
    moon_part = out[out.index("新月扩展（尚未实现的扩展") :]
    moon = load_ruleset("wuyu_town").moon
    assert moon is not None
    for name in EVENTS:
        assert (f"新月事件 {name} —— " in moon_part) is bool(moon.events[name].todo)  # listed until it plays
