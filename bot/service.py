"""What the chat plugins call: the lobby, and every command to a running game.

Each accepted command is committed — the command (and a deadline it passed), its outbox rows,
the sender's reply, a snapshot when due, the game's status and next deadline — in one
transaction on one write path (bot/store/journal.py) before anything is sent; then the game's
deadline job is re-armed, its team groups follow the rules, and its outbox queue is delivered.
"""

from __future__ import annotations

import contextlib
import pickle
import random
import re
import time
from datetime import UTC, datetime
from typing import Any

from nonebot import logger
from nonebot_plugin_orm import get_session
from sqlalchemy import delete, insert, select, update

from bot import board_image, chat, deadlines, game_options, outbox, teams
from bot.chat import Refused
from bot.outbox import Recipient
from bot.settings import account, config, lease_seconds
from bot.store import journal, leases
from bot.store.journal import Write
from bot.store.models import CommandRow, DirectorRow, GameRow, LeaseRow, PlayerRow, SnapshotRow
from bot.tables import (
    ENGINE_VERSION,
    Player,
    Table,
    ruleset_hash,
    shared_ruleset,
    tables,
)
from engine import api
from engine.api import (
    RANGES,
    RULESETS_DIR,
    SETTING_KEYS,
    Game,
    Message,
    Result,
    RulesetError,
    To,
    check_settings,
    check_start,
    default_settings,
    ruleset_dir,
)
from engine.api import commands as c

RULESET_ID = re.compile(r"[A-Za-z0-9_]{1,64}")  # a directory name under rulesets/, nothing a path could hide in
GAMES = GameRow.__table__
_LOG = insert(CommandRow.__table__)
_SNAPSHOT = insert(SnapshotRow.__table__)


def now() -> datetime:
    return datetime.now(UTC)


def new_seed() -> int:
    """The seed of a new game's deal (and of every random ruling the engine makes in it)."""
    return random.SystemRandom().randrange(1, 2**31)


# ---------------------------------------------------------------- lobby


async def create(group_id: int, ruleset_id: str, creator: int, option_words: tuple[str, ...] = ()) -> Table:
    """A new game in its lobby, with the options named after the ruleset. Only a ruleset directory
    under rulesets/ may be named: chat must not make the bot read (or import hooks from) any other path."""
    if tables.in_group(group_id):
        raise Refused("本群已有一局进行中的游戏。结束它之后才能新建。")
    bound = tables.bound_to(group_id)
    if bound is not None:  # its roster is enforced: whoever came to sign up would be removed
        table, team = bound
        label = table.rs.teams[team].group or team
        raise Refused(f"本群是第 #{table.id} 局的{label}，不能用作主群。请在另一个群新建。")
    directory = ruleset_dir(ruleset_id if RULESET_ID.fullmatch(ruleset_id) else "-")
    if directory.parent != RULESETS_DIR or directory.name != ruleset_id or not directory.is_dir():
        raise Refused(f"没有规则集「{chat.quote(ruleset_id)}」。发送「/规则集」查看可用的规则集。")
    try:
        rs = shared_ruleset(ruleset_id)
    except RulesetError as exc:
        raise Refused(
            f"无法使用规则集「{ruleset_id}」：{exc.problems[0].message}。发送「/规则集」查看可用的规则集。"
        ) from exc
    options = game_options.parse(rs, list(option_words))
    async with get_session() as session:
        row = GameRow(
            group_id=group_id,
            ruleset=rs.id,
            ruleset_hash=ruleset_hash(rs.id),
            status="lobby",
            board=[],
            settings=default_settings(rs),
            options=options,
            created_at=time.time(),
            account=account(),
        )
        session.add(row)
        await session.flush()
        session.add(DirectorRow(game_id=row.id, qq=creator))
        if leases.enabled():
            session.add(LeaseRow(game_id=row.id, owner=leases.OWNER, expires=time.time() + lease_seconds()))
        await session.commit()
        table = Table(row.id, group_id, rs, "lobby", {creator}, [], [], dict(row.settings), options)
    tables.add(table)
    return table


