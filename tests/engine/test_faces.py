"""变脸 (engine/faces.py), on a 秘密数字杀 board whose 村民 is given 底牌 by hand: a card on top lends
its role's kit, fresh, until the next [黄昏] ends; it is the seat's 表面身份 and a taker's kit; each
card goes on top once, and a new card ends the former's skills. 变脸[开局][黄昏] sits in steps of
both sub-phases, no other."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from engine import appearance, cards, faces, kits, legal
from engine.errors import Refusal, RulesetError
from engine.game import Game
from engine.ruleset.loader import load_ruleset
from tests.engine.builders import m216_problems_with_entry, new_game

ROOT = Path(__file__).resolve().parents[2]

VILLAGER = 7
BOARD = ("狼人", "狼人", "预言家", "女巫", "守卫", "猎人", "村民", "村民", "长老", "丘比特")


def _game() -> Game:
    game = new_game(BOARD)
    game.st.seat(VILLAGER).faces = ["女巫", "守卫", "长老"]
    return game


def _names(game: Game, seat: int) -> set[str]:
    return {h.skill.name for h in cards.held(game, game.st.seat(seat)) if not h.state.lost}


def test_a_card_on_top_lends_its_kit_fresh_and_is_the_surface_role() -> None:
    game = _game()
    game.st.seat(4).card.skills["毒药"].uses = 0
    faces.put_on_top(game, VILLAGER, "女巫", "变脸")
    seat = game.st.seat(VILLAGER)
    assert {"通灵", "救药", "毒药"} <= _names(game, VILLAGER)
    assert seat.card.skills["毒药"].uses == 1 and seat.card.skills["毒药"].of_role == "女巫"
    assert appearance.seen(game, seat, "role") == "女巫" and seat.card.role == "村民"
    assert kits.kit_role(seat) == "女巫"
    told = [m for m in game.out if "置顶" in m.text]
    assert [m.to.seat for m in told] == [VILLAGER]


def test_each_card_goes_on_top_once_and_a_new_card_ends_the_former() -> None:
    game = _game()
    seat = game.st.seat(VILLAGER)
    faces.put_on_top(game, VILLAGER, "女巫", "变脸")
    assert faces.unused(seat) == ("守卫", "长老")
    faces.put_on_top(game, VILLAGER, "守卫", "变脸")
    assert "毒药" not in seat.card.skills and "守护之盾" in _names(game, VILLAGER)
    assert appearance.seen(game, seat, "role") == "守卫"
    faces.put_on_top(game, VILLAGER, "女巫", "变脸")  # used once already: nothing changes
    assert seat.face == "守卫" and "毒药" not in seat.card.skills


def test_the_skills_end_at_the_next_dusk_and_the_card_stays_on_top() -> None:
    game = _game()
    seat = game.st.seat(VILLAGER)
    faces.put_on_top(game, VILLAGER, "女巫", "变脸")
    faces.end_at_dusk(game)  # the 黄昏 it was put on top in: it lasts on
    assert "毒药" in seat.card.skills
    seat.face_on = "setup"  # put on top before this 黄昏
    faces.end_at_dusk(game)
    assert not {"通灵", "救药", "毒药"} & set(seat.card.skills)
    assert appearance.seen(game, seat, "role") == "女巫" and kits.kit_role(seat) == "女巫"
    assert any("置顶底牌女巫的技能已结束" in m.text and m.to.seat == VILLAGER for m in game.out)


def test_the_choice_is_an_unused_card_and_any_other_is_refused_with_the_cards() -> None:
    game = _game()
    seat = game.st.seat(VILLAGER)
    skill = game.rs.roles["女巫"].skills["毒药"]
    skill_of_faces = replace(skill, choice_of="faces")
    faces.put_on_top(game, VILLAGER, "女巫", "变脸")
    assert legal.choice_words(game, seat, skill_of_faces) == ("守卫", "长老")
    with pytest.raises(Refusal, match="守卫、长老"):
        legal.check_choice(game, seat, skill_of_faces, "女巫")


def test_an_opening_and_dusk_skill_sits_in_steps_of_both_but_no_other(tmp_path: Path) -> None:
    skill = load_ruleset(ROOT / "rulesets" / "m216_mask").roles["变脸者"].skills["变脸"]
    assert skill.tags >= {"开局", "黄昏"} and skill.timing == "night"  # a step skill, in 开局 and 黄昏2
    problems = m216_problems_with_entry(tmp_path, "变脸者<变脸>")
    assert any("有[开局][黄昏]标签，却在早夜的步骤 早夜2" in p for p in problems), problems


def test_an_opening_skill_of_the_day_is_still_two_timings(tmp_path: Path) -> None:
    ruleset = tmp_path / "m216_mask"
    shutil.copytree(ROOT / "rulesets" / "m216_mask", ruleset)
    path = ruleset / "roles_kits.yaml"
    text = path.read_text(encoding="utf-8")
    assert text.count("tags: [开局, 黄昏]") == 1
    path.write_text(text.replace("tags: [开局, 黄昏]", "tags: [开局, 正午]"), encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(ruleset)
    assert any("变脸者.变脸 同时有多个时段标签" in str(p) for p in caught.value.problems), caught.value.problems
