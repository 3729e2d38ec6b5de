"""Players, by DM: 身份, <技能名> <目标…>, 放弃, 投票 / 改票 / 弃权, 遗言, 投降 / 拒绝投降, 帮助.

A player acts only for their own seat: the seat comes from who sent the DM, never from
the text. Every reply says what was recorded, or why not and what is legal.
"""

from __future__ import annotations

import re

from nonebot import on_message
from nonebot.adapters.onebot.v11 import Event, PrivateMessageEvent
from nonebot.matcher import Matcher
from nonebot.plugin import PluginMetadata

from bot import chat, service
from bot.outbox import Recipient
from bot.service import Refused
from bot.tables import Table, tables
from engine import api
from engine.api import Game
from engine.api import commands as c
from plugins._common import DIRECTOR_COMMANDS, LOBBY_COMMANDS, pick, plain, split_tag
from plugins._help import for_dm

__plugin_meta__ = PluginMetadata(
    name="版杀玩家",
    description="玩家私聊机器人发动技能、投票、留遗言、投降、查看身份",
    usage="身份 · <技能名> <目标…> · 放弃 [技能名] · 投票 <目标> [理由] · 改票 <目标> [理由] · 弃权 · 遗言 <内容> · 投降 · 拒绝投降 · 帮助",
    type="application",
    supported_adapters={"~onebot.v11"},
)

SEPARATORS = re.compile(r"[\s,，、]+")
BARE = ("身份", "弃权", "投降", "拒绝投降", "同意拍刀", "拒绝拍刀")  # commands that take no words


def _targets(game: Game, seat: int, skill: str, words: list[str]) -> tuple[tuple[int, ...], str | None]:
    """Target words → seat numbers (and a choice word, where the skill has choices)."""
    me = game.st.seat(seat)
    spec = game.rs.roles[me.role].skills.get(skill) or game.rs.skill(skill)
    if spec is not None and spec is game.rs.order_skill:
        return (), " ".join(words) or None  # 第一身份 <身份>: the card named goes first
    if spec is not None and (spec.choice_hook or spec.message):  # free text after the targets (心算, 报信)
        count = spec.targets[1]
        chosen = _targets(game, seat, "", words[:count])[0] if count else ()
        return chosen, " ".join(words[count:]) or None
    if spec is not None and (spec.choice_max > 1 or spec.choice_count > 1) and not spec.targets[1]:
        return (), "、".join(words) or None  # several words of a list, no target (阴魂不散, 窥天)
    choices = spec.choices if spec else ()
    listed = bool(spec and spec.choice_of)  # a choice from a list the game computes (迷梦, 变脸, 诡辩)
    targets: list[int] = []
    picked: list[str] = []
    for word in words:
        if word in choices:
            picked = [word]
            continue
        target = game.target_from_text(word)
        if target is None and listed:
            picked.append(word)  # the engine checks it against the list and says what may be named
            continue
        if target is None:
            how = "秘密数字" if game.rs.addressing == "secret_number" else "座位号或角色名"
            raise Refused(f"没有「{chat.quote(word)}」这个目标（请用{how}）。{api.range_text(game, me, skill)}")
        targets.append(target)
    return tuple(targets), "、".join(picked) or None


