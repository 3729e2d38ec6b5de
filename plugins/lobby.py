"""Lobby, in a game's main group: 新建 报名 退出 名单 板子 设置 导演 开始 座位表, and 规则集 anywhere."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from nonebot import on_command
from nonebot.adapters.onebot.v11 import GroupMessageEvent, Message, MessageEvent, MessageSegment
from nonebot.matcher import Matcher
from nonebot.params import CommandArg, RawCommand
from nonebot.plugin import PluginMetadata

from bot import board_image, chat, game_options, lobby, moon_config
from bot.chat import Refused
from bot.tables import Table, tables
from engine import api
from engine.api import installed_rulesets
from plugins._common import (
    DM_ONLY,
    LOBBY_COMMANDS,
    is_director,
    no_game_here,
    plain,
    sender,
    slashed_in_groups,
    superusers,
)
from plugins._help import for_group, lobby_help

__plugin_meta__ = PluginMetadata(
    name="版杀大厅",
    description="在游戏主群新建游戏、报名、设置板子与时间、开局",
    usage="/新建 规则集 · /报名 角色名 · /退出 · /名单 · /板子 狼人x3 预言家 … · /设置 day_close=22:00 · /导演 QQ · /开始 · /规则集",
    type="application",
    supported_adapters={"~onebot.v11"},
)


def _group_table(event: MessageEvent) -> Table:
    if not isinstance(event, GroupMessageEvent):
        raise Refused("请在游戏主群中发送这个命令。")
    table = tables.in_group(event.group_id)
    if table is None:
        raise no_game_here(
            event.group_id, "本群没有进行中的游戏。导演可以发送「/新建 规则集」开一局，「/规则集」查看可用规则集。"
        )
    return table


def _director_table(event: MessageEvent) -> Table:
    table = _group_table(event)
    if not is_director(table, event.user_id):
        raise Refused("只有本局导演可以使用这个命令。")
    return table


async def _create(event: MessageEvent, words: list[str]) -> str:
    if not isinstance(event, GroupMessageEvent):
        raise Refused("请在要用作主群的QQ群中发送「/新建 规则集」。")
    if not words:
        raise Refused(
            "写法：/新建 <规则集> [选项=值 …]，例如 /新建 secret_number 或 /新建 wuyu_town 轮次决胜=开。"
            "可用规则集与选项见「/规则集」。"
        )
    role = event.sender.role or "member"
    if role == "member" and str(event.user_id) not in superusers():
        raise Refused("只有群主、管理员或机器人的超级用户可以新建游戏。")
    table = await lobby.create(event.group_id, words[0], event.user_id, tuple(words[1:]))
    return (
        f"已新建第 #{table.id} 局：{table.rs.name}（{table.rs.id}）。导演：{event.user_id}。"
        "玩家请发送「/报名 角色名」，并加机器人为好友。"
    )


async def _sign_up(event: MessageEvent, words: list[str]) -> str:
    return await lobby.sign_up(_group_table(event), event.user_id, " ".join(words))


async def _leave(event: MessageEvent, words: list[str]) -> str:
    chat.no_words(words, "/退出")
    return await lobby.leave(_group_table(event), event.user_id)


async def _roll(event: MessageEvent, words: list[str]) -> str:
    chat.no_words(words, "/名单")
    table = _group_table(event)
    players = "、".join(f"{p.seat}.{p.name}" for p in table.players) or "（无人报名）"
    board = f"；板子 {api.seats_for(table.rs, table.board)} 人" if table.board else "；板子未设置"
    state = "报名中" if table.status == "lobby" else "进行中"
    return f"第 #{table.id} 局（{table.rs.name}，{state}）：{len(table.players)} 人报名{board}。\n{players}"


async def _board(event: MessageEvent, words: list[str]) -> str:
    table = _director_table(event)
    if words[:1] == ["随机"]:  # a board drawn by the post's rules, for the directors' eyes only
        return await lobby.draw_board(table, words[1:])
    if not words:
        presets = f"\n预设板型（/板子 板型[+替换…]）：\n{api.describe_boards(table.rs)}" if table.rs.boards else ""
        raise Refused(f"写法：/板子 狼人x3 预言家 女巫 …。可用身份：{'、'.join(table.rs.roles)}。{presets}")
    return await lobby.set_board(table, words)


async def _settings(event: MessageEvent, words: list[str]) -> str:
    table = _director_table(event)
    if not words:
        current = "，".join(f"{k}={v}" for k, v in table.settings.items())
        options = f"当前选项：{game_options.describe(table.rs, table.options)}。" if table.rs.options else ""
        raise Refused(f"当前设置：{current}。{options}写法：/设置 day_close=22:00 speed=60")
    chosen = [w for w in words if game_options.is_option(table.rs, w)]
    if chosen and len(chosen) < len(words):
        raise Refused("选项与时间设置请分两次发送，例如「/设置 轮次决胜=开」与「/设置 speed=60」。")
    if chosen:
        return await game_options.set_options(table, chosen)
    return await lobby.set_settings(table, words, sender(event))


async def _director(event: MessageEvent, words: list[str]) -> str:
    table = _director_table(event)
    if len(words) != 1:
        raise Refused("写法：/导演 <QQ号>")
    return await lobby.add_director(table, chat.qq(words[0], syntax="/导演 <QQ号>"))


async def _begin(event: MessageEvent, words: list[str]) -> str:
    chat.no_words(words, "/开始")
    return await lobby.start(_director_table(event), sender(event))


async def _rulesets(event: MessageEvent, words: list[str]) -> str:
    lines = []
    for rs in installed_rulesets():
        todo = len(rs.unfinished())
        lines.append(f"{rs.id}：{rs.name}（{len(rs.roles)} 个身份{f'，{todo} 个未实现' if todo else ''}）")
        if rs.options:
            lines.append(f"  选项：{game_options.describe(rs)}")
    return "可用规则集：\n" + "\n".join(lines)


async def _seat_board(event: MessageEvent, words: list[str]) -> str | Message:
    """/座位表: the public 座位表 — only what was already published — as a picture (or text)."""
    table = _group_table(event)
    if table.game is None:
        raise Refused("游戏还没有开始，座位表在开局后才有。现在可以用「/名单」查看报名。")
    board = api.public_board(table.game)
    picture = board_image.render(board)
    return board.text() if picture is None else Message(MessageSegment.image(picture))


async def _moon(event: MessageEvent, words: list[str]) -> str:
    return await moon_config.draw(_director_table(event), words)


async def _help(event: MessageEvent, words: list[str]) -> str:
    return lobby_help()


async def _help_here(event: MessageEvent, words: list[str]) -> str:
    """/帮助 in a group (a DM's 帮助 is the players' matcher's: it knows the seat)."""
    table = tables.in_group(event.group_id) if isinstance(event, GroupMessageEvent) else None
    return for_group(table, event.user_id, words)


async def _by_dm(event: MessageEvent, words: list[str]) -> str:
    return "这条没有记录：玩家的命令请私聊机器人发送（例如「投票 3」「身份」），这样别人看不到你的操作。"


COMMANDS: dict[str, Callable[[MessageEvent, list[str]], Awaitable[str | Message]]] = {  # the words of LOBBY_COMMANDS
    "新建": _create,
    "报名": _sign_up,
    "退出": _leave,
    "名单": _roll,
    "板子": _board,
    "设置": _settings,
    "导演": _director,
    "开始": _begin,
    "规则集": _rulesets,
    "新月配置": _moon,
    "座位表": _seat_board,
    "大厅": _help,
    "版杀帮助": _help,
}
# one matcher for every lobby command: NoneBot checks each matcher of a priority for every message
assert set(COMMANDS) == set(LOBBY_COMMANDS)
COMMANDS.update(dict.fromkeys(DM_ONLY, _by_dm))  # in a DM a player's matcher takes these first
COMMANDS["帮助"] = _help_here
aliases: set[str | tuple[str, ...]] = {name for name in COMMANDS if name != LOBBY_COMMANDS[0]}
lobby_commands = on_command(LOBBY_COMMANDS[0], aliases=aliases, rule=slashed_in_groups, priority=5, block=True)


@lobby_commands.handle()
async def _lobby(matcher: Matcher, event: MessageEvent, raw: str = RawCommand(), arg: Message = CommandArg()) -> None:
    try:
        reply = await COMMANDS[raw.lstrip("/")](event, plain(arg).split())
    except Refused as refused:
        reply = str(refused)
    if reply:
        await matcher.finish(reply)
    await matcher.finish()
