"""Start-up and connection: rebuild every game from the database, re-arm its deadline, and
send whatever waited for a connected QQ account."""

from __future__ import annotations

from nonebot import get_driver, require
from nonebot.adapters.onebot.v11 import Bot
from nonebot.plugin import PluginMetadata

require("bot.store")
require("nonebot_plugin_apscheduler")

from bot import service  # noqa: E402

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
    await service.recover()


@driver.on_bot_connect
async def _connected(bot: Bot) -> None:
    await service.deliver_all()
