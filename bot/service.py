"""What the chat plugins call: the lobby, and every command to a running game.

Each accepted command is committed — the command, its outbox rows and the sender's
reply in one transaction — before anything is sent; then the game's deadline job is
re-armed, its team groups follow the rules, and the outbox is delivered.
"""

from __future__ import annotations

import pickle
import random
import time
from datetime import UTC, datetime
from typing import Any

from nonebot import logger
from nonebot_plugin_orm import get_session
from sqlalchemy import delete, select, update

from bot import deadlines, outbox, teams
from bot.outbox import Recipient
from bot.settings import config
from bot.store.models import CommandRow, DirectorRow, GameRow, OutboxRow, PlayerRow, SnapshotRow
from bot.tables import ENGINE_VERSION, Player, Table, live_log, ruleset_hash, tables
from engine import boards, draw, reports
from engine import commands as c
from engine.errors import RulesetError
from engine.game import Game, check_start
from engine.messages import Message
from engine.replay import replay
from engine.ruleset.loader import RULESETS_DIR, load_ruleset, ruleset_dir
from engine.schedule import check_settings, default_settings

NAME_LIMIT = 12


def now() -> datetime:
    return datetime.now(UTC)


def new_seed() -> int:
    """The seed of a new game's deal (and of every random ruling the engine makes in it)."""
    return random.SystemRandom().randrange(1, 2**31)


class Refused(Exception):
    """A lobby or bot-level request that cannot be done; the text says why and what would work."""


# ---------------------------------------------------------------- lobby


async def create(group_id: int, ruleset_id: str, creator: int) -> Table:
    """A new game in its lobby. Only a ruleset directory under rulesets/ may be named: chat
    must not make the bot read (or import hooks from) any other path."""
    if tables.in_group(group_id):
        raise Refused("本群已有一局进行中的游戏。结束它之后才能新建。")
    bound = tables.bound_to(group_id)
    if bound is not None:  # its roster is enforced: whoever came to sign up would be removed
        table, team = bound
        label = table.rs.teams[team].group or team
        raise Refused(f"本群是第 #{table.id} 局的{label}，不能用作主群。请在另一个群新建。")
    directory = ruleset_dir(ruleset_id)
    if directory.parent != RULESETS_DIR or directory.name != ruleset_id or not directory.is_dir():
        raise Refused(f"没有规则集「{ruleset_id}」。发送「/规则集」查看可用的规则集。")
    try:
        rs = load_ruleset(directory)
    except RulesetError as exc:
        raise Refused(
            f"无法使用规则集「{ruleset_id}」：{exc.problems[0].message}。发送「/规则集」查看可用的规则集。"
        ) from exc
    async with get_session() as session:
        row = GameRow(
            group_id=group_id,
            ruleset=rs.id,
            ruleset_hash=ruleset_hash(rs.id),
            status="lobby",
            board=[],
            settings=default_settings(rs),
            options={},
            created_at=time.time(),
        )
        session.add(row)
        await session.flush()
        session.add(DirectorRow(game_id=row.id, qq=creator))
        await session.commit()
        table = Table(row.id, group_id, rs, "lobby", {creator}, [], [], dict(row.settings), {})
    tables.add(table)
    return table


def _lobby(table: Table) -> None:
    if table.status != "lobby":
        raise Refused("游戏已经开始，报名、板子与开局设置不能再改。")


async def sign_up(table: Table, qq: int, name: str) -> str:
    name = name.strip()
    async with table.lock:
        _lobby(table)
        if not name or len(name) > NAME_LIMIT or any(ch.isspace() for ch in name):
            raise Refused(f"角色名应为 1 到 {NAME_LIMIT} 个字、不含空格。例如：报名 饺子")
        mine = table.seat_of(qq)
        if mine:
            raise Refused(f"你已经以「{mine.name}」报名了。要换名字请先「退出」再报名。")
        if table.by_name(name):
            raise Refused(f"角色名「{name}」已被使用，请换一个。")
        seat = max((p.seat for p in table.players), default=0) + 1
        async with get_session() as session:
            session.add(PlayerRow(game_id=table.id, seat=seat, qq=qq, name=name, replaced=[]))
            await session.commit()
        table.players.append(Player(seat, qq, name))
    return f"报名成功：{name}（当前 {len(table.players)} 人）。请加机器人为好友，开局后身份将私聊发送。"


