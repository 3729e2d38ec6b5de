"""Rebuilding a game from its command log: recovery, undo (撤销) and the replay checks."""

from __future__ import annotations

from engine import commands as c
from engine.game import Game
from engine.messages import Message
from engine.ruleset.model import Ruleset


def replay(rs: Ruleset, log: list[c.Command]) -> tuple[Game, list[Message]]:
    """Play the log from its ``Start``; returns the game and every message it produced."""
    if not log or not isinstance(log[0], c.Start):
        raise ValueError("a command log starts with Start")
    game = Game.start(rs, log[0])
    messages = list(game.out)
    for cmd in log[1:]:
        result = game.apply(cmd)
        if not result.accepted and not isinstance(cmd, c.Tick):
            raise ValueError(f"command {cmd.name} at {cmd.at} was refused on replay: {result.reply}")
        messages.extend(result.messages)
    return game, messages


def undo(rs: Ruleset, log: list[c.Command]) -> tuple[Game, list[c.Command], c.Command]:
    """The game as it was before the last player or director command (ticks after it go too)."""
    last = max((i for i, cmd in enumerate(log) if i and not isinstance(cmd, c.Tick)), default=None)
    if last is None:
        raise ValueError("nothing to undo")
    kept = log[:last]
    game, _ = replay(rs, kept)
    return game, kept, log[last]
