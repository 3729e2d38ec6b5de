"""Who may do what, as a table, over the real OneBot v11 WebSocket against ``python -m bot``.

Every director command from a player, a stranger and another game's director — in the
main group, by DM and with another game's #局号 — and every player command for another
seat, for a dead seat and for a game one is not in: all refused, the store unchanged.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
import pytest_asyncio

from tests.e2e.harness import Table
from tests.e2e.hostile import A_DIR, A_MAIN, A_PLAYERS, B_DIR, B_LOVERS, B_MAIN, B_PLAYERS, STRANGER, Wire, two_games

pytestmark = pytest.mark.asyncio(loop_scope="session")

DIRECTOR_COMMANDS = (
    "状态",
    "暂停",
    "继续",
    "延时 30",
    "推进",
    "撤销",
    "代投 子 1",
    "判罚 子 蓝",
    "替补 子 88888",
    "公告 嗨",
    "结束",
    "裁定 出局 子",
    f"绑定 情侣群 {B_LOVERS}",
)
LOBBY_COMMANDS = ("板子 狼人 村民x2", "设置 speed=60", "导演 99", "开始")
PLAYER = next(iter(B_PLAYERS))  # 子, of game #2
NOT_DIRECTOR = "只有本局导演可以使用这个命令。"


@pytest_asyncio.fixture(scope="module", loop_scope="session")
async def wire(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[Wire]:
    async with two_games(tmp_path_factory.mktemp("authorization")) as w:
        yield w


def _tagged(command: str, game: int) -> str:
    word, _, rest = command.partition(" ")
    return f"{word} #{game} {rest}".strip()


@pytest.mark.parametrize("command", DIRECTOR_COMMANDS)
async def test_director_commands_from_anyone_else_are_refused(wire: Wire, command: str) -> None:
    for qq in (PLAYER, STRANGER, A_DIR):  # a player, a stranger, another game's director
        await wire.refused(qq, f"/{command}", NOT_DIRECTOR, group=B_MAIN)
    for qq in (PLAYER, STRANGER):
        await wire.refused(qq, command, "你没有正在导演的游戏。")
    for qq in (PLAYER, STRANGER, A_DIR):
        await wire.refused(qq, _tagged(command, 2), "没有你参与的第 #2 局")


@pytest.mark.parametrize("command", LOBBY_COMMANDS)
async def test_lobby_director_commands_from_anyone_else_are_refused(wire: Wire, command: str) -> None:
    for qq in (next(iter(A_PLAYERS)), STRANGER, B_DIR):
        await wire.refused(qq, f"/{command}", NOT_DIRECTOR, group=A_MAIN)


async def test_players_act_only_for_their_own_living_seat_in_their_own_game(wire: Wire) -> None:
    b = Table(wire.world, wire.client, B_MAIN)
    role = {qq: b.identity(qq) for qq in B_PLAYERS}
    cupid = next(qq for qq, (r, _) in role.items() if r == "丘比特")
    villager = next(qq for qq, (r, _) in role.items() if r == "村民")
    arrow = f"丘比特之箭 {role[cupid][1]} {role[villager][1]}"
    # another seat's skill: only the seat dealt it holds it
    assert "你没有技能「丘比特之箭」" in await wire.refused(villager, arrow, "丘比特之箭")
    # a game one is not in, by its number or not
    for qq in (STRANGER, next(iter(A_PLAYERS))):
        for text in (arrow, "投票 1", "身份", "遗言 再见"):
            reply = await wire.refused(qq, text, "")
            assert "已记录" not in reply and reply, (qq, text, reply)
            tagged = await wire.refused(qq, f"#2 {text}", "")
            assert "没有你参与的第 #2 局" in tagged or "没有参加进行中的游戏" in tagged, tagged
    # a dead seat
    name = next(n for qq, n in B_PLAYERS.items() if qq == cupid)
    await wire.dm(B_DIR, f"裁定 出局 {name}", "已裁定")
    for text in (arrow, "投票 1", "投降"):
        reply = await wire.refused(cupid, text, "")
        assert "已记录" not in reply and reply, (text, reply)
