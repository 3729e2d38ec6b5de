"""Random full games with garbage mixed in, every message, reply and view audited as it goes
(tests/engine/audit.py): a leak is collected with the command that caused it."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from engine import commands as c
from engine import reports
from engine.game import Game
from engine.messages import seat as to_seat
from engine.ruleset.model import Ruleset
from tests.engine.audit import Leak, leaks, message_leaks
from tests.engine.random_play import Garbage, next_command


@dataclass
class Audited:
    game: Game
    found: list[tuple[str, Leak]] = field(default_factory=list)
    messages: int = 0
    commands: int = 0


def audited_game(rs: Ruleset, first: c.Start, garbage: Garbage, garbage_rate: float, steps: int) -> Audited:
    game = Game.start(rs, first)
    run = Audited(game)
    _check(run, "开局", game.out)
    rng = random.Random(first.seed * 7919 + 1)
    for _ in range(steps):
        cmd = next_command(game, rng, garbage, garbage_rate)
        if cmd is None:
            break
        result = game.apply(cmd)
        run.commands += 1
        _check(run, repr(cmd), result.messages)
        sender = getattr(cmd, "seat", 0)
        if result.reply and 1 <= sender <= len(game.st.seats):
            named = tuple(getattr(cmd, "targets", ()))
            _found(run, repr(cmd), leaks(game, to_seat(sender), result.reply, "reply", named))
        if rng.random() < 0.2:  # 身份 at a random moment, for a random seat
            no = rng.randint(1, len(game.st.seats))
            _found(run, f"身份 of {no}", leaks(game, to_seat(no), reports.seat_view(game, no), "identity"))
    return run


def _check(run: Audited, cause: str, messages: list) -> None:  # type: ignore[type-arg]
    for message in messages:
        run.messages += 1
        _found(run, cause, message_leaks(run.game, message))


def _found(run: Audited, cause: str, found: list[Leak]) -> None:
    run.found.extend((cause, leak) for leak in found)
