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

from bot import service
from bot.outbox import Recipient
from bot.service import Refused
from bot.tables import Table, tables
from engine import commands as c
from engine import reports, texts, views
from engine.game import Game
from plugins._common import DIRECTOR_COMMANDS, LOBBY_COMMANDS, pick, split_tag

__plugin_meta__ = PluginMetadata(
    name="版杀玩家",
    description="玩家私聊机器人发动技能、投票、留遗言、投降、查看身份",
    usage="身份 · <技能名> <目标…> · 放弃 [技能名] · 投票 <目标> [理由] · 改票 <目标> [理由] · 弃权 · 遗言 <内容> · 投降 · 拒绝投降 · 帮助",
    type="application",
    supported_adapters={"~onebot.v11"},
)

SEPARATORS = re.compile(r"[\s,，、]+")


def help_text(game: Game, seat: int) -> str:
    target = "秘密数字" if game.rs.addressing == "secret_number" else "座位号或角色名"
    mine = "、".join(s.name for s in views.skills_known(game, game.st.seat(seat))) or "无"
    return (
        "【玩家命令】（私聊机器人发送）\n身份 —— 我的身份、技能、状态、现在能做什么\n"
        f"<技能名> <目标…> —— 发动技能，目标用{target}，例如「{_example(game)}」\n放弃 [技能名] —— 放弃本步骤的技能\n"
        "投票 <目标> [理由] / 改票 <目标> [理由] / 弃权\n遗言 <内容>\n投降 / 拒绝投降\n"
        f"你持有的技能：{mine}"
    )


def _example(game: Game) -> str:
    skill = next((s for s in game.rs.all_skills() if s.needs_targets), None)
    return f"{skill.name if skill else '预言'} 3"


def _targets(game: Game, seat: int, skill: str, words: list[str]) -> tuple[tuple[int, ...], str | None]:
    """Target words → seat numbers (and a choice word, where the skill has choices)."""
    me = game.st.seat(seat)
    spec = game.rs.roles[me.role].skills.get(skill) or game.rs.skill(skill)
    if spec is not None and spec is game.rs.order_skill:
        return (), " ".join(words) or None  # 第一身份 <身份>: the card named goes first
    if spec is not None and spec.choice_hook:  # a free-form choice after the targets (心算, 点睛)
        count = spec.targets[1]
        targets, _ = _targets(game, seat, "", words[:count]) if count else ((), None)
        return targets, " ".join(words[count:]) or None
    choices = spec.choices if spec else ()
    targets, choice = [], None
    for word in words:
        if word in choices:
            choice = word
            continue
        target = game.target_from_text(word)
        if target is None:
            how = "秘密数字" if game.rs.addressing == "secret_number" else "座位号或角色名"
            raise Refused(f"没有「{word}」这个目标（请用{how}）。{views.range_text(game, me, skill)}")
        targets.append(target)
    return tuple(targets), choice


def command_for(game: Game, seat: int, words: list[str], raw: str) -> c.Command | str:
    """A player's DM → an engine command, or a text to answer at once (身份, 帮助)."""
    at = service.now()
    head, rest = words[0], words[1:]
    if head == "身份":
        return reports.seat_view(game, seat)
    if head == "帮助":
        return help_text(game, seat)
    if head in {"投票", "改票"}:
        if not rest:
            raise Refused(f"写法：{head} <目标> [理由]，或发送「弃权」。")
        if rest[0] == "弃权":
            return c.CastVote(at=at, seat=seat, target=0, reason=" ".join(rest[1:]))
        target = game.target_from_text(rest[0])
        if target is None:
            legal = texts.options(game.rs, views.in_play(game))
            raise Refused(f"没有「{rest[0]}」这个投票对象。可投：{legal}，或「弃权」。")
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
        return c.Pass(at=at, seat=seat, skill=rest[0] if rest else None)
    known = {s.name for s in game.rs.all_skills()} | ({game.rs.sheriff.succession} if game.rs.sheriff else set())
    if game.rs.order_skill is not None:
        known.add(game.rs.order_skill.name)  # 第一身份 <身份>
    if head not in known:
        raise Refused(f"看不懂「{head}」。发送「帮助」查看可用命令，「身份」查看你现在能做什么。")
    targets, choice = _targets(game, seat, head, rest)
    return c.Act(at=at, seat=seat, skill=head, targets=targets, choice=choice)


def _table(qq: int, tag: int | None) -> Table:
    """The game a DM is about: the one its #tag names, else the one running (or in the lobby)."""
    mine = tables.playing(qq)
    running = [t for t in mine if t.status == "running"]
    candidates = mine if tag is not None else running or mine
    return pick(candidates, tag, "你没有参加进行中的游戏。在游戏主群发送「/报名 角色名」即可报名。")


def _players_words(event: Event) -> bool:
    """A DM that is not a lobby or director command is a player's; so is a director command
    with its #局号 in front, which no command matcher sees (told where the tag goes)."""
    if not isinstance(event, PrivateMessageEvent):
        return False
    tag, text = split_tag(event.get_plaintext())
    words = text.lstrip("/").split(maxsplit=1)
    return bool(words) and (words[0] not in COMMAND_WORDS or (tag is not None and words[0] in DIRECTOR_COMMANDS))


COMMAND_WORDS = frozenset(LOBBY_COMMANDS + DIRECTOR_COMMANDS)
# checked first: a player's DM (the busiest path) meets no other matcher on its way
act = on_message(rule=_players_words, priority=1, block=True)


@act.handle()
async def _act(matcher: Matcher, event: PrivateMessageEvent) -> None:
    tag, text = split_tag(event.get_plaintext())
    words = [w for w in SEPARATORS.split(text) if w]
    if not words:
        await matcher.finish()
    if words[0].lstrip("/") in DIRECTOR_COMMANDS:
        await matcher.finish(f"局号请写在命令后面，例如：{words[0].lstrip('/')} #{tag}")
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