async def leave(table: Table, qq: int) -> str:
    async with table.lock:
        _lobby(table)
        mine = table.seat_of(qq)
        if mine is None:
            raise Refused("你还没有报名。")
        table.players.remove(mine)
        table.players = [Player(i, p.qq, p.name) for i, p in enumerate(table.players, 1)]
        async with get_session() as session:
            await session.execute(delete(PlayerRow).where(PlayerRow.game_id == table.id))
            session.add_all(
                PlayerRow(game_id=table.id, seat=p.seat, qq=p.qq, name=p.name, replaced=[]) for p in table.players
            )
            await session.commit()
    return f"已退出：{mine.name}（当前 {len(table.players)} 人）。"


def parse_board(rs_roles: dict[str, Any], words: list[str]) -> list[str]:
    """``狼人x3 预言家 女巫`` → the role list; refuses unknown roles with the legal ones."""
    board: list[str] = []
    for word in words:
        name, x, times = word.replace("×", "x").replace("*", "x").partition("x")
        count = int(times) if times.isdigit() else 1
        if name not in rs_roles or (x and not times.isdigit()) or count < 1:
            raise Refused(f"没有身份「{word}」。可用：{'、'.join(rs_roles)}。写法：板子 狼人x3 预言家 女巫 …")
        board.extend([name] * count)
    return board


async def set_board(table: Table, words: list[str]) -> str:
    """板子: a preset of the ruleset with its substitutions (6人局+魔术师), or the cards listed."""
    rs = table.rs
    template, substitutions = "", ()
    if rs.boards and words and boards.parse(rs, words[0])[0] in rs.boards:
        try:
            template, substitutions = boards.parse(rs, " ".join(words))
            board = boards.cards_of(rs, template, substitutions)[0]
        except boards.BadBoard as bad:
            raise Refused(str(bad)) from bad
    else:
        board = parse_board(rs.roles, words)
    broken = draw.problem(rs.draw, board) if rs.draw is not None else None
    if broken:
        raise Refused(f"板子不符合规则：{broken}")
    todo = [r for r in board if rs.roles[r].todo]
    if todo:
        raise Refused(f"这些身份尚未实现：{'、'.join(dict.fromkeys(todo))}。")
    try:  # a board no deal can satisfy (roles kept apart, forbidden pairs) is refused now, not at /开始
        boards.deal(
            rs,
            random.Random(0),
            board=() if template else tuple(board),
            template=template,
            substitutions=tuple(substitutions),
            options=dict(table.options),
        )
    except boards.BadBoard as bad:
        raise Refused(f"这个板子不能发牌：{bad}") from bad
    async with table.lock:
        _lobby(table)
        async with get_session() as session:
            await session.execute(
                update(GameRow)
                .where(GameRow.id == table.id)
                .values(board=board, template=template, substitutions=list(substitutions))
            )
            await session.commit()
        table.board, table.template, table.substitutions = board, template, list(substitutions)
    counts: dict[str, int] = {}
    for role in board:
        counts[role] = counts.get(role, 0) + 1
    extra = boards.extra_cards(rs, board)
    seats = f"{boards.seats_for(rs, board)}人" + (f"，另有{extra}个身份不发出、供盗贼挑选" if extra else "")
    name = f"{template}{''.join('+' + s for s in substitutions)}：" if template else ""
    reply = f"板子已设置（{seats}）：{name}" + "、".join(f"{r}x{n}" if n > 1 else r for r, n in counts.items()) + "。"
    advice = boards.advice_text(rs, board)
    return reply + (f"\n{advice}" if advice else "")


