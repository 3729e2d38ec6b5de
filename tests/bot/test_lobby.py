"""Lobby commands in the main group."""

from __future__ import annotations

import nonebot
from nonebot.adapters.onebot.v11 import Adapter, Bot, Message, MessageSegment
from nonebug import App

from tests.bot.fake import SELF_ID, say

GROUP = 500


def text(body: str) -> Message:
    return Message(MessageSegment.text(body))


async def test_only_admins_create_and_the_reply_names_the_game(app: App) -> None:
    async with app.test_matcher() as ctx:
        bot = ctx.create_bot(base=Bot, adapter=nonebot.get_adapter(Adapter), self_id=str(SELF_ID))
        event = say(GROUP, 2, "/新建 secret_number")
        ctx.receive_event(bot, event)
        ctx.should_call_send(event, "只有群主、管理员或机器人的超级用户可以新建游戏。", result={"message_id": 1})
        event = say(GROUP, 1, "/新建 secret_number", role="owner")
        ctx.receive_event(bot, event)
        ctx.should_call_send(
            event,
            "已新建第 #1 局：秘密数字杀（secret_number）。导演：1。玩家请发送「/报名 角色名」，并加机器人为好友。",
            result={"message_id": 2},
        )
