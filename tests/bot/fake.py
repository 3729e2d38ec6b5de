"""Fake OneBot v11 events for nonebug tests (the bot's peer is faked, never the bot)."""

from __future__ import annotations

import itertools
import time

from nonebot.adapters.onebot.v11 import (
    FriendAddNoticeEvent,
    FriendRequestEvent,
    GroupIncreaseNoticeEvent,
    GroupMessageEvent,
    GroupRequestEvent,
    Message,
    MessageSegment,
    PrivateMessageEvent,
)
from nonebot.adapters.onebot.v11.event import Sender

SELF_ID = 10000
_ids = itertools.count(1)


def _typed(text: str) -> Message:
    """What a person typed: one text segment (a literal ``[CQ:…]`` stays text, as QQ sends it)."""
    return Message(MessageSegment.text(text))


def dm(user_id: int, text: str) -> PrivateMessageEvent:
    return PrivateMessageEvent(
        time=int(time.time()),
        self_id=SELF_ID,
        post_type="message",
        message_type="private",
        sub_type="friend",
        message_id=next(_ids),
        user_id=user_id,
        message=_typed(text),
        original_message=_typed(text),
        raw_message=text,
        font=0,
        sender=Sender(user_id=user_id, nickname=str(user_id)),
        to_me=True,
    )


def say(group_id: int, user_id: int, text: str, role: str = "member") -> GroupMessageEvent:
    return GroupMessageEvent(
        time=int(time.time()),
        self_id=SELF_ID,
        post_type="message",
        message_type="group",
        sub_type="normal",
        message_id=next(_ids),
        user_id=user_id,
        group_id=group_id,
        message=_typed(text),
        original_message=_typed(text),
        raw_message=text,
        font=0,
        sender=Sender(user_id=user_id, nickname=str(user_id), card="", role=role),
        to_me=False,
    )


def friend_request(user_id: int) -> FriendRequestEvent:
    return FriendRequestEvent(
        time=int(time.time()),
        self_id=SELF_ID,
        post_type="request",
        request_type="friend",
        user_id=user_id,
        comment="",
        flag=f"friend-{next(_ids)}",
    )


def join_request(group_id: int, user_id: int, sub_type: str = "add") -> GroupRequestEvent:
    return GroupRequestEvent(
        time=int(time.time()),
        self_id=SELF_ID,
        post_type="request",
        request_type="group",
        sub_type=sub_type,
        group_id=group_id,
        user_id=user_id,
        comment="",
        flag=f"group-{next(_ids)}",
    )


def joined(group_id: int, user_id: int) -> GroupIncreaseNoticeEvent:
    return GroupIncreaseNoticeEvent(
        time=int(time.time()),
        self_id=SELF_ID,
        post_type="notice",
        notice_type="group_increase",
        sub_type="approve",
        group_id=group_id,
        user_id=user_id,
        operator_id=0,
    )


def friend_added(user_id: int) -> FriendAddNoticeEvent:
    return FriendAddNoticeEvent(
        time=int(time.time()),
        self_id=SELF_ID,
        post_type="notice",
        notice_type="friend_add",
        user_id=user_id,
    )
