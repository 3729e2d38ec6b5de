"""Deadlines from the ruleset's schedule and the game's settings (all in game time, UTC).

Settings a director may change per game (defaults from the ruleset's ``schedule``):

    day_open          "12:00" — 开门 time; null opens the day as soon as the night ends
    day_close         "22:00" — 关门 time: the day's vote closes
    day_days          1       — calendar days a discussion day spans
    weekend_days      0       — extra days when the span touches a Saturday or Sunday
                                (from the ruleset's ``weekend_from_day`` on: 第一个讨论日无论是否周末)
    step_minutes      30      — a night step's time limit
    setup_minutes     60      — an opening (开局) step's time limit
    reaction_minutes  30      — time to answer a prompt (最后一枪, 殉职 …)
    timezone          "Asia/Shanghai"
    speed             1.0     — rehearsal: game time runs this many times faster
"""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from engine.phases import Phase
from engine.ruleset.model import Ruleset

SETTING_KEYS = {
    "day_open",
    "day_close",
    "day_days",
    "weekend_days",
    "step_minutes",
    "setup_minutes",
    "reaction_minutes",
    "timezone",
    "speed",
}


# the legal range of each number a director may set: a game must still reach its deadlines
RANGES: dict[str, tuple[float, float]] = {
    "day_days": (1, 14),
    "weekend_days": (0, 7),
    "step_minutes": (1, 1440),
    "setup_minutes": (1, 10080),
    "reaction_minutes": (1, 1440),
    "speed": (0.1, 100000),
}


def default_settings(rs: Ruleset) -> dict[str, Any]:
    s = rs.schedule
    return {
        "day_open": s.day_open,
        "day_close": s.day_close,
        "day_days": s.day_days,
        "weekend_days": s.weekend_days,
        "step_minutes": s.step_minutes,
        "setup_minutes": s.setup_minutes,
        "reaction_minutes": s.reaction_minutes,
        "timezone": s.timezone,
        "speed": 1.0,
    }


def check_settings(settings: dict[str, Any]) -> str | None:
    """The reason these settings are not usable, or None."""
    for key in settings:
        if key not in SETTING_KEYS:
            return f"未知设置 {key}（可用：{'、'.join(sorted(SETTING_KEYS))}）"
    for key in ("day_open", "day_close"):
        value = settings.get(key)
        if value is None and key == "day_open":
            continue
        if parse_hhmm(value) is None:
            return f"{key} 应为 HH:MM 形式的时间，例如 22:00"
    for key, (low, high) in RANGES.items():
        value = settings.get(key)
        if key == "speed":
            if not isinstance(value, (int, float)) or isinstance(value, bool) or not low <= value <= high:
                return f"speed 应为 {low:g} 到 {high:g} 之间的数字，例如 60 表示游戏时间走得比现实快 60 倍"
        elif not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            return f"{key} 应为 {low:g} 到 {high:g} 之间的整数"
    try:
        ZoneInfo(str(settings.get("timezone")))
    except Exception:
        return f"未知时区 {settings.get('timezone')}"
    return None


def parse_hhmm(value: Any) -> time | None:
    if not isinstance(value, str):
        return None
    try:
        hours, minutes = value.split(":")
        return time(int(hours), int(minutes))
    except ValueError:
        return None


def _at(day: datetime, clock: time) -> datetime:
    return day.replace(hour=clock.hour, minute=clock.minute, second=0, microsecond=0)


def day_opening(settings: dict[str, Any], night_end: datetime) -> datetime:
    """When the day after a night ending at ``night_end`` opens (开门)."""
    opening = parse_hhmm(settings.get("day_open"))
    if opening is None:
        return night_end
    local = night_end.astimezone(ZoneInfo(settings["timezone"]))
    candidate = _at(local, opening)
    closing = parse_hhmm(settings["day_close"])
    assert closing is not None
    if candidate < local:
        if local < _at(local, closing) and settings["day_days"] == 1:
            return night_end  # late night: open at once, today's close stands
        candidate += timedelta(days=1)
    return candidate.astimezone(UTC)


def day_closing(settings: dict[str, Any], opened: datetime, weekend: bool = True) -> datetime:
    """When a day opened at ``opened`` closes (关门): its last calendar day at day_close (longer by
    ``weekend_days`` when it touches a weekend, unless ``weekend`` is False: the first day)."""
    closing = parse_hhmm(settings["day_close"])
    assert closing is not None
    local = opened.astimezone(ZoneInfo(settings["timezone"]))
    span = settings["day_days"]
    dates = [local + timedelta(days=i) for i in range(span)]
    if weekend and settings["weekend_days"] and any(d.weekday() >= 5 for d in dates):
        span += settings["weekend_days"]
    candidate = _at(local + timedelta(days=span - 1), closing)
    if candidate <= local:
        candidate += timedelta(days=1)
    return candidate.astimezone(UTC)


def step_deadline(settings: dict[str, Any], phase: Phase, opened: datetime, minutes: int | None) -> datetime:
    if minutes is None:
        minutes = settings["setup_minutes"] if phase == Phase.SETUP else settings["step_minutes"]
    return opened + timedelta(minutes=minutes)


def noon_refusal(noon: tuple[str, str, str], tz: str, now: datetime, closing: datetime | None) -> str | None:
    """Why a [正午] skill may not be used at ``now`` (outside from–until, or from–closing_day on a day
    whose 关门 ``closing`` falls that date), or None."""
    local = now.astimezone(ZoneInfo(tz))
    closes_today = closing is not None and closing.astimezone(ZoneInfo(tz)).date() == local.date()
    start, end = (parse_hhmm(c) for c in (noon[0], noon[2] if closes_today else noon[1]))
    assert start is not None and end is not None  # checked as the ruleset loads
    if _at(local, start) <= local < _at(local, end):
        return None
    return f"[正午]技能只能在{noon[0]}至{noon[1]}发动（若当天关门则至{noon[2]}），现在是{local:%H:%M}"


def close_deadline(closed: datetime, after_close: int) -> datetime:
    """关门后N分钟内: N minutes after the day's 关门."""
    return closed + timedelta(minutes=after_close)


def prompt_deadline(settings: dict[str, Any], opened: datetime, minutes: int | None) -> datetime:
    return opened + timedelta(minutes=minutes or settings["reaction_minutes"])
