"""Errors the engine raises: a malformed ruleset, and a refused command."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Problem:
    """One thing wrong with a ruleset, located as file:line."""

    file: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.message}"


class RulesetError(Exception):
    """A ruleset that cannot be loaded; carries every problem found."""

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))


class Refusal(Exception):
    """A command the rules do not allow. The text is the Chinese reply to the user.

    Raising it leaves the game state unchanged: every command validates before it
    mutates anything.
    """

    def __init__(self, reason: str):
        self.reason = reason
        super().__init__(reason)
