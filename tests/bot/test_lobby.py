"""Lobby commands in the main group: 新建 报名 退出 名单 板子 设置 导演 开始, and 规则集 大厅."""

from __future__ import annotations

import pytest
from nonebug import App

from engine import commands as c
from engine.ruleset.loader import RULESETS_DIR
from tests.bot.helpers import (
    GROUP,
    OWNER,
    SUPERUSER,
    Contains,
    Peer,
    accepted,
    day_close_far,
    game,
    ignored,
    now,
    open_lobby,
    refused,
    start_game,
    the_table,
)

NOT_DIRECTOR = "只有本局导演可以使用这个命令。"
NO_GAME = "本群没有进行中的游戏。导演可以发送「/新建 规则集」开一局，「/规则集」查看可用规则集。"
IN_GROUP = "请在游戏主群中发送这个命令。"
STARTED = "游戏已经开始，报名、板子与开局设置不能再改。"
ROLES = "狼人、预言家、女巫、长老、守卫、丘比特、猎人、白痴、村民、吹笛者"


def created(game_id: int, director: int) -> str:
    return (
        f"已新建第 #{game_id} 局：秘密数字杀（secret_number）。导演：{director}。"
        "玩家请发送「/报名 角色名」，并加机器人为好友。"
    )


async def test_only_admins_create_and_the_reply_names_the_game(app: App) -> None:
    await refused(app, 2, "/新建 secret_number", "只有群主、管理员或机器人的超级用户可以新建游戏。", group=GROUP)
    await refused(app, OWNER, "新建 secret_number", "请在要用作主群的QQ群中发送「/新建 规则集」。")
    await refused(
        app,
        OWNER,
        "/新建",
        "写法：/新建 <规则集> [选项=值 …]，例如 /新建 secret_number 或 /新建 wuyu_town 轮次决胜=开。"
        "可用规则集与选项见「/规则集」。",
        group=GROUP,
        role="owner",
    )
    for name in ("nosuch", "../rulesets/secret_number", "/etc", str(RULESETS_DIR / "secret_number"), "."):
        await refused(
            app,
            OWNER,
            f"/新建 {name}",
            f"没有规则集「{name}」。发送「/规则集」查看可用的规则集。",
            group=GROUP,
            role="owner",
        )
    await ignored(app, OWNER, "新建 secret_number", group=GROUP)  # no '/': chat, not a command
    async with app.test_matcher() as ctx:
        qq = Peer(ctx)
        event = qq.say(2, "/新建 secret_number", role="admin")
        qq.reply(event, created(1, 2))
        event = qq.say(SUPERUSER, "/新建 secret_number", group=GROUP + 1)  # a superuser needs no group role
        qq.reply(event, created(2, SUPERUSER))
    assert the_table().directors == {2}
    await refused(
        app, OWNER, "/新建 secret_number", "本群已有一局进行中的游戏。结束它之后才能新建。", group=GROUP, role="owner"
    )


