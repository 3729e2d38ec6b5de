"""python -m tests.goldens.record — write the golden digests anew (after a change meant to alter outcomes)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.goldens.games import random_digests, scenario_digests

FILE = Path(__file__).with_name("digests.json")


def main() -> None:
    data = {"scenarios": dict(scenario_digests()), "random_games": random_digests()}
    FILE.write_text(json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    games = sum(len(v) for v in data["random_games"].values())
    print(f"{FILE}: {len(data['scenarios'])} scenarios, {games} random games")


if __name__ == "__main__":
    main()
