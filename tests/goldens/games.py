"""What the goldens digest: a scenario's dump, and a seeded random game played to its end."""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from engine import commands as c
from engine.autoplay import play
from engine.game import Game, check_start
from engine.ruleset.loader import load_ruleset
from engine.ruleset.model import Ruleset
from engine.scenario.runner import Runner
from engine.scenario.spec import read

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "tests" / "scenarios"
GAMES_PER_RULESET = {"secret_number": 200, "dual_identity": 200, "wuyu_town": 150}
T0 = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)


def _plain(value: object) -> object:
    """Sets in a stable order (their own order follows the process's string hashing)."""
    if isinstance(value, set | frozenset):
        return sorted(value, key=repr)
    return repr(value)


def digest(data: Any) -> str:
    text = json.dumps(data, ensure_ascii=False, sort_keys=True, default=_plain)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def scenario_digests() -> Iterator[tuple[str, str]]:
    for file in sorted(SCENARIOS.glob("*/*.yaml")):
        runner = Runner(read(str(file)))
        runner.run()
        yield str(file.relative_to(SCENARIOS)), digest({"dump": runner.dump(), "state": runner.game.fingerprint()})


def _start(rs: Ruleset, seed: int) -> c.Start:
    """A preset of the ruleset, or (where it has none) a random board of its roles."""
    rng = random.Random(seed)
    if rs.boards:
        template = rng.choice(sorted(rs.boards))
        players = len(rs.boards[template].cards) // rs.cards.per_seat
        return c.Start(at=T0, seed=seed, names=_names(players), template=template)
    usable = sorted(name for name, role in rs.roles.items() if not role.todo and role.dealt)
    wolf = next(name for name in usable if rs.roles[name].camp.startswith("狼"))
    while True:
        size = rng.randint(6, 14)
        board = (wolf,) * max(1, size // 4) + tuple(rng.choice(usable) for _ in range(size - max(1, size // 4)))
        first = c.Start(at=T0, seed=seed, names=_names(size), board=board)
        if check_start(rs, first) is None:
            return first


def _names(players: int) -> tuple[str, ...]:
    return tuple(f"角色{i}" for i in range(1, players + 1))


def game_digest(rs: Ruleset, seed: int) -> str:
    game = Game.start(rs, _start(rs, seed))
    messages = [m.as_dict() for m in game.out]
    for _, out in play(game, random.Random(seed)):
        messages.extend(m.as_dict() for m in out)
    return digest({"state": game.fingerprint(), "messages": messages})


def random_digests() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for ruleset_id, count in GAMES_PER_RULESET.items():
        rs = load_ruleset(ruleset_id)
        out[ruleset_id] = [game_digest(rs, seed) for seed in range(count)]
    return out
