"""新月扩展 in play: the 执警's choice of the next 新月事件, its announcement, and the events in effect.

From the second game day, every other day brings the event of the sign chosen the day before
(从第二个游戏日开始，每隔一天将会出现一个新月事件): at the end of an odd day's vote the seat holding
``CHOOSES`` (执警<决策>) picks a sign not chosen yet; with no such seat, or none left to ask, the
导演 draws one at random (未选择星座，新月事件由导演随机抽取). The choice is public (在投票贴里选择);
the event it brings is announced at the next 开门 (双数日公示新月事件), with its 有效期, and lasts:
``next_day_start`` until the day after that one opens, ``next_day_end`` until it ends, ``game_end``
for good. A seat holding ``APPOINTS`` (警长<任命>) and no living 执警 beside it is asked again, at
开门 and at the end of a day's vote (警长或执警其中任意一个出局，警长需要重新任命一个执警).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import cards, messages, queue
from engine.context import Context
from engine.phases import Phase
from engine.state import Seat

CHOOSES = "决策"
APPOINTS = "任命"
OFFICE = "执警"  # the status 任命 gives
LASTS_TEXT = {
    "next_day_start": "从公布时间到下一个游戏日开始",
    "next_day_end": "从公布时间到下一个游戏日结束",
    "game_end": "从公布时间到游戏结束",
}


@dataclass(frozen=True)
class VoteEnd:
    """The day's vote has resolved: the 执警 is appointed again if gone, then (odd days) the next
    event is chosen. ``asked``: the appointment was asked for; ``choosing``: the 决策 was."""

    asked: bool = False
    choosing: bool = False


def playing(game: Context) -> bool:
    """新月扩展 is on in this game."""
    moon = game.rs.moon
    return moon is not None and bool(game.st.options.get(moon.option, game.rs.options[moon.option].default))


def open_signs(game: Context) -> tuple[str, ...]:
    """The signs a 执警 may still choose: every one of the ruleset's not chosen yet (〔导演〕each once)."""
    moon = game.rs.moon
    chosen = {sign for _, sign in game.st.moon_signs}
    return tuple(s for s in moon.signs if s not in chosen) if moon else ()


def choose(game: Context, seat: int, sign: str) -> None:
    """决策: the 执警's sign, told to the public at once; the event waits for the next 开门."""
    st = game.st
    st.moon_signs.append((st.day, sign))
    game.public(f"执警{game.label(seat)}选择了{sign}作为下一次的新月事件。")
    game.log("moon", f"{game.who(seat)}选择{sign}（{st.moon.get(sign) or '无事件'}）", CHOOSES)


def draw(game: Context, why: str) -> None:
    """The 导演's random draw of a sign not chosen yet; the sign itself is not told."""
    st = game.st
    signs = open_signs(game)
    if not signs:
        return
    sign = game.rng().choice(signs)
    st.moon_signs.append((st.day, sign))
    game.public(f"{why}，下一次的新月事件由导演随机抽取。")
    game.log("moon", f"{why}，导演随机抽取{sign}（{st.moon.get(sign) or '无事件'}）", CHOOSES)


def event_of(game: Context, day: int) -> str:
    """The event announced at day ``day``'s 开门: that of the sign chosen the day before ('' if none)."""
    sign = next((s for d, s in game.st.moon_signs if d == day - 1), "")
    return game.st.moon.get(sign, "")


def in_effect(game: Context) -> list[str]:
    """The events in effect now, in the order they were announced."""
    moon, st = game.rs.moon, game.st
    if moon is None:
        return []
    now: list[str] = []
    for day, sign in st.moon_signs:
        event, shown = st.moon.get(sign, ""), day + 1
        if not event or st.day < shown:
            continue
        lasts = moon.events[event].lasts
        if lasts == "game_end" or st.day == shown or (lasts == "next_day_end" and _on_day(st.day, st.phase, shown + 1)):
            now.append(event)
    return now


def _on_day(day: int, phase: str, number: int) -> bool:
    return day == number and phase != Phase.NIGHT


