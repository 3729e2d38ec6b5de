"""``roll`` (engine/dice.py): a die cast from the game's seed into the acting card's counter, a face
won before turning into its ``once`` face; ``steadfast``: no status stops the skill, nothing takes it."""

from __future__ import annotations

from pathlib import Path

from engine.scenario.runner import Runner
from tests.engine.builders import run_scenario

BOARD = """\
ruleset: genshin_165
seed: {seed}
options: {{自定板子: true}}
players:
  - {{name: 甲, role: 赌徒}}
  - {{name: 乙, role: 黑狼王}}
  - {{name: 丙, role: 幼狼}}
  - {{name: 丁, role: 女巫}}
  - {{name: 戊, role: 白痴}}
  - {{name: 己, role: 猎人}}
  - {{name: 庚, role: 守卫}}
script:
"""


def gamble(tmp_path: Path, seed: int, nights: int) -> Runner:
    script = "".join(f"  - night: {n}\n    acts:\n      - {{by: 甲, skill: 赌博}}\n" for n in range(1, nights + 1))
    return run_scenario(tmp_path, BOARD.format(seed=seed) + script)


def rolls(runner: Runner) -> list[str]:
    return [str(e["text"]).split("掷出")[1] for e in runner.dump()["log"] if e["kind"] == "dice"]


def test_the_die_is_the_seeds_and_the_same_seed_casts_the_same(tmp_path: Path) -> None:
    first = rolls(gamble(tmp_path, 13, 4))
    assert first == rolls(gamble(tmp_path, 13, 4))
    assert len(first) == 4 and all(r[0] in "123456" for r in first)
    assert any(rolls(gamble(tmp_path, seed, 4)) != first for seed in (1, 2, 3))


def test_a_face_of_once_won_before_gives_its_mapped_face(tmp_path: Path) -> None:
    for seed in range(1, 30):
        card = gamble(tmp_path, seed, 4).game.st.seat(1).card
        for face in (2, 3, 4, 5):  # won at most once: later it gives 1 (2, 3) or 6 (4, 5)
            assert card.counters.get(f"骰子{face}", 0) <= 1, (seed, face)
        assert sum(v for k, v in card.counters.items() if k != "骰子") == 4
        assert 1 <= card.counters["骰子"] <= 6


def test_a_steadfast_skill_is_not_lost_with_the_others(tmp_path: Path) -> None:
    runner = gamble(tmp_path, 13, 1)
    game = runner.game
    game.lose_skills(1, None, "测试")
    skills = game.st.seat(1).card.skills
    assert not skills["赌博"].lost
    assert skills["通灵"].lost
