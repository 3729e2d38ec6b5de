"""The scenario runner's contract: exit 0 / 1 / 2, file:line, --json, every scenario passing."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.scenario.runner import Failed, Runner
from engine.scenario.spec import read

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = sorted((ROOT / "tests" / "scenarios").rglob("*.yaml"))


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine.scenario", *args], capture_output=True, text=True, cwd=ROOT, check=False
    )


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: str(p.relative_to(ROOT / "tests" / "scenarios")))
def test_scenario_passes(path: Path) -> None:
    runner = Runner(read(str(path)))
    try:
        runner.run()
    except Failed as exc:
        pytest.fail(str(exc))


MINIMAL = """ruleset: secret_number
players:
  - {name: 甲, role: 狼人, secret: 1}
  - {name: 乙, role: 村民, secret: 2}
  - {name: 丙, role: 预言家, secret: 3}
  - {name: 丁, role: 村民, secret: 4}
script:
  - day: 1
"""


def test_exit_codes(tmp_path: Path) -> None:
    good = tmp_path / "good.yaml"
    good.write_text(MINIMAL + "  - expect: {alive: [甲, 乙, 丙, 丁]}\n", encoding="utf-8")
    assert run(str(good)).returncode == 0
    failing = tmp_path / "failing.yaml"
    failing.write_text(MINIMAL + "  - expect: {dead: [丙]}\n", encoding="utf-8")
    done = run(str(failing))
    assert done.returncode == 1
    assert f"{failing}:9" in done.stderr and "expected 丙 out" in done.stderr
    unknown = tmp_path / "unknown.yaml"
    unknown.write_text(
        MINIMAL + "  - night: 1\n    acts:\n      - {by: 戊, skill: 杀人, targets: [乙]}\n", encoding="utf-8"
    )
    done = run(str(unknown))
    assert done.returncode == 2 and f"{unknown}:11" in done.stderr and "戊" in done.stderr
    bad_key = tmp_path / "bad_key.yaml"
    bad_key.write_text(MINIMAL.replace("script:", "scrip:"), encoding="utf-8")
    assert run(str(bad_key)).returncode == 2
    bad_skill = tmp_path / "bad_skill.yaml"
    bad_skill.write_text(
        MINIMAL + "  - night: 1\n    acts:\n      - {by: 甲, skill: 咬人, targets: [乙]}\n", encoding="utf-8"
    )
    assert run(str(bad_skill)).returncode == 2
    bad_role = tmp_path / "bad_role.yaml"
    bad_role.write_text(MINIMAL.replace("role: 村民, secret: 2", "role: 骑士, secret: 2"), encoding="utf-8")
    assert run(str(bad_role)).returncode == 2
    # the worst outcome wins across several files
    assert run(str(good), str(failing), str(unknown)).returncode == 2


def test_never_reached(tmp_path: Path) -> None:
    path = tmp_path / "late.yaml"
    path.write_text(
        MINIMAL + "  - night: 1\n    acts:\n      - {by: 甲, skill: 杀人, targets: [丙]}\n  - day: 5\n",
        encoding="utf-8",
    )
    done = run(str(path))
    assert done.returncode == 1 and "day 5 never reached" in done.stderr


def test_json_output(tmp_path: Path) -> None:
    path = tmp_path / "json.yaml"
    path.write_text(MINIMAL + "    votes: {甲: 丙, 乙: 丙}\n", encoding="utf-8")
    done = run(str(path), "--json")
    assert done.returncode == 0
    data = json.loads(done.stdout)
    assert data["sheriff"] == "丙"
    assert [s["name"] for s in data["seats"]] == ["甲", "乙", "丙", "丁"]
    assert any(m["to"] == "public" and "警长" in m["text"] for m in data["messages"])
    assert any(m["to"] == "seat" and m["seat"] == 3 for m in data["messages"])
