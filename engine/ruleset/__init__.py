"""Rulesets as data: the model, the YAML loader, and the `check` command."""

from engine.ruleset.loader import load_ruleset
from engine.ruleset.model import Ruleset

__all__ = ["Ruleset", "load_ruleset"]
