"""What the chat plugins call for a running game (the lobby before 开始 is bot/lobby.py): every command.

Each accepted command is committed — the command (and a deadline it passed), its outbox rows,
the sender's reply, a snapshot when due, the game's status and next deadline — in one
transaction on one write path (bot/store/journal.py) before anything is sent; then the game's
deadline job is re-armed, its team groups follow the rules, and its outbox queue is delivered.
"""

from __future__ import annotations

import contextlib
import pickle
import random
from datetime import UTC, datetime

from nonebot import logger
from nonebot_plugin_orm import get_session
from sqlalchemy import insert, select, update

from bot import board_image, chat, deadlines, outbox, teams
from bot.chat import Refused
from bot.outbox import Recipient
from bot.settings import config
from bot.store import journal, leases
from bot.store.journal import Write
from bot.store.models import CommandRow, GameRow, PlayerRow, SnapshotRow
from bot.tables import (
    ENGINE_VERSION,
    Table,
    tables,
)
from engine import api
from engine.api import (
    Game,
    Message,
    Result,
    To,
)
from engine.api import commands as c

GAMES = GameRow.__table__
_LOG = insert(CommandRow.__table__)
_SNAPSHOT = insert(SnapshotRow.__table__)


def now() -> datetime:
    return datetime.now(UTC)


def new_seed() -> int:
    """The seed of a new game's deal (and of every random ruling the engine makes in it)."""
    return random.SystemRandom().randrange(1, 2**31)


# ---------------------------------------------------------------- the running game


async def submit(table: Table, cmd: c.Command, reply_to: Recipient) -> str:
    """Carry out one command. Accepted: committed and answered through the outbox (returns "");
    refused: nothing changes and the reason is returned for the caller to send."""
    async with table.lock:
        game = running(table)
        before = _open_day(table)
        write = Write()
        catch_up(write, table, cmd.at)
        result = game.apply(cmd)
        if result.accepted:
            reply = (reply_to, result.reply) if result.reply and not _told_publicly(table, reply_to, result) else None
            log_command(write, table, cmd, result.messages, reply)
        board = None
        if write:
            await commit(table, write)
            board = board_if_opened(table, before)
    if write:
        await send_out(table, board=board)
    return "" if result.accepted else result.reply


def _told_publicly(table: Table, reply_to: Recipient, result: Result) -> bool:
    """A command sent in the main group whose notice goes there too is answered by that notice
    alone (one message per action, not 已暂停。 and 【导演】游戏暂停 …)."""
    main = reply_to == Recipient("group", table.group_id)
    return main and any(m.to.kind is To.PUBLIC for m in result.messages)


async def tick(table: Table) -> None:
    """A deadline job fired: close whatever is due."""
    async with table.lock:
        if table.game is None or table.status != "running":
            return
        before = _open_day(table)
        write = Write()
        catch_up(write, table, now())
        if not write:
            deadlines.arm(table)  # fired a little early: wait for the deadline again
            return
        await commit(table, write)
        board = board_if_opened(table, before)
    await send_out(table, board=board)


def catch_up(write: Write, table: Table, at: datetime) -> None:
    """Bring the game to ``at``; logged as a Tick only when a deadline actually passed."""
    game = table.game
    assert game is not None
    before = game.st.expired
    result = game.apply(c.Tick(at=at))
    if game.st.expired != before:
        log_command(write, table, c.Tick(at=at), result.messages, None)


def log_command(
    write: Write,
    table: Table,
    cmd: c.Command,
    messages: list[Message],
    reply: tuple[Recipient, str] | None,
) -> None:
    """Add a command, its outbox rows and (when due) a snapshot to the write."""
    table.seq += 1
    write.add(_LOG, {"game_id": table.id, "seq": table.seq, "payload": cmd.as_dict(), "undone": False})
    write.outbox += outbox.rows_for(table, table.seq, messages, reply)
    every = config().bansha_snapshot_every
    if table.game is not None and table.seq - table.snapshot_seq >= every:
        state = {"game_id": table.id, "seq": table.seq, "engine_version": ENGINE_VERSION}
        write.add(_SNAPSHOT, state | {"state": pickle.dumps(table.game.st)})
        table.snapshot_seq = table.seq


