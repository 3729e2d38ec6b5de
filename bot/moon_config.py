"""/新月配置: the 导演's draw of a 新月配置 for the board set in the lobby, sent to the directors by DM
(which event each sign stands for is secret: 占星师<观星> learns one)."""

from __future__ import annotations

import random

from bot import outbox, service
from bot.chat import Refused
from bot.outbox import Recipient
from bot.tables import Table
from engine import api

SYNTAX = "/新月配置 随机"


async def draw(table: Table, words: list[str]) -> str:
    """新月配置 随机: one usable event per sign, balanced by 影响力, for the lobby's board."""
    rs = table.rs
    if rs.moon is None:
        raise Refused(f"{rs.name}没有新月扩展。")
    if words != ["随机"]:
        raise Refused(f"写法：{SYNTAX}（按板子随机抽取新月配置，私聊发给导演）")
    if table.status != "lobby":
        raise Refused("游戏已经开始，新月配置应在开局前抽取。")
    if not table.board and not table.template:
        raise Refused("请先设置板子：新月配置按板子中的身份抽取（如没有猎人则不用猎人的愤怒）。")
    roles = api.board_cards(rs, table.template, tuple(table.substitutions))[0] if table.template else table.board
    config = api.deal_moon(rs.moon, roles, random.Random(service.new_seed()))
    shown = (
        f"【新月配置】第 #{table.id} 局（{rs.name}）：{api.describe_moon(rs.moon, config)}。"
        "机器人尚未执行新月事件：本局的新月事件由导演主持。"
    )
    await outbox.store(
        table, [outbox.direct(table, table.seq, Recipient("user", qq), shown) for qq in sorted(table.directors)]
    )
    async with table.sending:
        await service.deliver(table)
    return "已按板子随机抽取新月配置，并私聊发给导演。"
