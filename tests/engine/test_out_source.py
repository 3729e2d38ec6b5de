"""The source of an [亡语] card's out (engine/skill_uses.py, condition ``out_by_own_camp``) and the
refresh of a whole 实际身份 (effect ``refresh_skill: kit``), as 天命人 uses them."""

from __future__ import annotations

from pathlib import Path

from engine import cards, conditions, effects
from engine.game import Game
from engine.ruleset.model import Effect
from tests.engine.builders import played

BOARD = """ruleset: m216_mask
options: {自定板子: true}
players:
  - {name: 甲, role: 猎魔人}
  - {name: 乙, role: 女巫}
  - {name: 丙, role: 药剂师}
  - {name: 丁, role: 特工}
  - {name: 戊, role: 寂夜导师}
  - {name: 己, role: 白昼学者}
  - {name: 庚, role: 天命人}
script:
  - day: 2
"""
OWN = "out_by_own_camp"


def _play(tmp_path: Path, script: str) -> Game:
    return played(tmp_path, BOARD + script)


def test_an_out_by_a_source_of_its_own_camp_is_kept(tmp_path: Path) -> None:
    game = _play(tmp_path, "  - night: 2\n    acts:\n      - {by: 乙, skill: 毒药, targets: [庚]}\n")
    seat = game.st.seat(7)
    assert not seat.alive
    assert seat.card.out_source_camp == "村民阵营"
    assert conditions.holds({OWN: True}, seat, 7, game.st)
    assert not conditions.holds({OWN: False}, seat, 7, game.st)


def test_an_out_by_another_camp_is_not_its_own(tmp_path: Path) -> None:
    game = _play(tmp_path, "  - night: 2\n    acts:\n      - {by: 戊, skill: 杀人, targets: [庚]}\n")
    seat = game.st.seat(7)
    assert seat.card.out_source_camp == "狼人阵营"
    assert conditions.holds({OWN: False}, seat, 7, game.st)


def test_an_out_without_a_source_counts_as_another_camp(tmp_path: Path) -> None:
    game = _play(tmp_path, "  - day: 3\n    votes: {甲: 庚, 丙: 庚, 丁: 庚, 己: 庚}\n")
    seat = game.st.seat(7)
    assert not seat.alive
    assert seat.card.out_source_camp == ""
    assert conditions.holds({OWN: False}, seat, 7, game.st)


def test_the_source_is_kept_for_last_words_cards_only(tmp_path: Path) -> None:
    game = _play(tmp_path, "  - night: 2\n    acts:\n      - {by: 戊, skill: 杀人, targets: [丙]}\n")
    assert not game.st.seat(3).alive
    assert game.st.seat(3).card.out_source_camp == ""


def test_refresh_of_the_kit_restores_its_own_skills_but_the_refreshing_one(tmp_path: Path) -> None:
    game = _play(tmp_path, "  - night: 2\n    acts:\n      - {by: 甲, skill: 猎杀, targets: [丙]}\n")
    hunt = cards.find(game, game.st.seat(1), "猎杀")
    assert hunt is not None and hunt.state.uses == 0
    skill = game.rs.roles["猎魔人"].skills["猎杀"]
    effects.run(effects.Ctx(game, 1, skill=skill), (Effect("refresh_skill", "kit", to="self"),))
    assert hunt.state.uses == 0  # 猎杀 is the refreshing skill: left as it is
    effects.run(effects.Ctx(game, 1), (Effect("refresh_skill", "kit", to="self"),))
    assert hunt.state.uses == 3
