"""A key written twice in one mapping is refused with both lines: PyYAML keeps the last silently, so a
second ``win:`` or a role block written twice used to drop the first without a word."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from engine.errors import RulesetError
from engine.ruleset.loader import load_ruleset
from engine.ruleset.yamlsrc import load
from tests.engine.test_ruleset_check import copy_ruleset


def test_a_key_written_twice_is_refused_with_both_lines(tmp_path: Path) -> None:
    file = tmp_path / "two.yaml"
    file.write_text("roles:\n  甲: {camp: 村民}\n  乙: {camp: 狼人}\n  甲: {camp: 狼人}\n", encoding="utf-8")
    with pytest.raises(yaml.YAMLError) as caught:
        load(file, "two.yaml")
    assert "重复的键 '甲'（第 2 行已有）" in str(caught.value)
    assert caught.value.problem_mark is not None and caught.value.problem_mark.line + 1 == 4


def test_the_ruleset_check_names_the_file_and_line_of_the_second(tmp_path: Path) -> None:
    ruleset = copy_ruleset(tmp_path)
    path = ruleset / "ruleset.yaml"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    first = next(i for i, row in enumerate(lines, 1) if row == "  村民阵营: {}\n")
    lines.insert(first, "  村民阵营: {}\n")
    path.write_text("".join(lines), encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(ruleset)
    assert [str(p) for p in caught.value.problems] == [
        f"{path}:{first + 1}: YAML 语法错误：重复的键 '村民阵营'（第 {first} 行已有）：两处应合并为一处\n"
        f'  in "<unicode string>", line {first + 1}, column 3'
    ]
