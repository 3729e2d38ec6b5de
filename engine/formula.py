"""Formulas of the player count N, as the rule posts write them: 「开局总人数X0.6，四舍五入」.

A formula is arithmetic over ``N`` and numbers (``5%`` is 0.05) with ``ceil`` (上取整),
``floor``, ``round`` (四舍五入: half up, not Python's half to even), ``min`` and ``max``.
Values are exact fractions, so ``round(0.3 * 15)`` is 5 as the post means, not 4.
"""

from __future__ import annotations

import ast
import math
import re
from dataclasses import dataclass, field
from fractions import Fraction

FUNCTIONS = {"ceil": 1, "floor": 1, "round": 1, "min": 2, "max": 2}
_PERCENT = re.compile(r"(\d+(?:\.\d+)?)\s*%")


class BadFormula(ValueError):
    """A formula the grammar does not allow; the text says what."""


@dataclass(frozen=True)
class Formula:
    """A parsed formula and the text it was written as."""

    text: str
    tree: ast.expr
    values: dict[int, Fraction] = field(default_factory=dict, compare=False, hash=False, repr=False)

    def __call__(self, n: int) -> Fraction:
        if n not in self.values:
            self.values[n] = _value(self.tree, n)
        return self.values[n]


def parse(text: str | int | float) -> Formula:
    """A formula from its text (or a plain number); raises BadFormula saying what is wrong."""
    source = _PERCENT.sub(r"(\1/100)", str(text)).replace("×", "*").replace("X", "*")
    try:
        tree = ast.parse(source, mode="eval").body
    except SyntaxError as exc:
        raise BadFormula(f"公式「{text}」无法解析") from exc
    _check(tree, str(text))
    return Formula(str(text), tree)


def half_up(x: Fraction) -> int:
    """四舍五入."""
    return math.floor(x + Fraction(1, 2))


def _check(node: ast.expr, text: str) -> None:
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and not isinstance(node.value, bool):
        return
    if isinstance(node, ast.Name) and node.id == "N":
        return
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        _check(node.operand, text)
        return
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub, ast.Mult, ast.Div)):
        _check(node.left, text)
        _check(node.right, text)
        return
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in FUNCTIONS:
        if len(node.args) != FUNCTIONS[node.func.id] or node.keywords:
            raise BadFormula(f"公式「{text}」中 {node.func.id} 应有 {FUNCTIONS[node.func.id]} 个参数")
        for arg in node.args:
            _check(arg, text)
        return
    raise BadFormula(f"公式「{text}」只能使用 N、数字、+ - * /、百分号与 {'、'.join(FUNCTIONS)}")


def _value(node: ast.expr, n: int) -> Fraction:
    if isinstance(node, ast.Constant):
        return Fraction(str(node.value))
    if isinstance(node, ast.Name):
        return Fraction(n)
    if isinstance(node, ast.UnaryOp):
        return -_value(node.operand, n)
    if isinstance(node, ast.BinOp):
        left, right = _value(node.left, n), _value(node.right, n)
        if isinstance(node.op, ast.Add):
            return left + right
        if isinstance(node.op, ast.Sub):
            return left - right
        if isinstance(node.op, ast.Mult):
            return left * right
        return left / right
    assert isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
    args = [_value(a, n) for a in node.args]
    name = node.func.id
    if name == "ceil":
        return Fraction(math.ceil(args[0]))
    if name == "floor":
        return Fraction(math.floor(args[0]))
    if name == "round":
        return Fraction(half_up(args[0]))
    return min(args) if name == "min" else max(args)
