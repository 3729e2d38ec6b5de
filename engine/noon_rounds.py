"""日不落: extra [正午] rounds of a day's vote that keep the day number, each voted by the seats one seat names.

An out may give the next game day one more round of its vote (``extra_noon``: 太阳<日> — 下一个白天额外进行一轮
[正午]阶段). As the day's round before it is counted, that round's exile waits (在第一次[正午]阶段最高票的角色还尚未
出局), the seat that gave the round is asked for its speakers (``speakers``: 只有太阳指定的角色可以发言投票; it may
watch the first round first), and the round opens, as long as a day's. Only those seats vote; the others are no
silent voters (投票贴不发言默认视作弃票). As it is counted, the waiting exiles go first, in their rounds' order.
Several such rounds follow one another in their givers' out order, each with its own speakers (按照出局顺序轮流触发
并选择谁可以发言投票，互相独立). A day whose vote is held again (``vote_again``: 重定时间) holds that vote first: its
正午 has two vote posts, both exiles waiting, and the extra round follows them (太阳与定序王子同时触发技能时，流程为先
进行一轮正午阶段并且开启两个投票贴，之后再进行一轮正午阶段并只开启一个投票贴).
"""

from __future__ import annotations

from collections import deque

from engine import queue
from engine.context import Context
from engine.phases import Phase


def schedule(game: Context, giver: int, skill: str) -> None:
    """``giver``'s out gives the next game day an extra round; its ``skill`` names the speakers."""
    st = game.st
    night_first = game.rs.first == Phase.NIGHT and st.phase in {Phase.NIGHT, Phase.DAWN}
    day = st.day if night_first else st.day + 1  # night N before day N, or the day after this one
    st.extra_noons.append((day, giver, skill))
    game.log("vote", f"第{day}天额外进行一轮正午（{game.who(giver)}的{skill}）", skill)


def after_count(game: Context) -> None:
    """A round of the day's vote was counted: after an extra round its waiting exiles go first; with an
    extra round due today, this round's exiles wait and the giver is asked for its speakers."""
    st = game.st
    if st.speakers is not None:
        st.speakers = None
        queue.push_front(game, list(st.held_exiles))
        st.held_exiles = []
    due = next((entry for entry in st.extra_noons if entry[0] == st.day), None)
    if due is None or st.phase != Phase.DAY:
        return
    exiles = [item for item in st.work if isinstance(item, queue.Out) and item.cause == "投票"]
    st.work = deque(item for item in st.work if not any(item is e for e in exiles))
    st.held_exiles.extend(exiles)
    if st.another_round:  # this 正午's second vote post (重定时间) comes first, its exile waiting as well
        return
    st.extra_noons.remove(due)
    _, giver, skill = due
    st.speakers = ()
    st.another_round = True
    queue.push_front(game, [queue.Ask(giver, skill, "skill")])


def name_speakers(game: Context, seats: list[int], rule: str) -> None:
    game.st.speakers = tuple(seats)
    names = "、".join(game.label(no) for no in seats) or "无人"
    game.log("vote", f"{rule}：本轮可以发言投票的角色：{names}", rule, secret=False)


def barred(game: Context, voter: int) -> bool:
    """In an extra round, a seat its giver did not name may not vote."""
    speakers = game.st.speakers
    return speakers is not None and voter not in speakers


def round_notice(game: Context) -> str:
    """What the public is told as the next round opens: an extra 正午's speakers, or "" (another round)."""
    speakers = game.st.speakers
    if speakers is None:
        return ""
    names = "、".join(game.label(no) for no in speakers) or "无人"
    return f"额外进行一轮正午，只有{names}可以发言投票"
