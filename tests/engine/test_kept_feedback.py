"""share_feedback (石像鬼<凝望>: 发送一直以来的全部[查验]结果), the log's 反馈 it reads, lose_tag and
the {actual_camp} field."""

from __future__ import annotations

from pathlib import Path

from engine.scenario.runner import Runner
from engine.scenario.spec import read
from tests.engine.builders import played

BOARD = """\
ruleset: genshin_165
options: {自定板子: true}
players:
  - {name: 甲, role: 石像鬼}
  - {name: 乙, role: 噩梦之影}
  - {name: 丙, role: 预言家}
  - {name: 丁, role: 女巫}
  - {name: 戊, role: 猎人}
  - {name: 己, role: 守卫}
script:
"""


def told(tmp_path: Path, text: str) -> tuple[Runner, dict[int, list[str]]]:
    """The scenario's run and what each seat was told."""
    file = tmp_path / "play.yaml"
    file.write_text(text, encoding="utf-8")
    runner = Runner(read(str(file)))
    runner.run()
    seats: dict[int, list[str]] = {}
    for m in runner.dump()["messages"]:
        if m["to"] == "seat":
            seats.setdefault(int(m["seat"]), []).append(str(m["text"]))
    return runner, seats


def test_the_log_keeps_each_seats_feedback_of_each_skill_in_order(tmp_path: Path) -> None:
    script = """\
  - night: 1
    acts:
      - {by: 甲, skill: 查验, targets: [丙]}
  - night: 2
    acts:
      - {by: 甲, skill: 查验, targets: [乙]}
"""
    game = played(tmp_path, BOARD + script)
    assert game.feedback_given(1, "查验") == [
        "3号丙的实际阵营为村民阵营，实际身份为预言家。",
        "2号乙的实际阵营为狼人阵营，实际身份为噩梦之影。",
    ]
    assert game.feedback_given(1, "凝望") == []
    assert game.feedback_given(2, "查验") == []


def test_sharing_with_no_feedback_yet_tells_the_none_text_and_the_lost_tag_is_gone(tmp_path: Path) -> None:
    script = """\
  - night: 1
    acts:
      - {by: 甲, skill: 凝望}
"""
    runner, seats = told(tmp_path, BOARD + script)
    none = "石像鬼1号甲发送了一直以来的全部[查验]结果：尚无[查验]结果。"
    assert none in seats[1] and none in seats[2]
    assert all(none not in seats.get(no, []) for no in (3, 4, 5, 6))
    card = runner.game.st.seat(1).card
    assert "接刀" not in card.tags and "接刀" in runner.game.rs.roles["石像鬼"].tags
    assert card.skills["查验"].lost
