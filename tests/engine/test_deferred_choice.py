"""A deferred effect's ``if_choice`` is judged as the act resolves, not when the effect comes due: the
run that carries it out later has no choice of its own (机械重定时间: 是否开启明天进行2次投票)."""

from __future__ import annotations

import pytest

from engine import commands as c
from engine import effects
from engine.game import Game
from engine.ruleset.loader import load_ruleset
from engine.ruleset.model import Effect
from tests.engine.builders import NAMES, T0

BOARD = ("机械狼", "定序王子", "黑狼王", "幼狼", "女巫", "猎人", "守卫", "白痴", "预言家")


def _game() -> Game:
    start = c.Start(
        at=T0, seed=1, names=NAMES[: len(BOARD)], roles=tuple((r,) for r in BOARD), options=(("自定板子", True),)
    )
    return Game.start(load_ruleset("genshin_165"), start)


@pytest.mark.parametrize(("choice", "waits"), [("两次投票", True), ("一次投票", False), (None, False)])
def test_the_choice_decides_at_the_act_whether_the_effect_waits(choice: str | None, waits: bool) -> None:
    game = _game()
    vote = Effect("vote_again", True, to="self", delay="next_noon", if_choice=("两次投票",))
    effects.run(effects.Ctx(game, actor=1, choice=choice, rule="重定时间"), (vote,))
    assert [w[1].verb for w in game.st.deferred] == (["vote_again"] if waits else [])
    assert all(not w[1].if_choice for w in game.st.deferred)  # the later run needs no choice of its own


def test_a_deferred_effect_without_if_choice_waits_as_before() -> None:
    game = _game()
    note = Effect("announce", "测试", to="self", delay="next_noon")
    effects.run(effects.Ctx(game, actor=1, rule="测试"), (note,))
    assert [w[1] for w in game.st.deferred] == [note]
