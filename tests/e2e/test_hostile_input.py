"""Hostile and careless input over the real OneBot v11 WebSocket, against ``python -m bot``:
no reach into another game's groups, numbers read one way and bounded, words a command does
not take refused, look-alike names refused. Every refusal answers and changes nothing.

The tests share one bot and one world (tests/e2e/hostile.py) and run in order.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
import pytest_asyncio

from bot.sandbox import at_segment, sent, text_segment
from tests.e2e.harness import BOT, Table
from tests.e2e.hostile import (
    A_DIR,
    A_LOVERS,
    A_MAIN,
    B_DIR,
    B_LOVERS,
    B_MAIN,
    B_PLAYERS,
    BOT_NOT_ADMIN,
    GROUPS,
    LATECOMER,
    NO_BOT,
    NOT_HIS,
    STRANGER,
    Wire,
    two_games,
)

pytestmark = pytest.mark.asyncio(loop_scope="session")
ODD_DIGITS = ("²", "①", "٣")
FULL_WIDTH = str.maketrans("0123456789", "０１２３４５６７８９")


@pytest_asyncio.fixture(scope="module", loop_scope="session")
async def wire(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[Wire]:
    async with two_games(tmp_path_factory.mktemp("hostile")) as w:
        yield w


async def test_no_director_binds_a_group_he_is_not_entitled_to(wire: Wire) -> None:
    members = {g: set(wire.world.groups[g].members) for g in GROUPS}
    for text, expect in (
        (f"绑定 情侣群 {A_MAIN}", f"群 {A_MAIN} 是第 #1 局的主群，不能绑定为团队群"),
        (f"绑定 情侣群 {A_LOVERS}", f"群 {A_LOVERS} 已绑定为第 #1 局的情侣群，不能再绑定"),
        (f"绑定 情侣群 {B_MAIN}", f"群 {B_MAIN} 是第 #2 局的主群"),
        (f"绑定 情侣群 {NOT_HIS}", f"只有群 {NOT_HIS} 的群主或管理员可以把它绑定为团队群"),
        (f"绑定 情侣群 {BOT_NOT_ADMIN}", f"机器人不是群 {BOT_NOT_ADMIN} 的管理员"),
        (f"绑定 情侣群 {NO_BOT}", f"读不到群 {NO_BOT} 的成员"),
    ):
        await wire.refused(B_DIR, text, expect)
        await wire.refused(B_DIR, f"/{text}", expect, group=B_MAIN)
    # the other game's director may not reach game #2 at all, by its number or otherwise
    await wire.refused(A_DIR, f"绑定 #2 情侣群 {B_LOVERS}", "没有你参与的第 #2 局")
    await wire.refused(A_DIR, f"/绑定 情侣群 {B_LOVERS}", "只有本局导演可以使用这个命令", group=B_MAIN)
    assert all(not wire.managed(g) for g in GROUPS if g != A_LOVERS)
    assert {g: set(wire.world.groups[g].members) for g in GROUPS if g != A_LOVERS} == {
        g: m for g, m in members.items() if g != A_LOVERS
    }
    # entitled, the same command works: the stranger in B's own lovers' group is removed
    await wire.dm(B_DIR, f"绑定 情侣群 {B_LOVERS}", f"已绑定 情侣群 → 群 {B_LOVERS}")
    await wire.client.wait_for(lambda e: e.name == "set_group_kick" and e.ok and e.data["user_id"] == STRANGER, 10)
    assert STRANGER not in wire.world.groups[B_LOVERS].members
    assert [e.data["group_id"] for e in wire.managed(B_LOVERS)] == [B_LOVERS]


async def test_directors_hear_when_the_bot_cannot_manage_and_it_catches_up_when_made_admin(wire: Wire) -> None:
    b = Table(wire.world, wire.client, B_MAIN)
    cupid = next(qq for qq in B_PLAYERS if b.identity(qq)[0] == "丘比特")
    lover = next(qq for qq in B_PLAYERS if qq != cupid)
    mark = (await wire.client.set_admin(B_LOVERS, BOT, admin=False)).seq
    wire.world.add_member(B_LOVERS, lover)
    # the lovers' roster changes (and full-width secret numbers read as digits): nothing can be managed
    wide = " ".join(str(b.identity(q)[1]).translate(FULL_WIDTH) for q in (cupid, lover))
    await wire.dm(cupid, f"丘比特之箭 {wide}", "已记录")
    told = await wire.client.wait_for(
        sent(user_id=B_DIR, containing="机器人不是情侣群（群 701）的管理员"), 10, since=mark
    )
    assert "请在QQ里把机器人设为管理员（群设置 → 群管理 → 设置管理员），之后会自动补做" in told.text
    await wire.client.member_joins(B_LOVERS, STRANGER)
    assert not [e for e in wire.managed(B_LOVERS) if e.seq > mark and e.ok]
    assert STRANGER in wire.world.groups[B_LOVERS].members
    # made admin again: the stranger goes, the lover gets the character name as 群名片
    mark = (await wire.client.set_admin(B_LOVERS, BOT, admin=True)).seq
    kick = await wire.client.wait_for(lambda e: e.name == "set_group_kick" and e.ok, 10, since=mark)
    assert kick.data == {"group_id": B_LOVERS, "user_id": STRANGER, "reject_add_request": False}
    await wire.client.wait_for(
        lambda e: e.name == "set_group_card" and e.ok and e.data["user_id"] == lover, 10, since=mark
    )
    assert wire.world.groups[B_LOVERS].members[lover].card == B_PLAYERS[lover]
    await wire.client.wait_for(sent(user_id=cupid, containing=f"请申请加入情侣群：群号 {B_LOVERS}"), 10, since=mark)
    assert STRANGER not in wire.world.groups[B_LOVERS].members


async def test_numbers_are_read_one_way_and_bounded(wire: Wire) -> None:
    syntax_of = {"延时": "延时分钟数", "替补 子": "QQ号", "绑定 情侣群": "群号"}
    for word in ODD_DIGITS:
        for command in syntax_of:
            await wire.refused(B_DIR, f"{command} {word}", f"「{word}」不是 0-9 的数字")
        for command in (f"/导演 {word}", f"/设置 step_minutes={word}", f"/板子 狼人x{word} 村民"):
            await wire.refused(A_DIR, command, f"「{word}」不是 0-9 的数字", group=A_MAIN)
    for qq in ("99999999999999999999999", "0"):
        await wire.refused(B_DIR, f"替补 子 {qq}", "QQ号应为 1 到 4294967295 之间的整数")
    await wire.refused(B_DIR, "延时 100000", "延时分钟数应为 1 到 10080 之间的整数，「100000」超出范围")
    for setting, expect in (
        ("speed=nan", "speed 应为 0.1 到 100000 之间的数字"),
        ("speed=inf", "speed 应为 0.1 到 100000 之间的数字"),
        ("speed=1e-300", "speed 应为 0.1 到 100000 之间的数字"),
        ("step_minutes=99999999999999999999", "step_minutes 应为 1 到 1440 之间的整数"),
        ("day_days=99999999999", "day_days 应为 1 到 14 之间的整数"),
    ):
        await wire.refused(A_DIR, f"/设置 {setting}", expect, group=A_MAIN)
        await wire.refused(B_DIR, f"/设置 {setting}", expect, group=B_MAIN)  # running: the same bounds
    # full-width digits read as digits, in every command
    await wire.say(A_MAIN, A_DIR, "/设置 step_minutes=４５", "已设置：step_minutes=45。")
    await wire.dm(B_DIR, "延时 ３", "已延时3分钟")
    seat = next(iter(B_PLAYERS))
    await wire.refused(seat, "投票 ²", "「²」不是 0-9 的数字")


async def test_words_a_command_does_not_take_are_refused(wire: Wire) -> None:
    for command in ("暂停", "继续", "推进"):
        await wire.refused(B_DIR, f"{command} abc", f"「abc」多余：这个命令不带参数。写法：{command}")
        await wire.refused(B_DIR, f"/{command} abc", "多余", group=B_MAIN)
    await wire.refused(B_DIR, "撤销 abc", "「abc」多余：撤销只可加「确认」。")
    await wire.refused(B_DIR, "/撤销 abc", "回复已私聊导演", group=B_MAIN)  # 撤销 answers by DM only
    seat = next(iter(B_PLAYERS))
    for command in ("身份", "弃权", "投降"):
        await wire.refused(seat, f"{command} abc", f"「abc」多余：这个命令不带参数。写法：{command}")


async def test_names_that_look_taken_or_read_as_something_else_are_refused(wire: Wire) -> None:
    await wire.say(A_MAIN, 23, "/退出", "已退出：丙")
    for name, expect in (
        ("甲\u200b", "角色名「甲」已被使用"),
        ("\u2060乙", "角色名「乙」已被使用"),
        ("@全体成员", "角色名应为 1 到 12 个字，不含空格、@"),
        ("3", "不能全是数字"),
        ("弃权", "会被当作命令里的词"),
    ):
        await wire.refused(23, f"/报名 {name}", expect, group=A_MAIN)
    await wire.refused(23, [text_segment("/报名 "), at_segment("all")], "角色名应为", group=A_MAIN)
    await wire.say(A_MAIN, 23, "/报名 Ｃｈｏｃｏ", "报名成功：Choco")
    for name in ("choco", "\u0421hoco"):  # lower case; a Cyrillic С
        await wire.refused(LATECOMER, f"/报名 {name}", "与已报名的「Choco」看起来一样", group=A_MAIN)
