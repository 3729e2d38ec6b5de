"""Requests and notices: friend requests, group invites, join requests to a bound team group,
newcomers in it, 群名片, and DMs that cannot reach a player until they add the bot."""

from __future__ import annotations

import pytest
from nonebot.adapters.onebot.v11 import ActionFailed, Message, MessageSegment, NetworkError
from nonebug import App

from engine import commands as c
from tests.bot.fake import SELF_ID, friend_added, friend_request, join_request, joined
from tests.bot.helpers import (
    GROUP,
    OWNER,
    STRANGER,
    SUPERUSER,
    TEAM_GROUP,
    Peer,
    bind_lovers,
    counts,
    expected,
    game,
    now,
    open_lobby,
    running_game,
    secret,
    text,
)

NOT_A_FRIEND = " 机器人无法私聊你：请先添加机器人为好友（验证信息填写你报名的角色名），通过后私聊消息会自动补发。"


async def test_friend_requests_from_players_directors_and_superusers_only(app: App) -> None:
    async with app.test_matcher() as ctx:
        qq = Peer(ctx)
        event = qq.receive(friend_request(101))
        qq.api("set_friend_add_request", {"flag": event.flag, "approve": False})  # type: ignore[attr-defined]
    await open_lobby(app)
    async with app.test_matcher() as ctx:
        qq = Peer(ctx)
        for who in (101, OWNER, SUPERUSER):
            event = qq.receive(friend_request(who))
            qq.api("set_friend_add_request", {"flag": event.flag, "approve": True, "remark": ""})  # type: ignore[attr-defined]
        event = qq.receive(friend_request(STRANGER))
        qq.api("set_friend_add_request", {"flag": event.flag, "approve": False})  # type: ignore[attr-defined]


async def test_the_bot_joins_groups_only_at_a_directors_invitation(app: App) -> None:
    await open_lobby(app)
    async with app.test_matcher() as ctx:
        qq = Peer(ctx)
        for who in (OWNER, SUPERUSER):
            event = qq.receive(join_request(TEAM_GROUP, who, sub_type="invite"))
            qq.api("set_group_add_request", {"flag": event.flag, "sub_type": "invite", "approve": True})  # type: ignore[attr-defined]
        for who in (101, STRANGER):
            event = qq.receive(join_request(TEAM_GROUP, who, sub_type="invite"))
            qq.api(
                "set_group_add_request",
                {"flag": event.flag, "sub_type": "invite", "approve": False, "reason": "只接受导演的邀请。"},  # type: ignore[attr-defined]
            )


