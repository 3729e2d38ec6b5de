"""Extra [正午] rounds that keep the day number (engine/noon_rounds.py, 太阳<日>: 日不落): the first round's exile
waits for the extra round's count, only the named seats vote there, and `targets: [0, formula]` caps the names."""

from __future__ import annotations

from pathlib import Path

from engine import legal
from tests.engine.builders import NAMES, played, run_scenario

BOARD = ("太阳", "药剂师", "灵鹿", "守卫", "黑狼王", "幼狼", "白痴", "圣女", "太极宗师")
PLAYERS = "\n".join(f"  - {{name: {n}, role: {r}}}" for n, r in zip(NAMES, BOARD, strict=False))
NIGHT = "  - night: 1\n    acts:\n      - {by: 戊, skill: 杀人, targets: [甲]}\n"


def _text(script: str) -> str:
    return f"ruleset: genshin_165\noptions: {{自定板子: true}}\nplayers:\n{PLAYERS}\nscript:\n{NIGHT}{script}"


def test_the_first_rounds_exile_waits_for_the_extra_round(tmp_path: Path) -> None:
    script = (
        "  - day: 2\n    votes:\n"
        "      - {乙: 丁, 丙: 丁, 戊: 丁, 己: 丁, 庚: 丁}\n"
        "      - {乙: 己, 丁: 己}\n"
        "    after:\n      - {by: 甲, skill: 日不落, targets: [乙, 丁]}\n"
    )
    game = played(tmp_path, _text(script))
    st = game.st
    assert not st.seat(4).alive and not st.seat(6).alive  # both rounds' exiles
    assert st.day == 2 and st.speakers is None and not st.held_exiles and not st.extra_noons
    outs = [e.text for e in st.log if e.kind == "out" and e.phase == "第2天"]
    assert outs[0].startswith("4号丁") and outs[1].startswith("6号己")  # the first round's goes first
    round_two = [e for e in st.log if e.kind == "vote" and e.text.endswith("投票：6号己")]
    assert {e.text[:3] for e in round_two} == {"2号乙", "4号丁"}  # 丁 still votes in the extra round


def test_only_the_named_seats_vote_and_the_rest_are_not_silent(tmp_path: Path) -> None:
    script = (
        "  - day: 2\n    votes:\n"
        "      - {乙: 丁, 丙: 丁, 戊: 丁, 己: 丁, 庚: 丁, 辛: 丁, 壬: 丁}\n"
        "      - {乙: 己}\n"
        "    rejected_votes: {丙: 己}\n"
        "    after:\n      - {by: 甲, skill: 日不落, targets: [乙]}\n"
    )
    runner = run_scenario(tmp_path, _text(script))
    closes = [m.text for m in runner.transcript if "第2天第2轮关门" in m.text]
    assert closes and "未投票" not in closes[0]
    assert not runner.game.st.seat(6).alive


def test_the_names_are_capped_at_half_the_living(tmp_path: Path) -> None:
    game = played(tmp_path, _text(""))
    skill = game.rs.roles["太阳"].skills["日不落"]
    living = sum(1 for s in game.st.seats if s.alive)
    assert legal.target_count(game, skill) == (0, living // 2)


def test_a_vote_held_again_comes_before_the_extra_round(tmp_path: Path) -> None:
    """太阳与定序王子同时触发: the 正午's two vote posts (every seat voting), then the extra round, all exiles
    waiting for its count."""
    board = ("太阳", "药剂师", "定序王子", "隐者", "黑狼王", "幼狼", "圣女", "太极宗师", "灵鹿", "预言家", "通灵师")
    players = "\n".join(f"  - {{name: {n}, role: {r}}}" for n, r in zip(NAMES, board, strict=False))
    script = (
        "  - day: 1\n    votes: {甲: 乙, 丙: 乙, 丁: 乙, 戊: 乙, 己: 乙, 庚: 乙}\n"
        "    after:\n      - {by: 丙, skill: 重定时间, targets: [乙]}\n"
        f"{NIGHT}"
        "  - day: 2\n    votes:\n"
        "      - {乙: 辛, 丙: 辛, 丁: 辛, 戊: 辛, 己: 辛, 庚: 辛, 壬: 辛}\n"
        "      - {乙: 癸, 丙: 癸, 丁: 癸, 戊: 癸, 己: 癸, 辛: 癸}\n"
        "      - {乙: 庚, 丁: 庚}\n"
        "    after:\n      - {by: 甲, skill: 日不落, targets: [乙, 丁]}\n"
    )
    game = played(
        tmp_path, f"ruleset: genshin_165\noptions: {{自定板子: true}}\nplayers:\n{players}\nscript:\n{script}"
    )
    st = game.st
    outs = [e.text[:4] for e in st.log if e.kind == "out" and e.phase == "第2天"]
    assert outs == ["8号辛（", "10号癸", "7号庚（"]  # the two posts' exiles first, in their order
    assert st.vote_round == 3 and not st.extra_noons and not st.held_exiles
