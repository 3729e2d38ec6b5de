"""The draw section is checked by the loader with file:line, and the unfinished rulesets check as
"not implemented yet" (exit 2), not as wrong."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from engine.errors import RulesetError
from engine.ruleset.loader import load_ruleset

ROOT = Path(__file__).resolve().parents[2]


def _check(ruleset: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine.ruleset", "check", f"rulesets/{ruleset}"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )


@pytest.mark.parametrize("ruleset", ["m216_mask", "genshin_165"])
def test_the_big_posts_check_complete(ruleset: str) -> None:
    done = _check(ruleset)
    assert done.returncode == 0, done.stdout
    assert "未实现 0 项" in done.stdout and "错误" not in done.stdout


def test_every_role_of_the_post_is_in_a_pool() -> None:
    for ruleset in ("m216_mask", "genshin_165"):
        rs = load_ruleset(ruleset)
        assert rs.draw is not None
        dealt = {name for name, role in rs.roles.items() if role.dealt}  # 警长 <非身份> holds 任职宣言 only
        assert set(rs.post_roles) == dealt == {r.name for p in rs.draw.pools for r in p.roles}


def broken(tmp_path: Path, old: str, new: str, file: str = "draw.yaml", at: str = "") -> tuple[list[str], Path, int]:
    target = tmp_path / "mine"
    shutil.copytree(ROOT / "rulesets" / "genshin_165", target)
    path = target / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    text = text.replace(old, new, 1)
    path.write_text(text, encoding="utf-8")
    line = next(i for i, t in enumerate(text.splitlines(), 1) if (at or new.splitlines()[0]) in t)
    with pytest.raises(RulesetError) as caught:
        load_ruleset(target)
    return [str(p) for p in caught.value.problems], path, line


@pytest.mark.parametrize(
    ("old", "new", "message", "at"),
    [
        ("2: min((N - 15) * 5%, 50%)", "2: min((N - 15) * 6%, 50%)", "16人局 验人系 各数量的概率之和为", "odds:"),
        (
            "between: [round(N * 0.3), round(N * 0.4)]",
            "between: [round(N * 0.3), N ** 2]",
            "公式「N ** 2」只能使用",
            "",
        ),
        ("appears: 60%}", "appears: 160%}", "appears 应在 0 到 100% 之间", ""),
        ("roles: [养殖者, 肉猪]}", "roles: [养殖者, 香猪]}", "roles 应为两个 pool 中的身份", ""),
        ("include: 长老狼", "include: 长老猫", "draw.when 应恰有 include 或 exclude 之一", ""),
        ("{tag: 群内, pool: 狼人, at_most: 1/3}", "{tag: 群内, pool: 狼人}", "if 应恰有 at_most 或 more_than 之一", ""),
        ("  sizes:\n", "  sizess:\n", "draw 不认识的键 'sizess'", ""),
        (
            "其余身份: {text: 【村民阵营】其余身份}",
            "其余身份: {text: 【村民阵营】其余身份, count: 40}",
            "count 应在 0 到 36 之间",
            "",
        ),
    ],
)
def test_draw_problems_are_reported_with_file_and_line(
    tmp_path: Path, old: str, new: str, message: str, at: str
) -> None:
    problems, path, line = broken(tmp_path, old, new, at=at)
    assert any(p.startswith(f"{path}:") and message in p for p in problems), problems
    assert any(p.startswith(f"{path}:{line}:") for p in problems), (line, problems)


def test_a_role_in_an_unknown_pool_is_refused(tmp_path: Path) -> None:
    target = tmp_path / "mine"
    shutil.copytree(ROOT / "rulesets" / "genshin_165", target)
    roles = next(f for f in sorted(target.glob("*.yaml")) if "  影子:" in f.read_text(encoding="utf-8"))
    text = roles.read_text(encoding="utf-8")
    at = text.index("  影子:")
    start = text.index("pool: 不定", at)  # 影子's, a one-line entry or a block
    roles.write_text(text[:start] + text[start:].replace("pool: 不定", "pool: 附身", 1), encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(target)
    problems = [str(p) for p in caught.value.problems]
    assert any("身份 影子 的 pool「附身」不在 draw.pools 中" in p for p in problems), problems


def test_a_strength_ratio_needs_every_strength(tmp_path: Path) -> None:
    target = tmp_path / "mine"
    shutil.copytree(ROOT / "rulesets" / "m216_mask", target)
    roles = next(f for f in sorted(target.glob("*.yaml")) if "  陌客:" in f.read_text(encoding="utf-8"))
    text = roles.read_text(encoding="utf-8")
    at = text.index("  陌客:")
    start = text.index("strength: 1", at)  # 陌客's, a one-line entry or a block
    roles.write_text(text[:start] + text[start:].replace("strength: 1", "influence: 0", 1), encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(target)
    assert any("弱神 中的身份没有强度值（strength）：陌客" in str(p) for p in caught.value.problems)
