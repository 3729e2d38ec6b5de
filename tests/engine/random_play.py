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


def next_command(game: Game, rng: random.Random, garbage: Garbage, garbage_rate: float) -> c.Command | None:
    """Garbage now and then, else a random legal move, else the next deadline; None: nothing left."""
    if game.st.phase == "over":
        return None
    options = moves(game, game.st.clock.real(game.st.now), rng)
    roll = rng.random()
    if roll < garbage_rate:
        return garbage(game, rng)
    if options and roll < 0.85:
        return rng.choice(options)
    deadline = game.next_deadline()
    return None if deadline is None else c.Tick(at=deadline)


def play_and_check(rs: Ruleset, first: c.Start, garbage: Garbage, garbage_rate: float, steps: int) -> Game:
    """Play from `first` for at most `steps` commands; assert the properties; return the game."""
    game = Game.start(rs, first)
    rng = random.Random(first.seed)
    log: list[c.Command] = [first]
    messages = list(game.out)
    for _ in range(steps):
        cmd = next_command(game, rng, garbage, garbage_rate)
        if cmd is None:
            break
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


def garbage(game: Game, rng: random.Random) -> c.Command:
    """A command anyone might send: any seat number (0 and one past the last too), any skill of the
    ruleset or none of it, votes, advances and rulings, for the game's ruleset."""
    now = game.st.clock.real(game.st.now)
    n = len(game.st.seats)
    skills = [name for role in game.rs.roles.values() for name in role.skills] + ["杀人", "飞天"]
    return rng.choice(
        [
            c.Act(
                at=now,
                seat=rng.randint(0, n + 1),
                skill=rng.choice(skills),
                targets=tuple(rng.randint(0, n + 1) for _ in range(rng.randint(0, 3))),
            ),
            c.Pass(at=now, seat=rng.randint(0, n + 1)),
            c.CastVote(at=now, seat=rng.randint(0, n + 1), target=rng.randint(0, n + 1)),
            c.Advance(at=now),
            c.Ruling(at=now, what=rng.choice(["kill", "revive", "bogus"]), seat=rng.randint(0, n + 1)),
        ]
    )
