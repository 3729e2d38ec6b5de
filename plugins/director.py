"""Directors' commands, in the main group (with '/') or by DM: 状态 暂停 继续 延时 推进 撤销
代投 判罚 替补 公告 结束 裁定 绑定. Anyone else is told plainly that they are not the director.

撤销 and 替补 answer by DM whatever they came from (their answers name secrets); 结束 only says
what it would do until it is sent with 确认. A #局号 may stand before the command (plugins.typed
moves it behind) or after it."""

from __future__ import annotations

import re
from datetime import datetime

from nonebot import on_command
from nonebot.adapters.onebot.v11 import (
    ActionFailed,
    Bot,
    GroupMessageEvent,
    Message,
    MessageEvent,
    MessageSegment,
    NetworkError,
)
from nonebot.matcher import Matcher
from nonebot.params import CommandArg, RawCommand
from nonebot.plugin import PluginMetadata

from bot import board_image, chat, service, undo
from bot.chat import Refused
from bot.outbox import Recipient
from bot.tables import Table
from engine import api
from engine.api import Game
from engine.api import commands as c
from plugins._common import DIRECTOR_COMMANDS, directed_table, plain, sender, slashed_in_groups

__plugin_meta__ = PluginMetadata(
    name="版杀导演",
    description="导演查看全部状态、暂停、延时、推进、撤销、代投、判罚、替补、公告、结束、裁定、绑定团队群",
    usage="状态 · 暂停 · 继续 · 延时 <分钟> · 推进 · 撤销 · 代投 <角色> <目标|弃权> · 判罚 <角色> 蓝|黄|红 [理由] · "
    "替补 <角色> <QQ> · 公告 <内容> · 结束 [阵营] · 裁定 … · 绑定 <团队群> <群号>（私聊时可在命令后加局号，如 暂停 #12）",
    type="application",
    supported_adapters={"~onebot.v11"},
)

TAG = re.compile(rf"{chat.GAME_NUMBER}(?=\s|$)")
BARE = ("状态", "暂停", "继续", "推进")  # commands that take no words (撤销 takes 确认 alone)
RULING_WORDS = {v: k for k, v in c.RULINGS.items()}
SECRET_ANSWERS = {"撤销", "替补"}  # their answers name what was undone or who took a seat: by DM only
RULING_HELP = (
    "裁定 出局 <角色> [理由] · 裁定 复活 <角色> · 裁定 加状态 <角色> <状态> · 裁定 去状态 <角色> <状态> · "
    "裁定 警长 <角色|无> · 裁定 判负 <阵营> · 裁定 判胜 <阵营> · 裁定 无望 <阵营> · 裁定 僵持 [理由]"
)


def _words(arg: Message) -> tuple[int | None, list[str], str]:
    """Arguments less a leading #局号 (``暂停 #12``); also their raw text. Only a whole first
    word is a tag, so a notice may mention ``#3`` or ``#2楼``."""
    text = plain(arg).strip()
    match = TAG.match(text)
    tag = int(match.group(1)) if match else None
    if match:
        text = text[match.end() :].strip()
    return tag, text.split(), text


def _seat(table: Table, name: str) -> int:
    player = table.by_name(chat.term(name))
    if player is None:
        raise Refused(f"没有角色「{chat.quote(name)}」。角色：{'、'.join(p.name for p in table.players)}。")
    return player.seat


def _game(table: Table) -> Game:
    if table.game is None:
        raise Refused("游戏还没有开始。")
    return table.game


def _status(table: Table, event: MessageEvent) -> str | Message:
    """状态: the whole secret state (with the directors' 座位表 picture, where one can be drawn)."""
    if isinstance(event, GroupMessageEvent):
        raise Refused("「状态」包含全部秘密信息，请私聊机器人发送。")
    if table.game is None:
        players = "、".join(f"{p.name}({p.qq})" for p in table.players) or "无"
        return f"第 #{table.id} 局报名中：{players}；板子 {api.seats_for(table.rs, table.board)} 人。"
    qq = "；".join(f"{p.seat}号{p.name}:{p.qq}" for p in table.players)
    text = f"第 #{table.id} 局\n{api.director_view(table.game)}\n玩家QQ：{qq}"
    picture = board_image.render(api.director_board(table.game))
    return text if picture is None else MessageSegment.image(picture) + MessageSegment.text(text)


