"""The per-game memo of a seat's skills (``cards.held``) never answers from before a change: a
change to one seat leaves the others' answers standing, and every answer it gives over seeded
random games of every ruleset and over every scenario is what a fresh reading of the state gives."""

from __future__ import annotations

from collections import Counter
from typing import cast

import pytest

from engine import cards
from engine.game import Game
from engine.ruleset.loader import load_ruleset
from engine.state import Seat
from tests.goldens.games import GAMES_PER_RULESET, game_digest, scenario_digests

SEEDS = 30  # random games per ruleset


def _reading(held: dict[str, cards.Held]) -> list[tuple[str, str, int, int]]:
    return [(name, h.skill.name, id(h.state), id(h.card)) for name, h in held.items()]


@pytest.fixture
def checked(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Every remembered answer (``cards.held``, ``cards.find``) compared with a fresh reading; counts them."""
    remembered, calls = cards._kept, Counter[str]()

    def checking(game: Game, seat: Seat) -> tuple[object, ...]:
        answer = remembered(game, seat)
        fresh = cards._held(game, seat)
        by_name, in_order = cast(dict[str, cards.Held], answer[3]), cast(list[cards.Held], answer[4])
        assert _reading(by_name) == _reading(fresh), f"seat {seat.no}: a stale answer"
        assert [h.skill.name for h in in_order] == list(fresh), f"seat {seat.no}: another order"
        calls["held"] += 1
        return answer

    monkeypatch.setattr(cards, "_kept", checking)
    return calls


@pytest.mark.parametrize("ruleset_id", sorted(GAMES_PER_RULESET))
def test_remembered_skills_are_the_skills_held_in_random_games(ruleset_id: str, checked: Counter[str]) -> None:
    rs = load_ruleset(ruleset_id)
    for seed in range(SEEDS):
        game_digest(rs, seed)
    assert checked["held"] > 1000


def test_remembered_skills_are_the_skills_held_in_every_scenario(checked: Counter[str]) -> None:
    assert len(list(scenario_digests())) >= 150
    assert checked["held"] > 1000
