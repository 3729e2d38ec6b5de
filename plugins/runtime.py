"""Start-up, connection and shutdown: the games back from the database with their deadlines,
each game rebuilt before the first message about it is handled, whatever waited sent to a
connected QQ account, and the delivery marks written at a clean stop."""

from __future__ import annotations

from nonebot import get_driver, require
from nonebot.adapters.onebot.v11 import Bot, Event, MessageEvent
from nonebot.message import event_preprocessor
from nonebot.plugin import PluginMetadata

require("bot.store")
require("nonebot_plugin_apscheduler")

from bot import startup  # noqa: E402
from plugins._common import plain  # noqa: E402

__plugin_meta__ = PluginMetadata(
    name="版杀运行时",
    description="启动时从数据库恢复所有游戏与截止时间；QQ 连接后补发未发送的消息",
    usage="自动运行，无命令",
    type="application",
    supported_adapters={"~onebot.v11"},
)

driver = get_driver()


@driver.on_startup
async def _recover() -> None:
    await startup.recover()


@driver.on_shutdown
async def _stop() -> None:
    await startup.shutdown()


@event_preprocessor
async def _open_what_it_touches(event: Event) -> None:
    """The chat plugins read a game's state as they route a message: open (rebuild) it first."""
    user, group = getattr(event, "user_id", None), getattr(event, "group_id", None)
    text = plain(event.get_message()) if isinstance(event, MessageEvent) else ""
    superuser = str(user) in {str(s) for s in driver.config.superusers}
    await startup.open_for(
        user if isinstance(user, int) else None, group if isinstance(group, int) else None, text, superuser
    )


@driver.on_bot_connect
async def _connected(bot: Bot) -> None:
    await startup.deliver_all()