async def test_join_requests_to_a_bound_group_follow_its_roster(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    await bind_lovers(app, monkeypatch)
    async with app.test_matcher() as ctx:
        qq = Peer(ctx)
        for who in (105, OWNER):  # the lover outside, a director
            event = qq.receive(join_request(TEAM_GROUP, who))
            qq.api("set_group_add_request", {"flag": event.flag, "sub_type": "add", "approve": True})  # type: ignore[attr-defined]
        for who in (103, STRANGER):  # a player who is no lover, a stranger
            event = qq.receive(join_request(TEAM_GROUP, who))
            qq.api(
                "set_group_add_request",
                {"flag": event.flag, "sub_type": "add", "approve": False, "reason": "你不在本局情侣群的名单中。"},  # type: ignore[attr-defined]
            )
        qq.receive(join_request(TEAM_GROUP + 1, STRANGER))  # not a team group: its own admins decide


async def test_newcomers_off_the_roster_are_removed_and_members_get_their_names(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    await bind_lovers(app, monkeypatch)
    async with app.test_matcher() as ctx:
        qq = Peer(ctx)
        qq.receive(joined(TEAM_GROUP, STRANGER))
        qq.api("set_group_kick", {"group_id": TEAM_GROUP, "user_id": STRANGER, "reject_add_request": False})
        qq.receive(joined(TEAM_GROUP, 103))
        qq.api("set_group_kick", {"group_id": TEAM_GROUP, "user_id": 103, "reject_add_request": False})
        qq.receive(joined(TEAM_GROUP, 105))
        qq.api("set_group_card", {"group_id": TEAM_GROUP, "user_id": 105, "card": "戊"})
        qq.receive(joined(TEAM_GROUP, OWNER))  # a director stays, and keeps his own card
        qq.receive(joined(TEAM_GROUP, SELF_ID))
        qq.receive(joined(TEAM_GROUP + 1, STRANGER))  # not a team group


async def test_a_team_group_follows_deaths(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """甲 is ruled out; 戊 follows him (殉情): both leave the 情侣群's roster and are removed."""
    table = await bind_lovers(app, monkeypatch)
    result, calls = expected(table, c.Ruling(at=now(), what="kill", seat=1), ("group", GROUP))
    assert "戊（秘密数字4）出局（殉情）。" in "".join(m.text for m in result.messages)
    present = [
        {"user_id": SELF_ID, "role": "admin", "card": ""},
        {"user_id": OWNER, "role": "owner", "card": ""},
        {"user_id": 101, "role": "member", "card": "甲"},
        {"user_id": 105, "role": "member", "card": "戊"},
    ]
    async with app.test_matcher() as ctx:
        qq = Peer(ctx)
        qq.say(OWNER, "/裁定 出局 甲")
        qq.api("get_group_member_list", {"group_id": TEAM_GROUP}, present)
        qq.api("set_group_kick", {"group_id": TEAM_GROUP, "user_id": 101, "reject_add_request": False})
        qq.api("set_group_kick", {"group_id": TEAM_GROUP, "user_id": 105, "reject_add_request": False})
        for call in calls:
            qq.call(call)
    assert not game(table).st.seat(5).alive


async def test_a_player_the_bot_cannot_dm_is_told_once_and_gets_it_on_adding_the_bot(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await running_game(app, monkeypatch)
    refused_dm = ActionFailed(status="failed", retcode=1200, wording="对方不是你的好友")
    told = Message([MessageSegment.at(101), MessageSegment.text(NOT_A_FRIEND)])
    vote = f"已记录投票：秘密数字{secret(table, 102)}。关门前可改票1次。"
    async with app.test_matcher() as ctx:
        qq = Peer(ctx)
        qq.dm(101, f"投票 {secret(table, 102)}")
        qq.api("send_private_msg", {"user_id": 101, "message": text(vote)}, exception=refused_dm)
        qq.api("send_group_msg", {"group_id": GROUP, "message": told}, {"message_id": 1})
    assert game(table).st.votes[1].target == 2  # accepted: committed before anyone was told
    # the next command tries 101's waiting message again, but does not tell the group twice
    async with app.test_matcher() as ctx:
        qq = Peer(ctx)
        qq.dm(103, "弃权")
        qq.api("send_private_msg", {"user_id": 101, "message": text(vote)}, exception=refused_dm)
        qq.to_user(103, "已记录投票：弃权。关门前可改票1次。")
    async with app.test_matcher() as ctx:
        qq = Peer(ctx)
        qq.receive(friend_added(101))
        qq.to_user(101, vote)
    async with app.test_matcher() as ctx:
        qq = Peer(ctx)
        qq.receive(friend_added(101))  # nothing is sent twice


async def test_what_could_not_be_sent_goes_out_when_the_bot_connects_again(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    from plugins.runtime import _connected

    table = await running_game(app, monkeypatch)
    vote = f"已记录投票：秘密数字{secret(table, 102)}。关门前可改票1次。"
    async with app.test_matcher() as ctx:
        qq = Peer(ctx)
        qq.dm(101, f"投票 {secret(table, 102)}")
        qq.api("send_private_msg", {"user_id": 101, "message": text(vote)}, exception=NetworkError("断线"))
    logged, rows = await counts()
    async with app.test_api() as ctx:
        qq = Peer(ctx)
        qq.to_user(101, vote)
        await _connected(qq.bot)
    assert await counts() == (logged, rows)