async def commit(table: Table, write: Write) -> None:
    """Still holding the game: the game's status and next deadline join the write, which is
    committed; its rows queue for delivery, the deadline job follows the game, and this command
    takes its turn to send before the next command may start."""
    game = table.game
    if game is not None and game.st.phase == "over" and table.status == "running":
        table.status = "over"
        write.add(update(GAMES).where(GAMES.c.id == table.id).values(status="over"))
    when = game.next_deadline() if game is not None and table.status == "running" else None
    stored = when.timestamp() if when is not None else None
    if stored != table.stored_deadline:
        write.add(update(GAMES).where(GAMES.c.id == table.id).values(deadline=stored))
    leases.guard(write, table.id)
    try:
        await journal.commit(write)
    except journal.GuardFailed:  # scale-out: another process took the game over; this one lets it go
        table.status = "elsewhere"
        tables.drop(table)
        raise Refused("本局现由另一个机器人进程主持，这条命令没有生效，请重新发送。") from None
    table.stored_deadline = stored
    table.outbox += write.outbox
    deadlines.arm(table)
    await table.sending.acquire()


def _open_day(table: Table) -> int:
    """The day that is open (its 开门 posted), 0 while none is."""
    game = table.game
    return game.st.day if game is not None and game.st.phase == "day" else 0


def board_if_opened(table: Table, before: int) -> bytes | None:
    """The public 座位表 picture, when this command opened a day (it follows the 开门)."""
    day = _open_day(table)
    if not day or day == before or table.game is None:
        return None
    return board_image.render(api.public_board(table.game))


async def send_out(table: Table, regroup: bool = False, board: bytes | None = None) -> None:
    """In the turn ``_commit`` took: team groups follow the rules (all of them re-checked with
    ``regroup``), then the queued messages go out, and the 座位表 picture after a 开门
    (``board``) — a picture beside the 开门's text, so at most once and not kept for a retry."""
    try:
        await teams.follow(table, force=regroup)
        await deliver(table)
        if board is not None:
            await _post_picture(table, board)
    finally:
        table.sending.release()
    if table.status != "running":
        tables.drop(table)


async def deliver(table: Table) -> None:
    """Send what is queued; tell players the bot cannot DM how to fix it (once per stuck
    message, not at every later attempt). The caller holds ``table.sending``."""
    blocked = await outbox.deliver(table)
    if blocked:
        names = "、".join(p.name for p in table.players if p.qq in blocked)
        logger.warning(f"#{table.id} 无法私聊：{names}")
        await _notify_blocked(table, blocked)


async def _notify_blocked(table: Table, blocked: list[int]) -> None:
    from nonebot.adapters.onebot.v11 import ActionFailed, MessageSegment
    from nonebot.adapters.onebot.v11 import Message as QQMessage

    bot = outbox.the_bot()
    if bot is None:
        return
    async with get_session() as session:
        rows = (await session.scalars(select(PlayerRow).where(PlayerRow.game_id == table.id))).all()
    substitutes = {r.qq: r.name for r in rows if r.replaced}
    for qq in [q for q in blocked if q in substitutes]:  # never named in the main group: tell the directors
        for director in table.directors:
            with contextlib.suppress(ActionFailed):
                await bot.send_private_msg(
                    user_id=director,
                    message=QQMessage(
                        MessageSegment.text(
                            f"【#{table.id} 导演】机器人无法私聊替补玩家 {qq}（{substitutes[qq]}）：请让 TA 添加机器人为好友。"
                        )
                    ),
                )
    blocked = [q for q in blocked if q not in substitutes]
    if not blocked:
        return
    message = QQMessage()
    for qq in blocked:
        message += MessageSegment.at(qq)
    message += MessageSegment.text(
        " 机器人无法私聊你：请先添加机器人为好友（验证信息填写你报名的角色名），通过后私聊消息会自动补发。"
    )
    try:
        await bot.send_group_msg(group_id=table.group_id, message=message)
    except ActionFailed:
        logger.warning(f"#{table.id} 无法在主群提醒未加好友的玩家")