def refresh(game: Context) -> None:
    """As a day or a night opens: the events in effect now (``moon_event`` conditions read them); an
    event beginning takes its ``takes`` and gives its ``grants``, one ending takes its grants back."""
    if not playing(game):
        return
    st, moon = game.st, game.rs.moon
    assert moon is not None
    before, st.moon_now = st.moon_now, in_effect(game)
    game.changed()
    for name in [e for e in st.moon_now if e not in before]:
        event = moon.events[name]
        for role, skills in event.takes:
            for seat in _of_role(game, role):
                game.lose_skills(seat.no, skills, name)
                game.tell(seat.no, f"新月事件{name}：你失去了技能{'、'.join(skills)}。")
        for role, skill in event.grants:
            for seat in _of_role(game, role):
                game.grant_skill(seat.no, skill, name)
                game.tell(seat.no, f"新月事件{name}：你获得了技能{skill}。")
    for name in [e for e in before if e not in st.moon_now]:
        for role, skill in moon.events[name].grants:
            for seat in _of_role(game, role):
                game.lose_skills(seat.no, (skill,), f"{name}失效")


def dawn_lines(game: Context) -> list[str]:
    """开门: 当日执警, and on an even day the 新月事件 the sign chosen yesterday brings."""
    if not playing(game):
        return []
    st, moon = game.st, game.rs.moon
    assert moon is not None
    lines = [f"当日执警：{game.label(s.no)}。" for s in _officers(game)]
    if st.day % 2 == 0 and any(d == st.day - 1 for d, _ in st.moon_signs):
        event = event_of(game, st.day)
        if event:
            mark = "+" if moon.events[event].influence > 0 else "-"
            lines.append(
                f"【新月事件】{event}（{mark}）。事件有效期：{LASTS_TEXT[moon.events[event].lasts]}。"
                f"{moon.events[event].text}"
            )
        else:
            lines.append("【新月事件】这个星座没有对应的新月事件，本次没有新月事件。")
    return lines


def at_dawn(game: Context) -> list[object]:
    """开门: the roles of last night's outs told where an event ``reveals`` them; the sheriff asked
    to appoint a 执警 when none is in the game."""
    if not playing(game):
        return []
    _reveal(game)
    return _appointment(game)


def _reveal(game: Context) -> None:
    """``reveals``: an event announced before last night tells its audience the role of each seat
    out last night by one of its causes (〔导演〕told at 开门, with the night's outs)."""
    st, moon = game.st, game.rs.moon
    assert moon is not None
    for name in st.moon_now:
        if _announced(game, name) >= st.day:
            continue
        for causes, to in moon.events[name].reveals:
            for no in dict.fromkeys(st.night_deaths):
                seat = st.seat(no)
                if seat.alive or seat.out_cause not in causes:
                    continue
                text = f"新月事件{name}：{game.label(no)}因<{seat.out_cause}>出局，其具体身份为{seat.card.role}。"
                if to in game.rs.teams:
                    game.say(messages.team(to), text)
                for holder in _of_role(game, to):
                    game.tell(holder.no, text)


def _announced(game: Context, event: str) -> int:
    """The day the event was announced (the day after its sign was chosen)."""
    return next((d + 1 for d, sign in game.st.moon_signs if game.st.moon.get(sign) == event), 0)


def after_vote(game: Context) -> list[object]:
    """What the day's vote sets off under 新月扩展 (nothing when it is off)."""
    return [VoteEnd()] if playing(game) else []


def vote_end(game: Context, item: VoteEnd) -> None:
    if not item.asked:
        asks = _appointment(game)
        if asks:
            queue.push_front(game, [*asks, VoteEnd(asked=True)])
            return
    st = game.st
    if st.day % 2 == 0 or any(d == st.day for d, _ in st.moon_signs) or not open_signs(game):
        return
    if item.choosing:
        draw(game, "执警未在时限内选择星座")
        return
    chooser = next((s for s in st.alive() if _holds(game, s, CHOOSES)), None)
    if chooser is None:
        draw(game, "没有执警")
        return
    queue.push_front(game, [queue.Ask(chooser.no, CHOOSES, "skill"), VoteEnd(asked=True, choosing=True)])


def _appointment(game: Context) -> list[object]:
    st = game.st
    sheriff = st.seat(st.sheriff) if st.sheriff else None
    if sheriff is None or not sheriff.alive or _officers(game) or not _holds(game, sheriff, APPOINTS):
        return []
    return [queue.Ask(sheriff.no, APPOINTS, "skill")]


def _of_role(game: Context, role: str) -> list[Seat]:
    return [s for s in game.st.alive() if s.card.role == role]


def _officers(game: Context) -> list[Seat]:
    return [s for s in game.st.alive() if s.has_status(OFFICE)]


def _holds(game: Context, seat: Seat, skill: str) -> bool:
    held = cards.find(game, seat, skill)
    return held is not None and cards.usable(game, seat, held)
