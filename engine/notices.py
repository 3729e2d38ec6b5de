"""公示 at 开门: the dawn report, and what waits for the night's outs to be announced.

Some things happen only once the public knows of a night's outs: a hunter's shot
(最后一枪 with ``at: dawn``), a counter that starts when its card becomes current
(九尾狐's 尾巴 刷新为9条), the succession of a sheriff who went out before 竞选日 ended.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import cards, labels, moon_events, queue, texts
from engine.context import Context
from engine.messages import PUBLIC
from engine.phases import Phase

if TYPE_CHECKING:
    pass


def publish(game: Context, header: str) -> None:
    """The day's first notice with the dawn report; then what waited for it."""
    text = report(game)
    game.say(PUBLIC, header + ("\n" + text if text else ""))
    after_notice(game)


def after_notice(game: Context) -> None:
    """The night's outs are public now: cards publicly current catch up, waiting things happen."""
    st = game.st
    waiting, st.at_notice = st.at_notice, []
    asks: list[object] = []
    for seat in st.seats:
        seat.shown = seat.current
    for kind, no, card_id, skill in waiting:
        seat = st.seat(no)
        if kind == "counter":
            card = next(c for c in seat.cards if c.id == card_id)
            cards.start_counter(game, seat, card)
        elif kind == "ask":
            asks.append(queue.Ask(no, skill, "skill", card_id))
    if st.sheriff and not st.seat(st.sheriff).alive and game.rs.sheriff:
        asks.append(queue.Ask(st.sheriff, game.rs.sheriff.succession, "sheriff"))
    asks.extend(moon_events.at_dawn(game))
    queue.push_front(game, asks)


def report(game: Context, sections: tuple[str, ...] | None = None) -> str:
    rs, st = game.rs, game.st
    lines: list[str] = []
    for section in sections or rs.notices.dawn:
        if section == "exiled_yesterday" and st.exiled_yesterday:
            lines.append(
                "昨日投票出局：" + "、".join(texts.public_label(rs, st.seat(n)) for n in st.exiled_yesterday) + "。"
            )
        elif section == "night_deaths" and (st.day > 1 or rs.first == Phase.NIGHT):
            outs = list(dict.fromkeys(st.night_deaths))
            if rs.notices.death_order == "seat":
                outs.sort()
            if outs:
                lines.append(
                    "昨夜出局："
                    + "、".join(texts.public_label(rs, st.seat(n)) + labels.out_note(st.seat(n)) for n in outs)
                    + "。"
                )
            else:
                lines.append("昨夜无人出局。")
        elif section == "statuses" and not game.withheld("状态"):
            for name in dict.fromkeys(n for n, _ in st.dawn_statuses):
                sdef = rs.statuses[name]
                seats = [st.seat(no) for n, no in st.dawn_statuses if n == name]
                if rs.notices.death_order == "seat":
                    seats.sort(key=lambda s: s.no)
                lines.append(f"{sdef.dawn_notice}：{texts.names(seats)}。")
        elif section == "sheriff" and rs.sheriff and st.sheriff:
            lines.append(f"当日警长：{labels.sheriff_label(game, st.sheriff)}。")
        elif section == "moon":
            lines.extend(moon_events.dawn_lines(game))
        elif section == "last_words":
            for seat in st.seats:
                if seat.last_words is not None and not seat.last_words_published:
                    lines.append(f"{seat.name}的遗言：{seat.last_words}")
                    seat.last_words_published = True
        elif section == "last_words_spent" and st.last_words_left == 0 and not st.last_words_spent_day:
            lines.append("遗言已耗尽。")
            st.last_words_spent_day = st.day
        elif section == "held":
            lines.extend(text for _, text in st.held)
            st.held = []
    st.dawn_statuses = []
    return "\n".join(lines)


def night_report(game: Context) -> str:
    """What the night left for the public, when the game ends before 开门."""
    return report(game, sections=("night_deaths", "statuses", "held"))
