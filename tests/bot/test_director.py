"""Directors' commands, in the main group with '/' or by DM (optional #局号 after the command):
状态 暂停 继续 延时 推进 撤销 代投 判罚 替补 公告 结束 裁定 绑定.

The deal is fixed (SEED): 1甲 村民, 2乙 狼人, 3丙 村民, 4丁 女巫, 5戊 狼人, 6己 预言家.
"""

from __future__ import annotations

import pytest
from nonebot.adapters.onebot.v11 import ActionFailed, MessageSegment
from nonebug import App

from bot import board_image
from engine import commands as c
from engine import reports, seat_board
from tests.bot.helpers import (
    GROUP,
    OWNER,
    SUPERUSER,
    TEAM_GROUP,
    Peer,
    accepted,
    counts,
    expected,
    game,
    ignored,
    now,
    open_lobby,
    refused,
    running_game,
    seat,
    secret,
    start_game,
    state,
    text,
)

NOT_DIRECTOR = "只有本局导演可以使用这个命令。"
NOT_DIRECTING = "你没有正在导演的游戏。"
NO_GAME = "本群没有进行中的游戏。导演可以发送「/新建 规则集」开一局。"


def _qq_list(table) -> str:  # type: ignore[no-untyped-def]
    return "；".join(f"{p.seat}号{p.name}:{p.qq}" for p in table.players)


