"""reflect (噬时狼妃<时间逆流>): tonight the [指定] skills non-wolves aim at the guarded seat resolve on
their own user, who is not told; wolves' skills are not turned; the reflector learns the skill's name
and loses 时间逆流."""

from __future__ import annotations

import shutil
from pathlib import Path

from engine.scenario.runner import Runner
from engine.scenario.spec import read

ROOT = Path(__file__).resolve().parents[2]
SEER = """  预言家:
    camp: 村民阵营
    pool: 验人系
    skills:
      预言:
        text: 预言[深夜][指定]
        tags: [深夜, 指定]
        effects:
          - feedback: "{target}的身份为{role}。"
"""


def run(tmp_path: Path, script: str) -> Runner:
    rules = tmp_path / "genshin_165"
    shutil.copytree(ROOT / "rulesets" / "genshin_165", rules)
    seers = rules / "roles_seers_village.yaml"
    text = seers.read_text(encoding="utf-8")
    line = "  预言家: {camp: 村民阵营, pool: 验人系, todo: 技能尚未实现}\n"
    assert line in text
    seers.write_text(text.replace(line, SEER), encoding="utf-8")
    file = tmp_path / "play.yaml"
    file.write_text(
        f"""\
ruleset: {rules}
options: {{自定板子: true}}
players:
  - {{name: 甲, role: 噬时狼妃}}
  - {{name: 乙, role: 狙击手}}
  - {{name: 丙, role: 预言家}}
  - {{name: 丁, role: 石像鬼}}
  - {{name: 戊, role: 女巫}}
  - {{name: 己, role: 猎人}}
  - {{name: 庚, role: 守卫}}
script:
{script}""",
        encoding="utf-8",
    )
    runner = Runner(read(str(file)))
    runner.run()
    return runner


def told(runner: Runner, no: int) -> list[str]:
    return [str(m["text"]) for m in runner.dump()["messages"] if m["to"] == "seat" and m["seat"] == no]


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
    assert runner.game.st.reflects == []


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
