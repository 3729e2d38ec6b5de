"""When statuses end: a moment the engine marks (a night ends, a day ends, a night opens …) ends
every status whose `until` anchor ends at it (engine/status_words.py ``UNTILS``)."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from engine.status_words import UNTILS

if TYPE_CHECKING:
    from engine.context import Context
    from engine.state import StatusInstance


def end_at(game: Context, moment: str) -> None:
    """End the statuses lasting to this moment, anchor by anchor in the table's order; one granted in
    the phase now closing lasts on when its anchor says so (next_day_end, night_start)."""
    st = game.st
    for name, anchor in UNTILS.items():
        if anchor.ends_at == moment:
            for seat in st.seats:
                if seat.statuses:
                    game.remove_statuses(seat, partial(_ends, name, anchor.not_granted_now, st.phase_key))


def _ends(until: str, not_granted_now: bool, phase_key: str, status: StatusInstance) -> bool:
    return status.until == until and not (not_granted_now and status.granted_on == phase_key)
