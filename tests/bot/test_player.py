"""Players, by DM: 身份, <技能名> <目标…>, 放弃, 投票 / 改票 / 弃权, 遗言, 投降 / 拒绝投降, 帮助.

The deal is fixed (SEED): 1甲 村民, 2乙 狼人, 3丙 村民, 4丁 女巫, 5戊 狼人, 6己 预言家; the
tests still look seats up by role and secret number rather than trusting that list.
"""

from __future__ import annotations

import pytest
from nonebug import App

from engine import commands as c
from engine import reports
from engine.messages import To
from tests.bot.helpers import (
    GROUP,
    OWNER,
    STRANGER,
    Peer,
    accepted,
    game,
    holders,
    ignored,
    now,
    open_lobby,
    refused,
    running_game,
    seat,
    secret,
    state,
)

NOT_PLAYING = "你没有参加进行中的游戏。在游戏主群发送「/报名 角色名」即可报名。"
HELP = (
    "【玩家命令】（私聊机器人发送）\n身份 —— 我的身份、技能、状态、现在能做什么\n"
    "<技能名> <目标…> —— 发动技能，目标用秘密数字，例如「杀人 3」\n放弃 [技能名] —— 放弃本步骤的技能\n"
    "投票 <目标> [理由] / 改票 <目标> [理由] / 弃权\n遗言 <内容>\n投降 / 拒绝投降\n你持有的技能："
)


async def _to_night(app: App) -> None:
    """The director closes the first day: the night opens at the wolves' step."""
    await accepted(app, OWNER, "/推进", c.Advance(at=now()), group=True, dm_reply=True)


