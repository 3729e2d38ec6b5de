"""A skill a step_open trigger gives its holder, placed in that same step, is offered in it (engine/acting.py
``open_actors``): 祭品<献祭唤醒> changes the camp and tells it as the 黄昏 step opens, and <献祭选择>, given
by it, is then asked for in that step (收到通知加入了什么阵营，然后从下列选项中选择一个)."""

from __future__ import annotations

from pathlib import Path

from tests.engine.builders import run_scenario, told

BOARD = """\
ruleset: genshin_165
seed: 5
options: {自定板子: true}
players:
  - {name: 甲, role: 祭品}
  - {name: 乙, role: 黑狼王}
  - {name: 丙, role: 幼狼}
  - {name: 丁, role: 圣女}
  - {name: 戊, role: 药剂师}
  - {name: 己, role: 乌鸦}
  - {name: 庚, role: 隐者}
  - {name: 辛, role: 锈剑骑士}
script:
  - day: 1
    votes: {己: 乙, 庚: 乙, 辛: 乙, 甲: 乙}
  - night: 1
    acts:
      - {by: 丙, skill: 杀人, targets: [丁]}
  - day: 2
"""


def test_the_camp_is_told_before_the_choice_is_asked(tmp_path: Path) -> None:
    runner = run_scenario(tmp_path, BOARD)
    said = told(runner, 1)
    camp = said.index("你的阵营转变为狼人阵营。")
    asked = next(i for i, text in enumerate(said) if "你可以发动：献祭选择" in text)
    made = next(i for i, text in enumerate(said) if text.startswith("你因<献祭选择>获得2号乙的身份技能"))
    assert camp < asked < made
    assert runner.game.st.seat(1).card.skills["献祭选择"].lost  # used, and gone