async def draw_board(table: Table, words: list[str]) -> str:
    """板子 随机 [人数]: a board drawn by the post's rules (for the players signed up), sent to the
    directors only, by DM — the board is secret — and set as the board when it can be dealt."""
    _lobby(table)
    rs = table.rs
    if rs.draw is None:
        raise Refused(f"{rs.name}没有随机板子的规则，请逐个给出身份：/板子 狼人x3 预言家 …")
    n = int(words[0]) if words and words[0].isdigit() else len(table.players)
    try:
        board = draw.draw(rs.draw, n, random.Random(new_seed()))
    except boards.BadBoard as bad:
        raise Refused(str(bad)) from bad
    try:
        outcome = await set_board(table, board)
    except Refused as refused:
        outcome = f"这个板子暂不能开局：{refused}"
    shown = f"【随机板子】第 #{table.id} 局（{rs.name}，{n}人）：{'、'.join(board)}。\n{outcome}"
    rows = [outbox.direct(table, table.seq, Recipient("user", qq), shown) for qq in sorted(table.directors)]
    async with get_session() as session:
        session.add_all(rows)
        await session.commit()
    await table.sending.acquire()
    try:
        await deliver(table, rows)
    finally:
        table.sending.release()
    return f"已按规则随机抽取{n}人的板子，并私聊发给导演。"


def parse_settings(words: list[str]) -> dict[str, Any]:
    """``day_close=23:00 speed=60`` → typed values."""
    values: dict[str, Any] = {}
    for word in words:
        key, sep, raw = word.partition("=")
        if not sep:
            raise Refused("设置的写法：设置 day_open=12:00 day_close=22:00 step_minutes=30 speed=60")
        if raw.lower() in {"none", "null", "无"}:
            values[key] = None
        elif key == "speed":
            try:
                values[key] = float(raw)
            except ValueError as exc:
                raise Refused("speed 应为数字，例如 speed=60") from exc
        elif raw.isdigit():
            values[key] = int(raw)
        else:
            values[key] = raw
    return values


async def set_settings(table: Table, words: list[str], by: Recipient) -> str:
    values = parse_settings(words)
    if table.status == "running":
        return await submit(table, c.Settings(at=now(), values=tuple(values.items())), by)
    async with table.lock:
        _lobby(table)
        merged = table.settings | values
        problem = check_settings(merged)
        if problem:
            raise Refused(problem)
        async with get_session() as session:
            await session.execute(update(GameRow).where(GameRow.id == table.id).values(settings=merged))
            await session.commit()
        table.settings = merged
    return "已设置：" + "，".join(f"{k}={v}" for k, v in values.items()) + "。"


async def add_director(table: Table, qq: int) -> str:
    async with table.lock:
        if qq in table.directors:
            raise Refused(f"{qq} 已经是本局导演。")
        async with get_session() as session:
            session.add(DirectorRow(game_id=table.id, qq=qq))
            await session.commit()
        table.directors.add(qq)
    return f"已添加导演：{qq}。"


async def start(table: Table, by: Recipient) -> str:
    async with table.lock:
        _lobby(table)
        if not table.board:
            raise Refused("请先设置板子：板子 狼人x3 预言家 女巫 …")
        cmd = c.Start(
            at=now(),
            seed=new_seed(),
            names=tuple(p.name for p in table.players),
            board=() if table.template else tuple(table.board),
            template=table.template,
            substitutions=tuple(table.substitutions),
            settings=tuple(table.settings.items()),
            options=tuple(table.options.items()),
        )
        problem = check_start(table.rs, cmd)
        if problem:
            raise Refused(problem)
        table.game = Game.start(table.rs, cmd)
        table.status = "running"
        async with get_session() as session:
            await session.execute(update(GameRow).where(GameRow.id == table.id).values(status="running"))
            rows = _append(
                session, table, cmd, table.game.out, (by, f"已开局：第 #{table.id} 局，{len(table.players)} 人。")
            )
            await session.commit()
        await _settle(table)
    await _send_out(table, rows)
    return ""


# ---------------------------------------------------------------- the running game


async def submit(table: Table, cmd: c.Command, reply_to: Recipient) -> str:
    """Carry out one command. Accepted: committed and answered through the outbox (returns "");
    refused: nothing changes and the reason is returned for the caller to send."""
    async with table.lock:
        game = _running(table)
        rows = await _tick(table, cmd.at) or []
        result = game.apply(cmd)
        if result.accepted:
            async with get_session() as session:
                rows += _append(
                    session, table, cmd, result.messages, (reply_to, result.reply) if result.reply else None
                )
                await session.commit()
        if rows:
            await _settle(table)
    if rows:
        await _send_out(table, rows)
    return "" if result.accepted else result.reply


