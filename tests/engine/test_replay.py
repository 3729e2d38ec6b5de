"""Replay and undo: the command log is the game."""

from __future__ import annotations

import pickle
import random

from engine import commands as c
from engine.autoplay import play
from engine.replay import replay, undo
from tests.engine.builders import BOARD, NAMES, T0, secret_number


def start(seed: int) -> c.Start:
    board = (*BOARD, "丘比特", "吹笛者")
    names = (*NAMES, "子", "丑")
    return c.Start(at=T0, seed=seed, names=names, board=board)


def played(seed: int) -> tuple[list[c.Command], list[bytes], list[object]]:
    from engine.game import Game

    rs = secret_number()
    first = start(seed)
    game = Game.start(rs, first)
    log: list[c.Command] = [first]
    states = [pickle.dumps(game.fingerprint())]
    messages: list[object] = list(game.out)
    for cmd, out in play(game, random.Random(seed)):
        log.append(cmd)
        states.append(pickle.dumps(game.fingerprint()))
        messages.extend(out)
    return log, states, messages


def test_replay_reproduces_state_and_messages() -> None:
    log, states, messages = played(5)
    game, replayed = replay(secret_number(), log)
    assert pickle.dumps(game.fingerprint()) == states[-1]
    assert replayed == messages
    assert game.st.phase == "over"


def test_commands_survive_the_store_round_trip() -> None:
    log, states, _ = played(8)
    stored = [c.from_dict(cmd.as_dict()) for cmd in log]
    assert stored == log
    game, _ = replay(secret_number(), stored)
    assert pickle.dumps(game.fingerprint()) == states[-1]


def test_undo_gives_exactly_the_earlier_state() -> None:
    log, states, _ = played(13)
    for cut in (len(log) // 3, len(log) // 2, len(log) - 1):
        prefix = log[: cut + 1]
        while isinstance(prefix[-1], c.Tick):
            prefix.pop()
        game, kept, undone = undo(secret_number(), prefix)
        assert undone == prefix[-1]
        assert pickle.dumps(game.fingerprint()) == states[len(kept) - 1]
