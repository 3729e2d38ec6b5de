"""`python -m bot demo <ruleset>` plays a whole game on the sandbox for every ruleset that checks clean."""

from __future__ import annotations

import subprocess
import sys

import pytest

from engine.errors import RulesetError
from engine.ruleset.loader import RULESETS_DIR, load_ruleset
from tests.e2e.harness import ROOT


def clean_rulesets() -> list[str]:
    out = []
    for directory in sorted(p for p in RULESETS_DIR.iterdir() if p.is_dir()):
        try:
            rs = load_ruleset(directory)
        except RulesetError:
            continue
        unfinished = any(r.todo for r in rs.roles.values()) or any(n not in rs.roles for n in rs.post_roles)
        if not unfinished:
            out.append(rs.id)
    return out


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
