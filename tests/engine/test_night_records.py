"""What a night's records give: first_attacker (黑蝙蝠<反弹>) and first_toucher (恶灵骑士<邪恶>), the one seat
named, read with the acting seat — the source of the first attack of some kinds on a seat, or the user of
the first skill that reached the acting seat by an order (能造成伤害的技能＞验人系技能＞其他), then by use;
feedback_acts all (烤乳猪), every act of the night without its user."""

from __future__ import annotations

from pathlib import Path

from engine import conditions
from engine.state import Attack
from tests.engine.builders import run_scenario, told

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


TOUCHER = {"first_toucher": {"by": {"camp": "村民阵营"}, "order": ["damage", "验人系"]}}


def test_first_toucher_goes_by_the_order_then_by_use(tmp_path: Path) -> None:
    st = run_scenario(tmp_path, BOARD).game.st
    # (target, user, deals damage, pool): 丁's plain skill first, 丙's check, 乙 (a wolf) strikes, 戊 strikes
    st.touches = [(1, 4, False, "其余身份"), (1, 3, False, "验人系"), (1, 2, True, "狼人"), (1, 5, True, "其余身份")]
    assert [s.no for s in st.seats if conditions.holds(TOUCHER, s, 1, st)] == [5]
    st.touches = st.touches[:2]
    assert [s.no for s in st.seats if conditions.holds(TOUCHER, s, 1, st)] == [3]
    st.touches = [(6, 4, True, "其余身份")]  # another seat touched: nothing for seat 1
    assert not any(conditions.holds(TOUCHER, s, 1, st) for s in st.seats)


def test_feedback_acts_all_lists_every_act_without_its_user(tmp_path: Path) -> None:
    scenario = Path(__file__).resolve().parents[2] / "tests/scenarios/genshin_165/养殖者_烤乳猪_喂食.yaml"
    runner = run_scenario(tmp_path, scenario.read_text(encoding="utf-8"))
    lines = [t for t in told(runner, 1) if t.startswith("当天夜晚所有技能的发动情况")]
    assert lines == ["当天夜晚所有技能的发动情况：<杀人>（对5号戊）、<预言>（对2号乙）、<灵通>。"]  # [强制] too