async def test_status_is_the_whole_secret_state_and_only_by_dm(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    await refused(app, OWNER, "/状态", NO_GAME, group=GROUP)
    table = await open_lobby(app)
    async with app.test_matcher() as ctx:
        qq = Peer(ctx)
        event = qq.dm(OWNER, "状态")
        qq.reply(event, "第 #1 局报名中：甲(101)、乙(102)、丙(103)、丁(104)、戊(105)、己(106)；板子 6 人。")
    await start_game(app, monkeypatch)
    view = reports.director_view(game(table))
    assert "2号乙 狼人 狼人阵营 秘密数字5 存活 团队:狼人" in view
    whole = f"第 #1 局\n{view}\n玩家QQ：{_qq_list(table)}"
    picture = board_image.render(seat_board.director_board(game(table)))
    answer = whole if picture is None else MessageSegment.image(picture) + MessageSegment.text(whole)
    async with app.test_matcher() as ctx:
        qq = Peer(ctx)
        event = qq.dm(OWNER, "状态")
        qq.reply(event, answer)  # with the directors' 座位表 picture where a CJK font is installed
        event = qq.dm(SUPERUSER, "状态")  # a superuser directs every game
        qq.reply(event, answer)
    await refused(app, OWNER, "/状态", "「状态」包含全部秘密信息，请私聊机器人发送。", group=GROUP)
    await refused(app, 102, "/状态", NOT_DIRECTOR, group=GROUP)
    await refused(app, 102, "状态", NOT_DIRECTING)
    await ignored(app, OWNER, "状态", group=GROUP)  # chat without '/' is left alone


async def test_a_non_director_is_refused_every_command(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    await running_game(app, monkeypatch)
    for command in (
        "暂停",
        "继续",
        "延时 30",
        "推进",
        "撤销",
        "代投 甲 1",
        "判罚 甲 蓝",
        "替补 甲 201",
        "公告 嗨",
        "结束",
        "裁定 出局 甲",
        f"绑定 情侣群 {TEAM_GROUP}",
    ):
        await refused(app, 102, f"/{command}", NOT_DIRECTOR, group=GROUP)
        await refused(app, 102, command, NOT_DIRECTING)
    await refused(app, OWNER, "/暂停", NO_GAME, group=GROUP + 1)


async def test_pause_and_resume(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    table = await running_game(app, monkeypatch)
    from nonebot_plugin_apscheduler import scheduler

    from bot.deadlines import job_id

    job = scheduler.get_job(job_id(table))
    assert job is not None and job.next_run_time == game(table).next_deadline()  # the day's close
    result = await accepted(app, OWNER, "/暂停", c.Pause(at=now()), group=True)
    assert result.reply == "已暂停。"
    assert game(table).next_deadline() is None and scheduler.get_job(job_id(table)) is None
    await refused(app, OWNER, "/暂停", "游戏已经处于暂停状态。", group=GROUP)
    await refused(app, 101, f"投票 {secret(table, 102)}", "游戏已暂停，请等待导演继续。")
    result = await accepted(app, OWNER, "继续", c.Resume(at=now()))
    assert result.reply == "已继续。"
    job = scheduler.get_job(job_id(table))
    assert job is not None and job.next_run_time == game(table).next_deadline()
    await refused(app, OWNER, "继续", "游戏没有暂停。")


async def test_extend_and_advance(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    table = await running_game(app, monkeypatch)
    await refused(app, OWNER, "延时", "写法：延时 <分钟>，例如 延时 30")
    await refused(
        app,
        OWNER,
        "延时 半小时",
        "延时分钟数应为 1 到 10080 之间的整数，「半小时」不是。写法：延时 <分钟>，例如 延时 30",
    )
    await refused(
        app, OWNER, "延时 0", "延时分钟数应为 1 到 10080 之间的整数，「0」超出范围。写法：延时 <分钟>，例如 延时 30"
    )
    close = game(table).st.deadline
    result = await accepted(app, OWNER, "延时 30", c.Extend(at=now(), minutes=30))
    assert result.reply.startswith("已延时30分钟，新截止时间 ")
    assert close is not None and (game(table).st.deadline - close).total_seconds() == 30 * 60  # type: ignore[operator]
    result = await accepted(app, OWNER, "/推进", c.Advance(at=now()), group=True, dm_reply=True)
    assert result.reply == "已推进：第1天。"
    assert (game(table).st.phase, game(table).st.day) == ("night", 1)


async def test_undo_takes_back_the_last_command_and_tells_its_player(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    table = await running_game(app, monkeypatch)
    await refused(app, OWNER, "撤销", "没有可以撤销的命令。")
    before = state(table)
    await accepted(app, 101, f"投票 {secret(table, 102)}", c.CastVote(at=now(), seat=1, target=seat(table, 102)))
    logged, _ = await counts()
    async with app.test_matcher() as ctx:
        qq = Peer(ctx)
        event = qq.say(OWNER, "/撤销")
        vote = f"甲 投票 秘密数字{secret(table, 102)}"
        qq.to_user(OWNER, f"已撤销：{vote}。")  # what was undone names a vote: never in the main group
        qq.to_user(101, f"导演撤销了你的操作：{vote}。请按需重新操作。")
        qq.reply(event, "已处理，详情已私聊导演。")
    assert state(table) == before
    assert (await counts())[0] == logged  # the undone command stays in the log, marked undone
    await accepted(app, OWNER, "/公告 今晚九点关门", c.Announce(at=now(), text="今晚九点关门"), group=True)
    published = state(table)
    await refused(
        app,
        OWNER,
        "撤销",
        "撤销「导演 公告」会收回已经发出的消息：主群公示 1 条（「【导演公告】今晚九点关门」…）。"
        "仍要撤销请发送「撤销 确认」：收到这些消息的地方会收到更正，说明它们作废。",
    )
    assert state(table) == published
    async with app.test_matcher() as ctx:
        qq = Peer(ctx)
        qq.dm(OWNER, "撤销 确认")
        qq.to_user(OWNER, "已撤销：导演 公告。")
        qq.to_group(GROUP, "【导演更正】导演撤销了一项操作：此前的 1 条消息作废，以之后的消息为准。现在：第1天。")
    assert state(table) == before
    await refused(app, OWNER, "撤销", "没有可以撤销的命令。")


async def test_vote_for_a_player(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    table = await running_game(app, monkeypatch)
    target = secret(table, 102)
    result = await accepted(
        app,
        OWNER,
        f"/代投 甲 {target} 掉线",
        c.CastVote(at=now(), seat=1, target=2, reason="掉线", by_director=True),
        group=True,
    )
    assert result.reply == f"已记录导演代投：秘密数字{target}。理由不在关门时公示，记入揭秘。"  # no change promised
    vote = game(table).st.votes[1]
    assert (vote.target, vote.by_director, vote.reason) == (2, True, "掉线")
    await accepted(app, OWNER, "代投 丙 弃权", c.CastVote(at=now(), seat=3, target=0, by_director=True))
    await refused(app, OWNER, "代投 甲", "写法：代投 <角色> <目标|弃权> [理由]")
    await refused(app, OWNER, "代投 庚 1", "没有角色「庚」。角色：甲、乙、丙、丁、戊、己。")
    await refused(app, OWNER, "代投 甲 99", "没有「99」这个投票对象。可投：秘密数字1、2、3、4、5、6，或「弃权」。")


async def test_penalties(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    table = await running_game(app, monkeypatch)
    result = await accepted(
        app, OWNER, "/判罚 丙 黄牌 刷屏", c.Penalize(at=now(), seat=3, card="黄", reason="刷屏"), group=True
    )
    assert [m.text for m in result.messages] == ["【判罚】丙：黄牌（刷屏）。"]
    assert game(table).st.seat(3).penalties["黄"] == 1
    await refused(app, OWNER, "判罚 丙 绿", "写法：判罚 <角色> 蓝|黄|红 [理由]")
    await refused(app, OWNER, "判罚 丙", "写法：判罚 <角色> 蓝|黄|红 [理由]")
    await refused(app, OWNER, "判罚 庚 蓝", "没有角色「庚」。角色：甲、乙、丙、丁、戊、己。")


HANDED_OVER = (
    "已替补：甲 → 201，身份已私聊替补玩家。若 TA 还不是机器人的好友，"
    "请让 TA 添加机器人为好友（验证信息填写「甲」），通过后自动补发。"
)


def _handover(table) -> str:  # type: ignore[no-untyped-def]
    """What the substitute for 1甲 is sent: the seat's own view."""
    return "你作为替补接替第 #1 局的角色「甲」：\n" + reports.seat_view(game(table), 1)


async def test_substitute_hands_a_seat_to_another_qq_once(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    table = await running_game(app, monkeypatch)
    async with app.test_matcher() as ctx:
        qq = Peer(ctx)
        event = qq.say(OWNER, "/替补 甲 201")  # the main group learns nothing: the post announces no 替补
        qq.to_user(201, _handover(table))
        qq.to_user(OWNER, HANDED_OVER)
        qq.reply(event, "已处理，详情已私聊导演。")
    assert table.player(1).qq == 201
    assert "导演替补：1号甲（村民/秘密数字" in reports.reveal(game(table))  # the 揭秘 keeps it
    # the seat now answers to the new QQ only
    async with app.test_matcher() as ctx:
        qq = Peer(ctx)
        event = qq.dm(201, "身份")
        qq.reply(event, reports.seat_view(game(table), 1))
    await refused(app, 101, "身份", "你没有参加进行中的游戏。在游戏主群发送「/报名 角色名」即可报名。")
    await accepted(app, 201, f"投票 {secret(table, 102)}", c.CastVote(at=now(), seat=1, target=2))
    await refused(app, OWNER, "替补 甲 202", "甲 已经换过一次替补（每名角色仅限更换一次替补）。")
    await refused(app, OWNER, "替补 乙 103", "103 已在本局中。")
    await refused(app, OWNER, "替补 庚 203", "没有角色「庚」。角色：甲、乙、丙、丁、戊、己。")
    await refused(app, OWNER, "替补 乙", "写法：替补 <角色> <QQ号>")


async def test_a_substitute_the_bot_cannot_dm_is_pointed_out_to_the_directors_not_the_group(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await running_game(app, monkeypatch)
    not_a_friend = ActionFailed(status="failed", retcode=1200, wording="对方不是你的好友")
    async with app.test_matcher() as ctx:
        qq = Peer(ctx)
        qq.dm(OWNER, "替补 甲 201")
        qq.api("send_private_msg", {"user_id": 201, "message": text(_handover(table))}, exception=not_a_friend)
        qq.to_user(OWNER, HANDED_OVER)
        # no @201 in the main group: that would tie the new QQ to the character in public
        qq.to_user(OWNER, "【#1 导演】机器人无法私聊替补玩家 201（甲）：请让 TA 添加机器人为好友。")
    assert table.player(1).qq == 201


async def test_announce_goes_to_the_main_group_as_plain_text(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    table = await running_game(app, monkeypatch)
    result = await accepted(
        app, OWNER, "公告 [CQ:at,qq=all] 今晚 #3 号楼集合", c.Announce(at=now(), text="[CQ:at,qq=all] 今晚 #3 号楼集合")
    )
    assert [m.text for m in result.messages] == ["【导演公告】[CQ:at,qq=all] 今晚 #3 号楼集合"]
    await refused(app, OWNER, "/公告", "公告内容不能为空。格式：公告 <内容>", group=GROUP)
    # a long notice goes out in parts of at most 1800 characters
    body = "长" * 4000
    async with app.test_matcher() as ctx:
        qq = Peer(ctx)
        qq.dm(OWNER, f"公告 {body}")
        qq.to_user(OWNER, "已公告。")
        whole = "【导演公告】" + body
        for start in range(0, len(whole), 1800):
            qq.to_group(GROUP, whole[start : start + 1800])
    assert game(table).st.phase == "day"


async def test_end_cancels_a_lobby_or_ends_a_game_with_the_reveal(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    await open_lobby(app)
    await refused(app, 102, "/结束", NOT_DIRECTOR, group=GROUP)
    await refused(
        app,
        OWNER,
        "/结束",
        "「结束」会取消第 #1 局：6 人的报名作废，主群会收到通知。确认请发送「结束 确认」。",
        group=GROUP,
    )
    async with app.test_matcher() as ctx:
        qq = Peer(ctx)
        qq.dm(OWNER, "结束 确认")  # by DM: the group is told too
        qq.to_group(GROUP, "【导演】第 #1 局已取消，报名作废。")
        qq.to_user(OWNER, "已取消第 #1 局。")
    await refused(
        app,
        OWNER,
        "/名单",
        "本群没有进行中的游戏。导演可以发送「/新建 规则集」开一局，「/规则集」查看可用规则集。",
        group=GROUP,
    )

    await open_lobby(app, game_id=2)
    await start_game(app, monkeypatch)
    await refused(
        app,
        OWNER,
        "结束",
        "「结束」会立即结束第 #2 局，在主群公布揭秘（全部身份、秘密与行动记录），不能撤销。确认请发送「结束 确认」。",
    )
    result = await accepted(app, OWNER, "/结束 确认", c.Ruling(at=now(), what="end"), group=True)
    assert [m.kind for m in result.messages][-1] == "reveal"
    await refused(app, OWNER, "/暂停", NO_GAME, group=GROUP)
    await refused(app, OWNER, "暂停", NOT_DIRECTING)


async def test_end_naming_a_camp_declares_it_the_winner(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    table = await running_game(app, monkeypatch)
    await refused(
        app,
        OWNER,
        "结束 村民阵营 狼人全部投降",
        "「结束」会立即判村民阵营获胜并结束第 #1 局，在主群公布揭秘（全部身份、秘密与行动记录），不能撤销。"
        "确认请发送「结束 村民阵营 狼人全部投降 确认」。",
    )
    result = await accepted(
        app,
        OWNER,
        "结束 村民阵营 狼人全部投降 确认",
        c.Ruling(at=now(), what="win", arg="村民阵营", reason="狼人全部投降"),
    )
    assert game(table).st.winner == "村民阵营"
    assert result.messages[-1].kind == "reveal"


async def test_rulings(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    table = await running_game(app, monkeypatch)
    usage = (
        "写法：裁定 出局 <角色> [理由] · 裁定 复活 <角色> · 裁定 加状态 <角色> <状态> · 裁定 去状态 <角色> <状态> · "
        "裁定 警长 <角色|无> · 裁定 判负 <阵营> · 裁定 判胜 <阵营> · 裁定 无望 <阵营> · 裁定 僵持 [理由]"
    )
    await refused(app, OWNER, "裁定", usage)
    await refused(app, OWNER, "裁定 僵持", "本规则没有僵持时的判胜规则，请用「裁定 判胜 <阵营>」。")
    await refused(app, OWNER, "裁定 枪毙 甲", usage)
    await refused(app, OWNER, "裁定 出局", usage)
    await refused(app, OWNER, "裁定 判负", "写法：裁定 判负 <阵营>")
    await refused(app, OWNER, "裁定 无望", "写法：裁定 无望 <阵营>")
    await refused(app, OWNER, "裁定 警长", "写法：裁定 警长 <角色|无>")
    await refused(app, OWNER, "裁定 加状态 甲", "写法：裁定 加状态 <角色> <状态>")
    await refused(app, OWNER, "裁定 复活 甲", "甲没有出局。")
    await refused(app, OWNER, "裁定 出局 庚", "没有角色「庚」。角色：甲、乙、丙、丁、戊、己。")
    await refused(
        app, OWNER, "裁定 判负 路人阵营", "没有阵营「路人阵营」。可用：狼人阵营、村民阵营、吹笛者阵营、黑情侣阵营。"
    )
    await accepted(app, OWNER, "/裁定 出局 丙 退游", c.Ruling(at=now(), what="kill", seat=3, reason="退游"), group=True)
    assert not game(table).st.seat(3).alive
    await accepted(app, OWNER, "裁定 复活 丙", c.Ruling(at=now(), what="revive", seat=3))
    assert game(table).st.seat(3).alive
    await accepted(app, OWNER, "裁定 警长 己", c.Ruling(at=now(), what="sheriff", seat=6))
    assert game(table).st.sheriff == 6
    await accepted(app, OWNER, "裁定 加状态 甲 守护", c.Ruling(at=now(), what="add_status", seat=1, arg="守护"))
    assert [s.name for s in game(table).st.seat(1).statuses] == ["守护"]
    await refused(app, OWNER, "裁定 去状态 甲 救药", "甲没有状态[救药]。")
    await accepted(app, OWNER, "裁定 去状态 甲 守护", c.Ruling(at=now(), what="remove_status", seat=1, arg="守护"))
    assert game(table).st.seat(1).statuses == []


async def test_a_director_of_two_games_names_one_before_or_after_the_command(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = await running_game(app, monkeypatch)
    await open_lobby(
        app, players={201: "子", 202: "丑", 203: "寅"}, board="狼人 预言家 村民", group=GROUP + 1, game_id=2
    )
    second = await start_game(app, monkeypatch, group=GROUP + 1)
    await refused(app, OWNER, "暂停", "你同时在多局游戏中（#1、#2），请加局号，例如：暂停 #1（或 #1 暂停）")
    await refused(app, OWNER, "暂停 #3", "没有你参与的第 #3 局。你的游戏：#1、#2。")
    await accepted(app, OWNER, "暂停 #2", c.Pause(at=now()), main=GROUP + 1)
    assert game(second).st.clock.paused and not game(first).st.clock.paused
    await accepted(app, OWNER, "#2 继续", c.Resume(at=now()), main=GROUP + 1)  # the tag first, as the README says
    await accepted(app, OWNER, "#1 /暂停", c.Pause(at=now()))
    assert game(first).st.clock.paused and not game(second).st.clock.paused
    # in a group the group names the game; a tag is only read as the first word
    await accepted(app, OWNER, "/公告 #2楼 说得对", c.Announce(at=now(), text="#2楼 说得对"), group=True)


async def test_bind_a_team_group(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.bot.helpers import bind_lovers

    table = await bind_lovers(app, monkeypatch)
    assert table.bindings == {"情侣": TEAM_GROUP}
    await refused(app, OWNER, "绑定 狼人 601", "本规则没有可绑定的团队「狼人」。可绑定：情侣群。")
    await refused(app, OWNER, "绑定 情侣群", "写法：绑定 <团队群> <群号>，例如 绑定 情侣群 123456")
    await refused(
        app,
        OWNER,
        "绑定 情侣群 一号群",
        "群号应为 1 到 4294967295 之间的整数，「一号群」不是。写法：绑定 <团队群> <群号>，例如 绑定 情侣群 123456",
    )
    # the team group is no main group: commands there are pointed elsewhere, and no game starts there
    here = "本群是第 #1 局的情侣群，不是游戏主群。请在主群发送命令，或私聊机器人。"
    await refused(app, OWNER, "/暂停", here, group=TEAM_GROUP)
    await refused(app, 105, "/名单", here, group=TEAM_GROUP)
    await refused(
        app,
        OWNER,
        "/新建 secret_number",
        "本群是第 #1 局的情侣群，不能用作主群。请在另一个群新建。",
        group=TEAM_GROUP,
        role="owner",
    )


async def test_red_cards_are_reported_to_every_director_by_dm(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    table = await running_game(app, monkeypatch)
    async with app.test_matcher() as ctx:
        qq = Peer(ctx)
        qq.reply(qq.say(OWNER, "/导演 7"), "已添加导演：7。")
    await accepted(app, OWNER, "/判罚 甲 红", c.Penalize(at=now(), seat=1, card="红"), group=True)
    assert not game(table).st.seat(1).alive
    result, calls = expected(table, c.Penalize(at=now(), seat=3, card="红", reason="辱骂"), ("user", 7))
    note = "村民阵营累计2张红牌，按规则可判负：发送「裁定 判负 村民阵营」。"
    assert [m.text for m in result.messages if m.to.kind == "directors"] == [note]
    for director in (OWNER, 7):
        assert ("send_private_msg", {"user_id": director, "message": text(f"【#1 导演】{note}")}) in calls
    async with app.test_matcher() as ctx:
        qq = Peer(ctx)
        qq.dm(7, "判罚 丙 红 辱骂")
        for call in calls:
            qq.call(call)
