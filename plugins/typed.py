"""What people type for a command, made the command before any matcher sees it.

- ``、报名`` and ``／报名`` (a Chinese IME's '/'), ``/ 名单`` (a space after '/') → ``/报名`` …
  in a group; by DM, where no '/' is needed, the prefix is dropped (``/投票 3`` → ``投票 3``);
- by DM, ``#2 暂停`` (局号 first) → ``暂停 #2``, as the directors' commands read it;
- in a main group whose sign-up is open, ``报名 饺子`` without '/' → ``/报名 饺子``;
- in a main group whose game runs, ``投票 3`` without '/' → ``/投票 3``, which is answered
  that votes go by DM (rather than left exposed in public without a word).

Only a known command word is touched, so chat that merely starts with 、 or # stays chat.
"""

from __future__ import annotations

import re

from nonebot.adapters.onebot.v11 import Event, GroupMessageEvent, MessageEvent, MessageSegment, PrivateMessageEvent
from nonebot.message import event_preprocessor
from nonebot.plugin import PluginMetadata

from bot import chat
from bot.tables import tables
from plugins._common import DIRECTOR_COMMANDS, DM_ONLY, LOBBY_COMMANDS

__plugin_meta__ = PluginMetadata(
    name="版杀输入纠正",
    description="把输入法打出的「、报名」「／报名」「/ 名单」、前置局号、群里不带斜杠的报名与投票当作命令",
    usage="自动运行，无命令",
    type="application",
    supported_adapters={"~onebot.v11"},
)

WORDS = frozenset((*LOBBY_COMMANDS, *DIRECTOR_COMMANDS, *DM_ONLY, "帮助"))
SLASH = re.compile(r"^[/／、]\s*(\S+)")
TAG_FIRST = re.compile(rf"^{chat.GAME_NUMBER}\s*/?(\S+)")


def corrected(event: MessageEvent, text: str) -> str | None:
    """The command ``text`` was meant as, or None to leave it alone."""
    slash = SLASH.match(text)
    if isinstance(event, PrivateMessageEvent):  # a DM needs no '/': whatever stands for it goes
        if slash and _word(slash.group(1)):
            return text[1:].lstrip()
        tag = TAG_FIRST.match(text)
        if tag and _word(tag.group(2)) in DIRECTOR_COMMANDS:
            return f"{tag.group(2)} #{tag.group(1)}{text[tag.end() :]}"
        return None
    if not isinstance(event, GroupMessageEvent):
        return None
    if slash and _word(slash.group(1)):
        fixed = "/" + text[1:].lstrip()
        return fixed if fixed != text else None
    head, _, rest = text.partition(" ")
    table = tables.in_group(event.group_id)
    if table is None or not rest.strip():
        return None
    if head == "报名" and table.status == "lobby":
        return "/" + text
    if head in {"投票", "改票"} and table.status == "running":
        return "/" + text
    return None


def _word(head: str) -> str:
    """The command word a message starts with (``报名饺子`` is not one: the name must follow a space)."""
    return head if head in WORDS else ""


@event_preprocessor
async def _correct(event: Event) -> None:
    if not isinstance(event, MessageEvent) or not event.message or event.message[0].type != "text":
        return
    text = event.message[0].data.get("text")
    if not isinstance(text, str):  # a malformed segment: the plugins read it as no text
        return
    fixed = corrected(event, text.lstrip())
    if fixed is not None:
        event.message[0] = MessageSegment.text(fixed)
