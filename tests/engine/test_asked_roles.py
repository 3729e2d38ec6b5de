"""`choice_of: role` with the game condition `choice_dealt` (询问: 场上（开局身份表）是否有此身份牌, a 底牌 counting)
and the condition `out_today` (重定时间: 当天[正午]或[黄昏]阶段之中出局的角色)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import conditions, effects, legal
from engine.errors import Refusal
from tests.engine.builders import played

BOARD = """ruleset: genshin_165
seed: 7
options: {自定板子: true}
players:
  - {name: 甲, role: 上帝使徒}
  - {name: 乙, role: 药剂师}
  - {name: 丙, role: 变脸者}
  - {name: 丁, role: 灵鹿}
  - {name: 戊, role: 黑狼王}
  - {name: 己, role: 幼狼}
script:
  - day: 1
    votes: {甲: 乙, 丙: 乙, 丁: 乙, 戊: 乙, 己: 乙}
"""


def test_choice_dealt_reads_the_cards_and_the_faces(tmp_path: Path) -> None:
    game = played(tmp_path, BOARD)
    face = game.st.seat(3).faces[0]
    for choice, dealt in (("药剂师", True), ("黑狼王", True), (face, True), ("女巫", False)):
        ctx = effects.Ctx(game, actor=1, choice=choice)
        assert effects._game_condition(ctx, "choice_dealt") is dealt, choice
    ask = game.rs.roles["上帝使徒"].skills["询问"]
    words = legal.choice_words(game, game.st.seat(1), ask)
    assert "女巫" in words and "机械狼" in words and len(words) == sum(r.dealt for r in game.rs.roles.values())
    with pytest.raises(Refusal, match="询问需要选择"):
        legal.check_choice(game, game.st.seat(1), ask, "王子")


def test_out_today_is_an_out_of_this_game_day_only(tmp_path: Path) -> None:
    game = played(tmp_path, BOARD)
    st = game.st
    assert conditions.holds({"out_today": True}, st.seat(2), 1, st)
    assert not conditions.holds({"out_today": True}, st.seat(4), 1, st)  # in the game
    st.day += 1
    assert not conditions.holds({"out_today": True}, st.seat(2), 1, st)
