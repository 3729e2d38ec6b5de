"""attach's ``learned`` (engine/kits.py): 机械狼<鬼情> — once the learner and his 宁采臣 are both out, the kit
he takes is the 学习表's row of 宁采臣's role (机械狼<决斗>, not 骑士's), fresh and usable out; without
``learned`` (聂小倩's own <鬼情>) it is the role's own kit."""

from __future__ import annotations

from pathlib import Path

from tests.engine.builders import run_scenario

SCENARIO = Path("tests/scenarios/genshin_165/机械狼_学习聂小倩.yaml")


def test_the_learned_version_of_the_chosen_seats_kit_comes_once_both_are_out(tmp_path: Path) -> None:
    runner = run_scenario(tmp_path, SCENARIO.read_text(encoding="utf-8"))
    duel = runner.game.st.seat(1).card.skills["决斗"]
    assert duel.of_role == "机械狼" and duel.when_out and not duel.lost
    assert runner.game.st.seat(1).camp == "村民阵营"


def test_without_learned_the_chosen_seats_own_kit_comes(tmp_path: Path) -> None:
    text = SCENARIO.read_text(encoding="utf-8").replace("{name: 甲, role: 机械狼}", "{name: 甲, role: 聂小倩}")
    text = text.replace("      - {by: 甲, skill: 学习, targets: [乙]}\n", "")
    text = text.replace(
        "  - setup: true\n    acts:\n", "  - setup: true\n    acts:\n      - {by: 甲, skill: 鬼情, targets: [丙]}\n"
    )
    text = text[: text.index("  - day: 1")] + "  - night: 1\n    acts:\n      - {by: 丁, skill: 杀人, targets: [丙]}\n"
    text += "  - day: 2\n    votes: {乙: 甲, 丁: 甲, 己: 甲, 庚: 甲, 辛: 甲, 壬: 甲}\n"
    runner = run_scenario(tmp_path, text)
    duel = runner.game.st.seat(1).card.skills["决斗"]
    assert duel.of_role == "骑士" and duel.when_out
