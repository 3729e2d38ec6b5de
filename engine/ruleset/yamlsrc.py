"""YAML reading that remembers where each value came from, so errors can say file:line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml


class Node(dict[str, Any]):
    """A YAML mapping that knows its file and the line of each key (and, merged from several files, each key's file)."""

    file: str
    line: int
    key_lines: dict[str, int]
    key_files: dict[str, str] | None = None


class Seq(list[Any]):
    """A YAML sequence that knows its file and the line of each item."""

    file: str
    line: int
    item_lines: list[int]


def _convert(node: yaml.Node, file: str) -> Any:
    line = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        out = Node()
        out.file, out.line, out.key_lines = file, line, {}
        for key_node, value_node in node.value:
            # keys are always their written text: `on:` or `1:` stay "on" and "1"
            key = key_node.value if isinstance(key_node, yaml.ScalarNode) else _convert(key_node, file)
            if key in out:  # PyYAML keeps the last silently: a second `win:` would drop the first's rules
                raise yaml.constructor.ConstructorError(
                    None,
                    None,
                    f"重复的键 {key!r}（第 {out.key_lines[key]} 行已有）：两处应合并为一处",
                    key_node.start_mark,
                )
            out[key] = _convert(value_node, file)
            out.key_lines[key] = key_node.start_mark.line + 1
        return out
    if isinstance(node, yaml.SequenceNode):
        seq = Seq()
        seq.file, seq.line, seq.item_lines = file, line, []
        for item in node.value:
            seq.append(_convert(item, file))
            seq.item_lines.append(item.start_mark.line + 1)
        return seq
    return _scalar(node)


_resolver_loader = yaml.SafeLoader("")
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml where present: the same nodes, faster


def _scalar(node: yaml.Node) -> Any:
    return _resolver_loader.construct_object(node)


def load(path: Path, shown_as: str) -> Any:
    """Parse one YAML file into Node/Seq/scalars. Raises yaml.YAMLError on bad syntax."""
    text = path.read_text(encoding="utf-8")
    root = yaml.compose(text, Loader=_LOADER)
    if root is None:
        return None
    return _convert(root, shown_as)


def line_of(container: Any, key: str | int | None = None) -> int:
    """The line of ``container[key]`` (or of the container itself)."""
    if isinstance(container, Node) and isinstance(key, str) and key in container.key_lines:
        return container.key_lines[key]
    if isinstance(container, Seq) and isinstance(key, int) and key < len(container.item_lines):
        return container.item_lines[key]
    return getattr(container, "line", 0)


def file_of(container: Any, key: str | int | None = None, default: str = "?") -> str:
    """The file of ``container[key]`` (or of the container itself)."""
    if isinstance(container, Node) and isinstance(key, str) and container.key_files and key in container.key_files:
        return container.key_files[key]
    return getattr(container, "file", default)
