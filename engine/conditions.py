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

from collections.abc import Callable
from functools import partial
from typing import Any

from engine.state import GameState, Seat


def _one_of(value: Any) -> frozenset[str]:
    return frozenset(value) if isinstance(value, list) else frozenset((value,))


Test = Callable[[Seat, int], bool]
_compiled: dict[int, tuple[dict[str, Any], Test]] = {}


def _camp(values: frozenset[str], s: Seat, a: int) -> bool:
    return s.camp in values


def _role(values: frozenset[str], s: Seat, a: int) -> bool:
    return s.cards[s.current].role in values


def _status(values: frozenset[str], s: Seat, a: int) -> bool:
    return any(x.name in values for x in s.statuses)


def _team(values: frozenset[str], s: Seat, a: int) -> bool:
    return any(t in values for t in s.teams)


def _alive(value: bool, s: Seat, a: int) -> bool:
    return s.alive is value


def _self(value: bool, s: Seat, a: int) -> bool:
    return (s.no == a) is value


def _not(inner: Test, s: Seat, a: int) -> bool:
    return not inner(s, a)


def _any(inners: tuple[Test, ...], s: Seat, a: int) -> bool:
    return any(f(s, a) for f in inners)


def _all(inners: tuple[Test, ...], s: Seat, a: int) -> bool:
    return all(f(s, a) for f in inners)


_SETS = {"camp": _camp, "role": _role, "status": _status, "team": _team}
_FLAGS = {"alive": _alive, "self": _self}


def _compile(cond: dict[str, Any]) -> Test:
    """Turn a condition mapping into one function of (seat, actor)."""
    tests: list[Test] = []
    for key, value in cond.items():
        if key in _SETS:
            tests.append(partial(_SETS[key], _one_of(value)))
        elif key in _FLAGS:
            tests.append(partial(_FLAGS[key], bool(value)))
        elif key == "not":
            tests.append(partial(_not, compiled(value)))
        elif key in {"any", "all"}:
            tests.append(partial(_any if key == "any" else _all, tuple(compiled(c) for c in value)))
        else:  # unknown keys are refused when the ruleset loads
            raise KeyError(key)
    return tests[0] if len(tests) == 1 else partial(_all, tuple(tests))


def compiled(cond: dict[str, Any] | None) -> Test:
    """The compiled form of a condition, made once per condition object."""
    if not cond:
        return lambda s, a: True
    entry = _compiled.get(id(cond))
    if entry is None or entry[0] is not cond:
        entry = (cond, _compile(cond))
        _compiled[id(cond)] = entry
    return entry[1]


def holds(cond: dict[str, Any] | None, seat: Seat, actor: int = 0) -> bool:
    """Whether the seat meets every key of the condition."""
    return compiled(cond)(seat, actor)


def select(state: GameState, cond: dict[str, Any] | None, actor: int = 0, alive_only: bool = False) -> list[Seat]:
    return [s for s in state.seats if (s.alive or not alive_only) and holds(cond, s, actor)]


def game_condition(name: str, state: GameState, targets: list[int]) -> bool:
    """Conditions about an effect's targets taken together (私奔's 'camps differ')."""
    if name == "camps_differ":
        return len({state.seat(t).camp for t in targets}) > 1
    raise KeyError(name)


def victory_test(test: dict[str, Any], alive: list[Seat]) -> bool:
    """Evaluate one 胜/负 condition over the living seats."""
    if "none" in test:
        f = compiled(test["none"])
        return not any(f(s, 0) for s in alive)
    if "every" in test:
        which, have = compiled(test["every"]), compiled(test.get("have"))
        return all(have(s, 0) for s in alive if which(s, 0))
    if "at_least_half" in test:
        f = compiled(test["at_least_half"])
        matching = sum(1 for s in alive if f(s, 0))
        return matching * 2 >= len(alive) and len(alive) > 0
    raise KeyError(next(iter(test)))
