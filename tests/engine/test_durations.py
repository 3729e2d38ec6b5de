"""Durations as one table (engine/status_words.py UNTILS, engine/durations.py): each anchor ends
at a moment the engine marks, and one granted in the closing phase may last to the next."""

from __future__ import annotations

import re
from pathlib import Path

from engine import durations
from engine.state import StatusInstance
from engine.status_words import UNTILS
from tests.engine.builders import new_game, run_to

ENGINE = Path(__file__).resolve().parents[2] / "engine"
MARKS = re.compile(r'(?:end_of\(|end_at\(game, |lasting_until\()"(\w+)"')


def test_every_anchor_ends_at_a_moment_the_engine_marks() -> None:
    marked = {m for path in ENGINE.rglob("*.py") for m in MARKS.findall(path.read_text(encoding="utf-8"))}
    assert {a.ends_at for a in UNTILS.values() if a.ends_at} <= marked, marked


def test_a_moment_ends_its_anchors_and_spares_what_was_granted_just_now() -> None:
    game = new_game()
    run_to(game, "day", 2)
    seat, today, yesterday = game.st.seat(7), game.st.phase_key, "第1天"
    seat.statuses = [
        StatusInstance("守护", until="day_end", granted_on=today),
        StatusInstance("隔音", until="next_day_end", granted_on=today),
        StatusInstance("救药", until="next_day_end", granted_on=yesterday),
        StatusInstance("长寿", until="night_end", granted_on=yesterday),
    ]
    durations.end_at(game, "day_end")
    assert [(s.name, s.until) for s in seat.statuses] == [("隔音", "next_day_end"), ("长寿", "night_end")]
    durations.end_at(game, "night_end")
    assert [s.name for s in seat.statuses] == ["隔音"]
