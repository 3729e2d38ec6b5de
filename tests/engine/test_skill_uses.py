"""Skill state (engine/skill_uses.py): [迅捷] uses past the cool-down, [亡语]'s window, counts that
effects change (an extra cost, below zero, +1, 刷新至初始), a skill chosen by its holder, the check of
a skill placed in two sub-phases."""

from __future__ import annotations

from pathlib import Path

from engine import cards, conditions, legal, skill_uses, using
from engine.game import Game
from tests.engine.builders import m216_problems_with_entry, played

ROOT = Path(__file__).resolve().parents[2]
BOARD = """ruleset: m216_mask
options: {自定板子: true}
players:
  - {name: 甲, role: 猎魔人}
  - {name: 乙, role: 觉醒狼王}
  - {name: 丙, role: 药剂师}
  - {name: 丁, role: 特工}
  - {name: 戊, role: 寂夜导师}
  - {name: 己, role: 白昼学者}
script:
"""


def _play(tmp_path: Path, script: str) -> Game:
    return played(tmp_path, BOARD + script)


def _held(game: Game, no: int, name: str) -> cards.Held:
    held = cards.find(game, game.st.seat(no), name)
    assert held is not None
    return held


def test_last_words_skill_is_refused_while_its_card_is_in(tmp_path: Path) -> None:
    game = _play(tmp_path, "  - night: 1\n")
    revenge = _held(game, 2, "报复")
    assert legal.unavailable(game, game.st.seat(2), revenge.skill) == "报复为[亡语]技能，只能在出局后发动"


def test_last_words_window_closes_with_the_first_step_after_the_out(tmp_path: Path) -> None:
    game = _play(tmp_path, "  - night: 2\n    acts:\n      - {by: 甲, skill: 猎杀, targets: [乙]}\n")
    seat = game.st.seat(2)
    revenge = _held(game, 2, "报复")
    assert not seat.alive
    assert revenge.state.last_step.startswith("night:2/")  # 晨曦1 of the night he went out
    assert not skill_uses.last_words_open(game, seat, revenge)
    assert "出局后的下一个可发动时段已经结束" in (legal.unavailable(game, seat, revenge.skill) or "")


def test_out_kind_is_kept_for_last_words_cards_only(tmp_path: Path) -> None:
    game = _play(tmp_path, "  - night: 2\n    acts:\n      - {by: 甲, skill: 猎杀, targets: [乙]}\n")
    wolf = game.st.seat(2)
    assert wolf.card.out_kind == "穿透"
    assert conditions.holds({"out_by": ["穿透"]}, wolf, 2, game.st)
    assert not conditions.holds({"out_by": ["特攻", "暴击"]}, wolf, 2, game.st)


def test_a_count_may_go_below_zero_and_is_read_by_uses(tmp_path: Path) -> None:
    game = _play(tmp_path, "  - night: 1\n")
    hunter = game.st.seat(1)
    skill_uses.add_uses(game, 1, "猎杀", -4, "测试")
    assert _held(game, 1, "猎杀").state.uses == -1
    assert conditions.holds({"uses": {"猎杀": {"at_most": -1}}}, hunter, 1, game.st)
    assert not conditions.holds({"uses": {"猎杀": {"at_least": 0}}}, hunter, 1, game.st)
    assert legal.not_held(game, hunter, _held(game, 1, "猎杀").skill) == "猎杀的次数已用完"


def test_added_uses_give_a_missing_skill_with_that_count(tmp_path: Path) -> None:
    game = _play(tmp_path, "  - night: 1\n")
    skill_uses.add_uses(game, 5, "报复", 1, "亲传")
    assert _held(game, 5, "报复").state.uses == 1
    skill_uses.add_uses(game, 5, "时波增幅", 0, "测试")  # no change, no error
    assert _held(game, 5, "时波增幅").state.uses == 1


def test_refresh_restores_the_initial_count_and_readiness(tmp_path: Path) -> None:
    game = _play(tmp_path, "  - night: 2\n    acts:\n      - {by: 甲, skill: 猎杀, targets: [丙]}\n")
    hunt = _held(game, 1, "猎杀")
    assert hunt.state.uses == 0
    skill_uses.refresh(game, 1, "猎杀", "刷新至初始")
    assert hunt.state.uses == 3
    assert hunt.state.used_on == ""


