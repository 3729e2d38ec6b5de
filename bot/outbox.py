"""The outbox: messages are stored with the command that caused them, then delivered.

Delivery maps the engine's audiences to QQ: a seat → its player's DM; a team → its bound
group, or each member's DM when none is bound; the public → the main group; the
directors → each director's DM. Committed rows wait in their table's queue (``Table.outbox``),
each put there once, so one process never sends a row twice, however deliveries overlap (a
reconnect's catch-up and a deadline's own delivery, say). Rows are marked sent once their
OneBot calls succeeded; the marks are batched (bot/store/journal.py says exactly which rows a
crash can make the next start send again, and why no OneBot bot can do better).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from nonebot import get_bots, logger
from nonebot.adapters.onebot.v11 import ActionFailed, Bot, Message, MessageSegment, NetworkError
from nonebot.exception import ApiNotAvailable

from bot.settings import account
from bot.store import journal
from bot.store.journal import Write
from bot.store.models import OutboxRow
from bot.tables import Table
from engine.api import Message as EngineMessage
from engine.api import To

CHUNK = 1800  # characters per QQ message; longer texts (揭秘) go out in parts


@dataclass(frozen=True)
class Recipient:
    """A QQ account or group the bot answers directly (not an engine audience)."""

    kind: str  # user | group
    id: int


def rows_for(
    table: Table,
    seq: int,
    messages: list[EngineMessage],
    reply: tuple[Recipient, str] | None = None,
) -> list[OutboxRow]:
    """One row per concrete destination, in order; the sender's reply first."""
    now = time.time()
    rows = [direct(table, seq, reply[0], reply[1], now)] if reply is not None else []
    for message in messages:
        for where, to, seat, prefix in _destinations(table, message):
            rows.append(
                OutboxRow(
                    game_id=table.id,
                    seq=seq,
                    to_kind=where,
                    to_seat=seat,
                    to_team=message.to.team,
                    to_id=to,
                    text=prefix + message.text,
                    kind=message.kind,
                    created_at=now,
                    attempts=0,
                    error="",
                )
            )
    return rows


def direct(table: Table, seq: int, recipient: Recipient, text: str, now: float | None = None) -> OutboxRow:
    return OutboxRow(
        game_id=table.id,
        seq=seq,
        to_kind=recipient.kind,
        to_seat=0,
        to_team="",
        to_id=recipient.id,
        text=text,
        kind="reply",
        created_at=now or time.time(),
        attempts=0,
        error="",
    )


async def store(table: Table, rows: list[OutboxRow]) -> None:
    """Commit rows made outside a command (team group notes) and queue them for delivery."""
    if rows:
        await journal.commit(Write(outbox=rows))
        table.outbox += rows


def the_bot() -> Bot | None:
    """The QQ account the bot speaks through: the one connected, or (scale-out) this process's."""
    if account():
        found = get_bots().get(str(account()))
        return found if isinstance(found, Bot) else None
    return next((b for b in get_bots().values() if isinstance(b, Bot)), None)


def _destinations(table: Table, message: EngineMessage) -> list[tuple[str, int, int, str]]:
    """Where an engine message goes: (user | group, QQ id, seat or 0, prefix)."""
    to = message.to
    if to.kind is To.SEAT:
        return [("user", 0, to.seat, "")]
    if to.kind is To.PUBLIC:
        return [("group", table.group_id, 0, "")]
    if to.kind is To.DIRECTORS:
        return [("user", qq, 0, f"【#{table.id} 导演】") for qq in sorted(table.directors)]
    group = table.bindings.get(to.team)
    if group:
        return [("group", group, 0, "")]
    team = table.rs.teams[to.team]  # no group bound: relay by DM to the members it was said to
    return [("user", 0, no, f"【{team.group or team.name}】") for no in to.members]


def _chunks(text: str) -> list[str]:
    if len(text) <= CHUNK:
        return [text]
    parts, current = [], ""
    for line in text.split("\n"):
        while len(line) > CHUNK:
            parts.append(line[:CHUNK])
            line = line[CHUNK:]
        if len(current) + len(line) + 1 > CHUNK:
            parts.append(current)
            current = ""
        current = f"{current}\n{line}" if current else line
    if current:
        parts.append(current)
    return parts


async def _send(bot: Bot, where: str, to: int, text: str) -> None:
    for part in _chunks(text):
        message = Message(MessageSegment.text(part))  # never let a player's text be read as CQ code
        if where == "group":
            await bot.send_group_msg(group_id=to, message=message)
        else:
            await bot.send_private_msg(user_id=to, message=message)


async def deliver(table: Table) -> list[int]:
    """Send this game's queued rows in order; each is marked (sent, or refused by QQ) in a batch
    written with the next write (bot/store/journal.py). Returns the QQ numbers a DM was refused
    to for the first time (a message already refused once is retried, not reported again)."""
    bot = the_bot()
    if bot is None:
        return []
    blocked: list[int] = []
    refused: list[int] = []
    for row in list(table.outbox):
        to = table.player(row.to_seat).qq if row.to_seat else row.to_id  # a seat's player now (替补)
        if row.to_kind == "user" and to in blocked:
            continue  # keep each player's messages in order behind the one that failed
        try:
            await _send(bot, row.to_kind, to, row.text)
        except ActionFailed as failure:
            if row.to_kind == "user":
                blocked.append(to)
                if not row.error:
                    refused.append(to)
            row.attempts += 1
            row.error = str(failure.info.get("wording") or failure.info.get("message") or "failed")[:200]
            journal.mark_failed(row)
            continue
        except (NetworkError, ApiNotAvailable) as lost:
            logger.warning(f"发送中断，稍后重试：{lost}")
            break
        table.outbox.remove(row)
        journal.mark_sent(row)
    return refused
