"""message (鹫狼<报信>): a free text of 1 to N characters, refused when empty or longer, sent as {choice}."""

from __future__ import annotations

from pathlib import Path

from tests.engine.builders import run_scenario, told

BOARD = """\
ruleset: genshin_165
options: {自定板子: true}
players:
  - {name: 甲, role: 鹫狼}
  - {name: 乙, role: 黑狼王}
  - {name: 丙, role: 幼狼}
  - {name: 丁, role: 预言家}
  - {name: 戊, role: 女巫}
  - {name: 己, role: 猎人}
script:
  - night: 1
    acts:
"""


def test_fifty_characters_pass_and_fifty_one_are_refused(tmp_path: Path) -> None:
    script = f"""\
      - {{by: 甲, skill: 报信, choice: {"狼" * 51}, rejected: 你写了51字}}
      - {{by: 甲, skill: 报信, choice: {"狼" * 50}}}
"""
    runner = run_scenario(tmp_path, BOARD + script)
    sent = [m["text"] for m in runner.dump()["messages"] if m["to"] == "team" and "报信" in str(m["text"])]
    assert sent == ["收到报信：" + "狼" * 50]


def test_the_prompt_says_how_to_write_it(tmp_path: Path) -> None:
    runner = run_scenario(tmp_path, BOARD + "      - {by: 甲, skill: 报信, choice: 好}\n")
    assert any("「报信 内容」（50字以内）" in t for t in told(runner, 1))
