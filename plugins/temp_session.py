"""A DM from a group's temporary session (sub_type "group"): someone who is not the bot's friend.

Everything the game sends by DM (身份, 反馈, 已记录 …) needs the friendship, so such a DM is
not taken as a command: the sender is answered on the temporary session itself (with the
group it came through, the only path that arrives) and told how to become a friend.
Nothing changes.
"""

from __future__ import annotations

from nonebot import logger, on_message
from nonebot.adapters.onebot.v11 import (
    ActionFailed,
    Bot,
    Event,
    Message,
    MessageSegment,
    NetworkError,
    PrivateMessageEvent,
)
from nonebot.matcher import Matcher
from nonebot.plugin import PluginMetadata

from bot.tables import tables

__plugin_meta__ = PluginMetadata(
    name="版杀临时会话",
    description="群临时会话的私聊：告诉对方先加机器人为好友",
    usage="自动运行，无命令",
    type="application",
    supported_adapters={"~onebot.v11"},
)


def _temporary(event: Event) -> bool:
    return isinstance(event, PrivateMessageEvent) and event.sub_type == "group"


def via_group(event: PrivateMessageEvent) -> int | None:
    """The group a temporary session runs through (NapCat: ``sender.group_id``)."""
    group = getattr(event.sender, "group_id", None) or getattr(event, "group_id", None)
    return int(group) if group else None


def answer(qq: int) -> str:
    names = "、".join(dict.fromkeys(p.name for t in tables.playing(qq) if (p := t.seat_of(qq)))) or ""
    note = f"（验证信息填写你的角色名「{names}」）" if names else "（报名后，验证信息填写你报名的角色名）"
    return (
        f"这条没有记录：机器人只通过好友私聊收发游戏消息（身份、技能、投票），临时会话收不到。"
        f"请先添加机器人为好友{note}，通过后再私聊发送。"
    )


temporary = on_message(rule=_temporary, priority=0, block=True)


@temporary.handle()
async def _temp(bot: Bot, matcher: Matcher, event: PrivateMessageEvent) -> None:
    group = via_group(event)
    text = answer(event.user_id)
    if group is None:
        await matcher.finish(text)
    try:
        await bot.call_api(  # group_id: the temporary session it came through (not in the typed signature)
            "send_private_msg", user_id=event.user_id, group_id=group, message=Message(MessageSegment.text(text))
        )
    except (ActionFailed, NetworkError) as failure:
        logger.warning(f"无法通过群 {group} 的临时会话回复 {event.user_id}：{failure}")
    await matcher.finish()