def _command(table: Table, name: str, words: list[str], raw: str) -> c.Command:
    at = service.now()
    if name == "暂停":
        return c.Pause(at=at)
    if name == "继续":
        return c.Resume(at=at)
    if name == "推进":
        return c.Advance(at=at)
    if name == "延时":
        syntax = "延时 <分钟>，例如 延时 30"
        if len(words) != 1:
            raise Refused(f"写法：{syntax}")
        return c.Extend(at=at, minutes=chat.number(words[0], "延时分钟数", 1, 7 * 24 * 60, syntax))
    if name == "公告":
        return c.Announce(at=at, text=raw)
    if name == "代投":
        if len(words) < 2:
            raise Refused("写法：代投 <角色> <目标|弃权> [理由]")
        game = _game(table)
        target = 0 if words[1] == "弃权" else game.target_from_text(chat.term(words[1]))
        if target is None:
            legal = api.options_text(game.rs, [s for s in game.st.seats if s.alive])
            raise Refused(f"没有「{chat.quote(words[1])}」这个投票对象。可投：{legal}，或「弃权」。")
        return c.CastVote(
            at=at, seat=_seat(table, words[0]), target=target, reason=" ".join(words[2:]), by_director=True
        )
    if name == "判罚":
        card = chat.term(words[1]).removesuffix("牌") if len(words) >= 2 else ""
        if card not in {"蓝", "黄", "红"}:
            raise Refused("写法：判罚 <角色> 蓝|黄|红 [理由]")
        return c.Penalize(at=at, seat=_seat(table, words[0]), card=card, reason=" ".join(words[2:]))
    if name == "结束":
        return c.Ruling(at=at, what="win", arg=chat.short(words[0], "结束 [阵营]"), reason=" ".join(words[1:]))
    return _ruling(table, words, at)


def _ruling(table: Table, words: list[str], at: datetime) -> c.Command:
    if not words or words[0] not in RULING_WORDS:
        raise Refused(f"写法：{RULING_HELP}")
    what, rest = RULING_WORDS[words[0]], words[1:]
    if what in {"lose", "win", "hopeless"}:
        if not rest:
            raise Refused(f"写法：裁定 {words[0]} <阵营>")
        return c.Ruling(at=at, what=what, arg=chat.short(rest[0], f"裁定 {words[0]} <阵营>"), reason=" ".join(rest[1:]))
    if what == "stalemate":
        return c.Ruling(at=at, what=what, reason=" ".join(rest))
    if what == "sheriff":
        if not rest:
            raise Refused("写法：裁定 警长 <角色|无>")
        seat = 0 if rest[0] in {"无", "空缺"} else _seat(table, rest[0])
        return c.Ruling(at=at, what=what, seat=seat, reason=" ".join(rest[1:]))
    if not rest:
        raise Refused(f"写法：{RULING_HELP}")
    if what in {"add_status", "remove_status"}:
        if len(rest) < 2:
            raise Refused(f"写法：裁定 {words[0]} <角色> <状态>")
        status = chat.short(rest[1], f"裁定 {words[0]} <角色> <状态>")
        return c.Ruling(at=at, what=what, seat=_seat(table, rest[0]), arg=status, reason=" ".join(rest[2:]))
    return c.Ruling(at=at, what=what, seat=_seat(table, rest[0]), reason=" ".join(rest[1:]))


director = on_command(
    DIRECTOR_COMMANDS[0], aliases=set(DIRECTOR_COMMANDS[1:]), rule=slashed_in_groups, priority=5, block=True
)


CONFIRM = "确认"


