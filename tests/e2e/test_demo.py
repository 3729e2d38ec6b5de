"""`python -m bot demo <ruleset>` plays a whole game on the sandbox for every ruleset that checks clean."""

from __future__ import annotations

import subprocess
import sys

import pytest

from engine.ruleset.loader import installed_rulesets
from tests.e2e.harness import ROOT


def games() -> list[tuple[str, int | None]]:
    """Every ruleset that checks clean at its default size; the 16人局 of 雾雨小镇 and [165] at 20 and 30
    players (its issue's sizes) besides."""
    clean = [(rs.id, None) for rs in installed_rulesets() if not rs.unfinished()]
    return [*clean, ("wuyu_town", 16), ("genshin_165", 20), ("genshin_165", 30)]


@pytest.mark.parametrize(("ruleset", "players"), games())
def test_demo_plays_a_whole_game(ruleset: str, players: int | None) -> None:
    size = ["--players", str(players)] if players else []
    done = subprocess.run(
        [sys.executable, "-m", "bot", "demo", ruleset, "--seed", "5", *size],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "【揭秘】" in done.stdout
    assert "已开局" in done.stdout and "【游戏结束】" in done.stdout
    if players:
        assert f"已开局：第 #1 局，{players} 人。" in done.stdout
