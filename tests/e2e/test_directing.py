"""Directing a real game over QQ, as a director and players meet it: the real bot (``python -m
bot``) and a simulated QQ speaking OneBot v11 over the reverse WebSocket.

One bot serves the whole module; each test plays in a main group of its own, directed by its
group's owner, with players of its own (a superuser would direct every game at once).
"""

from __future__ import annotations

import base64
import itertools
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot import board_image
from bot.sandbox import SandboxClient, World
from tests.bot.helpers import day_close_far
from tests.e2e.harness import BOT, BotProcess, Table, attach, quiet

BOARD = "/板子 狼人x2 预言家 女巫 村民x2"
NAMES = ("甲", "乙", "丙", "丁", "戊", "己")
_groups = itertools.count(700)


@pytest.fixture(scope="module")
async def qq(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[tuple[World, SandboxClient]]:
    world = World(BOT)
    process = BotProcess(Path(tmp_path_factory.mktemp("directing")))
    process.start()
    try:
        client = await attach(process, world)
        yield world, client
        await quiet(world)
    finally:
        process.stop()


class Game(Table):
    """One test's main group: its director (the owner) and six players, all friends of the bot."""

    def __init__(self, world: World, client: SandboxClient) -> None:
        group = next(_groups)
        super().__init__(world, client, group)
        self.director = group * 100
        self.players = {self.director + n: name for n, name in enumerate(NAMES, 1)}
        for who in (self.director, *self.players):
            world.add_user(who, f"用户{who}")
            world.befriend(who)
        world.create_group(group, f"主群{group}", owner_id=self.director, members=list(self.players))
        world.add_member(group, BOT, role="admin")

    async def lobby(self, board: str = BOARD) -> int:
        """/新建, everyone /报名, a day that opens at once and closes far ahead; the game's number."""
        created = await self.say(self.director, "/新建 secret_number", "已新建第")
        number = int(created.text.split("#")[1].split(" ")[0])
        for who, name in self.players.items():
            await self.say(who, f"/报名 {name}", f"报名成功：{name}")
        await self.say(self.director, f"/设置 day_open=none day_close={day_close_far()}", "已设置")
        await self.say(self.director, board, "板子已设置")
        return number

    async def start(self) -> dict[str, list[int]]:
        """/开始; the QQ numbers holding each role, from the identity DMs."""
        mark = (await self.say(self.director, "/开始", "已开局")).seq
        for who in self.players:
            await self.told(who, "你的角色：", since=mark)
        roles: dict[str, list[int]] = {}
        for who in self.players:
            roles.setdefault(self.identity(who)[0], []).append(who)
        await self.posted("【第1天开门】", since=mark)
        if board_image.font_path() is not None:  # the 座位表 picture follows the 开门
            await self.posted("[image]", since=mark)
        return roles

    def secret(self, who: int) -> int:
        return self.identity(who)[1]

    def group_texts(self, since: int = 0) -> list[str]:
        return [e.text for e in self.world.transcript[since:] if e.is_message_to(group_id=self.group)]


async def test_undo_answers_by_dm_and_asks_before_taking_back_a_notice(qq: tuple[World, SandboxClient]) -> None:
    t = Game(*qq)
    await t.lobby()
    roles = await t.start()
    voter, target = roles["村民"][0], roles["狼人"][0]
    await t.dm(voter, f"投票 {t.secret(target)}", "已记录投票")
    mark = len(t.world.transcript)
    # a vote nothing published yet: undone at once, the details by DM, the group told only where
    await t.say(t.director, "/撤销", "已处理，详情已私聊导演。")
    await t.told(t.director, f"已撤销：{t.players[voter]} 投票 秘密数字{t.secret(target)}。", since=mark)
    await t.told(voter, "导演撤销了你的操作", since=mark)
    await quiet(t.world)
    assert not [text for text in t.group_texts(mark) if "秘密数字" in text or "已撤销" in text]

    # 推进 closes the day: the 关门 is public, so undoing it needs 撤销 确认 and posts a correction
    mark = len(t.world.transcript)
    await t.say(t.director, "/推进", "【第1天关门】")
    await t.told(t.director, "已推进：第1天", since=mark)  # what it closed is said by DM only
    await quiet(t.world)
    assert "已推进" not in "".join(t.group_texts(mark))  # one group message for one action
    mark = len(t.world.transcript)
    await t.say(t.director, "/撤销", "回复已私聊导演。")
    asked = await t.told(t.director, "撤销「导演 推进」会收回已经发出的消息：主群公示", since=mark)
    assert "「撤销 确认」" in asked.text
    await t.dm(t.director, "撤销 确认", "已撤销：导演 推进。")
    correction = await t.posted("【导演更正】导演撤销了一项操作", since=mark)
    assert "现在：第1天" in correction.text
    await t.dm(voter, f"投票 {t.secret(target)}", "已记录投票")  # the day is open again


async def test_end_says_what_it_will_do_and_waits_for_confirmation(qq: tuple[World, SandboxClient]) -> None:
    t = Game(*qq)
    number = await t.lobby()
    warned = await t.dm(t.director, "结束", "确认请发送「结束 确认」")
    assert f"会取消第 #{number} 局" in warned.text
    await t.say(t.director + 1, "/名单", "报名中")  # nothing happened
    mark = len(t.world.transcript)
    await t.dm(t.director, "结束 确认", f"已取消第 #{number} 局")
    await t.posted(f"【导演】第 #{number} 局已取消，报名作废。", since=mark)

    number = await t.lobby()
    await t.start()
    mark = len(t.world.transcript)
    warned = await t.say(t.director, "/结束", "确认请发送「结束 确认」")
    assert "在主群公布揭秘" in warned.text
    await quiet(t.world)
    assert not [text for text in t.group_texts(mark) if "【揭秘】" in text]
    await t.say(t.director, "/结束 确认", "【揭秘】")


async def test_directors_have_their_own_help(qq: tuple[World, SandboxClient]) -> None:
    t = Game(*qq)
    await t.lobby()
    mine = await t.dm(t.director, "帮助", "【导演命令】")
    assert "撤销 [确认]" in mine.text and "替补 <角色> <QQ>" in mine.text
    here = await t.say(t.director, "/帮助", "【版杀大厅】")
    assert "【导演命令】" in here.text
    player = await t.say(t.director + 1, "/帮助", "【版杀大厅】")
    assert "【导演命令】" not in player.text and "私聊" in player.text
    one = await t.dm(t.director, "帮助 撤销", "撤销 [确认] —— ")
    assert "【导演命令】" not in one.text
    await t.dm(t.director, "帮助 飞天", "没有命令「飞天」")


async def test_a_game_number_goes_before_or_after_the_command(qq: tuple[World, SandboxClient]) -> None:
    t = Game(*qq)
    first = await t.lobby()
    t.world.create_group(t.group + 50, "第二个主群", owner_id=t.director)
    t.world.add_member(t.group + 50, BOT, role="admin")
    other = Table(t.world, t.client, t.group + 50)
    second = int((await other.say(t.director, "/新建 secret_number", "已新建第")).text.split("#")[1].split(" ")[0])
    await t.dm(t.director, "状态", "你同时在多局游戏中")
    await t.dm(t.director, f"状态 #{second}", f"第 #{second} 局报名中")
    await t.dm(t.director, f"#{first} 状态", f"第 #{first} 局报名中")
    await t.dm(t.director, f"#{second} /状态", f"第 #{second} 局报名中")


async def test_director_acts_post_once_substitutes_are_private_and_the_reveal_lists_them(
    qq: tuple[World, SandboxClient],
) -> None:
    t = Game(*qq)
    await t.lobby()
    roles = await t.start()
    for action, notice in (
        ("/暂停", "【导演】游戏暂停"),
        ("/继续", "【导演】游戏继续"),
        ("/延时 30", "【导演】延时30分钟"),
        ("/公告 今晚早点睡", "【导演公告】今晚早点睡"),
        ("/判罚 甲 蓝 刷屏", "【判罚】甲：蓝牌（刷屏）"),
    ):
        mark = len(t.world.transcript)
        await t.say(t.director, action, notice)
        await quiet(t.world, 0.5)
        assert len(t.group_texts(mark)) == 1, t.group_texts(mark)  # the notice is the answer
    voter, target = roles["村民"][0], roles["狼人"][0]
    await t.say(t.director, f"/代投 {t.players[voter]} {t.secret(target)} 掉线了", "已记录导演代投")

    newcomer = t.director + 99
    t.world.add_user(newcomer, "替补玩家")
    t.world.befriend(newcomer)
    mark = len(t.world.transcript)
    leaving = roles["村民"][1]
    await t.say(t.director, f"/替补 {t.players[leaving]} {newcomer}", "已处理，详情已私聊导演。")
    await t.told(newcomer, "你作为替补接替第", since=mark)
    await t.told(t.director, f"已替补：{t.players[leaving]} → {newcomer}", since=mark)
    await quiet(t.world)
    public = "".join(t.group_texts(mark))
    assert str(newcomer) not in public and "替补" not in public.replace("已处理", "")
    assert not [e for e in t.world.transcript[mark:] if e.is_message_to(user_id=leaving)]
    await t.dm(newcomer, "身份", "你的角色：")

    await t.say(t.director, "/结束 确认", "【揭秘】")
    await quiet(t.world)
    reveal = "\n".join(text for text in t.group_texts() if "【揭秘】" in text or "—— " in text)
    for line in (
        "导演暂停游戏",
        "导演继续游戏",
        "导演延时30分钟",
        "导演公告：今晚早点睡",
        "被判蓝牌（刷屏）",
        "导演代投",
        "导演替补",
    ):
        assert line in reveal, line
    assert "理由：掉线了" in reveal


async def test_what_people_type_for_a_command(qq: tuple[World, SandboxClient]) -> None:
    t = Game(*qq)
    await t.say(t.director, "/新建 secret_number", "已新建第")
    a, b, c, d = list(t.players)[:4]
    await t.say(a, "、报名 甲", "报名成功：甲")  # an IME's 、 for /
    await t.say(b, "／报名 乙", "报名成功：乙")  # the full-width slash
    await t.say(c, "报名 丙", "报名成功：丙")  # as the bot's own hint writes it
    await t.say(d, "/ 名单", "3 人报名")  # a space after the slash
    board = await t.say(t.director, "/板子 狼人 预言家", "板子已设置")
    assert "注意：现在 3 人报名，板子是 2 人" in board.text  # said at once, not first at /开始
    await t.say(a, "/帮助", "【版杀大厅】")
    for who, name in list(t.players.items())[3:]:
        await t.say(who, f"/报名 {name}", "报名成功")
    await t.say(t.director, f"/设置 day_open=none day_close={day_close_far()}", "已设置")
    await t.say(t.director, BOARD, "板子已设置")
    await t.start()
    exposed = await t.say(a, "投票 3", "这条没有记录")  # a bare vote in the group is not left unanswered
    assert "私聊" in exposed.text
    await t.dm(a, "／身份", "你的角色：")


async def test_a_temporary_session_is_answered_through_its_group(qq: tuple[World, SandboxClient]) -> None:
    t = Game(*qq)
    stranger = t.director + 50
    t.world.add_user(stranger, "陌生人")
    t.world.add_member(t.group, stranger)
    await t.say(t.director, "/新建 secret_number", "已新建第")
    await t.say(stranger, "/报名 陌陌", "报名成功")
    event = await t.client.send_temp(stranger, t.group, "身份")
    answer = await t.client.wait_for(
        lambda e: e.name == "send_private_msg" and e.user_id == stranger and e.ok, since=event.seq
    )
    assert answer.data.get("group_id") == t.group
    assert "请先添加机器人为好友" in answer.text and "「陌陌」" in answer.text


async def test_a_night_death_leaves_last_words_when_the_day_opened_at_once(qq: tuple[World, SandboxClient]) -> None:
    t = Game(*qq)
    await t.lobby()
    roles = await t.start()
    night = await t.say(t.director, "/推进", "【第1天关门】")
    victim = roles["村民"][0]
    wolf, mate = roles["狼人"]
    await t.told(wolf, "【第1夜·狼人】", since=night.seq)
    first = await t.dm(wolf, f"杀人 {t.secret(victim)}", "已记录")
    assert "其他人都提交后，步骤会提前结束" in first.text  # what really happens, not "until the deadline"
    await t.dm(mate, f"杀人 {t.secret(victim)}", "已记录")
    for role in ("女巫", "预言家"):
        await t.told(roles[role][0], "【第1夜·", since=night.seq)
        await t.dm(roles[role][0], "放弃", "已放弃")
    dawn = await t.posted("【第2天开门】", since=night.seq)
    await t.told(victim, "你可以留下遗言", since=night.seq)
    reply = await t.dm(victim, "遗言 我是好人", "已记录遗言")
    assert "已在主群公示" in reply.text
    await t.posted(f"【遗言】{t.players[victim]}的遗言：我是好人", since=dawn.seq)
    kept = await t.dm(wolf, f"投票 {t.secret(roles['预言家'][0])} 他跳得太早", "已记录投票")
    assert "理由不在关门时公示，记入揭秘" in kept.text


async def test_the_seat_board_is_a_picture_for_the_group_and_for_the_directors(qq: tuple[World, SandboxClient]) -> None:
    t = Game(*qq)
    await t.lobby()
    await t.say(t.director + 1, "/座位表", "游戏还没有开始")
    await t.start()
    mark = len(t.world.transcript)
    await t.say(t.director + 1, "/座位表")
    posted = await t.client.wait_for(lambda e: e.group_id == t.group and "[image]" in e.text, since=mark)
    status = await t.dm(t.director, "状态", "玩家QQ")
    for entry in (posted, status):
        pictures = [s for s in entry.data["message"] if s["type"] == "image"]
        assert len(pictures) == 1
        png = base64.b64decode(pictures[0]["data"]["file"].removeprefix("base64://"))
        assert png.startswith(b"\x89PNG")
    assert "秘密数字" in status.text and "[image]" in status.text
