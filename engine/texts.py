"""How seats, times and lists are written in messages, per the ruleset's addressing."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from functools import cache
from zoneinfo import ZoneInfo

from engine import phases
from engine.phases import Phase
from engine.ruleset.model import Ruleset
from engine.state import Seat


def target_label(rs: Ruleset, seat: Seat) -> str:
    """How a player names this seat as a target: its secret number, or its seat number and name."""
    if rs.addressing == "secret_number":
        return f"秘密数字{seat.secret}"
    return f"{seat.no}号{seat.name}"


def option_label(rs: Ruleset, seat: Seat) -> str:
    """The short form used in lists of legal targets."""
    return str(seat.secret) if rs.addressing == "secret_number" else f"{seat.no}号{seat.name}"


def options(rs: Ruleset, seats: Iterable[Seat]) -> str:
    items = sorted(seats, key=lambda s: s.secret if rs.addressing == "secret_number" else s.no)
    text = "、".join(option_label(rs, s) for s in items)
    if rs.addressing == "secret_number" and text:
        return "秘密数字" + text
    return text or "（无）"


def public_label(rs: Ruleset, seat: Seat, parts: Iterable[str] | None = None) -> str:
    """A seat in a public notice, with exactly the parts the ruleset lets the public see."""
    parts = tuple(parts if parts is not None else rs.notices.death_label)
    head = seat.name if "name" in parts else ""
    extra = []
    if "seat" in parts:
        head = f"{seat.no}号{head}"
    if "secret" in parts:
        extra.append(f"秘密数字{seat.secret}")
    if head and extra:
        return f"{head}（{'，'.join(extra)}）"
    return head or "，".join(extra)


def names(seats: Iterable[Seat]) -> str:
    return "、".join(s.name for s in seats)


def clock_text(moment: datetime, tz: str) -> str:
    """A deadline as players read it: 11-30 22:00 (local time of the game)."""
    return moment.astimezone(ZoneInfo(tz)).strftime("%m-%d %H:%M")


@cache
def phase_title(phase: str, day: int) -> str:
    """第N天, 第N夜 …: the phase as notices name it (the wait after the opening: 开局结束)."""
    if day == 0 and phase == Phase.DAWN:
        return "开局结束"
    return phases.props(phase).title.format(day=day)
