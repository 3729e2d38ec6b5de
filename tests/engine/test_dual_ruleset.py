"""The 双身份 ruleset checks clean, and the words it added are checked with file:line."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from engine.errors import RulesetError
from engine.ruleset.loader import load_ruleset

ROOT = Path(__file__).resolve().parents[2]


def check(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine.ruleset", "check", str(path)], capture_output=True, text=True, cwd=ROOT
    )


def test_dual_identity_checks_clean_with_nothing_unimplemented() -> None:
    done = check(ROOT / "rulesets" / "dual_identity")
    assert done.returncode == 0, done.stdout
    assert "22 个身份" in done.stdout and "未实现 0 项" in done.stdout


def copy(tmp_path: Path) -> Path:
    target = tmp_path / "dual"
    shutil.copytree(ROOT / "rulesets" / "dual_identity", target, ignore=shutil.ignore_patterns("__pycache__"))
    return target


@pytest.mark.parametrize(
    ("file", "old", "new", "message"),
    [
        (
            "roles.yaml",
            "tags: [群内, 自爆]\n    text: 没有特殊技能。",
            "tags: [群内, 飞行]\n    text: 没有特殊技能。",
            "[飞行]",
        ),
        ("roles.yaml", "- swap_cards: permanent", "- swap_cards: forever", "swap_cards 应为 permanent 或 night"),
        ("roles.yaml", "until: next_day_end", "until: tomorrow", "until 应为"),
        ("roles.yaml", "if_counter: {尾巴: {at_most: 0}}", "if_counter: {尾巴: {below: 0}}", "below"),
        ("roles.yaml", "not_current: {tags: [群内]}", "not_current: {tags: [群外]}", "[群外]"),
        ("roles.yaml", "counts_as: 守护之盾", "counts_as: 守护之剑", "守护之剑"),
        ("roles.yaml", "choice_hook: 心算选择", "choice_hook: 珠算", "珠算"),
        ("roles.yaml", "grant_skill: {验人: 幸运儿预言", "grant_skill: {验人: 幸运儿透视", "幸运儿透视"),
        ("roles.yaml", "你的尾巴还剩{尾巴}条。", "你的尾巴还剩{尾数}条。", "{尾数}"),
        ("boards.yaml", "replace: {守卫: 魔术师}", "replace: {守卫: 魔法师}", "魔法师"),
        ("boards.yaml", "options: {唐伯虎金宝宝: true}", "options: {唐伯虎银宝宝: true}", "唐伯虎银宝宝"),
        ("ruleset.yaml", "pairs: [[村民, 村民], [复制人, 村民]]", "pairs: [[村民, 平民], [复制人, 村民]]", "平民"),
        ("ruleset.yaml", "tie: [trigger, sheriff_pick]", "tie: [trigger, coin]", "tie 应为"),
        ("ruleset.yaml", "death_order: seat", "death_order: alphabet", "death_order"),
        ("ruleset.yaml", "no_votes_tie: true", "no_vote_tie: true", "no_vote_tie"),
        ("ruleset.yaml", "{role: 预言家}, {camp: 狼人阵营}", "{role: 预言家}, {side: 狼人阵营}", "side"),
    ],
)
def test_new_words_are_checked_with_file_and_line(tmp_path: Path, file: str, old: str, new: str, message: str) -> None:
    ruleset = copy(tmp_path)
    path = ruleset / file
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    changed = text.replace(old, new, 1)
    path.write_text(changed, encoding="utf-8")
    line = next(i for i, row in enumerate(changed.splitlines(), 1) if new.splitlines()[0] in row)
    with pytest.raises(RulesetError) as caught:
        load_ruleset(ruleset)
    located = [str(p) for p in caught.value.problems if message in p.message]
    assert located, [str(p) for p in caught.value.problems]
    assert any(p.startswith(f"{path}:") and abs(int(p.split(":")[1]) - line) <= 3 for p in located), located


def test_a_yaml_error_is_reported_alone(tmp_path: Path) -> None:
    ruleset = copy(tmp_path)
    (ruleset / "boards.yaml").write_text("boards: [\n", encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(ruleset)
    assert len(caught.value.problems) == 1 and "YAML 语法错误" in caught.value.problems[0].message