async def _post_picture(table: Table, picture: bytes) -> None:
    from nonebot.adapters.onebot.v11 import ActionFailed, MessageSegment, NetworkError
    from nonebot.adapters.onebot.v11 import Message as QQMessage

    bot = outbox.the_bot()
    if bot is None:
        return
    try:
        await bot.send_group_msg(group_id=table.group_id, message=QQMessage(MessageSegment.image(picture)))
    except (ActionFailed, NetworkError) as failed:
        logger.warning(f"#{table.id} 座位表图片未能发出：{failed}")


def running(table: Table) -> Game:
    if table.status != "running" or table.game is None:
        raise Refused("游戏还没有开始。" if table.status == "lobby" else "游戏已经结束。")
    return table.game


async def substitute(table: Table, name: str, qq: int, by: Recipient) -> str:
    """替补: another QQ takes over a seat (once per seat). The hand-over is private: the
    substitute gets the seat's view by DM, the director (``by``, a DM) the details, and the
    main group nothing — the post announces no 替补; the 揭秘 records it."""
    async with table.lock:
        game = running(table)
        player = table.by_name(name)
        if player is None:
            raise Refused(f"没有角色「{chat.quote(name)}」。角色：{'、'.join(p.name for p in table.players)}。")
        if table.seat_of(qq):
            raise Refused(f"{qq} 已在本局中。")
        async with get_session() as session:
            replaced = await session.scalar(
                select(PlayerRow.replaced).where(PlayerRow.game_id == table.id, PlayerRow.seat == player.seat)
            )
        if replaced:
            raise Refused(f"{name} 已经换过一次替补（每名角色仅限更换一次替补）。")
        cmd = c.Substitute(at=now(), seat=player.seat)
        write = Write()
        catch_up(write, table, cmd.at)
        result = game.apply(cmd)
        write.add(
            update(PlayerRow)
            .where(PlayerRow.game_id == table.id, PlayerRow.seat == player.seat)
            .values(replaced=[*(replaced or []), player.qq], qq=qq)
        )
        log_command(write, table, cmd, result.messages, None)
        handover = [
            (
                Recipient("user", qq),
                f"你作为替补接替第 #{table.id} 局的角色「{name}」：\n{api.seat_view(game, player.seat)}",
            ),
            (
                by,
                f"已替补：{name} → {qq}，身份已私聊替补玩家。若 TA 还不是机器人的好友，"
                f"请让 TA 添加机器人为好友（验证信息填写「{name}」），通过后自动补发。",
            ),
        ]
        write.outbox += [outbox.direct(table, table.seq, r, t) for r, t in handover]
        await commit(table, write)
        player.qq = qq  # only once stored; the seat's messages, queued or to come, go to the new player
        tables.index(table)
    await send_out(table, regroup=True)
    return ""


async def bind(table: Table, team_name: str, group_id: int, sender: int, by: Recipient) -> str:
    """绑定: a team's QQ group, once teams.bind found the sender and the bot entitled to it."""
    team = table.rs.team_by_group(team_name)
    if team is None or not team.chat:
        chats = [t.group or t.name for t in table.rs.teams.values() if t.chat]
        raise Refused(f"本规则没有可绑定的团队「{chat.quote(team_name)}」。可绑定：{'、'.join(chats) or '无'}。")
    async with table.lock, table.sending:
        await teams.bind(table, team.name, group_id, sender)
        await deliver(table)
    return f"已绑定 {team.group or team.name} → 群 {group_id}。机器人会审批入群申请、移出名单外成员并设置群名片。"


async def end(table: Table, by: Recipient) -> str:
    """结束 (confirmed): cancel a lobby, telling the main group, or end a running game (揭秘 posted)."""
    if table.status == "lobby":
        async with table.lock:
            main = Recipient("group", table.group_id)
            notes = [(main, f"【导演】第 #{table.id} 局已取消，报名作废。")]
            if by != main:
                notes.append((by, f"已取消第 #{table.id} 局。"))
            write = Write(outbox=[outbox.direct(table, table.seq, r, t) for r, t in notes])
            write.add(update(GAMES).where(GAMES.c.id == table.id).values(status="ended"))
            await journal.commit(write)
            table.outbox += write.outbox
            table.status = "ended"
            tables.drop(table)
            async with table.sending:
                await deliver(table)
        return ""
    return await submit(table, c.Ruling(at=now(), what="end"), by)


deadlines.closed_by(tick)