async def tick(table: Table) -> None:
    """A deadline job fired: close whatever is due."""
    async with table.lock:
        if table.game is None or table.status != "running":
            return
        rows = await _tick(table, now())
        if rows is None:
            return
        await _settle(table)
    await _send_out(table, rows)


async def _tick(table: Table, at: datetime) -> list[OutboxRow] | None:
    """Bring the game to ``at``; logged as a Tick (its rows returned) only when a deadline
    actually passed, else None."""
    game = table.game
    assert game is not None
    before = game.st.expired
    result = game.apply(c.Tick(at=at))
    if game.st.expired == before:
        return None
    async with get_session() as session:
        rows = _append(session, table, c.Tick(at=at), result.messages, None)
        await session.commit()
    return rows


def _append(
    session,  # type: ignore[no-untyped-def]
    table: Table,
    cmd: c.Command,
    messages: list[Message],
    reply: tuple[Recipient, str] | None,
) -> list[OutboxRow]:
    """Add a command and its outbox rows to the session (the caller commits); returns the rows."""
    table.seq += 1
    session.add(CommandRow(game_id=table.id, seq=table.seq, payload=cmd.as_dict(), undone=False))
    rows = outbox.rows_for(table, table.seq, messages, reply)
    session.add_all(rows)
    every = config().bansha_snapshot_every
    if table.game is not None and table.seq - table.snapshot_seq >= every:
        session.add(
            SnapshotRow(
                game_id=table.id, seq=table.seq, engine_version=ENGINE_VERSION, state=pickle.dumps(table.game.st)
            )
        )
        table.snapshot_seq = table.seq
    return rows


async def _settle(table: Table) -> None:
    """Still holding the game: a finished game is marked so, the deadline job follows the game,
    and this command takes its turn to send before the next command may start."""
    game = table.game
    assert game is not None
    if game.st.phase == "over" and table.status == "running":
        table.status = "over"
        async with get_session() as session:
            await session.execute(update(GameRow).where(GameRow.id == table.id).values(status="over"))
            await session.commit()
    deadlines.arm(table)
    await table.sending.acquire()


async def _send_out(table: Table, rows: list[OutboxRow], regroup: bool = False) -> None:
    """In the turn ``_settle`` took: team groups follow the rules (all of them re-checked with
    ``regroup``), then the messages go out."""
    try:
        rows = rows + await teams.follow(table, force=regroup)
        await deliver(table, rows)
    finally:
        table.sending.release()
    if table.status != "running":
        tables.drop(table)


async def deliver(table: Table, fresh: list[OutboxRow] | None = None) -> None:
    """Send what is waiting; tell players the bot cannot DM how to fix it (once per stuck
    message, not at every later attempt). The caller holds ``table.sending``."""
    blocked = await outbox.deliver(table, fresh)
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


def _running(table: Table) -> Game:
    if table.status != "running" or table.game is None:
        raise Refused("游戏还没有开始。" if table.status == "lobby" else "游戏已经结束。")
    return table.game


async def undo(table: Table, by: Recipient) -> str:
    """撤销: the game replayed from its log without the last player or director command."""
    async with table.lock:
        _running(table)
        async with get_session() as session:
            rows = await live_log(session, table.id)
            last = next((r for r in reversed(rows) if r.payload["type"] not in {"tick", "start"}), None)
            if last is None:
                raise Refused("没有可以撤销的命令。")
            undone = c.from_dict(last.payload)
            kept = [c.from_dict(r.payload) for r in rows if r.seq < last.seq]
            game, _ = replay(table.rs, kept)
            await session.execute(
                update(CommandRow).where(CommandRow.game_id == table.id, CommandRow.seq >= last.seq).values(undone=True)
            )
            await session.execute(
                delete(SnapshotRow).where(SnapshotRow.game_id == table.id, SnapshotRow.seq >= last.seq)
            )
            await session.execute(
                delete(OutboxRow).where(
                    OutboxRow.game_id == table.id, OutboxRow.seq >= last.seq, OutboxRow.sent_at.is_(None)
                )
            )
            table.game = game
            table.snapshot_seq = min(table.snapshot_seq, last.seq - 1)
            what = describe(table, undone)
            notes: list[tuple[Recipient, str]] = [(by, f"已撤销：{what}。")]
            seat = getattr(undone, "seat", 0)
            if seat and undone.name in {"act", "pass", "vote", "last_words", "surrender"}:
                notes.append(
                    (Recipient("user", table.player(seat).qq), f"导演撤销了你的操作：{what}。请按需重新操作。")
                )
            rows = [outbox.direct(table, table.seq, r, t) for r, t in notes]
            session.add_all(rows)
            await session.commit()
        rows += await _tick(table, now()) or []
        await _settle(table)
    await _send_out(table, rows)
    return ""


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


