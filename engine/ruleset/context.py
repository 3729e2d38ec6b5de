"""The load context: problems collected with file:line, and typed readers of YAML values."""

from __future__ import annotations

from collections.abc import Collection, Iterator
from typing import Any

from engine.errors import Problem
from engine.ruleset.yamlsrc import Node, file_of, line_of


class Context:
    """The problems found so far, and readers that report a wrong value as one of them."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def err(self, where: Any, key: str | int | None, message: str) -> None:
        self.problems.append(Problem(file_of(where, key), line_of(where, key), message))

    def mapping(self, value: Any, where: Any, key: str | int | None, what: str) -> Node | None:
        if value is None:
            empty = Node()
            empty.file, empty.line, empty.key_lines = file_of(where, key), line_of(where, key), {}
            return empty
        if not isinstance(value, Node):
            self.err(where, key, f"{what} 应为映射（key: value）")
            return None
        return value

    def entries(self, section: Node, allowed: Collection[str], what: str) -> Iterator[tuple[str, Node]]:
        """Each ``name: {…}`` of a section that is a mapping, its keys checked (errors name "<what> <name>")."""
        for name, body in section.items():
            node = self.mapping(body, section, name, f"{what} {name}")
            if node is not None:
                self.keys(node, allowed, f"{what} {name}")
                yield name, node

    def keys(self, node: Node, allowed: Collection[str], what: str) -> None:
        for key in node:
            if key not in allowed:
                self.err(node, key, f"{what} 不认识的键 {key!r}（可用：{'、'.join(sorted(allowed))}）")

    def text(self, node: Node, key: str, default: str = "") -> str:
        value = node.get(key, default)
        if value is None:
            return default
        if not isinstance(value, (str, int)):
            self.err(node, key, f"{key} 应为文字")
            return default
        return str(value)

    def names(self, node: Node, key: str) -> tuple[str, ...]:
        value = node.get(key)
        if value is None:
            return ()
        if isinstance(value, str):
            return (value,)
        if isinstance(value, list) and all(isinstance(v, (str, int)) for v in value):
            return tuple(str(v) for v in value)
        self.err(node, key, f"{key} 应为名称或名称列表")
        return ()

    def integer(self, node: Node, key: str, default: int | None) -> int | None:
        value = node.get(key, default)
        if value is None or (isinstance(value, int) and not isinstance(value, bool)):
            return value
        self.err(node, key, f"{key} 应为整数")
        return default

    def flag(self, node: Node, key: str, default: bool = False) -> bool:
        value = node.get(key, default)
        if isinstance(value, bool):
            return value
        self.err(node, key, f"{key} 应为 true 或 false")
        return default


def section_of(doc: Node, key: str, ctx: Context) -> Node:
    node = ctx.mapping(doc.get(key), doc, key, key)
    return node if node is not None else Node()


def where(container: Any, key: str | int) -> str:
    return f"{file_of(container, key)}:{line_of(container, key)}"


def option_values(node: Node, ctx: Context) -> tuple[tuple[str, Any], ...]:
    values = ctx.mapping(node.get("options"), node, "options", "options") or Node()
    return tuple(values.items())


def pairs(value: Any, parent: Any, key: str | int, ctx: Context) -> tuple[tuple[str, str], ...]:
    ok = isinstance(value, list) and all(
        isinstance(p, list) and len(p) == 2 and all(isinstance(r, str) for r in p) for p in value
    )
    if not ok:
        ctx.err(parent, key, "pairs 应为 [[身份, 身份], …] 的列表")
        return ()
    return tuple((p[0], p[1]) for p in value)