def _confirmed(words: list[str]) -> tuple[bool, list[str]]:
    """``结束 确认`` / ``撤销 确认``: the word 确认 last (or alone), and the words before it."""
    if words and words[-1] == CONFIRM:
        return True, words[:-1]
    return False, words


def _end_warning(table: Table, words: list[str]) -> str:
    """What 结束 would do, and how to confirm it."""
    again = " ".join(["结束", *words, CONFIRM])
    if table.status == "lobby":
        return f"「结束」会取消第 #{table.id} 局：{len(table.players)} 人的报名作废，主群会收到通知。确认请发送「{again}」。"
    outcome = f"判{words[0]}获胜并" if words else ""
    return (
        f"「结束」会立即{outcome}结束第 #{table.id} 局，在主群公布揭秘（全部身份、秘密与行动记录），不能撤销。"
        f"确认请发送「{again}」。"
    )


async def _privately(bot: Bot, event: MessageEvent, reply: str) -> str:
    """An answer that names secrets goes to the director's DM; the group is told only where."""
    if not isinstance(event, GroupMessageEvent):
        return reply
    if not reply:  # done: the outbox has the director's answer
        return "已处理，详情已私聊导演。"
    try:
        await bot.send_private_msg(user_id=event.user_id, message=Message(MessageSegment.text(reply)))
    except (ActionFailed, NetworkError):
        return "这条回复含有秘密信息，只能私聊发送，但机器人无法私聊你：请先加机器人为好友。"
    return "回复已私聊导演。"


async def _run(bot: Bot, event: MessageEvent, name: str, tag: int | None, words: list[str], text: str) -> str | Message:
    """One director command; returns what to answer where it came from ("" when the outbox does)."""
    table = directed_table(event, tag)
    if name in BARE:
        chat.no_words(words, f"{name}（私聊时可加局号，例如 {name} #{table.id}）")
    if name == "状态":
        return _status(table, event)
    if name in SECRET_ANSWERS:
        try:
            reply = await _secret_command(table, event, name, words)
        except Refused as refused:
            reply = str(refused)
        return await _privately(bot, event, reply)
    if name == "绑定":
        syntax = "绑定 <团队群> <群号>，例如 绑定 情侣群 123456"
        if len(words) != 2:
            raise Refused(f"写法：{syntax}")
        group = chat.qq(words[1], "群号", syntax)
        return await service.bind(table, chat.term(words[0]), group, event.user_id, sender(event))
    if name == "结束":
        confirmed, words = _confirmed(words)
        if not confirmed:
            raise Refused(_end_warning(table, words))
        if not words:
            return await service.end(table, sender(event))
        text = " ".join(words)
    _game(table)
    # what 推进 closed may be one seat's secret (its 最后一枪 at night): that answer goes by DM
    reply_to = Recipient("user", event.user_id) if name == "推进" else sender(event)
    return await service.submit(table, _command(table, name, words, text), reply_to)


async def _secret_command(table: Table, event: MessageEvent, name: str, words: list[str]) -> str:
    """撤销 and 替补, answered to the director's DM."""
    dm = Recipient("user", event.user_id)
    if name == "撤销":
        confirmed, rest = _confirmed(words)
        if rest:
            raise Refused(
                f"「{chat.quote(' '.join(rest))}」多余：撤销只可加「确认」。"
                "写法：撤销，或「撤销 确认」（撤销会收回已发出的公示或反馈时）。"
            )
        return await undo.undo(table, dm, confirmed)
    syntax = "替补 <角色> <QQ号>"
    if len(words) != 2:
        raise Refused(f"写法：{syntax}")
    return await service.substitute(table, chat.term(words[0]), chat.qq(words[1], syntax=syntax), dm)


@director.handle()
async def _director(
    bot: Bot, matcher: Matcher, event: MessageEvent, raw: str = RawCommand(), arg: Message = CommandArg()
) -> None:
    tag, words, text = _words(arg)
    try:
        reply = await _run(bot, event, raw.lstrip("/"), tag, words, text)
    except Refused as refused:
        reply = str(refused)
    if reply:
        await matcher.finish(reply)
    await matcher.finish()
