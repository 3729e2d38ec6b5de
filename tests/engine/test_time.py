"""Time: 开门/关门 from the schedule, weekend extension, rehearsal speed, pause, extend, advance."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from engine import commands as c
from engine.schedule import day_closing, day_opening
from tests.engine.builders import T0, act, at, new_game, run_to, run_to_step

TZ = ZoneInfo("Asia/Shanghai")
SETTINGS = {"day_open": "12:00", "day_close": "22:00", "day_days": 1, "weekend_days": 0, "timezone": "Asia/Shanghai"}


def local(*args: int) -> datetime:
    return datetime(*args, tzinfo=TZ)


def test_day_opens_at_the_next_open_time() -> None:
    assert day_opening(SETTINGS, local(2026, 1, 6, 1, 30)) == local(2026, 1, 6, 12, 0)
    assert day_opening(SETTINGS, local(2026, 1, 5, 23, 10)) == local(2026, 1, 6, 12, 0)
    # a night that ends late, inside today's discussion hours, opens the day at once
    assert day_opening(SETTINGS, local(2026, 1, 6, 13, 0)) == local(2026, 1, 6, 13, 0)
    assert day_opening(SETTINGS | {"day_open": None}, local(2026, 1, 6, 1, 30)) == local(2026, 1, 6, 1, 30)


def test_day_closes_at_close_time_and_weekends_add_days() -> None:
    assert day_closing(SETTINGS, local(2026, 1, 5, 12, 0)) == local(2026, 1, 5, 22, 0)  # Monday
    two_days = SETTINGS | {"day_days": 2, "weekend_days": 1}
    assert day_closing(two_days, local(2026, 1, 5, 12, 0)) == local(2026, 1, 6, 22, 0)  # Mon–Tue
    assert day_closing(two_days, local(2026, 1, 9, 12, 0)) == local(2026, 1, 11, 22, 0)  # Fri–Sat +1: Sunday


def test_the_first_day_waits_for_open_time_after_setup() -> None:
    game = new_game()
    run_to(game, "day", 1)
    assert game.st.step_opened == T0.replace(hour=12)
    assert game.st.clock.real(game.st.deadline) == T0.replace(hour=22)


def test_a_step_closes_as_soon_as_everyone_acted() -> None:
    game = new_game()
    run_to_step(game, "狼人")
    opened = game.st.step_opened
    act(game, 1, "杀人", 3, minutes=1)
    assert game.rs.steps("night")[game.st.step].name == "狼人"  # one wolf has not chosen yet
    act(game, 2, "杀人", 3, minutes=1)
    assert game.rs.steps("night")[game.st.step].name != "狼人"
    assert game.st.now == opened + timedelta(minutes=2)


def test_rehearsal_speed_compresses_every_deadline() -> None:
    game = new_game(speed=60.0)
    first = game.next_deadline()
    assert first == T0 + timedelta(minutes=3)  # 开门 at 12:00 game time: three game hours, three real minutes
    run_to(game, "day", 1)
    close = game.next_deadline()
    assert close is not None and close - game.st.clock.real(game.st.now) == timedelta(minutes=10)


def test_pause_freezes_deadlines_and_resume_keeps_the_time_left() -> None:
    game = new_game()
    run_to(game, "day", 1)
    left = game.st.deadline - game.st.now
    game.apply(c.Pause(at=at(game, 60)))
    assert game.next_deadline() is None
    refused = game.apply(c.CastVote(at=at(game, 5), seat=1, target=3))
    assert not refused.accepted and "暂停" in refused.reply
    resumed_at = game.st.clock.real(game.st.now) + timedelta(days=2)
    game.apply(c.Resume(at=resumed_at))
    assert game.next_deadline() == resumed_at + left - timedelta(minutes=60)


def test_extend_and_advance() -> None:
    game = new_game()
    run_to(game, "day", 1)
    before = game.next_deadline()
    reply = game.apply(c.Extend(at=at(game), minutes=30))
    assert reply.accepted and game.next_deadline() == before + timedelta(minutes=30)
    game.apply(c.Advance(at=at(game, 1)))
    assert game.st.phase == "night"


def test_deadline_missed_while_down_fires_on_the_next_tick() -> None:
    game = new_game()
    run_to(game, "day", 1)
    close = game.next_deadline()
    back = close + timedelta(hours=5)
    game.tick(back)
    # the day closed at its deadline; the night's first step opens when the bot is back, with its full time
    assert game.st.phase == "night" and game.rs.steps("night")[game.st.step].name == "守卫"
    assert game.st.step_opened == back
    assert game.next_deadline() == back + timedelta(minutes=30)
