"""first_attacker (黑蝙蝠<反弹>: 第一个对自己发动的[庇护]结算目标实行[指杀][穿透]的角色): only the source of
tonight's first attack of the kinds on a seat meeting `on`, read with the acting seat."""

from __future__ import annotations

from pathlib import Path

from engine import conditions
from engine.state import Attack
from tests.engine.builders import run_scenario

BOARD = """\
ruleset: genshin_165
seed: 1
options: {自定板子: true}
players:
  - {name: 甲, role: 黑蝙蝠}
  - {name: 乙, role: 幼狼}
  - {name: 丙, role: 猎魔人}
  - {name: 丁, role: 女巫}
  - {name: 戊, role: 白痴}
  - {name: 己, role: 猎人}
script:
  - day: 1
"""
FIRST = {"first_attacker": {"on": {"status": "坚韧"}, "kinds": ["指杀", "穿透"]}}


def test_the_first_attack_of_the_kinds_on_such_a_seat_names_its_source(tmp_path: Path) -> None:
    game = run_scenario(tmp_path, BOARD).game
    st = game.st
    game.grant_status(4, "坚韧", source=1, until="night_end", uses=None, rule="test")
    st.attacks = [Attack(5, "指杀", 2), Attack(4, "致死伤害", 6), Attack(4, "穿透", 3), Attack(4, "指杀", 2)]
    assert [s.no for s in st.seats if conditions.holds(FIRST, s, 1, st)] == [3]


def test_none_without_such_an_attack(tmp_path: Path) -> None:
    st = run_scenario(tmp_path, BOARD).game.st
    st.attacks = [Attack(5, "指杀", 2)]
    assert not any(conditions.holds(FIRST, s, 1, st) for s in st.seats)
