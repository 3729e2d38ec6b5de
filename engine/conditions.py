"""Selectors and conditions: which seats a rule speaks of, and whether a rule holds.

A condition is a mapping; every key must hold for the seat:

    camp: 狼人阵营 | [..]     actual camp is one of these
    role: 村民 | [..]         the current card is one of these roles
    status: 被吹笛 | [..]     holds one of these statuses
    team: 情侣               is a member of that team
    alive: true|false       (skill ranges and victory tests assume alive: true)
    self: true|false        is (not) the seat acting
    not: {...}  any: [...]  all: [...]

Victory tests look at living seats: ``none: sel``, ``every: sel, have: cond``,
``at_least_half: sel``.
"""

from __future__ import annotations

from typing import Any

from engine.state import GameState, Seat


def _one_of(value: Any) -> tuple[str, ...]:
    return tuple(value) if isinstance(value, list) else (value,)


def holds(cond: dict[str, Any] | None, seat: Seat, actor: int = 0) -> bool:
    """Whether the seat meets every key of the condition."""
    if not cond:
        return True
    for key, value in cond.items():
        if key == "camp":
            ok = seat.camp in _one_of(value)
        elif key == "role":
            ok = seat.role in _one_of(value)
        elif key == "status":
            ok = any(seat.has_status(v) for v in _one_of(value))
        elif key == "team":
            ok = any(v in seat.teams for v in _one_of(value))
        elif key == "alive":
            ok = seat.alive == bool(value)
        elif key == "self":
            ok = (seat.no == actor) == bool(value)
        elif key == "not":
            ok = not holds(value, seat, actor)
        elif key == "any":
            ok = any(holds(c, seat, actor) for c in value)
        elif key == "all":
            ok = all(holds(c, seat, actor) for c in value)
        else:  # unknown keys are refused when the ruleset loads
            raise KeyError(key)
        if not ok:
            return False
    return True


def select(state: GameState, cond: dict[str, Any] | None, actor: int = 0, alive_only: bool = False) -> list[Seat]:
    return [s for s in state.seats if (s.alive or not alive_only) and holds(cond, s, actor)]


def game_condition(name: str, state: GameState, targets: list[int]) -> bool:
    """Conditions about an effect's targets taken together (私奔's 'camps differ')."""
    if name == "camps_differ":
        return len({state.seat(t).camp for t in targets}) > 1
    raise KeyError(name)


def victory_test(test: dict[str, Any], state: GameState) -> bool:
    """Evaluate one 胜/负 condition over the living seats."""
    alive = state.alive()
    if "none" in test:
        return not any(holds(test["none"], s) for s in alive)
    if "every" in test:
        return all(holds(test.get("have"), s) for s in alive if holds(test["every"], s))
    if "at_least_half" in test:
        matching = sum(1 for s in alive if holds(test["at_least_half"], s))
        return matching * 2 >= len(alive) and len(alive) > 0
    raise KeyError(next(iter(test)))
