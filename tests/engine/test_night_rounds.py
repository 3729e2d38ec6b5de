"""Extra rounds of a night that keep its number (engine/night_rounds.py, 月亮<夜>: 长夜漫漫): the first round runs
through its named step and is announced, what lasts 'tonight' ends, the night runs again in full, each round
a night for a once-a-night skill, [厌旧] and the phase keys counting the night's number."""

from __future__ import annotations

from pathlib import Path

from engine import phases
from tests.engine.builders import NAMES, played

BOARD = ("月亮", "药剂师", "灵鹿", "隐者", "黑狼王", "噩梦之影", "白痴", "圣女", "太极宗师", "预言家")
PLAYERS = "\n".join(f"  - {{name: {n}, role: {r}}}" for n, r in zip(NAMES, BOARD, strict=False))
DAY = "  - day: 1\n    votes: {乙: 甲, 丙: 甲, 丁: 甲, 戊: 甲, 己: 甲, 庚: 甲}\n"


def _text(script: str) -> str:
    return f"ruleset: genshin_165\noptions: {{自定板子: true}}\nplayers:\n{PLAYERS}\nscript:\n{DAY}{script}"


def test_a_second_rounds_phase_key_keeps_the_night_number(tmp_path: Path) -> None:
    st = played(tmp_path, _text("")).st
    st.phase, st.day, st.night_round = phases.Phase.NIGHT, 3, 0
    assert st.phase_key == "night:3"
    st.night_round = 1
    assert st.phase_key == "night:3.2" and phases.game_day(st.phase_key) == 3
    st.phase = phases.Phase.DAWN
    assert st.phase_key == "dawn:3"  # only the night's steps run in rounds


def test_the_night_runs_twice_and_each_round_kills(tmp_path: Path) -> None:
    night = (
        "  - night: 1\n    acts:\n"
        "      - {by: 戊, skill: 杀人, targets: [乙]}\n"
        "      - {by: 戊, skill: 杀人, targets: [癸]}\n"
    )
    game = played(tmp_path, _text(night))
    st = game.st
    assert not st.seat(2).alive and not st.seat(10).alive
    assert st.day == 2 and not st.extra_nights
    kills = [e for e in st.log if e.kind == "act" and "发动杀人" in e.text]
    assert [e.phase for e in kills] == ["第1夜", "第1夜"]  # one night number, two uses of a once-a-night skill
    rounds = [e.text for e in st.log if e.kind == "phase" and e.phase == "第1夜"]
    assert rounds == ["第1夜开始", "第1夜第2轮开始"]


def test_tonights_statuses_end_between_the_rounds(tmp_path: Path) -> None:
    """灵鹿<森林庇护>'s [不死] lasts 当晚: the second round's kill goes through."""
    night = (
        "  - night: 1\n    acts:\n"
        "      - {by: 戊, skill: 杀人, targets: [乙]}\n"
        "      - {by: 丙, skill: 森林庇护}\n"
        "      - {by: 戊, skill: 杀人, targets: [乙]}\n"
    )
    game = played(tmp_path, _text(night))
    st = game.st
    assert not st.seat(2).alive
    outs = [e.text for e in st.log if e.kind == "out"]
    assert len(outs) == 2 and outs[1].startswith("2号乙")  # 甲 by day, then 乙 in the second round only


def test_the_extra_round_is_scheduled_for_the_coming_night(tmp_path: Path) -> None:
    game = played(tmp_path, _text(""))
    st = game.st
    assert st.extra_nights == [(1, "晨曦（1）（2）")]  # out on day 1: night 1 follows it
