"""Keys 双重人格 brought to the core: `faces.also` (一狼一神: a draw per camp), `faces.shows_camp` (the card
on top gives the 表面阵营 too), `put_face: {lend: false, other}` (置顶 without its skills, swapped each
黄昏), and a `step_open` trigger held back by its `only_if` (主人格)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import appearance, faces
from engine.errors import RulesetError
from engine.ruleset.loader import load_ruleset
from tests.engine.builders import genshin_with, played

BOARD = """ruleset: genshin_165
seed: {seed}
options: {{自定板子: true}}
players:
  - {{name: 甲, role: 双重人格}}
  - {{name: 乙, role: 黑狼王}}
  - {{name: 丙, role: 幼狼}}
  - {{name: 丁, role: 圣女}}
  - {{name: 戊, role: 药剂师}}
  - {{name: 己, role: 乌鸦}}
  - {{name: 庚, role: 隐者}}
  - {{name: 辛, role: 锈剑骑士}}
script:
  - day: 1
"""


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_one_wolf_and_one_god_nobody_was_dealt(tmp_path: Path, seed: int) -> None:
    game = played(tmp_path, BOARD.format(seed=seed))
    rs, seat = game.rs, game.st.seat(1)
    dealt = {s.card.role for s in game.st.seats}
    wolf, god = seat.faces
    assert rs.roles[wolf].camp == "狼人阵营" and rs.roles[god].camp == "村民阵营"
    assert rs.roles[god].pool != "验人系" and not {wolf, god} & dealt


def test_the_card_on_top_gives_the_surface_camp_and_role_but_no_skill(tmp_path: Path) -> None:
    game = played(tmp_path, BOARD.format(seed=7))
    seat = game.st.seat(1)
    assert seat.face in seat.faces and seat.face_skills == []
    assert set(seat.card.skills) == {"双重人格", "主人格"}
    assert appearance.seen(game, seat, "role") == seat.face
    assert appearance.seen(game, seat, "camp") == game.rs.roles[seat.face].camp
    assert seat.camp == "不定阵营"


def test_other_puts_the_card_not_on_top_as_often_as_asked(tmp_path: Path) -> None:
    game = played(tmp_path, BOARD.format(seed=7))
    seat = game.st.seat(1)
    first, second = seat.face, next(f for f in seat.faces if f != seat.face)
    faces.show_on_top(game, 1, first, True, "测试")
    assert seat.face == second
    faces.show_on_top(game, 1, "", True, "测试")
    assert seat.face == first and seat.faces_used == []
    faces.show_on_top(game, 1, "村民", False, "测试")  # not one of its 底牌: nothing changes
    assert seat.face == first


def test_the_master_waits_for_its_condition(tmp_path: Path) -> None:
    game = played(tmp_path, BOARD.format(seed=7).replace("  - day: 1\n", "  - day: 1\n  - night: 1\n"))
    assert "双重人格" in game.st.seat(1).card.skills and game.st.seat(1).camp == "不定阵营"


@pytest.mark.parametrize(
    ("faces_line", "problem"),
    [
        ("{count: 1, camp: 狼人阵营, also: {count: 1}}", "faces.also 应为列表"),
        ("{count: 1, also: [{count: 0}]}", "正整数"),
        ("{count: 1, also: [{colour: 红}]}", "colour"),
        ("{count: 1, shows_camp: 是}", "shows_camp"),
    ],
)
def test_bad_faces_are_refused(tmp_path: Path, faces_line: str, problem: str) -> None:
    block = f"  双重人格:\n    camp: 不定阵营\n    pool: 不定\n    faces: {faces_line}\n"
    rules = genshin_with(tmp_path, "roles_uncertain.yaml", "双重人格", block)
    with pytest.raises(RulesetError, match=problem):
        load_ruleset(rules)
