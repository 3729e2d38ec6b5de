"""Requests and notices: friend requests from signed-up players and directors, group invites
from directors, join requests to team groups (only the team's roster), and newcomers."""

from __future__ import annotations

from nonebot import on_notice, on_request
from nonebot.adapters.onebot.v11 import (
    ActionFailed,
    Bot,
    FriendAddNoticeEvent,
    FriendRequestEvent,
    GroupAdminNoticeEvent,
    GroupIncreaseNoticeEvent,
    GroupRequestEvent,
)
from nonebot.plugin import PluginMetadata

from bot import service, teams
from bot.tables import tables
from plugins._common import superusers

__plugin_meta__ = PluginMetadata(
    name="版杀成员管理",
    description="好友申请、邀请入群、团队群入群审批与名单外成员移出",
    usage="自动运行，无命令",
    type="application",
    supported_adapters={"~onebot.v11"},
)


def _known(qq: int) -> bool:
    """Signed up somewhere, directing something, or a superuser."""
    return bool(tables.playing(qq) or tables.directing(qq, set()) or str(qq) in superusers())


requests = on_request(priority=5, block=True)


@requests.handle()
async def _friend(bot: Bot, event: FriendRequestEvent) -> None:
    await event.approve(bot) if _known(event.user_id) else await event.reject(bot)


@requests.handle()
async def _group(bot: Bot, event: GroupRequestEvent) -> None:
    if event.sub_type == "invite":
        directing = bool(tables.directing(event.user_id, set())) or str(event.user_id) in superusers()
        await event.approve(bot) if directing else await event.reject(bot, reason="只接受导演的邀请。")
        return
    bound = tables.bound_to(event.group_id)
    if bound is None:
        return  # not a team group: the group's own admins decide
    ok, why = teams.allowed(event.group_id, event.user_id)
    try:
        await event.approve(bot) if ok else await event.reject(bot, reason=why)
    except ActionFailed:
        table = bound[0]
        async with table.sending:
            await teams.warn(table, event.group_id, f"无法审批群 {event.group_id} 的入群申请（{event.user_id}）")
            await service.deliver(table)


notices = on_notice(priority=5, block=True)


@notices.handle()
async def _joined(bot: Bot, event: GroupIncreaseNoticeEvent) -> None:
    await teams.joined(bot, event.group_id, event.user_id)
    bound = tables.bound_to(event.group_id)
    if bound is not None and bound[0].outbox:
        async with bound[0].sending:
            await service.deliver(bound[0])


@notices.handle()
async def _made_admin(bot: Bot, event: GroupAdminNoticeEvent) -> None:
    """The bot became admin of a bound group: what it could not do there is done now."""
    bound = tables.bound_to(event.group_id)
    if event.sub_type != "set" or event.user_id != int(bot.self_id) or bound is None:
        return
    async with bound[0].sending:
        await teams.follow(bound[0], force=True, announce=False)
        await service.deliver(bound[0])


@notices.handle()
async def _friend_added(event: FriendAddNoticeEvent) -> None:
    for table in tables.playing(event.user_id):
        async with table.sending:
            await service.deliver(table)