def _lobby(table: Table) -> None:
    if table.status != "lobby":
        raise Refused("游戏已经开始，报名、板子与开局设置不能再改。")


async def sign_up(table: Table, qq: int, name: str) -> str:
    name = chat.name(name)
    async with table.lock:
        _lobby(table)
        mine = table.seat_of(qq)
        if mine:
            raise Refused(f"你已经以「{mine.name}」报名了。要换名字请先「退出」再报名。")
        taken = next((p.name for p in table.players if chat.looks_like(p.name, name)), None)
        if taken == name:
            raise Refused(f"角色名「{name}」已被使用，请换一个。")
        if taken is not None:
            raise Refused(f"角色名「{name}」与已报名的「{taken}」看起来一样，请换一个能区分的名字。")
        seat = max((p.seat for p in table.players), default=0) + 1
        async with get_session() as session:
            session.add(PlayerRow(game_id=table.id, seat=seat, qq=qq, name=name, replaced=[]))
            await session.commit()
        table.players.append(Player(seat, qq, name))
        tables.index(table)
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
        tables.index(table)
    return f"已退出：{mine.name}（当前 {len(table.players)} 人）。"


BOARD_LIMIT = 60  # cards on one board: more seats than any forum game has


def parse_board(rs_roles: dict[str, Any], words: list[str]) -> list[str]:
    """``狼人x3 预言家 女巫`` → the role list; refuses unknown roles with the legal ones."""
    board: list[str] = []
    syntax = "板子 狼人x3 预言家 女巫 …"
    for word in words:
        name, x, times = word.replace("×", "x").replace("*", "x").partition("x")
        if name not in rs_roles:
            raise Refused(f"没有身份「{chat.quote(word)}」。可用：{'、'.join(rs_roles)}。写法：{syntax}")
        board.extend([name] * (chat.number(times, f"{name}的张数", 1, BOARD_LIMIT, syntax) if x else 1))
    if len(board) > BOARD_LIMIT:
        raise Refused(f"板子最多 {BOARD_LIMIT} 张身份，这里有 {len(board)} 张。")
    return board


async def set_board(table: Table, words: list[str]) -> str:
    """板子: a preset of the ruleset with its substitutions (6人局+魔术师), or the cards listed."""
    rs = table.rs
    words = [chat.term(w) for w in words]
    template = ""
    substitutions: tuple[str, ...] = ()
    if rs.boards and words and api.parse_board(rs, words[0])[0] in rs.boards:
        try:
            template, substitutions = api.parse_board(rs, " ".join(words))
            board = api.board_cards(rs, template, substitutions)[0]
        except api.BadBoard as bad:
            raise Refused(str(bad)) from bad
    else:
        board = parse_board(rs.roles, words)
    broken = api.board_problem(rs.draw, board) if rs.draw is not None else None
    if broken:
        raise Refused(f"板子不符合规则：{broken}")
    todo = [r for r in board if rs.roles[r].todo]
    if todo:
        raise Refused(f"这些身份尚未实现：{'、'.join(dict.fromkeys(todo))}。")
    try:  # a board no deal can satisfy (roles kept apart, forbidden pairs) is refused now, not at /开始
        api.deal(
            rs,
            random.Random(0),
            board=() if template else tuple(board),
            template=template,
            substitutions=tuple(substitutions),
            options=dict(table.options),
        )
    except api.BadBoard as bad:
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
    extra = api.extra_cards(rs, board)
    seats = f"{api.seats_for(rs, board)}人" + (f"，另有{extra}个身份不发出、供盗贼挑选" if extra else "")
    name = f"{template}{''.join('+' + s for s in substitutions)}：" if template else ""
    reply = f"板子已设置（{seats}）：{name}" + "、".join(f"{r}x{n}" if n > 1 else r for r, n in counts.items()) + "。"
    advice = api.board_advice(rs, board)
    signed, needed = len(table.players), api.seats_for(rs, board)
    if signed != needed:
        reply += f"\n注意：现在 {signed} 人报名，板子是 {needed} 人；人数一致才能「/开始」。"
    return reply + (f"\n{advice}" if advice else "")


