"""The store's migrations, up and down, on SQLite and on PostgreSQL: what a deployment runs at start-up
and what an operator runs to go back a version."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.databases import fresh_postgres, sqlite_url

ROOT = Path(__file__).resolve().parents[2]
TABLES = ["bansha_binding", "bansha_command", "bansha_director", "bansha_game", "bansha_outbox", "bansha_player"]


@pytest.fixture(params=["sqlite", "postgres"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    return sqlite_url(tmp_path) if request.param == "sqlite" else fresh_postgres()


def test_upgrade_downgrade_and_upgrade_again_keep_the_games(url: str) -> None:
    run = subprocess.run(
        [sys.executable, "-m", "tests.store.migrate_run", url], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0, run.stderr[-3000:]
    steps = {line["step"]: line for line in map(json.loads, _json_lines(run.stdout))}
    assert list(steps) == ["upgrade", "downgrade the newest", "upgrade again", "downgrade to base"]
    head, previous, again, base = steps.values()
    assert set(TABLES) <= set(head["tables"])
    assert head["games"] == [] and previous["games"] == again["games"] == [[1, "secret_number"]]
    assert set(previous["game_columns"]) < set(head["game_columns"])  # the newest migration was undone
    assert again["game_columns"] == head["game_columns"]
    assert [t for t in base["tables"] if t.startswith("bansha_")] == []


def _json_lines(out: str) -> list[str]:
    """The script's reports (the migration tool prints its progress on the same stream)."""
    return [line[line.index("{") :] for line in out.splitlines() if "{" in line]
