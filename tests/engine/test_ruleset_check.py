"""Loading rulesets: errors as file:line; `check` lists what is not implemented."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from engine.errors import RulesetError
from engine.ruleset.loader import load_ruleset

ROOT = Path(__file__).resolve().parents[2]


def copy_ruleset(tmp_path: Path) -> Path:
    target = tmp_path / "mine"
    shutil.copytree(ROOT / "rulesets" / "secret_number", target)
    return target


def problems_after_edit(tmp_path: Path, old: str, new: str) -> tuple[str, list[str]]:
    """A copy of secret_number with ``old`` replaced by ``new`` in its ruleset.yaml: the
    ``file:line:`` prefix the new text's line is reported with, and every problem the load raises."""
    ruleset = copy_ruleset(tmp_path)
    path = ruleset / "ruleset.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    text = text.replace(old, new, 1)
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(ruleset)
    line = next(i for i, row in enumerate(text.splitlines(), 1) if row == new.rstrip("\n"))
    return f"{path}:{line}:", [str(p) for p in caught.value.problems]


def check(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine.ruleset", "check", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )


@pytest.mark.parametrize("ruleset", sorted(p.name for p in (ROOT / "rulesets").iterdir() if p.is_dir()))
def test_every_ruleset_checks_clean(ruleset: str) -> None:
    done = check(ROOT / "rulesets" / ruleset)
    assert done.returncode == 0, done.stdout
    assert "未实现 0 项" in done.stdout


def test_problems_are_reported_with_file_and_line(tmp_path: Path) -> None:
    ruleset = copy_ruleset(tmp_path)
    roles = ruleset / "roles.yaml"
    text = roles.read_text(encoding="utf-8")
    text = text.replace(
        "tags: [夜晚, 指定]\n        effects:\n          - {feedback",
        "tags: [夜晚, 指定, 飞行]\n        effects:\n          - {feedback",
        1,
    )
    text = text.replace("damage: {kind: 指杀, at: 指杀结算}", "damage: {kind: 雷击, at: 指杀结算}", 1)
    roles.write_text(text, encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(ruleset)
    messages = [str(p) for p in caught.value.problems]
    tag_line = next(i for i, line in enumerate(text.splitlines(), 1) if "飞行" in line)
    kind_line = next(i for i, line in enumerate(text.splitlines(), 1) if "雷击" in line)
    assert any(m.startswith(f"{roles}:{tag_line}:") and "[飞行]" in m for m in messages), messages
    assert any(m.startswith(f"{roles}:{kind_line}:") and "雷击" in m for m in messages), messages
    done = check(ruleset)
    assert done.returncode == 1 and "[飞行]" in done.stdout


def test_unknown_keys_and_yaml_errors(tmp_path: Path) -> None:
    ruleset = copy_ruleset(tmp_path)
    (ruleset / "extra.yaml").write_text("statuses:\n  迷雾:\n    color: red\n", encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(ruleset)
    assert any(p.line == 3 and "color" in p.message for p in caught.value.problems)
    (ruleset / "extra.yaml").write_text("statuses: [\n", encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(ruleset)
    assert any("YAML 语法错误" in p.message for p in caught.value.problems)


def test_unimplemented_roles_and_skills_are_listed(tmp_path: Path) -> None:
    ruleset = copy_ruleset(tmp_path)
    main = ruleset / "ruleset.yaml"
    main.write_text(main.read_text(encoding="utf-8").replace("吹笛者]", "吹笛者, 炸弹人]"), encoding="utf-8")
    roles = ruleset / "roles.yaml"
    roles.write_text(roles.read_text(encoding="utf-8") + "  狐狸:\n    todo: 尚未实现查验三人\n", encoding="utf-8")
    done = check(ruleset)
    assert done.returncode == 2  # loads clean, parts not implemented
    assert "未实现：身份 炸弹人" in done.stdout and "未实现：身份 狐狸 —— 尚未实现查验三人" in done.stdout


def test_a_status_still_to_build_is_listed_at_its_line(tmp_path: Path) -> None:
    ruleset = copy_ruleset(tmp_path)
    main = ruleset / "ruleset.yaml"
    text = main.read_text(encoding="utf-8").replace("statuses:\n", "statuses:\n  狂躁:\n    todo: 开门前强制投票\n", 1)
    main.write_text(text, encoding="utf-8")
    line = text.splitlines().index("  狂躁:") + 1
    done = check(ruleset)
    assert done.returncode == 2, done.stdout
    assert f"ruleset.yaml:{line}: 未实现：状态 狂躁 —— 开门前强制投票" in done.stdout


def test_a_skill_part_not_built_is_listed_and_the_skill_still_plays(tmp_path: Path) -> None:
    ruleset = copy_ruleset(tmp_path)
    roles = ruleset / "roles.yaml"
    text = roles.read_text(encoding="utf-8")
    at = text.index("      预言:")
    tags = text.index("        tags:", at)
    roles.write_text(text[:tags] + "        unbuilt: 查验两人\n" + text[tags:], encoding="utf-8")
    done = check(ruleset)
    assert done.returncode == 2, done.stdout
    assert "预言家 的技能 预言 的部分 —— 查验两人" in done.stdout
    skill = load_ruleset(ruleset).roles["预言家"].skills["预言"]
    assert skill.unbuilt == "查验两人" and not skill.todo


def test_a_role_in_a_section_merged_from_two_files_is_reported_in_its_own_file(tmp_path: Path) -> None:
    ruleset = copy_ruleset(tmp_path)
    (ruleset / "zz_more_roles.yaml").write_text(
        "roles:\n  新身份: {camp: 狼人阵营, todo: 技能尚未实现}\n", encoding="utf-8"
    )
    done = check(ruleset)
    assert f"{ruleset / 'zz_more_roles.yaml'}:2: 未实现：身份 新身份" in done.stdout, done.stdout