def command_for(game: Game, seat: int, words: list[str], raw: str) -> c.Command | str:
    """A player's DM → an engine command, or a text to answer at once (身份, 帮助)."""
    at = service.now()
    head, rest = chat.term(words[0]), words[1:]
    if head in BARE:
        chat.no_words(rest, head)
    if head == "身份":
        return api.seat_view(game, seat)
    if head in {"投票", "改票"}:
        if not rest:
            raise Refused(f"写法：{head} <目标> [理由]，或发送「弃权」。")
        if rest[0] == "弃权":
            return c.CastVote(at=at, seat=seat, target=0, reason=" ".join(rest[1:]))
        target = game.target_from_text(chat.term(rest[0]))
        if target is None:
            legal = api.options_text(game.rs, api.in_play(game))
            raise Refused(f"没有「{chat.quote(rest[0])}」这个投票对象。可投：{legal}，或「弃权」。")
        return c.CastVote(at=at, seat=seat, target=target, reason=" ".join(rest[1:]))
    if head == "弃权":
        return c.CastVote(at=at, seat=seat, target=0)
    if head == "遗言":
        return c.LastWords(at=at, seat=seat, text=raw.strip()[len("遗言") :].strip())
    if head == "投降":
        return c.Surrender(at=at, seat=seat, agree=True)
    if head == "拒绝投降":
        return c.Surrender(at=at, seat=seat, agree=False)
    if head == "拍刀":
        return c.Showdown(at=at, seat=seat, plan=raw.strip()[len("拍刀") :].strip())
    if head in {"同意拍刀", "拒绝拍刀"}:
        return c.Showdown(at=at, seat=seat, agree=head == "同意拍刀")
    if head == "放弃":
        if len(rest) > 1:
            raise Refused("写法：放弃 [技能名]，例如 放弃 或 放弃 预言")
        return c.Pass(at=at, seat=seat, skill=chat.term(rest[0]) if rest else None)
    known = {s.name for s in game.rs.all_skills()} | ({game.rs.sheriff.succession} if game.rs.sheriff else set())
    if game.rs.order_skill is not None:
        known.add(game.rs.order_skill.name)  # 第一身份 <身份>
    if head not in known:
        raise Refused(f"看不懂「{chat.quote(head)}」。发送「帮助」查看可用命令，「身份」查看你现在能做什么。")
    targets, choice = _targets(game, seat, head, [chat.term(w) for w in rest])
    return c.Act(at=at, seat=seat, skill=head, targets=targets, choice=choice)


def _table(qq: int, tag: int | None) -> Table:
    """The game a DM is about: the one its #tag names, else the one running (or in the lobby)."""
    mine = tables.playing(qq)
    running = [t for t in mine if t.status == "running"]
    candidates = mine if tag is not None else running or mine
    return pick(candidates, tag, "你没有参加进行中的游戏。在游戏主群发送「/报名 角色名」即可报名。")


async def _players_words(event: Event) -> bool:  # async: NoneBot runs a sync rule in a thread
    """A DM that is not a lobby or director command is a player's (``#局号`` before a director
    command was moved behind it by plugins.typed); so is a lobby command with a #局号 in front,
    which no command matcher sees (told where to send it)."""
    if not isinstance(event, PrivateMessageEvent):
        return False
    tag, text = split_tag(plain(event.get_message()))
    words = text.lstrip("/").split(maxsplit=1)
    return bool(words) and (words[0] not in COMMAND_WORDS or (tag is not None and words[0] in LOBBY_COMMANDS))


COMMAND_WORDS = frozenset(LOBBY_COMMANDS + DIRECTOR_COMMANDS)
# checked first: a player's DM (the busiest path) meets no other matcher on its way
act = on_message(rule=_players_words, priority=1, block=True)


@act.handle()
async def _act(matcher: Matcher, event: PrivateMessageEvent) -> None:
    tag, text = split_tag(plain(event.get_message()))
    words = [w for w in SEPARATORS.split(text) if w]
    if not words:
        await matcher.finish()
    if words[0] == "帮助":
        await matcher.finish(for_dm(event.user_id, words[1:]))
    if words[0].lstrip("/") in LOBBY_COMMANDS:
        await matcher.finish(f"「{words[0].lstrip('/')}」请在游戏主群发送（不用写局号），例如：/{words[0].lstrip('/')}")
    try:
        table = _table(event.user_id, tag)
        if table.game is None:
            raise Refused("游戏还没有开始，开局后会私聊你的身份。")
        player = table.seat_of(event.user_id)
        assert player is not None
        command = command_for(table.game, player.seat, words, text)
        reply = (
            command
            if isinstance(command, str)
            else await service.submit(table, command, Recipient("user", event.user_id))
        )
    except Refused as refused:
        reply = str(refused)
    if reply:
        await matcher.finish(reply)
    await matcher.finish()