def test_a_given_swift_lasts_its_night_only(tmp_path: Path) -> None:
    game = _play(tmp_path, "  - night: 1\n")
    st = game.st
    skill_uses.boost(game, 3, "迷魂药", 1, "时波增幅")
    potion = _held(game, 3, "迷魂药")
    assert potion.state.swift == 1
    assert potion.state.swift_night == st.day
    assert skill_uses.swift_left(game, potion) == (1 if st.phase == "night" else 0)
    potion.state.swift_night = st.day - 1  # a boost of an earlier night
    assert skill_uses.swift_left(game, potion) == 0


def test_a_bare_swift_has_no_count(tmp_path: Path) -> None:
    game = _play(tmp_path, "  - night: 1\n")
    assert skill_uses.swift_left(game, _held(game, 2, "报复")) is None
    assert skill_uses.swift_left(game, _held(game, 1, "猎杀")) == 0


def test_counted_skills_are_the_ones_with_a_count(tmp_path: Path) -> None:
    game = _play(tmp_path, "  - night: 1\n")
    assert skill_uses.counted(game, game.st.seat(1)) == ["猎杀"]
    assert skill_uses.counted(game, game.st.seat(4)) == ["伏击"]
    assert conditions.holds({"counted_skill": True}, game.st.seat(1), 1, game.st)


def test_restoring_a_seat_without_a_counted_skill_gives_the_user_a_potion(tmp_path: Path) -> None:
    game = _play(tmp_path, "  - night: 1\n")
    _held(game, 1, "猎杀").state.lost = True  # 猎魔人 keeps only 宿命, which has no count
    before = len(game.out)
    using.use(game, game.st.seat(3), _held(game, 3, "回复药"), [1], None)
    assert _held(game, 3, "迷魂药").state.uses == 2
    assert cards.find(game, game.st.seat(1), "选择回复") is None
    told = [m.text for m in game.out[before:]]
    assert any("你的<迷魂药>次数+1" in text for text in told), told


def test_restoring_a_seat_with_a_counted_skill_lets_it_choose(tmp_path: Path) -> None:
    game = _play(tmp_path, "  - night: 1\n")
    using.use(game, game.st.seat(3), _held(game, 3, "回复药"), [1], None)
    assert _held(game, 3, "迷魂药").state.uses == 1
    choose = _held(game, 1, "选择回复")
    assert legal.choice_words(game, game.st.seat(1), choose.skill) == ("猎杀",)


def test_lifted_exclusion_holds_for_its_night_only(tmp_path: Path) -> None:
    game = _play(tmp_path, "  - night: 1\n")
    boost = _held(game, 6, "时波增幅")
    assert skill_uses.excluded(game, boost)
    boost.state.unexcluded_night = game.st.day
    assert skill_uses.excluded(game, boost)  # by day the tag holds again
    assert not skill_uses.excluded(game, _held(game, 3, "迷魂药"))


ONE_SHOT = """roles:
  守夜人:
    camp: 村民阵营
    skills:
      反击:
        text: 反击[强制][限定]——[触发]：成为其他角色技能的结算目标时，通知技能来源。
        tags: [强制, 限定]
        trigger: {on: targeted}
        effects:
          - notify: 你被反击了。
"""


def test_a_forced_one_shot_trigger_fires_once(tmp_path: Path) -> None:
    problems = m216_problems_with_entry(tmp_path, "觉醒狼王<报复>")
    assert any("有[晨曦][黄昏]标签，却在早夜的步骤 早夜2" in p for p in problems), problems


def test_a_count_at_zero_grows_back_into_use(tmp_path: Path) -> None:
    game = _play(tmp_path, "  - night: 1\n")
    hunter, hunt = game.st.seat(1), _held(game, 1, "猎杀")
    hunt.state.uses = 0  # [0：…]: a count that starts empty
    assert legal.not_held(game, hunter, hunt.skill) == "猎杀的次数已用完"
    skill_uses.add_uses(game, 1, "猎杀", 2, "测试")
    assert hunt.state.uses == 2
    assert legal.not_held(game, hunter, hunt.skill) is None
