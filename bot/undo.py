"""撤销: the game replayed from its log without the last player or director command, and what
it says to whom — the director by DM, the seat whose act is undone, and every place that got a
message now taken back (a 【导演更正】)."""

from __future__ import annotations

from nonebot_plugin_orm import get_session
from sqlalchemy import delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from bot import outbox, service
from bot.chat import Refused
from bot.outbox import Recipient
from bot.store import journal
from bot.store.journal import Write
from bot.store.models import CommandRow, OutboxRow, SnapshotRow
from bot.tables import Table, live_log
from engine.api import commands as c
from engine.api import phase_title, replay


async def undo(table: Table, by: Recipient, confirmed: bool = False) -> str:
    """撤销: the game replayed from its log without the last player or director command. What
    was already published (公示, a team group's message, a seat's 反馈) is not taken back
    silently: the director must confirm (``confirmed``), and each place that got it is told
    it no longer holds. ``by`` should be the director's DM: the answer names the command."""
    async with table.lock:
        service.running(table)
        await journal.flush()  # what was delivered is marked before asking what was published
        async with get_session() as session:
            rows = await live_log(session, table.id)
            last = next((r for r in reversed(rows) if r.payload["type"] not in {"tick", "start"}), None)
            if last is None:
                raise Refused("没有可以撤销的命令。")
            undone = c.from_dict(last.payload)
            if isinstance(undone, c.Substitute):
                raise Refused("替补不能撤销：接替的玩家已经收到了身份。")
            what = describe(table, undone)
            published = await _published_since(session, table, last.seq)
            if published and not confirmed:
                raise Refused(
                    f"撤销「{what}」会收回已经发出的消息：{_published_text(table, published)}。"
                    "仍要撤销请发送「撤销 确认」：收到这些消息的地方会收到更正，说明它们作废。"
                )
            kept = [c.from_dict(r.payload) for r in rows if r.seq < last.seq]
        game, _ = replay(table.rs, kept)
        write = Write()
        write.add(
            update(CommandRow).where(CommandRow.game_id == table.id, CommandRow.seq >= last.seq).values(undone=True)
        )
        write.add(delete(SnapshotRow).where(SnapshotRow.game_id == table.id, SnapshotRow.seq >= last.seq))
        write.add(
            delete(OutboxRow).where(
                OutboxRow.game_id == table.id, OutboxRow.seq >= last.seq, OutboxRow.sent_at.is_(None)
            )
        )
        table.outbox = [row for row in table.outbox if row.seq < last.seq]  # what it said is unsaid
        table.game = game
        table.snapshot_seq = min(table.snapshot_seq, last.seq - 1)
        notes: list[tuple[Recipient, str]] = [(by, f"已撤销：{what}。")]
        seat = getattr(undone, "seat", 0)
        if seat and undone.name in {"act", "pass", "vote", "last_words", "surrender"}:
            notes.append((Recipient("user", table.player(seat).qq), f"导演撤销了你的操作：{what}。请按需重新操作。"))
        notes += _corrections(table, published)
        write.outbox += [outbox.direct(table, table.seq, r, t) for r, t in notes]
        service.catch_up(write, table, service.now())
        await service.commit(table, write)
    await service.send_out(table)
    return ""


async def _published_since(session: AsyncSession, table: Table, seq: int) -> list[OutboxRow]:
    """The engine's messages from command ``seq`` on that already reached players or groups
    (not the senders' replies, not the directors' notes)."""
    query = select(OutboxRow).where(
        OutboxRow.game_id == table.id,
        OutboxRow.seq >= seq,
        OutboxRow.sent_at.is_not(None),
        OutboxRow.kind != "reply",
        OutboxRow.kind != "director",
    )
    return [r for r in (await session.scalars(query.order_by(OutboxRow.id))).all() if r.to_kind == "group" or r.to_seat]


def _published_text(table: Table, rows: list[OutboxRow]) -> str:
    public = [r for r in rows if r.to_kind == "group" and r.to_id == table.group_id]
    private = len(rows) - len(public)
    parts = [f"主群公示 {len(public)} 条（「{public[0].text.splitlines()[0][:30]}」…）"] if public else []
    if private:
        parts.append(f"团队群或私聊的通知、反馈 {private} 条")
    return "，".join(parts)


def _corrections(table: Table, rows: list[OutboxRow]) -> list[tuple[Recipient, str]]:
    """One 更正 for each group and player that got a message now taken back."""
    where: dict[Recipient, int] = {}
    for row in rows:
        to = Recipient("user", table.player(row.to_seat).qq) if row.to_seat else Recipient("group", row.to_id)
        where[to] = where.get(to, 0) + 1
    game = table.game
    assert game is not None
    now_text = phase_title(game.st.phase, game.st.day)
    return [
        (to, f"【导演更正】导演撤销了一项操作：此前的 {n} 条消息作废，以之后的消息为准。现在：{now_text}。")
        for to, n in where.items()
    ]


DIRECTOR_WORDS = {"pause": "暂停", "resume": "继续", "advance": "推进", "announce": "公告", "settings": "设置"}


def describe(table: Table, cmd: c.Command) -> str:
    """A logged command in the chat's words (撤销's replies): who did what, to whom."""
    game = table.game
    seat: int = getattr(cmd, "seat", 0)
    name = table.player(seat).name if seat else ""
    if isinstance(cmd, c.Act) and game is not None:
        return f"{name} {cmd.skill} {'、'.join(game.label(t) for t in cmd.targets)}".strip()
    if isinstance(cmd, c.CastVote) and game is not None:
        who = f"导演代{name}" if cmd.by_director else name
        return f"{who} 投票 {game.label(cmd.target) if cmd.target else '弃权'}"
    if isinstance(cmd, c.Pass):
        return f"{name} 放弃 {cmd.skill or ''}".strip()
    if isinstance(cmd, c.LastWords):
        return f"{name} 遗言"
    if isinstance(cmd, c.Surrender):
        return f"{name} {'投降' if cmd.agree else '拒绝投降'}"
    if isinstance(cmd, c.Extend):
        return f"导演 延时{cmd.minutes}分钟"
    if isinstance(cmd, c.Penalize):
        return f"导演 判罚 {name} {cmd.card}牌"
    if isinstance(cmd, c.Ruling):
        return " ".join(w for w in ("导演 裁定", c.RULINGS.get(cmd.what, cmd.what), name, cmd.arg) if w)
    return f"导演 {DIRECTOR_WORDS.get(cmd.name, cmd.name)}"
