"""雪狼's and 隐狼's keys: a 伪装 chosen with a status (`choice_of: disguise`, `look: choice`) is what checks of
表面信息 see, the last one gained winning; 暴风雪's ``near_only`` holds non-wolves' [指定] skills to the
living 电梯楼 neighbours and themselves the next night."""

from __future__ import annotations

from pathlib import Path

from engine.scenario.runner import Runner
from tests.engine.builders import probe_seer_run, told

ROLES = ("雪狼", "石像鬼", "预言家", "女巫", "猎人", "守卫", "骑士")


def run(tmp_path: Path, script: str, roles: tuple[str, ...] = ROLES) -> Runner:
    return probe_seer_run(tmp_path, "{target}：{seen_camp}/{seen_role}/{seen_knife}", roles, script)


def test_a_check_sees_the_chosen_disguise_until_the_next_night(tmp_path: Path) -> None:
    runner = run(
        tmp_path,
        """\
  - night: 1
    acts:
      - {by: 甲, skill: 雪隐, targets: [乙, 甲], choice: 村民阵营/猎人/无刀}
      - {by: 丙, skill: 预言, targets: [乙]}
  - night: 2
    acts:
      - {by: 丙, skill: 预言, targets: [乙]}
""",
    )
    seer = told(runner, 3)
    assert "2号乙：村民阵营/猎人/无刀" in seer
    assert "2号乙：狼人阵营/石像鬼/有刀" in seer
    assert seer.index("2号乙：村民阵营/猎人/无刀") < seer.index("2号乙：狼人阵营/石像鬼/有刀")


def test_the_latest_disguise_wins(tmp_path: Path) -> None:
    runner = run(
        tmp_path,
        """\
  - night: 1
    acts:
      - {by: 甲, skill: 雪隐, targets: [丁], choice: 狼人阵营/雪狼/有刀}
  - night: 2
    acts:
      - {by: 甲, skill: 雪隐, targets: [丁], choice: 三方阵营/吹笛/无刀}
      - {by: 丙, skill: 预言, targets: [丁]}
""",
    )
    assert "4号丁：三方阵营/吹笛/无刀" in told(runner, 3)


def test_after_the_blizzard_a_villager_reaches_only_its_neighbours_and_itself(tmp_path: Path) -> None:
    runner = run(
        tmp_path,
        """\
  - night: 1
    acts:
      - {by: 甲, skill: 暴风雪}
      - {by: 丙, skill: 预言, targets: [庚]}
  - night: 2
    acts:
      - {by: 丙, skill: 预言, targets: [庚], rejected: 7号庚不在预言的选择范围内。选择范围：2号乙、3号丙、4号丁。}
      - {by: 丙, skill: 预言, targets: [丁]}
  - night: 3
    acts:
      - {by: 丙, skill: 预言, targets: [庚]}
""",
    )
    seer = told(runner, 3)
    assert seer.count("7号庚：村民阵营/骑士/无刀") == 2
    assert "4号丁：村民阵营/女巫/无刀" in seer


def test_the_hidden_wolf_is_seen_as_his_own_disguise_only_when_he_picked_it(tmp_path: Path) -> None:
    script = """\
  - setup: true
    acts:
      - {by: 甲, skill: 伪装, choice: %s}
  - night: 1
    acts:
      - {by: 丙, skill: 预言, targets: [甲]}
"""
    hidden = ("隐狼", *ROLES[1:])
    runner = run(tmp_path, script % "村民阵营/女巫/无刀/2/3/5", hidden)
    assert "1号甲：村民阵营/女巫/无刀" in told(runner, 3)
    plain = run(tmp_path / "plain", script % "1/3/4", hidden)
    assert "1号甲：狼人阵营/隐狼/有刀" in told(plain, 3)
