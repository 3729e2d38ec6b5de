"""Keys 祭品<献祭唤醒> brought to the core: `set_camp: {most_out}` (变更为已出局百分比较多的阵营, in
engine/change.py) and `take_kit: {from: random, among, tags}` (从对应阵营的已出局的角色随机选择一个…也会获得该标签)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import change
from engine.errors import RulesetError
from engine.game import Game
from engine.ruleset.loader import load_ruleset
from tests.engine.builders import genshin_with, played

BOARD = """ruleset: genshin_165
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
  - night: 1
"""
CAMPS = ["村民阵营", "狼人阵营"]


def _out(game: Game, *seats: int) -> None:
    for no in seats:
        game.st.seat(no).alive = False


def test_the_camp_with_the_larger_share_of_its_dealt_seats_out(tmp_path: Path) -> None:
    game = played(tmp_path, BOARD)
    assert change.most_out(game, CAMPS) in CAMPS  # nobody out: a tie, drawn
    _out(game, 4, 5)  # 2 of 5 村民
    assert change.most_out(game, CAMPS) == "村民阵营"
    _out(game, 2)  # 1 of 2 狼人: 50% > 40%
    assert change.most_out(game, CAMPS) == "狼人阵营"


def test_the_share_counts_the_camp_now_of_the_out_seats(tmp_path: Path) -> None:
    game = played(tmp_path, BOARD)
    _out(game, 2, 4)  # 1/2 狼人, 1/5 村民 …
    game.st.seat(2).camp = "村民阵营"  # … but 乙 went out of the 村民阵营: 2/5 against 0/2
    assert change.most_out(game, CAMPS) == "村民阵营"


def test_a_tie_is_drawn_from_the_seed(tmp_path: Path) -> None:
    picks = set()
    for seed in range(8):
        game = played(tmp_path, BOARD.replace("ruleset: genshin_165\n", f"ruleset: genshin_165\nseed: {seed}\n"))
        picks.add(change.most_out(game, CAMPS))
    assert picks == set(CAMPS)


def test_take_kit_from_a_drawn_seat_gives_its_named_tags(tmp_path: Path) -> None:
    script = (
        "  - day: 1\n    votes: {己: 乙, 庚: 乙, 辛: 乙, 甲: 乙}\n  - night: 1\n    acts:\n"
        "      - {by: 丙, skill: 杀人, targets: [丁]}\n  - day: 2\n    after:\n"
        "      - {by: 甲, skill: 献祭选择, targets: []}\n"
    )
    game = played(tmp_path, BOARD.split("script:\n")[0] + "script:\n" + script)
    seat = game.st.seat(1)
    assert seat.camp == "狼人阵营"
    assert "群内" in seat.card.tags and "冲锋" in seat.card.skills


@pytest.mark.parametrize(
    ("arg", "problem"),
    [("{from: first}", "take_kit.from"), ("{from: random, among: {colour: red}}", "colour"), ("{way: 1}", "way")],
)
def test_bad_take_kit_arguments_are_refused(tmp_path: Path, arg: str, problem: str) -> None:
    block = (
        "  祭品:\n    camp: 不定阵营\n    pool: 不定\n    skills:\n      献祭唤醒:\n        text: 测试\n"
        f"        tags: [黄昏, 强制]\n        effects:\n          - {{take_kit: {arg}, to: self}}\n"
    )
    rules = genshin_with(tmp_path, "roles_uncertain.yaml", "祭品", block)
    with pytest.raises(RulesetError, match=problem):
        load_ruleset(rules)
