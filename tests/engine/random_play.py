"""A random game with garbage mixed in, checked as it goes: every refusal says why and changes
nothing; at the end, replaying the accepted log reproduces the state and every message."""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable

from engine import commands as c
from engine.autoplay import moves
from engine.game import Game
from engine.replay import replay
from engine.ruleset.model import Ruleset

Garbage = Callable[[Game, random.Random], c.Command]


def play_and_check(rs: Ruleset, first: c.Start, garbage: Garbage, garbage_rate: float, steps: int) -> Game:
    """Play from `first` for at most `steps` commands; assert the properties; return the game."""
    game = Game.start(rs, first)
    rng = random.Random(first.seed)
    log: list[c.Command] = [first]
    messages = list(game.out)
    for _ in range(steps):
        if game.st.phase == "over":
            break
        options = moves(game, game.st.clock.real(game.st.now), rng)
        roll = rng.random()
        if roll < garbage_rate:
            cmd = garbage(game, rng)
        elif options and roll < 0.85:
            cmd = rng.choice(options)
        else:
            deadline = game.next_deadline()
            if deadline is None:
                break
            cmd = c.Tick(at=deadline)
        before = pickle.dumps(game.fingerprint())
        result = game.apply(cmd)
        if result.accepted:
            log.append(cmd)
            messages.extend(result.messages)
        else:
            assert result.reply, "a refusal always says why"
            assert pickle.dumps(game.fingerprint()) == before, f"refused {cmd} changed the state"
    again, replayed = replay(rs, log)
    assert pickle.dumps(again.fingerprint()) == pickle.dumps(game.fingerprint())
    assert replayed == messages
    return game