async def test_identity_and_help_answer_the_sender_with_their_own_seat(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await running_game(app, monkeypatch)
    wolf, mate = holders(table, "狼人")
    seer = holders(table, "预言家")[0]
    villager = holders(table, "村民")[0]
    before = state(table)
    async with app.test_matcher() as ctx:
        qq = Peer(ctx)
        event = qq.dm(wolf, "身份")
        view = reports.seat_view(game(table), seat(table, wolf))
        # 狼人可以知道所有狼人的秘密数字: the set, not which wolf holds which
        numbers = "、".join(str(n) for n in sorted((secret(table, wolf), secret(table, mate))))
        assert f"狼人的秘密数字：{numbers}。" in view
        assert f"（秘密数字{secret(table, mate)}）" not in view
        qq.reply(event, view)
        event = qq.dm(seer, "#1 身份")
        qq.reply(event, reports.seat_view(game(table), seat(table, seer)))
        event = qq.dm(seer, "帮助")
        qq.reply(event, HELP + "预言")
        event = qq.dm(villager, "帮助")
        qq.reply(event, HELP + "无")
    assert state(table) == before


async def test_who_is_not_playing_or_not_yet_playing_is_told_so(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    await refused(app, STRANGER, "身份", NOT_PLAYING)
    await open_lobby(app)
    await refused(app, OWNER, "投票 1", NOT_PLAYING)  # directing is not playing
    await refused(app, 101, "投票 1", "游戏还没有开始，开局后会私聊你的身份。")
    await refused(app, STRANGER, "投票 1", NOT_PLAYING)


async def test_garbage_a_wrong_tag_and_an_empty_message(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    table = await running_game(app, monkeypatch)
    await refused(app, 101, "你好", "看不懂「你好」。发送「帮助」查看可用命令，「身份」查看你现在能做什么。")
    await refused(app, 101, "#9 身份", "没有你参与的第 #9 局。你的游戏：#1。")
    await ignored(app, 101, "，，")
    # a player's command in the group gets a hint, and nothing is voted
    await refused(
        app,
        101,
        "/投票 3",
        "这条没有记录：玩家的命令请私聊机器人发送（例如「投票 3」「身份」），这样别人看不到你的操作。",
        group=GROUP,
    )
    # 拍刀 exists only where a rule post has it
    camp = game(table).st.seat(seat(table, 101)).camp
    await refused(app, 101, "拍刀 今晚杀3号", f"{camp}不能拍刀（可以拍刀的阵营：无）。")


async def test_votes_are_the_senders_own_and_follow_the_vote_rules(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    table = await running_game(app, monkeypatch)
    wolf = holders(table, "狼人")[0]
    seer = holders(table, "预言家")[0]
    villager, other = holders(table, "村民")
    witch = holders(table, "女巫")[0]
    s = secret(table, wolf)
    result = await accepted(
        app,
        villager,
        f"投票 {s} 像狼",
        c.CastVote(at=now(), seat=seat(table, villager), target=seat(table, wolf), reason="像狼"),
    )
    assert result.reply == f"已记录投票：秘密数字{s}。理由不在关门时公示，记入揭秘。关门前可改票1次。"
    result = await accepted(
        app,
        villager,
        f"改票 {secret(table, seer)}",
        c.CastVote(at=now(), seat=seat(table, villager), target=seat(table, seer)),
    )
    assert result.reply == f"已记录改票：秘密数字{secret(table, seer)}。"
    await refused(app, villager, f"改票 {s}", f"改票只允许进行1次，你已改过。当前投票：秘密数字{secret(table, seer)}。")
    result = await accepted(app, other, "弃权", c.CastVote(at=now(), seat=seat(table, other), target=0))
    assert result.reply == "已记录投票：弃权。关门前可改票1次。"
    await accepted(
        app, witch, "投票 弃权 再想想", c.CastVote(at=now(), seat=seat(table, witch), target=0, reason="再想想")
    )
    votes = game(table).st.votes
    assert {no: (v.target, v.reason) for no, v in votes.items()} == {
        seat(table, villager): (seat(table, seer), ""),
        seat(table, other): (None, ""),
        seat(table, witch): (None, "再想想"),
    }
    await refused(app, wolf, "投票", "写法：投票 <目标> [理由]，或发送「弃权」。")
    await refused(app, wolf, "改票", "写法：改票 <目标> [理由]，或发送「弃权」。")
    await refused(app, wolf, "投票 99", "没有「99」这个投票对象。可投：秘密数字1、2、3、4、5、6，或「弃权」。")


async def test_night_skills_need_the_skill_its_step_and_a_legal_target(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await running_game(app, monkeypatch)
    wolf, mate = holders(table, "狼人")
    seer = holders(table, "预言家")[0]
    witch = holders(table, "女巫")[0]
    villager = holders(table, "村民")[0]
    await refused(app, seer, "预言 1", "现在不是预言的发动时间（夜晚·预言家）。当前：第1天。")
    await refused(app, seer, "放弃", "你现在没有可以放弃的技能。当前：第1天。")
    await _to_night(app)
    await refused(
        app, villager, f"投票 {secret(table, wolf)}", "现在不是投票时间：投票在白天开门后、关门前进行。当前：第1夜。"
    )
    # a player acts for their own seat only: the wolf cannot use the seer's skill
    await refused(app, wolf, "预言 1", "你没有技能「预言」。你现在持有的技能：杀人。")
    await refused(app, wolf, "杀人", "杀人需要选择1个目标，你选了0个。选择范围：秘密数字1、2、3、6。")
    await refused(app, wolf, "杀人 99", "没有「99」这个目标（请用秘密数字）。选择范围：秘密数字1、2、3、6。")
    await refused(
        app,
        wolf,
        f"杀人 {secret(table, mate)}",
        f"秘密数字{secret(table, mate)}不在杀人的选择范围内。选择范围：秘密数字1、2、3、6。",
    )
    target = secret(table, villager)
    result = await accepted(
        app,
        wolf,
        f"杀人 {target}",
        c.Act(at=now(), seat=seat(table, wolf), skill="杀人", targets=(seat(table, villager),)),
    )
    assert result.reply.startswith(f"已记录：杀人 → 秘密数字{target}。截止 ")
    assert [(a.seat, a.skill) for a in game(table).st.acts] == [(seat(table, wolf), "杀人")]
    await accepted(
        app,
        mate,
        f"杀人，{target}",
        c.Act(at=now(), seat=seat(table, mate), skill="杀人", targets=(seat(table, villager),)),
    )
    # the witch's step: feedback and prompt went out; she passes one skill, then the rest
    await refused(app, seer, "预言 1", "现在不是预言的发动时间（夜晚·预言家）。当前：第1夜·女巫。")
    result = await accepted(app, witch, "放弃 毒药", c.Pass(at=now(), seat=seat(table, witch), skill="毒药"))
    assert result.reply == "已放弃：毒药（第1夜·女巫）。"
    result = await accepted(app, witch, "放弃", c.Pass(at=now(), seat=seat(table, witch)))
    assert result.reply == "已放弃：救药（第1夜·女巫）。"
    result = await accepted(
        app,
        seer,
        f"预言 {secret(table, wolf)}",
        c.Act(at=now(), seat=seat(table, seer), skill="预言", targets=(seat(table, wolf),)),
    )
    assert f"秘密数字{secret(table, wolf)}：非村民阵营" in [m.text for m in result.messages]
    assert game(table).st.phase == "day" and not game(table).st.seat(seat(table, villager)).alive


async def test_last_words_only_for_who_was_told_they_may(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    table = await running_game(app, monkeypatch)
    wolf, mate = holders(table, "狼人")
    villager, other = holders(table, "村民")
    await refused(app, villager, "遗言 我是好人", "你没有留遗言的权利（遗言只给靠前出局、收到遗言通知的角色）。")
    await _to_night(app)
    for qq in (wolf, mate):
        await accepted(
            app,
            qq,
            f"杀人 {secret(table, villager)}",
            c.Act(at=now(), seat=seat(table, qq), skill="杀人", targets=(seat(table, villager),)),
        )
    await accepted(
        app, holders(table, "女巫")[0], "放弃", c.Pass(at=now(), seat=seat(table, holders(table, "女巫")[0]))
    )
    await accepted(
        app, holders(table, "预言家")[0], "放弃", c.Pass(at=now(), seat=seat(table, holders(table, "预言家")[0]))
    )
    assert not game(table).st.seat(seat(table, villager)).alive
    await refused(app, villager, "遗言", "遗言不能为空。格式：遗言 <内容>")
    await refused(app, villager, "遗言 [b]好人[/b]", "遗言中禁止使用Discuz!代码，请去掉 [b] [color] 等标记后重新发送。")
    result = await accepted(
        app,
        villager,
        "遗言 我是好人，  狼在 4 号",
        c.LastWords(at=now(), seat=seat(table, villager), text="我是好人，  狼在 4 号"),
    )
    # the day opened as the night ended (day_open=none): the 开门 notices are out, so the 遗言 goes at once
    assert result.reply == "已记录遗言，并已在主群公示（今天的开门公示已经发出）。"
    assert [(m.to.kind, m.text) for m in result.messages] == [
        (To.PUBLIC, f"【遗言】{table.seat_of(villager).name}的遗言：我是好人，  狼在 4 号")  # type: ignore[union-attr]
    ]
    assert game(table).st.seat(seat(table, villager)).last_words == "我是好人，  狼在 4 号"
    await refused(app, other, "遗言 我也说两句", "你没有留遗言的权利（遗言只给靠前出局、收到遗言通知的角色）。")
    await refused(app, villager, f"投票 {secret(table, wolf)}", "你已出局，不能投票。")


async def test_surrender_asks_the_camp_and_one_refusal_cancels_it(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    table = await running_game(app, monkeypatch)
    wolf, mate = holders(table, "狼人")
    villager = holders(table, "村民")[0]
    await refused(app, villager, "投降", "村民阵营不能投降（可以投降的阵营：狼人阵营、黑情侣阵营、吹笛者阵营）。")
    await refused(app, mate, "拒绝投降", "现在没有进行中的投降。")
    result = await accepted(app, wolf, "投降", c.Surrender(at=now(), seat=seat(table, wolf)))
    assert result.reply == "已发起投降，等待1名角色同意。"
    assert [(m.to.seat, m.text) for m in result.messages] == [
        (
            seat(table, mate),
            f"{table.seat_of(wolf).name}发起了狼人阵营的投降。同意请发送「投降」，拒绝请发送「拒绝投降」。",
        )  # type: ignore[union-attr]
    ]
    await refused(app, wolf, "投降", "你已经同意过投降。")
    result = await accepted(app, mate, "拒绝投降", c.Surrender(at=now(), seat=seat(table, mate), agree=False))
    assert result.reply == "已拒绝投降，投降取消。"
    assert not game(table).st.surrenders
    await accepted(app, wolf, "投降", c.Surrender(at=now(), seat=seat(table, wolf)))
    result = await accepted(app, mate, "投降", c.Surrender(at=now(), seat=seat(table, mate)))
    assert "狼人阵营" in game(table).st.lost_camps


async def test_a_player_in_two_running_games_names_one_with_a_tag(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.bot.helpers import start_game

    await running_game(app, monkeypatch)
    await open_lobby(
        app, players={101: "子", 201: "丑", 202: "寅"}, board="狼人 预言家 村民", group=GROUP + 1, game_id=2
    )
    second = await start_game(app, monkeypatch, group=GROUP + 1)
    await refused(app, 101, "身份", "你同时在多局游戏中（#1、#2），请在命令前加局号，例如：#1 身份")
    async with app.test_matcher() as ctx:
        qq = Peer(ctx)
        event = qq.dm(101, "#2 身份")
        qq.reply(event, reports.seat_view(game(second), 1))
    await refused(app, 101, "#3 身份", "没有你参与的第 #3 局。你的游戏：#1、#2。")


async def test_a_prompt_is_answered_with_its_word_and_the_seat_decides_alone(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The sheriff killed at night names a successor (殉职): a prompt, not a skill of the role."""
    table = await running_game(app, monkeypatch)
    wolf, mate = holders(table, "狼人")
    sheriff, heir = holders(table, "村民")
    await accepted(
        app, OWNER, "/裁定 警长 甲", c.Ruling(at=now(), what="sheriff", seat=seat(table, sheriff)), group=True
    )
    await _to_night(app)
    for qq in (wolf, mate):
        await accepted(
            app,
            qq,
            f"杀人 {secret(table, sheriff)}",
            c.Act(at=now(), seat=seat(table, qq), skill="杀人", targets=(seat(table, sheriff),)),
        )
    for role in ("女巫", "预言家"):
        qq = holders(table, role)[0]
        await accepted(app, qq, "放弃", c.Pass(at=now(), seat=seat(table, qq)))
    prompt = game(table).st.prompt
    assert prompt is not None and (prompt.seat, prompt.skill) == (seat(table, sheriff), "殉职")
    living = "秘密数字" + "、".join(
        str(s.secret) for s in sorted(game(table).st.seats, key=lambda s: s.secret) if s.alive
    )
    await refused(app, heir, f"殉职 {secret(table, heir)}", "你没有技能「殉职」。你现在持有的技能：无。")
    await refused(app, sheriff, "放弃", f"殉职是强制的，必须选择继任警长。选择范围：{living}。")
    await refused(app, sheriff, f"殉职 {secret(table, sheriff)}", f"请选择一名继任警长。选择范围：{living}。")
    result = await accepted(
        app,
        sheriff,
        f"殉职 {secret(table, heir)}",
        c.Act(at=now(), seat=seat(table, sheriff), skill="殉职", targets=(seat(table, heir),)),
    )
    assert result.reply == f"已移交警长：秘密数字{secret(table, heir)}。"
    assert game(table).st.sheriff == seat(table, heir)
