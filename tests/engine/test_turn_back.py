"""turn_back (噬时狼妃<时间逆流>): tonight the [指定] skills non-wolves aim at the guarded seat resolve on
their own user, who is not told; wolves' skills are not turned; the reflector learns the skill's name
and loses 时间逆流."""

from __future__ import annotations

from pathlib import Path

from engine.scenario.runner import Runner
from tests.engine.builders import probe_seer_run, told

ROLES = ("噬时狼妃", "狙击手", "预言家", "石像鬼", "女巫", "猎人", "守卫")


def run(tmp_path: Path, script: str) -> Runner:
    return probe_seer_run(tmp_path, "{target}的身份为{role}。", ROLES, script)


def test_a_villagers_skill_on_the_guarded_seat_turns_back_and_a_wolfs_does_not(tmp_path: Path) -> None:
    runner = run(
        tmp_path,
        """\
  - night: 1
    acts:
      - {by: 甲, skill: 时间逆流, targets: [乙]}
      - {by: 丁, skill: 查验, targets: [乙]}
      - {by: 丙, skill: 预言, targets: [乙]}
""",
    )
    assert "3号丙的身份为预言家。" in told(runner, 3)
    assert not any("2号乙的身份为" in t for t in told(runner, 3))
    assert not any("反弹了<" in t or "时间逆流" in t for t in told(runner, 3))
    assert "2号乙的实际阵营为狼人阵营，实际身份为狙击手。" in told(runner, 4)
    assert "<时间逆流>反弹了<预言>。" in told(runner, 1)
    assert not any("反弹了<查验>" in t for t in told(runner, 1))
    assert runner.game.st.seat(1).card.skills["时间逆流"].lost
    assert runner.game.st.turn_backs == []


def test_nothing_turned_keeps_the_skill(tmp_path: Path) -> None:
    runner = run(
        tmp_path,
        """\
  - night: 1
    acts:
      - {by: 甲, skill: 时间逆流, targets: [乙]}
      - {by: 丙, skill: 预言, targets: [戊]}
""",
    )
    assert "5号戊的身份为女巫。" in told(runner, 3)
    assert not runner.game.st.seat(1).card.skills["时间逆流"].lost
    assert not any("反弹了<" in t for t in told(runner, 1))