async def test_sign_up_leave_and_the_list(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    await refused(app, 101, "/报名 甲", NO_GAME, group=GROUP)
    await refused(app, 101, "/名单", NO_GAME, group=GROUP)
    async with app.test_matcher() as ctx:
        qq = Peer(ctx)
        qq.reply(qq.say(OWNER, "/新建 secret_number", role="owner"), created(1, OWNER))
        close = day_close_far()
        qq.reply(qq.say(OWNER, f"/设置 day_open=none day_close={close}"), f"已设置：day_open=None，day_close={close}。")
        for n, (player, name) in enumerate(((101, "甲"), (102, "乙"), (103, "丙")), 1):
            event = qq.say(player, f"/报名 {name}")
            qq.reply(event, f"报名成功：{name}（当前 {n} 人）。请加机器人为好友，开局后身份将私聊发送。")
        qq.reply(qq.say(104, "/名单"), "第 #1 局（秘密数字杀，报名中）：3 人报名；板子未设置。\n1.甲、2.乙、3.丙")
    bad_name = "角色名应为 1 到 12 个字，不含空格、@、#、[ ]，不能全是数字。例如：报名 饺子"
    await refused(app, 104, "/报名", bad_name, group=GROUP)
    await refused(app, 104, "/报名 十三个字的名字真的是太长了吧", bad_name, group=GROUP)
    await refused(app, 104, "/报名 小 明", bad_name, group=GROUP)
    await refused(app, 101, "/报名 丁", "你已经以「甲」报名了。要换名字请先「退出」再报名。", group=GROUP)
    await refused(app, 104, "/报名 甲", "角色名「甲」已被使用，请换一个。", group=GROUP)
    await refused(app, 104, "报名 丁", IN_GROUP)
    await refused(app, 104, "/退出", "你还没有报名。", group=GROUP)
    async with app.test_matcher() as ctx:
        qq = Peer(ctx)
        qq.reply(qq.say(102, "/退出"), "已退出：乙（当前 2 人）。")
        # as the bot's own hint writes it, without '/': a sign-up while the lobby is open
        qq.reply(qq.say(104, "报名 丁"), "报名成功：丁（当前 3 人）。请加机器人为好友，开局后身份将私聊发送。")
        qq.reply(qq.say(101, "/名单"), "第 #1 局（秘密数字杀，报名中）：3 人报名；板子未设置。\n1.甲、2.丙、3.丁")
        qq.reply(qq.say(OWNER, "/板子 狼人 预言家 村民"), "板子已设置（3人）：狼人、预言家、村民。")
    table = the_table()
    assert [(p.seat, p.qq, p.name) for p in table.players] == [(1, 101, "甲"), (2, 103, "丙"), (3, 104, "丁")]
    await start_game(app, monkeypatch)
    await refused(app, 105, "/报名 戊", STARTED, group=GROUP)
    await refused(app, 101, "/退出", STARTED, group=GROUP)
    async with app.test_matcher() as ctx:
        qq = Peer(ctx)
        qq.reply(qq.say(105, "/名单"), "第 #1 局（秘密数字杀，进行中）：3 人报名；板子 3 人。\n1.甲、2.丙、3.丁")


async def test_the_board_is_the_directors(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    await open_lobby(app, players={101: "甲", 102: "乙", 103: "丙"}, board="狼人 预言家 村民")
    await refused(app, 101, "/板子 狼人x3", NOT_DIRECTOR, group=GROUP)
    await refused(app, OWNER, "板子 狼人x3", IN_GROUP)
    await refused(app, OWNER, "/板子", f"写法：/板子 狼人x3 预言家 女巫 …。可用身份：{ROLES}。", group=GROUP)
    for word in ("狼王", "x3"):
        await refused(
            app,
            OWNER,
            f"/板子 {word} 村民",
            f"没有身份「{word}」。可用：{ROLES}。写法：板子 狼人x3 预言家 女巫 …",
            group=GROUP,
        )
    for count, why in (("x", "「x」不是"), ("", "「」不是"), ("0", "「0」超出范围")):
        await refused(
            app,
            OWNER,
            f"/板子 狼人x{count} 村民",
            f"狼人的张数应为 1 到 60 之间的整数，{why}。写法：板子 狼人x3 预言家 女巫 …",
            group=GROUP,
        )
    async with app.test_matcher() as ctx:
        qq = Peer(ctx)
        qq.reply(qq.say(OWNER, "/板子 狼人*2 预言家"), "板子已设置（3人）：狼人x2、预言家。")
        qq.reply(qq.say(OWNER, "/板子 狼人 预言家×1 村民"), "板子已设置（3人）：狼人、预言家、村民。")
    assert the_table().board == ["狼人", "预言家", "村民"]
    await start_game(app, monkeypatch)
    await refused(app, OWNER, "/板子 狼人 村民 村民", STARTED, group=GROUP)


async def test_settings_before_and_during_the_game(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    async with app.test_matcher() as ctx:
        qq = Peer(ctx)
        qq.reply(qq.say(OWNER, "/新建 secret_number", role="owner"), created(1, OWNER))
        qq.reply(
            qq.say(OWNER, "/设置"),
            "当前设置：day_open=12:00，day_close=22:00，day_days=1，weekend_days=0，step_minutes=30，"
            "setup_minutes=60，reaction_minutes=30，timezone=Asia/Shanghai，speed=1.0。"
            "写法：/设置 day_close=22:00 speed=60",
        )
        close = day_close_far()  # no 关门 during the test, whatever the time of day
        qq.reply(
            qq.say(OWNER, f"/设置 day_open=无 day_close={close} step_minutes=10 speed=60"),
            f"已设置：day_open=None，day_close={close}，step_minutes=10，speed=60.0。",
        )
    assert the_table().settings["step_minutes"] == 10 and the_table().settings["speed"] == 60.0
    await refused(app, 101, "/设置 speed=2", NOT_DIRECTOR, group=GROUP)
    await refused(app, OWNER, "设置 speed=2", IN_GROUP)
    await refused(
        app,
        OWNER,
        "/设置 day_close",
        "设置的写法：设置 day_open=12:00 day_close=22:00 step_minutes=30 speed=60",
        group=GROUP,
    )
    await refused(
        app,
        OWNER,
        "/设置 speed=fast",
        "speed 应为 0.1 到 100000 之间的数字（如 60 或 0.5），「fast」不是。写法：speed=60",
        group=GROUP,
    )
    await refused(app, OWNER, "/设置 day_close=25:00", "day_close 应为 HH:MM 形式的时间，例如 22:00", group=GROUP)
    await refused(
        app,
        OWNER,
        "/设置 step_minutes=0",
        "step_minutes 应为 1 到 1440 之间的整数，「0」超出范围。写法：step_minutes=720",
        group=GROUP,
    )
    await refused(
        app,
        OWNER,
        "/设置 colour=red",
        "未知设置 colour（可用：day_close、day_days、day_open、reaction_minutes、setup_minutes、speed、step_minutes、"
        "timezone、weekend_days）",
        group=GROUP,
    )
    assert the_table().settings["step_minutes"] == 10
    # once the game runs, a change is a logged command the engine checks
    await open_players_and_start(app, monkeypatch)
    result = await accepted(
        app, OWNER, "/设置 reaction_minutes=20", c.Settings(at=now(), values=(("reaction_minutes", 20),)), group=True
    )
    assert result.reply == "已修改设置：reaction_minutes=20。"
    assert game(the_table()).st.settings["reaction_minutes"] == 20
    await refused(
        app,
        OWNER,
        "/设置 reaction_minutes=0",
        "reaction_minutes 应为 1 到 1440 之间的整数，「0」超出范围。写法：reaction_minutes=720",
        group=GROUP,
    )


async def open_players_and_start(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    async with app.test_matcher() as ctx:
        qq = Peer(ctx)
        for n, (player, name) in enumerate(((101, "甲"), (102, "乙"), (103, "丙")), 1):
            event = qq.say(player, f"/报名 {name}")
            qq.reply(event, f"报名成功：{name}（当前 {n} 人）。请加机器人为好友，开局后身份将私聊发送。")
        qq.reply(qq.say(OWNER, "/板子 狼人 预言家 村民"), "板子已设置（3人）：狼人、预言家、村民。")
    await start_game(app, monkeypatch)


async def test_directors_add_directors(app: App) -> None:
    await open_lobby(app, players={101: "甲", 102: "乙"}, board="狼人 村民")
    await refused(app, 101, "/导演 101", NOT_DIRECTOR, group=GROUP)
    await refused(
        app, OWNER, "/导演 小明", "QQ号应为 1 到 4294967295 之间的整数，「小明」不是。写法：/导演 <QQ号>", group=GROUP
    )
    await refused(app, OWNER, "/导演", "写法：/导演 <QQ号>", group=GROUP)
    async with app.test_matcher() as ctx:
        qq = Peer(ctx)
        qq.reply(qq.say(OWNER, "/导演 7"), "已添加导演：7。")
        qq.reply(qq.say(7, "/板子 狼人 预言家"), "板子已设置（2人）：狼人、预言家。")  # 7 directs now
    await refused(app, OWNER, "/导演 7", "7 已经是本局导演。", group=GROUP)
    assert the_table().directors == {OWNER, 7}


async def test_start_needs_the_director_and_a_board_that_fits(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    async with app.test_matcher() as ctx:
        qq = Peer(ctx)
        qq.reply(qq.say(OWNER, "/新建 secret_number", role="owner"), created(1, OWNER))
        close = day_close_far()
        qq.reply(qq.say(OWNER, f"/设置 day_open=none day_close={close}"), f"已设置：day_open=None，day_close={close}。")
        qq.reply(qq.say(101, "/报名 甲"), "报名成功：甲（当前 1 人）。请加机器人为好友，开局后身份将私聊发送。")
    await refused(app, 101, "/开始", NOT_DIRECTOR, group=GROUP)
    await refused(app, OWNER, "开始", IN_GROUP)
    await refused(app, OWNER, "/开始", "请先设置板子：板子 狼人x3 预言家 女巫 …", group=GROUP)
    async with app.test_matcher() as ctx:
        qq = Peer(ctx)
        qq.reply(
            qq.say(OWNER, "/板子 狼人 村民"),
            "板子已设置（2人）：狼人、村民。\n注意：现在 1 人报名，板子是 2 人；人数一致才能「/开始」。",
        )
    await refused(app, OWNER, "/开始", "至少需要2名角色。", group=GROUP)
    async with app.test_matcher() as ctx:
        qq = Peer(ctx)
        qq.reply(qq.say(102, "/报名 乙"), "报名成功：乙（当前 2 人）。请加机器人为好友，开局后身份将私聊发送。")
        qq.reply(qq.say(103, "/报名 丙"), "报名成功：丙（当前 3 人）。请加机器人为好友，开局后身份将私聊发送。")
    await refused(app, OWNER, "/开始", "板子有2个身份，但有3名角色报名。", group=GROUP)
    await ignored(app, OWNER, "开始", group=GROUP)  # no '/': chat, not a command
    async with app.test_matcher() as ctx:
        qq = Peer(ctx)
        qq.reply(qq.say(OWNER, "/板子 狼人 预言家 村民"), "板子已设置（3人）：狼人、预言家、村民。")
    table = await start_game(app, monkeypatch)
    assert (table.status, game(table).st.phase) == ("running", "day")
    await refused(app, OWNER, "/开始", STARTED, group=GROUP)


async def test_rulesets_and_help_anywhere(app: App) -> None:
    listing = Contains(
        "可用规则集：\n",
        "secret_number：秘密数字杀（10 个身份）",
        "  选项：狼人胜负条件=1（可选：1/1.1），村民胜负条件=1（可选：1/1.1），轮次决胜=关（可选：关/开），新月扩展=关",
    )
    help_text = (
        "【版杀大厅】\n/新建 <规则集> [选项=值 …] —— 开一局（发起者为导演）\n/报名 <角色名> —— 报名\n/退出 —— 退出报名\n"
        "/名单 —— 查看报名\n/板子 狼人x3 预言家 … —— 导演设置身份（人数须与报名人数一致）\n"
        "/设置 day_open=12:00 day_close=22:00 speed=1 —— 导演设置时间\n/导演 <QQ> —— 添加导演\n"
        "/开始 —— 导演开局，身份私聊发送\n/规则集 —— 可用规则集\n"
        "/座位表 —— 开局后的公开座位表（图片）：存活与出局、警长、上次关门的投票\n"
        "/新月配置 随机 —— 导演按板子随机抽取新月配置（新月扩展），私聊发给导演"
    )
    async with app.test_matcher() as ctx:
        qq = Peer(ctx)
        qq.reply(qq.say(101, "/规则集"), listing)
        qq.reply(qq.dm(101, "规则集"), listing)
        qq.reply(qq.say(101, "/大厅"), help_text)
        qq.reply(qq.dm(101, "版杀帮助"), help_text)


async def test_a_board_is_checked_when_it_is_set(app: App) -> None:
    """Roles the post keeps apart are refused at /板子 with the post's reason; the post's
    身份配置建议 comes back as advice, not a refusal; a two-card board counts players, not cards."""
    async with app.test_matcher() as ctx:
        qq = Peer(ctx)
        qq.reply(qq.say(OWNER, "/新建 wuyu_town", role="owner"), Contains("已新建第 #1 局：雾雨小镇（wuyu_town）"))
    await refused(
        app,
        OWNER,
        "/板子 狼人x3 白狼 雪狼 预言家 村民x6",
        "这个板子不能发牌：白狼与雪狼不能同时出现在身份配置中。",
        group=GROUP,
    )
    async with app.test_matcher() as ctx:
        qq = Peer(ctx)
        qq.reply(  # 4 wolves, and 3 knives for 预言家, 女巫, 守卫: the third advice is not followed
            qq.say(OWNER, "/板子 16人局"),
            "板子已设置（16人）：16人局：狼人x4、村民x7、女巫、预言家、守卫、猎人、丘比特。\n"
            "注意：现在 0 人报名，板子是 16 人；人数一致才能「/开始」。\n"
            "【身份配置建议】（仅供参考，不影响开局）影响力之和：+0。"
            "建议狼人的数量+（0-2）=杀死所有大特（预言家、女巫、守卫/医生、长老）需要的刀数（当前为-1，建议在0到2之间）。",
        )
        qq.reply(qq.say(OWNER, "/板子 狼人x3 乌鸦 锈刃骑士 村民x9"), Contains("板子已设置（14人）", "影响力之和：+2。"))
    async with app.test_matcher() as ctx:
        qq = Peer(ctx)
        qq.reply(qq.say(OWNER, "/新建 dual_identity", group=GROUP + 1, role="owner"), Contains("已新建第 #2 局"))
        qq.reply(qq.say(OWNER, "/板子 6人局", group=GROUP + 1), Contains("板子已设置（6人）：6人局："))


async def test_options_are_chosen_at_create_or_in_the_lobby_and_fixed_at_the_start(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An option is named with its value (a yes/no one alone means 开); a wrong name or value is
    refused with the right ones and creates or changes nothing."""
    await refused(
        app,
        OWNER,
        "/新建 wuyu_town 轮次=开",
        "规则集 wuyu_town 没有选项「轮次」（可用：狼人胜负条件、村民胜负条件、轮次决胜、新月扩展、村庄扩展）。"
        "写法：选项=值，例如 狼人胜负条件=1.1",
        group=GROUP,
        role="owner",
    )
    await refused(
        app,
        OWNER,
        "/新建 wuyu_town 狼人胜负条件=2",
        "选项 狼人胜负条件 的值应为：1、1.1，「2」不是。",
        group=GROUP,
        role="owner",
    )
    await refused(
        app,
        OWNER,
        "/新建 wuyu_town 狼人胜负条件",
        "选项 狼人胜负条件 需要写明取值：狼人胜负条件=1/1.1",
        group=GROUP,
        role="owner",
    )
    async with app.test_matcher() as ctx:
        qq = Peer(ctx)
        event = qq.say(OWNER, "/新建 wuyu_town 轮次决胜 狼人胜负条件=1.1", role="owner")
        qq.reply(event, Contains("已新建第 #1 局：雾雨小镇（wuyu_town）。"))
    assert the_table().options == {"轮次决胜": True, "狼人胜负条件": "1.1"}
    async with app.test_matcher() as ctx:
        qq = Peer(ctx)
        qq.reply(qq.say(OWNER, "/设置 轮次决胜=关"), "已设置选项：轮次决胜=关。")
        qq.reply(
            qq.say(OWNER, "/设置"),
            Contains(
                "当前选项：狼人胜负条件=1.1（可选：1/1.1），村民胜负条件=1（可选：1/1.1），轮次决胜=关（可选：关/开）"
            ),
        )
    assert the_table().options == {"轮次决胜": False, "狼人胜负条件": "1.1"}
    await refused(
        app,
        OWNER,
        "/设置 轮次决胜=开 speed=60",
        "选项与时间设置请分两次发送，例如「/设置 轮次决胜=开」与「/设置 speed=60」。",
        group=GROUP,
    )
    await refused(app, 101, "/设置 轮次决胜=开", NOT_DIRECTOR, group=GROUP)
    assert the_table().options == {"轮次决胜": False, "狼人胜负条件": "1.1"}
