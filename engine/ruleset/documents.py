"""A ruleset directory's YAML files merged into one document, and its hooks module."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import yaml

from engine.errors import Problem
from engine.ruleset import model as m
from engine.ruleset.context import Context
from engine.ruleset.yamlsrc import Node
from engine.ruleset.yamlsrc import load as load_yaml
from engine.vocabulary import TOP_KEYS

MERGED_KEYS = {"roles", "statuses", "camps", "teams", "damage", "card_tags", "hands", "boards", "learned"}


def read_documents(path: Path, ctx: Context) -> Node:
    merged = Node()
    merged.file, merged.line, merged.key_lines = str(path), 0, {}
    files = sorted(path.glob("*.yaml"))
    if not files:
        ctx.problems.append(Problem(str(path), 0, "目录中没有 .yaml 文件"))
    for file in files:
        shown = _shown(file)
        try:
            data = load_yaml(file, shown)
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            ctx.problems.append(Problem(shown, (mark.line + 1) if mark else 0, f"YAML 语法错误：{exc}"))
            continue
        if data is None:
            continue
        if not isinstance(data, Node):
            ctx.problems.append(Problem(shown, 1, "文件顶层应为映射"))
            continue
        for key, value in data.items():
            if key not in TOP_KEYS:
                ctx.err(data, key, f"不认识的顶层键 {key!r}（可用：{'、'.join(sorted(TOP_KEYS))}）")
                continue
            if key in merged and key in MERGED_KEYS and isinstance(value, Node) and isinstance(merged[key], Node):
                for sub, sub_value in value.items():
                    if sub in merged[key]:
                        ctx.err(value, sub, f"{key} 中的 {sub} 重复定义")
                    merged[key][sub] = sub_value
                    merged[key].key_lines[sub] = value.key_lines[sub]
                    if merged[key].key_files is None:
                        merged[key].key_files = dict.fromkeys(merged[key], merged[key].file)
                    merged[key].key_files[sub] = value.file
                continue
            if key in merged:
                ctx.err(data, key, f"顶层键 {key} 在多个文件中出现")
                continue
            merged[key] = value
            merged.key_lines[key] = data.key_lines[key]
    return merged


def _shown(file: Path) -> str:
    try:
        return str(file.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(file)


def load_hooks(rs: m.Ruleset, path: Path, ctx: Context) -> None:
    hooks_file = path / "hooks.py"
    if not hooks_file.exists():
        return
    name = f"rulesets_{rs.id}_hooks"
    spec = importlib.util.spec_from_file_location(name, hooks_file)
    if spec is None or spec.loader is None:
        ctx.problems.append(Problem(str(hooks_file), 0, "无法加载 hooks.py"))
        return
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    rs.hooks = dict(getattr(module, "HOOKS", {}))
