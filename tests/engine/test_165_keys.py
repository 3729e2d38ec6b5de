"""Keys 165's 三方 roles brought to the core: `even_day` (偶数日夜晚), the `dawn_start` anchor
(持续至[晨曦]阶段开始), and a `todo` role dealt under 自定板子 (it plays without skills)."""

from __future__ import annotations

from pathlib import Path

from engine.messages import To
from engine.scenario.runner import Runner
from engine.scenario.spec import read
from tests.engine.builders import NAMES, played

BOARD = ("双子星暗", "双子星光", "黑狼王", "幼狼", "女巫", "白痴", "猎人", "守卫")
PLAYERS = "\n".join(f"  - {{name: {n}, role: {r}}}" for n, r in zip(NAMES, BOARD, strict=False))


def _text(script: str) -> str:
    return f"ruleset: genshin_165\noptions: {{自定板子: true}}\nplayers:\n{PLAYERS}\nscript:\n{script}"


def test_even_day_holds_on_even_game_days_only(tmp_path: Path) -> None:
    odd = played(
        tmp_path,
        _text("  - night: 1\n    acts:\n      - {by: 甲, skill: 黑夜狩猎, targets: [丙], rejected: 发动条件}\n"),
    )
    assert odd.st.seat(3).alive
    even = played(tmp_path, _text("  - night: 2\n    acts:\n      - {by: 甲, skill: 黑夜狩猎, targets: [丙]}\n"))
    assert not even.st.seat(3).alive


def test_dawn_start_ends_as_the_first_morning_step_opens(tmp_path: Path) -> None:
    """光明守护's [不死] on 暗 holds through 凌晨 and is gone when 光明狩猎 strikes in 晨曦."""
    script = (
        "  - night: 2\n    acts:\n"
        "      - {by: 乙, skill: 光明守护, targets: [甲]}\n"
        "      - {by: 甲, skill: 黑夜狩猎, targets: [乙]}\n"
        "    after:\n      - {by: 乙, skill: 光明狩猎, targets: [甲]}\n"
    )
    game = played(tmp_path, _text(script))
    assert not game.st.seat(1).alive and not game.st.seat(2).alive
    spared = played(tmp_path, _text(script.replace("光明狩猎, targets: [甲]", "光明狩猎, targets: [丙]")))
    assert not spared.st.seat(3).alive and spared.st.seat(1).alive


def test_with_out_reaches_seats_in_and_out(tmp_path: Path) -> None:
    """占星师<查验>: one target in, one out; the out one is refused while still in."""
    board = ("占星师", "白眼狼", "黑狼王", "幼狼", "女巫", "白痴", "猎人", "守卫")
    players = "\n".join(f"  - {{name: {n}, role: {r}}}" for n, r in zip(NAMES, board, strict=False))
    head = f"ruleset: genshin_165\noptions: {{自定板子: true}}\nplayers:\n{players}\nscript:\n"
    script = (
        "  - night: 2\n    acts:\n"
        "      - {by: 甲, skill: 查验, targets: [丙, 戊], rejected: 已出局角色}\n"
        "      - {by: 乙, skill: 撕咬, targets: [戊]}\n"
        "  - night: 3\n    acts:\n      - {by: 甲, skill: 查验, targets: [丙, 戊]}\n"
    )
    file = tmp_path / "play.yaml"
    file.write_text(head + script, encoding="utf-8")
    runner = Runner(read(str(file)))
    runner.run()
    told = [m.text for m in runner.transcript if m.to.kind is To.SEAT and m.to.seat == 1]
    assert any("5号戊是女巫身份" in t for t in told) and any("3号丙是黑狼王身份" in t for t in told)


def _board(*roles: str) -> str:
    players = "\n".join(f"  - {{name: {n}, role: {r}}}" for n, r in zip(NAMES, roles, strict=False))
    return f"ruleset: genshin_165\noptions: {{自定板子: true}}\nplayers:\n{players}\nscript:\n"


def test_voted_actor_any_names_every_voter(tmp_path: Path) -> None:
    """炸弹 voted out: each seat that voted for it, and no other, takes its [致死伤害]."""
    head = _board("炸弹", "黑狼王", "幼狼", "女巫", "白痴", "猎人", "守卫", "骑士")
    game = played(tmp_path, head + "  - day: 2\n    votes: {乙: 甲, 丁: 甲, 戊: 甲, 己: 乙}\n")
    assert [s.name for s in game.st.seats if not s.alive] == ["甲", "乙", "丁", "戊"]


def test_chose_actor_names_the_seats_that_aimed_at_it_tonight(tmp_path: Path) -> None:
    head = _board("炸弹", "白眼狼", "黑狼王", "双子星暗", "女巫", "猎人", "守卫", "骑士")
    script = (
        "  - night: 2\n    acts:\n"
        "      - {by: 乙, skill: 撕咬, targets: [甲]}\n"
        "      - {by: 丁, skill: 黑夜狩猎, targets: [戊]}\n"
    )
    game = played(tmp_path, head + script)
    assert [s.name for s in game.st.seats if not s.alive] == ["甲", "乙", "戊"]


def test_links_pass_a_skills_attack_but_not_the_vote(tmp_path: Path) -> None:
    head = _board("锁链师", "白眼狼", "黑狼王", "幼狼", "女巫", "白痴", "猎人", "守卫")
    link = "  - night: 1\n    acts:\n      - {by: 甲, skill: 链接, targets: [丙, 戊]}\n"
    bitten = played(tmp_path, head + link + "  - night: 2\n    acts:\n      - {by: 乙, skill: 撕咬, targets: [丙]}\n")
    assert not bitten.st.seat(3).alive and not bitten.st.seat(5).alive
    assert any(e.kind == "chain" for e in bitten.st.log)
    voted = played(tmp_path, head + link + "  - day: 2\n    votes: {乙: 丙, 丁: 丙, 庚: 丙}\n")
    assert not voted.st.seat(3).alive and voted.st.seat(5).alive


def test_reflects_hands_a_night_act_to_a_seat_that_does_not(tmp_path: Path) -> None:
    head = _board("镜", "镜", "锁链师", "黑狼王", "幼狼", "女巫", "猎人", "守卫")
    for seed in range(1, 6):
        text = head.replace("script:\n", f"seed: {seed}\nscript:\n")
        game = played(tmp_path, text + "  - night: 1\n    acts:\n      - {by: 丙, skill: 链接, targets: [甲, 乙]}\n")
        landed = [to for _, _, to in game.st.reflections]
        assert len(landed) == 2 and not {1, 2} & set(landed), (seed, landed)
        assert all(game.st.seat(to).has_status("链接") for to in landed if to != 3)  # 锁链师<免疫>
        assert game.st.aimed == {1: ["链接"], 2: ["链接"]}