async def draw_board(table: Table, words: list[str]) -> str:
    """板子 随机 [人数]: a board drawn by the post's rules (for the players signed up), sent to the
    directors only, by DM — the board is secret — and set as the board when it can be dealt."""
    _lobby(table)
    rs = table.rs
    if rs.draw is None:
        raise Refused(f"{rs.name}没有随机板子的规则，请逐个给出身份：/板子 狼人x3 预言家 …")
    syntax = "板子 随机 [人数]"
    if len(words) > 1:
        raise Refused(f"写法：{syntax}")
    n = chat.number(words[0], "人数", 1, 99, syntax) if words else len(table.players)
    try:
        board = api.draw_board(rs.draw, n, random.Random(new_seed()))
    except api.BadBoard as bad:
        raise Refused(str(bad)) from bad
    try:
        outcome = await set_board(table, board)
    except Refused as refused:
        outcome = f"这个板子暂不能开局：{refused}"
    shown = f"【随机板子】第 #{table.id} 局（{rs.name}，{n}人）：{'、'.join(board)}。\n{outcome}"
    await outbox.store(
        table, [outbox.direct(table, table.seq, Recipient("user", qq), shown) for qq in sorted(table.directors)]
    )
    async with table.sending:
        await deliver(table)
    return f"已按规则随机抽取{n}人的板子，并私聊发给导演。"


def parse_settings(words: list[str]) -> dict[str, Any]:
    """``day_close=23:00 speed=60`` → typed values."""
    values: dict[str, Any] = {}
    syntax = "设置 day_open=12:00 day_close=22:00 step_minutes=30 speed=60"
    for word in words:
        key, sep, raw = chat.term(word).partition("=")
        if not sep:
            raise Refused(f"设置的写法：{syntax}")
        if key not in SETTING_KEYS:
            raise Refused(f"未知设置 {chat.quote(key)}（可用：{'、'.join(sorted(SETTING_KEYS))}）")
        low, high = RANGES.get(key, (0, 0))
        if raw.lower() in {"none", "null", "无"}:
            values[key] = None
        elif key == "speed":
            values[key] = chat.decimal(raw, f"{key} ", low, high, f"{key}=60")
        elif key in RANGES:
            values[key] = chat.number(raw, f"{key} ", int(low), int(high), f"{key}={int(high) // 2 or 1}")
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
        tables.index(table)
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
        write = Write()
        write.add(update(GAMES).where(GAMES.c.id == table.id).values(status="running"))
        _log(write, table, cmd, table.game.out, (by, f"已开局：第 #{table.id} 局，{len(table.players)} 人。"))
        await commit(table, write)
        board = _board_if_opened(table, 0)
    await send_out(table, board=board)
    return ""


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
            _log(write, table, cmd, result.messages, reply)
        board = None
        if write:
            await commit(table, write)
            board = _board_if_opened(table, before)
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
        board = _board_if_opened(table, before)
    await send_out(table, board=board)


def catch_up(write: Write, table: Table, at: datetime) -> None:
    """Bring the game to ``at``; logged as a Tick only when a deadline actually passed."""
    game = table.game
    assert game is not None
    before = game.st.expired
    result = game.apply(c.Tick(at=at))
    if game.st.expired != before:
        _log(write, table, c.Tick(at=at), result.messages, None)


def _log(
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


def _board_if_opened(table: Table, before: int) -> bytes | None:
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
        _log(write, table, cmd, result.messages, None)
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