async def substitute(table: Table, name: str, qq: int, by: Recipient) -> str:
    """替补: another QQ takes over a seat (once per seat)."""
    async with table.lock:
        game = _running(table)
        player = table.by_name(name)
        if player is None:
            raise Refused(f"没有角色「{name}」。角色：{'、'.join(p.name for p in table.players)}。")
        if table.seat_of(qq):
            raise Refused(f"{qq} 已在本局中。")
        async with get_session() as session:
            row = await session.get(PlayerRow, (table.id, player.seat))
            assert row is not None
            if row.replaced:
                raise Refused(f"{name} 已经换过一次替补（每名角色仅限更换一次替补）。")
            row.replaced = [*row.replaced, row.qq]
            row.qq = qq
            player.qq = qq
            rows = [
                outbox.direct(table, table.seq, Recipient("group", table.group_id), f"【替补】{name} 由替补玩家接替。"),
                outbox.direct(
                    table,
                    table.seq,
                    Recipient("user", qq),
                    "你作为替补接替角色：\n" + reports.seat_view(game, player.seat),
                ),
                outbox.direct(table, table.seq, by, f"已替补：{name} → {qq}。"),
            ]
            session.add_all(rows)
            await session.commit()
        await table.sending.acquire()
    await _send_out(table, rows, regroup=True)
    return ""


async def bind(table: Table, team_name: str, group_id: int, by: Recipient) -> str:
    team = table.rs.team_by_group(team_name)
    if team is None or not team.chat:
        chats = [t.group or t.name for t in table.rs.teams.values() if t.chat]
        raise Refused(f"本规则没有可绑定的团队「{team_name}」。可绑定：{'、'.join(chats) or '无'}。")
    async with table.lock, table.sending:
        await deliver(table, await teams.bind(table, team.name, group_id))
    return f"已绑定 {team.group or team.name} → 群 {group_id}。机器人会审批入群申请、移出名单外成员并设置群名片。"


async def end(table: Table, by: Recipient) -> str:
    """结束: end a lobby (cancel) or a running game (揭秘 posted)."""
    if table.status == "lobby":
        async with table.lock:
            async with get_session() as session:
                await session.execute(update(GameRow).where(GameRow.id == table.id).values(status="ended"))
                await session.commit()
            table.status = "ended"
            tables.drop(table)
        return "已取消本局。"
    return await submit(table, c.Ruling(at=now(), what="end"), by)


async def recover() -> None:
    """Start-up: every game back from the database, its deadline armed (a missed one fires now)."""
    from bot.tables import load_all

    await load_all()
    for table in list(tables.tables.values()):
        if table.status == "running":
            deadlines.arm(table)


async def deliver_all() -> None:
    """A bot connected: send everything that waited for it."""
    for table in list(tables.tables.values()):
        async with table.sending:
            await teams.follow(table, force=True, announce=False)  # whatever changed in the groups meanwhile
            await deliver(table)
    await _deliver_finished()


async def _deliver_finished() -> None:
    """Games that ended while messages were still waiting (the 揭秘, say) get them out too."""
    from bot.tables import _load

    async with get_session() as session:
        ids = set((await session.scalars(select(OutboxRow.game_id).where(OutboxRow.sent_at.is_(None)))).all())
        for game_id in ids - set(tables.tables):
            row = await session.get(GameRow, game_id)
            if row is None:
                continue
            table = await _load(session, row)
            await outbox.deliver(table)
