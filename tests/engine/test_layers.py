"""The import contracts in pyproject cover every engine module: a new module must be given a
layer, and the bot and plugins are kept from it unless it is the façade."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _contract(name: str) -> dict[str, object]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    return next(c for c in contracts if c["name"] == name)


def _engine_modules() -> set[str]:
    engine = ROOT / "engine"
    files = {f"engine.{p.stem}" for p in engine.glob("*.py") if p.stem != "__init__"}
    packages = {f"engine.{p.name}" for p in engine.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    return files | packages


def test_every_engine_module_has_one_layer() -> None:
    layers = _contract("engine layers")["layers"]
    assert isinstance(layers, list)
    named = [m.strip() for layer in layers for m in layer.split("|")]
    assert ":" not in "".join(layers)  # siblings in a layer never import each other
    assert sorted(named) == sorted(set(named))
    assert set(named) == _engine_modules()


def test_the_bot_and_plugins_are_kept_from_every_internal_module() -> None:
    forbidden = _contract("bot and plugins use engine.api only")["forbidden_modules"]
    assert isinstance(forbidden, list)
    assert set(forbidden) == _engine_modules() - {"engine.api"}
