"""/新月配置 随机: a 新月配置 drawn for the lobby's board, sent to the directors only, by DM."""

from __future__ import annotations

from nonebug import App

from tests.bot.helpers import GROUP, OWNER, Contains, Peer, refused
from tests.bot.test_board_draw import CO_DIRECTOR, dm


async def test_a_drawn_moon_configuration_goes_to_the_directors_only(app: App) -> None:
    await refused(app, OWNER, "/新月配置 随机", Contains("本群没有进行中的游戏"), group=GROUP)
    async with app.test_matcher() as ctx:
        qq = Peer(ctx)
        qq.reply(qq.say(OWNER, "/新建 wuyu_town", role="owner"), Contains("已新建第 #1 局"))
    await refused(
        app,
        OWNER,
        "/新月配置 随机",
        "请先设置板子：新月配置按板子中的身份抽取（如没有猎人则不用猎人的愤怒）。",
        group=GROUP,
    )
    async with app.test_matcher() as ctx:
        qq = Peer(ctx)
        qq.reply(qq.say(OWNER, f"/导演 {CO_DIRECTOR}"), f"已添加导演：{CO_DIRECTOR}。")
        qq.reply(qq.say(OWNER, "/板子 14人局"), Contains("14"))
        event = qq.say(OWNER, "/新月配置 随机")
        for director in sorted({OWNER, CO_DIRECTOR}):
            qq.call(dm(director, "【新月配置】第 #1 局（雾雨小镇）：白羊座→", "双鱼座→", "影响力之和 0", "由导演主持"))
        qq.reply(event, "已按板子随机抽取新月配置，并私聊发给导演。")
    await refused(app, 101, "/新月配置 随机", "只有本局导演可以使用这个命令。", group=GROUP)
    await refused(app, OWNER, "/新月配置", "写法：/新月配置 随机（按板子随机抽取新月配置，私聊发给导演）", group=GROUP)


async def test_a_ruleset_without_the_expansion_says_so(app: App) -> None:
    async with app.test_matcher() as ctx:
        qq = Peer(ctx)
        qq.reply(qq.say(OWNER, "/新建 secret_number", role="owner"), Contains("已新建第 #1 局"))
    await refused(app, OWNER, "/新月配置 随机", "秘密数字杀没有新月扩展。", group=GROUP)
