"""竞选日: a sheriff election held on a day of its own, before a night's outs are announced.

It opens when the day after that night would (``sheriff.election: {own_day: true}``); every
seat the public still counts in the game votes and may be voted for, those out in the night
too; only skills marked ``during_election`` are used. At its 关门 the votes are counted
(``decide: tie_none``: a tie elects nobody), then the day opens with the night's notices.
A skill in ``swallowed_by`` (吞警徽) ends it at once with no sheriff for the rest of the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import acting, cards, change, labels, queue, texts
from engine.context import Context
from engine.messages import PUBLIC
from engine.phases import Phase
from engine.schedule import day_closing

if TYPE_CHECKING:
    from engine.state import Seat


def due(game: Context) -> bool:
    rs, st = game.rs, game.st
    return bool(rs.sheriff and rs.sheriff.own_day and not st.election and st.day == rs.sheriff.election_day)


def begin(game: Context) -> None:
    st = game.st
    st.phase, st.step, st.election = Phase.ELECTION, 0, "open"
    st.step_opened = st.now
    st.deadline = day_closing(st.settings, st.now)
    st.acts, st.waiting, st.votes = [], [], {}
    game.log("phase", "竞选日开始", secret=False)
    game.say(
        PUBLIC,
        f"【竞选日】警长竞选，关门时间：{game.deadline_text(st.deadline)}。发送「投票 目标」选举警长"
        f"（得票最多者当选，平票则没有警长）。昨夜的出局情况将在第{st.day}天开门时公示。",
    )
    acting.announce_step(game)


def in_play(game: Context) -> list[Seat]:
    return [s for s in game.st.seats if cards.publicly_in(game, s)]


def tally(game: Context) -> None:
    """竞岗: the most votes elects the sheriff; a tie elects nobody (decide: tie_none)."""
    st, rs = game.st, game.rs
    assert rs.sheriff is not None
    valid = [
        v for v in sorted(st.votes.values(), key=lambda v: (v.at, v.order)) if cards.publicly_in(game, st.seat(v.voter))
    ]
    listing = "；".join(f"{st.seat(v.voter).name}→{game.label(v.target) if v.target else '弃权'}" for v in valid)
    silent = [s for s in in_play(game) if s.no not in {v.voter for v in valid}]
    text = f"【竞选日关门】警长竞选投票：{listing or '无人投票'}。"
    if silent:
        text += f"未投票：{texts.names(silent)}。"
    game.say(PUBLIC, text)
    counts: dict[int, int] = {}
    for v in valid:
        if v.target:
            counts[v.target] = counts.get(v.target, 0) + 1
    if not counts:
        game.say(PUBLIC, "无人当选警长。")
        game.log("sheriff", "竞选日无人获得选票", "竞岗", secret=False)
        return
    top = max(counts.values())
    highest = [t for t, n in counts.items() if n == top]
    if len(highest) > 1 and rs.sheriff.decide == "tie_none":
        game.say(PUBLIC, "竞选日平票，没有警长。")
        game.log(
            "sheriff",
            f"竞选日平票（{'、'.join(game.who(t) for t in highest)}各{top}票），没有警长",
            "竞岗",
            secret=False,
        )
        return
    winner, _ = labels.earliest_highest([(v.target, 1) for v in valid if v.target])
    change.make_sheriff(game, winner, "竞岗")


def close(game: Context) -> None:

    st = game.st
    st.election = "done"
    st.deadline = None
    change.end_of("election_end", game)


def swallow(game: Context, seat: Seat, skill: str) -> None:
    """吞警徽: a skill the sheriff rules name, used on 竞选日, ends the election at once; this game
    has no sheriff."""
    rs = game.rs
    if game.st.phase != Phase.ELECTION or not rs.sheriff or skill not in rs.sheriff.swallowed_by:
        return
    st = game.st
    if st.election != "open":
        return
    st.votes = {}
    game.say(PUBLIC, f"{seat.name}在竞选日发动<{skill}>，吞警徽：竞选结束，本局游戏没有警长。")
    game.log("sheriff", f"{game.who(seat.no)}发动{skill}，吞警徽，本局没有警长", "吞警徽", secret=False)
    queue.end_phase(game, skip_day=False)
