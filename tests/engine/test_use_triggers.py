"""Triggers on a holder's own use of a skill (engine/use_triggers.py), on M216's 圣光骑士<光耀加身>:
``sparing`` keeps the holder in against its own 决斗 alone and hands it the target's kit;
``used`` fires once the 决斗 and the outs it set off have resolved, and only while its skill is held;
the effects ``take_kit`` and ``reveal: false`` (重新盖伏)."""

from __future__ import annotations

from engine import cards, effects, flow, queue
from engine.game import Game
from engine.ruleset.loader import load_ruleset
from tests.engine.builders import act, own_board, run_to

BOARD = ("圣光骑士", "女巫", "乌鸦", "潜行者", "黑武士", "官员", "狼巫", "狼巫")
KNIGHT, WITCH, BLACK = 1, 2, 5


def _game() -> Game:
    return own_board(load_ruleset("m216_mask"), BOARD)


def _holds(game: Game, seat: int, name: str) -> bool:
    held = cards.find(game, game.st.seat(seat), name)
    return held is not None and not held.state.lost


def _duel(game: Game, target: int) -> Game:
    run_to(game, "day", 2)
    result = act(game, KNIGHT, "决斗", target, minutes=60)
    assert result.accepted, result.reply
    return game


def test_an_own_duel_that_would_put_the_holder_out_spares_it_and_hands_it_the_targets_kit() -> None:
    game = _duel(_game(), WITCH)
    knight = game.st.seat(KNIGHT)
    assert knight.alive and not knight.card.out
    assert all(_holds(game, KNIGHT, name) for name in ("灵通", "救药", "毒药"))
    assert game.st.seat(KNIGHT).card.skills["毒药"].uses == 1
    assert not _holds(game, KNIGHT, "光耀加身")
    assert knight.card.revealed  # the other branch (重新盖伏) did not run: its skill is lost
    assert _holds(game, WITCH, "毒药")  # 获取, not 移交: the target keeps its own


def test_a_duel_that_does_not_put_the_holder_out_turns_its_card_face_down_after_the_out_it_caused() -> None:
    game = _duel(_game(), BLACK)
    assert not game.st.seat(BLACK).alive
    assert not game.st.seat(KNIGHT).card.revealed and _holds(game, KNIGHT, "光耀加身")
    texts = [e.text for e in game.st.log]
    out = next(i for i, t in enumerate(texts) if "5号" in t and "出局" in t)
    face_down = next(i for i, t in enumerate(texts) if "重新盖伏" in t)
    assert out < face_down


def test_only_the_holders_own_use_of_the_named_skill_is_spared() -> None:
    game = _game()
    run_to(game, "day", 2)
    game.st.seat(KNIGHT).card.skills["决斗"].last_targets = (WITCH,)
    game.st.work.append(queue.Out(KNIGHT, "决斗", "穿透", BLACK))  # another seat's 决斗
    flow.run(game)
    assert not game.st.seat(KNIGHT).alive
    game = _game()
    run_to(game, "day", 2)
    game.st.work.append(queue.Out(KNIGHT, "毒药", "特攻", KNIGHT))  # its own use of another skill
    flow.run(game)
    assert not game.st.seat(KNIGHT).alive


def test_reveal_false_turns_a_card_face_down_and_take_kit_needs_a_target() -> None:
    game = _game()
    card = game.st.seat(KNIGHT).card
    card.revealed = True
    skill = game.rs.roles["圣光骑士"].skills["光耀加身"]
    used = next(t for t in skill.triggers if t.on == "used")
    sparing = next(t for t in skill.triggers if t.on == "sparing")
    assert used.effects is not None and sparing.effects is not None
    effects.run(effects.Ctx(game, actor=KNIGHT, skill=skill), used.effects)
    assert not card.revealed
    effects.run(effects.Ctx(game, actor=KNIGHT, skill=skill), sparing.effects[1:2])  # take_kit, no 结算目标
    assert not _holds(game, KNIGHT, "毒药")
