"""The outbox: messages are stored with the command that caused them, then delivered.

Delivery maps the engine's audiences to QQ: a seat → its player's DM; a team → its bound
group, or each member's DM when none is bound; the public → the main group; the
directors → each director's DM. Rows are marked sent once their OneBot calls succeeded, so a
restart sends what was not sent, and nothing twice — short of a crash while a delivery is
under way, which can only repeat messages of that one delivery (at least once, never lost).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from nonebot import get_bots, logger
from nonebot.adapters.onebot.v11 import ActionFailed, Bot, Message, MessageSegment, NetworkError
from nonebot.exception import ApiNotAvailable
from nonebot_plugin_orm import get_session
from sqlalchemy import select, update

from bot.store.models import OutboxRow
from bot.tables import Table
from engine.messages import Message as EngineMessage
from engine.messages import To

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


def the_bot() -> Bot | None:
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


async def deliver(table: Table, fresh: list[OutboxRow] | None = None) -> list[int]:
    """Send this game's unsent rows in order: ``fresh`` (rows just committed) when nothing older
    waits, else whatever the database holds unsent. The rows sent are marked in one commit.
    Returns the QQ numbers a DM was refused to for the first time (a message already refused
    once is retried, not reported again)."""
    bot = the_bot()
    if bot is None:
        table.backlog = True
        return []
    sent: list[int] = []
    failed: dict[int, tuple[int, str]] = {}
    blocked: list[int] = []
    refused: list[int] = []
    interrupted = False
    async with get_session() as session:
        if fresh is None or table.backlog:
            query = select(OutboxRow).where(OutboxRow.game_id == table.id, OutboxRow.sent_at.is_(None))
            rows = list((await session.scalars(query.order_by(OutboxRow.id))).all())
        else:
            rows = fresh
        for row in rows:
            to = table.player(row.to_seat).qq if row.to_seat else row.to_id  # a seat's player now (替补)
            if row.to_kind == "user" and to in blocked:
                continue  # keep each player's messages in order behind the one that failed
            try:
                await _send(bot, row.to_kind, to, row.text)
            except ActionFailed as failure:
                failed[row.id] = (
                    row.attempts + 1,
                    str(failure.info.get("wording") or failure.info.get("message") or "failed")[:200],
                )
                if row.to_kind == "user":
                    blocked.append(to)
                    if not row.error:
                        refused.append(to)
                continue
            except (NetworkError, ApiNotAvailable) as lost:
                logger.warning(f"发送中断，稍后重试：{lost}")
                interrupted = True
                break
            sent.append(row.id)
        if sent:
            await session.execute(update(OutboxRow).where(OutboxRow.id.in_(sent)).values(sent_at=time.time()))
        for row_id, (attempts, error) in failed.items():
            await session.execute(
                update(OutboxRow).where(OutboxRow.id == row_id).values(attempts=attempts, error=error)
            )
        await session.commit()
    table.backlog = interrupted or len(sent) < len(rows)
    return refused
