"""Secrets hold in what the bot answers a player: a refusal, a hint or a list is built from what
that player may know, never from the true state (issue: 秘密数字杀's villager was shown the
non-wolves' numbers as 杀人's 选择范围).

The deal is fixed (SEED): 1甲 村民, 2乙 狼人, 3丙 村民, 4丁 女巫, 5戊 狼人, 6己 预言家.
"""

from __future__ import annotations

import pytest
from nonebug import App

from engine import commands as c
from engine.messages import Audience, Message, To
from tests.bot.helpers import OWNER, accepted, game, holders, now, refused, running_game, secret


async def test_a_skill_the_sender_does_not_hold_shows_no_range(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    table = await running_game(app, monkeypatch)
    villager = holders(table, "村民")[0]
    wolf = holders(table, "狼人")[0]
    await accepted(app, OWNER, "/推进", c.Advance(at=now()), group=True, dm_reply=True)
    # before: 「没有「abc」这个目标（请用秘密数字）。选择范围：秘密数字1、3、4、6、7」 — the wolves' numbers left out
    await refused(app, villager, "杀人 abc", "没有「abc」这个目标（请用秘密数字）。")
    # the wolf holds 杀人: its range is the wolf's to know
    others = sorted(secret(table, qq) for role in ("村民", "女巫", "预言家") for qq in holders(table, role))
    await refused(
        app,
        wolf,
        "杀人 abc",
        f"没有「abc」这个目标（请用秘密数字）。选择范围：秘密数字{'、'.join(map(str, others))}。",
    )


async def test_the_vote_hint_lists_who_everyone_knows_is_in(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """An out tonight is not known before 开门: the hint of a mistyped vote lists it still."""
    table = await running_game(app, monkeypatch)
    villager, other = holders(table, "村民")
    await accepted(app, OWNER, "/推进", c.Advance(at=now()), group=True, dm_reply=True)
    live = game(table)
    target = live.st.seat(table.seat_of(other).seat)  # type: ignore[union-attr]
    target.alive = False  # out tonight, not yet announced (set here: this night's outs come with 开门)
    live.st.night_deaths.append(target.no)
    everyone = "、".join(str(n) for n in sorted(s.secret for s in live.st.seats))
    await refused(app, villager, "投票 abc", f"没有「abc」这个投票对象。可投：秘密数字{everyone}，或「弃权」。")


async def test_a_team_message_is_relayed_to_the_members_it_was_said_to(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No group bound: the relay goes by DM to the members when it was said, not to whoever is in
    the team once the command is over (a seat joining later does not read what came before)."""
    from bot import outbox

    table = await running_game(app, monkeypatch)
    live = game(table)
    assert not any("情侣" in s.teams for s in live.st.seats)  # nobody is in it now
    said = Message(Audience(To.TEAM, team="情侣", members=(1, 3)), "情侣群消息", "team")
    rows = outbox.rows_for(table, table.seq, [said])
    assert [(r.to_kind, r.to_seat, r.text) for r in rows] == [
        ("user", 1, "【情侣群】情侣群消息"),
        ("user", 3, "【情侣群】情侣群消息"),
    ]
