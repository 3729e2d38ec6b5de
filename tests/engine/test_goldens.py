"""Outcomes stay as recorded: each scenario's final state and messages, and seeded random games of
every ruleset, digest as in tests/goldens/digests.json. Moving code must not change them; a change
that means to alter an outcome records them anew (`python -m tests.goldens.record`) and says why."""

from __future__ import annotations

import json

import pytest

from engine.ruleset.loader import load_ruleset
from tests.goldens.games import GAMES_PER_RULESET, SCENARIOS, game_digest, scenario_digests
from tests.goldens.record import FILE

RECORDED = json.loads(FILE.read_text(encoding="utf-8"))


def test_every_scenario_ends_as_recorded() -> None:
    now = dict(scenario_digests())
    changed = sorted(f for f, d in RECORDED["scenarios"].items() if (SCENARIOS / f).exists() and now[f] != d)
    assert len(RECORDED["scenarios"]) >= 150
    assert not changed, f"these scenarios end otherwise than recorded: {changed}"


@pytest.mark.parametrize("ruleset_id", sorted(GAMES_PER_RULESET))
def test_random_games_play_as_recorded(ruleset_id: str) -> None:
    rs = load_ruleset(ruleset_id)
    recorded = RECORDED["random_games"][ruleset_id]
    assert len(recorded) == GAMES_PER_RULESET[ruleset_id]
    changed = [seed for seed, d in enumerate(recorded) if game_digest(rs, seed) != d]
    assert not changed, f"{ruleset_id}: seeds {changed[:20]} play otherwise than recorded"
