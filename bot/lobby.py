"""The lobby of a game, up to 开始: a new table, sign-ups, the board (given or drawn by the post's
rules), settings, options and directors. Each change is committed before it is answered."""

from __future__ import annotations

import random
import re
import time
from typing import Any

from nonebot_plugin_orm import get_session
from sqlalchemy import delete, update

from bot import chat, game_options, outbox, service
from bot.chat import Refused
from bot.outbox import Recipient
from bot.settings import account, lease_seconds
from bot.store import leases
from bot.store.journal import Write
from bot.store.models import DirectorRow, GameRow, LeaseRow, PlayerRow
from bot.tables import Player, Table, ruleset_hash, shared_ruleset, tables
from engine import api
from engine.api import (
    RANGES,
    RULESETS_DIR,
    SETTING_KEYS,
    Game,
    RulesetError,
    check_settings,
    check_start,
    default_settings,
    ruleset_dir,
)
from engine.api import commands as c

RULESET_ID = re.compile(r"[A-Za-z0-9_]{1,64}")  # a directory name under rulesets/, nothing a path could hide in


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
        board = api.draw_board(rs.draw, n, random.Random(service.new_seed()))
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
        await service.deliver(table)
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
        return await service.submit(table, c.Settings(at=service.now(), values=tuple(values.items())), by)
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
            at=service.now(),
            seed=service.new_seed(),
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
        write.add(update(service.GAMES).where(service.GAMES.c.id == table.id).values(status="running"))
        service.log_command(
            write, table, cmd, table.game.out, (by, f"已开局：第 #{table.id} 局，{len(table.players)} 人。")
        )
        await service.commit(table, write)
        board = service.board_if_opened(table, 0)
    await service.send_out(table, board=board)
    return ""
