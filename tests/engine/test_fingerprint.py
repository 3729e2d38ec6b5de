"""The fingerprint leaves out what holds its default, so a new field or option changes no golden,
and still shows every value that is not a default."""

from __future__ import annotations

from dataclasses import replace

from engine import commands as c
from engine.game import Game
from engine.ruleset.loader import load_ruleset
from tests.engine.builders import T0, new_game


def test_fields_at_their_default_are_left_out() -> None:
    data = new_game().fingerprint()
    assert "winner" not in data and "sheriff" not in data and "surrenders" not in data
    assert all("out" not in seat for seat in data["seats"])  # no card is out yet
    assert "seats" in data and "rng" in data and "clock" in data


def test_a_value_off_its_default_changes_the_fingerprint() -> None:
    game = new_game()
    before = game.fingerprint()
    game.st.sheriff = 3
    assert game.fingerprint() != before and game.fingerprint()["sheriff"] == 3
    game.st.sheriff = None
    assert game.fingerprint() == before
    game.st.seats[1] = replace(game.st.seats[1], alive=False)
    assert game.fingerprint() != before


def test_options_at_their_default_are_left_out() -> None:
    rs = load_ruleset("wuyu_town")
    board = "14人局"
    names = tuple(f"角色{i}" for i in range(1, len(rs.boards[board].cards) + 1))
    plain = Game.start(rs, c.Start(at=T0, seed=1, names=names, template=board))
    assert "options" not in plain.fingerprint()
    option = next(name for name, o in rs.options.items() if not o.todo and len(o.values) > 1)
    other = next(v for v in rs.options[option].values if v != rs.options[option].default)
    changed = Game.start(rs, c.Start(at=T0, seed=1, names=names, template=board, options=((option, other),)))
    assert changed.fingerprint()["options"] == {option: other}
