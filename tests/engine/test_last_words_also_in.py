"""``also_in``: an [亡语] skill its holder may use while still in as well (替罪羊<迷魂羊肉>: 而不论是否出局);
without it, a living holder is refused."""

from __future__ import annotations

import shutil
from pathlib import Path

from engine.ruleset.loader import load_ruleset
from tests.engine.builders import played

BOARD = """\
ruleset: genshin_165
options: {自定板子: true}
players:
  - {name: 甲, role: 替罪羊}
  - {name: 乙, role: 替罪羊}
  - {name: 丙, role: 猎人}
  - {name: 丁, role: 黑狼王}
  - {name: 戊, role: 骑士}
  - {name: 己, role: 幼狼}
script:
  - day: 1
    acts:
      - {by: 甲, skill: 替死}
      - {by: 乙, skill: 替死}
    votes: {丙: 丁, 戊: 丁}
    after:
      - {by: 乙, skill: 迷魂羊肉, targets: [丁]}
"""


def test_the_skill_reads_also_in() -> None:
    skill = load_ruleset("genshin_165").roles["替罪羊"].skills["迷魂羊肉"]
    assert skill.also_in and "亡语" in skill.tags


def test_a_living_holder_uses_it_in_the_same_step(tmp_path: Path) -> None:
    game = played(tmp_path, BOARD)
    assert game.st.seat(2).alive and not game.st.seat(1).alive
    assert game.st.seat(4).has_status("迷魂")


def test_without_also_in_a_living_holder_is_refused(tmp_path: Path) -> None:
    rs = tmp_path / "genshin_165"
    shutil.copytree(Path(__file__).resolve().parents[2] / "rulesets" / "genshin_165", rs)
    path = rs / "roles_seers_village.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("also_in: true", "also_in: false"), encoding="utf-8")
    text = BOARD.replace("ruleset: genshin_165", f"ruleset: {rs}").replace(
        "targets: [丁]}", "targets: [丁], rejected: 只能在出局后发动}"
    )
    game = played(tmp_path, text)
    assert not game.st.seat(4).has_status("迷魂")
