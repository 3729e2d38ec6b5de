"""`python -m bot demo <ruleset>` plays a whole game on the sandbox for every ruleset that checks clean."""

from __future__ import annotations

import subprocess
import sys

import pytest

from engine.ruleset.loader import installed_rulesets
from tests.e2e.harness import ROOT


def clean_rulesets() -> list[str]:
    return [rs.id for rs in installed_rulesets() if not rs.unfinished()]


@pytest.mark.parametrize("ruleset", clean_rulesets())
def test_demo_plays_a_whole_game(ruleset: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bot", "demo", ruleset, "--seed", "5"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "【揭秘】" in done.stdout
    assert "已开局" in done.stdout and "【游戏结束】" in done.stdout
