"""Shared by the chat plugins: which game a message is about, who may direct it, replies."""

from __future__ import annotations

import re

from nonebot import get_driver
from nonebot.adapters.onebot.v11 import GroupMessageEvent, Message, MessageEvent, PrivateMessageEvent
from nonebot.consts import CMD_START_KEY, PREFIX_KEY
from nonebot.typing import T_State

from bot import chat
from bot.outbox import Recipient
from bot.service import Refused
from bot.tables import Table, tables

GAME_TAG = re.compile(rf"^{chat.GAME_NUMBER}\s*")
LOBBY_COMMANDS = (
    "新建",
    "报名",
    "退出",
    "名单",
    "板子",
    "设置",
    "导演",
    "开始",
    "规则集",
    "大厅",
    "版杀帮助",
    "座位表",
    "新月配置",
)
DM_ONLY = ("投票", "改票", "弃权", "身份", "遗言", "投降")  # players' commands, which a group only gets a hint for
DIRECTOR_COMMANDS = (
    "状态",
    "暂停",
    "继续",
    "延时",
    "推进",
    "撤销",
    "代投",
    "判罚",
    "替补",
    "公告",
    "结束",
    "裁定",
    "绑定",
)


def plain(message: Message) -> str:
    """The text segments' text. Unlike ``extract_plain_text`` it does not raise on a malformed
    text segment (no ``text``, or not a string), which a client may send."""
    return "".join(t for seg in message if seg.type == "text" and isinstance(t := seg.data.get("text"), str))


def superusers() -> set[str]:
    return {str(s) for s in get_driver().config.superusers}


def is_director(table: Table, qq: int) -> bool:
    return qq in table.directors or str(qq) in superusers()


def sender(event: MessageEvent) -> Recipient:
    """Where a reply to this message goes: the group it came from, or the sender's DM."""
    if isinstance(event, GroupMessageEvent):
        return Recipient("group", event.group_id)
    return Recipient("user", event.user_id)


async def slashed_in_groups(event: MessageEvent, state: T_State) -> bool:
    """In a group a command needs its '/' (so chat that happens to start with 开始 is left alone)."""
    if isinstance(event, PrivateMessageEvent):
        return True
    return bool(state.get(PREFIX_KEY, {}).get(CMD_START_KEY) == "/")


def split_tag(text: str) -> tuple[int | None, str]:
    """``#12 投票 3`` → (12, "投票 3"): a DM naming one of several games."""
    match = GAME_TAG.match(text.strip())
    if match:
        return int(match.group(1)), text.strip()[match.end() :]
    return None, text.strip()


def pick(
    candidates: list[Table], tag: int | None, none: str, hint: str = "请在命令前加局号，例如：#{id} 身份"
) -> Table:
    """The one game meant: the only candidate, or the one the #tag names. ``hint`` says where
    the tag goes (``{id}``: a game's number)."""
    if tag is not None:
        chosen = next((t for t in candidates if t.id == tag), None)
        if chosen is None:
            raise Refused(f"没有你参与的第 #{tag} 局。你的游戏：{_ids(candidates)}。")
        return chosen
    if not candidates:
        raise Refused(none)
    if len(candidates) > 1:
        raise Refused(f"你同时在多局游戏中（{_ids(candidates)}），" + hint.format(id=candidates[0].id))
    return candidates[0]


def _ids(candidates: list[Table]) -> str:
    return "、".join(f"#{t.id}" for t in candidates) or "无"


def no_game_here(group_id: int, none: str) -> Refused:
    """Why a group's command finds no game: ``none``, or, in a bound team group, whose it is."""
    bound = tables.bound_to(group_id)
    if bound is None:
        return Refused(none)
    table, team = bound
    label = table.rs.teams[team].group or team
    return Refused(f"本群是第 #{table.id} 局的{label}，不是游戏主群。请在主群发送命令，或私聊机器人。")


def directed_table(event: MessageEvent, tag: int | None) -> Table:
    """The game a director command is about: this group's, or (in DM) the one the director runs."""
    qq = event.user_id
    if isinstance(event, GroupMessageEvent):
        table = tables.in_group(event.group_id)
        if table is None:
            raise no_game_here(event.group_id, "本群没有进行中的游戏。导演可以发送「/新建 规则集」开一局。")
        if not is_director(table, qq):
            raise Refused("只有本局导演可以使用这个命令。")
        return table
    return pick(
        tables.directing(qq, superusers()), tag, "你没有正在导演的游戏。", "请加局号，例如：暂停 #{id}（或 #{id} 暂停）"
    )
