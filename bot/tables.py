"""The games the bot holds open (a 'table' each): lobby data, the live engine game, the messages
waiting to go out, and the index that finds a QQ number's or a group's games in O(1).

Start-up reads only what routing needs (games, seats, directors, bindings: four queries);
a game's engine state is rebuilt from the database — last snapshot + the log's tail — the
first time it is touched (``ensure``): a message about it, its deadline, a delivery.
"""

from __future__ import annotations

import asyncio
import hashlib
import pickle
from collections import defaultdict
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from functools import cache
from pathlib import Path

from nonebot import logger
from nonebot_plugin_orm import get_session
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.settings import account
from bot.store.models import BindingRow, CommandRow, DirectorRow, GameRow, OutboxRow, PlayerRow, SnapshotRow
from engine import commands as c
from engine.game import Game
from engine.replay import replay
from engine.ruleset.loader import load_ruleset, ruleset_dir
from engine.ruleset.model import Ruleset

ENGINE_DIR = Path(__file__).resolve().parents[1] / "engine"
ACTIVE = ("lobby", "running")


def _digest(files: list[Path]) -> str:
    h = hashlib.sha256()
    for file in sorted(files):
        h.update(file.name.encode())
        h.update(file.read_bytes())
    return h.hexdigest()[:32]


ENGINE_VERSION = _digest(list(ENGINE_DIR.rglob("*.py")))


@cache
def ruleset_hash(ruleset_id: str) -> str:
    """A fingerprint of the ruleset's files as this process found them (a running bot keeps the
    rules it loaded), to notice when they changed under a game started earlier."""
    directory = ruleset_dir(ruleset_id)
    return _digest([p for p in directory.iterdir() if p.suffix in {".yaml", ".py"}])


def shared_ruleset(ruleset_id: str) -> Ruleset:
    """The one ruleset object every table of this ruleset shares (rulesets are read-only)."""
    return _ruleset(ruleset_id, ruleset_hash(ruleset_id))


@cache
def _ruleset(ruleset_id: str, digest: str) -> Ruleset:
    return load_ruleset(ruleset_id)


@dataclass
class Player:
    seat: int
    qq: int
    name: str


@dataclass
class Table:
    id: int
    group_id: int
    rs: Ruleset
    status: str
    directors: set[int]
    players: list[Player]
    board: list[str]
    settings: dict[str, object]
    options: dict[str, object]
    game: Game | None = None
    template: str = ""  # a preset board of the ruleset, when the director chose one
    substitutions: list[str] = field(default_factory=list)  # and its substitutions
    seq: int = 0  # the last command's number in the log
    snapshot_seq: int = 0
    bindings: dict[str, int] = field(default_factory=dict)  # team → QQ group
    rosters: dict[str, frozenset[int]] = field(default_factory=dict)  # team → QQ numbers last synced
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)  # the game's state and its log
    # message delivery, in commit order; taken before ``lock`` is let go so turns never swap
    sending: asyncio.Lock = field(default_factory=asyncio.Lock)
    outbox: list[OutboxRow] = field(default_factory=list)  # committed, not yet sent, in commit order
    loaded: bool = False  # the engine state and the waiting messages are in memory
    loading: asyncio.Lock = field(default_factory=asyncio.Lock)
    armed: datetime | None = None  # the deadline the scheduler job is set for
    stored_deadline: float | None = None  # the deadline the game row holds (start-up arms from it)

    def seat_of(self, qq: int) -> Player | None:
        return next((p for p in self.players if p.qq == qq), None)

    def player(self, seat: int) -> Player:
        return next(p for p in self.players if p.seat == seat)

    def by_name(self, name: str) -> Player | None:
        return next((p for p in self.players if p.name == name), None)


class Registry:
    """Open tables by id, with an index from QQ numbers and groups to them: a player's seats, a
    director's games, a main group's game, a bound team group's game. ``index`` is called
    whenever any of those change (sign-up, leave, 替补, a director added, a binding, the end)."""

    def __init__(self) -> None:
        self.clear()

    def clear(self) -> None:
        self.tables: dict[int, Table] = {}
        self._players: defaultdict[int, set[int]] = defaultdict(set)
        self._directors: defaultdict[int, set[int]] = defaultdict(set)
        self._groups: dict[int, int] = {}
        self._bound: dict[int, tuple[int, str]] = {}
        self._keys: dict[int, tuple[frozenset[int], frozenset[int], int, frozenset[int]]] = {}

    def add(self, table: Table) -> None:
        self.tables[table.id] = table
        self.index(table)

    def drop(self, table: Table) -> None:
        self.tables.pop(table.id, None)
        self._unindex(table.id)

    def index(self, table: Table) -> None:
        """Bring the index in step with the table (only active tables are found)."""
        self._unindex(table.id)
        if table.status not in ACTIVE or table.id not in self.tables:
            return
        players = frozenset(p.qq for p in table.players)
        directors = frozenset(table.directors)
        bound = frozenset(table.bindings.values())
        for qq in players:
            self._players[qq].add(table.id)
        for qq in directors:
            self._directors[qq].add(table.id)
        self._groups[table.group_id] = table.id  # the newest active game of a group (an ended one may linger)
        for team, group in table.bindings.items():
            self._bound[group] = (table.id, team)
        self._keys[table.id] = (players, directors, table.group_id, bound)

    def _unindex(self, table_id: int) -> None:
        keys = self._keys.pop(table_id, None)
        if keys is None:
            return
        players, directors, group, bound = keys
        for qq in players:
            self._forget(self._players, qq, table_id)
        for qq in directors:
            self._forget(self._directors, qq, table_id)
        if self._groups.get(group) == table_id:
            del self._groups[group]
        for g in bound:
            if self._bound.get(g, (0, ""))[0] == table_id:
                del self._bound[g]

    @staticmethod
    def _forget(index: defaultdict[int, set[int]], qq: int, table_id: int) -> None:
        ids = index.get(qq)
        if ids is not None:
            ids.discard(table_id)
            if not ids:
                del index[qq]

    def _active(self, ids: set[int] | None) -> list[Table]:
        found = (self.tables.get(i) for i in sorted(ids or ()))
        return [t for t in found if t is not None and t.status in ACTIVE]

    def in_group(self, group_id: int) -> Table | None:
        found = self._active({self._groups[group_id]} if group_id in self._groups else None)
        return found[0] if found else None

    def playing(self, qq: int) -> list[Table]:
        """Tables where this QQ holds a seat (running or in the lobby)."""
        return [t for t in self._active(self._players.get(qq)) if t.seat_of(qq)]

    def directing(self, qq: int, superusers: set[str]) -> list[Table]:
        if str(qq) in superusers:
            return [t for t in self.tables.values() if t.status in ACTIVE]
        return [t for t in self._active(self._directors.get(qq)) if qq in t.directors]

    def bound_to(self, group_id: int) -> tuple[Table, str] | None:
        if group_id not in self._bound:
            return None
        table_id, team = self._bound[group_id]
        table = self.tables.get(table_id)
        if table is None or table.status not in ACTIVE or table.bindings.get(team) != group_id:
            return None
        return table, team


tables = Registry()


async def load_all(held: Callable[[list[int]], Awaitable[set[int]]] | None = None) -> set[int]:
    """Start-up: every lobby and running game (of this process's account, in scale-out) back in
    the registry with what routing needs; engine states are rebuilt as they are touched
    (``ensure``). ``held`` keeps the games whose lease this process got; returns the others."""
    tables.clear()
    live = GameRow.status.in_(ACTIVE)
    if account():
        live = live & (GameRow.account == account())
    async with get_session() as session:
        games = (await session.execute(select(GameRow.__table__).where(live))).all()
        ids = [g.id for g in games]
        seats: defaultdict[int, list[Player]] = defaultdict(list)
        directors: defaultdict[int, set[int]] = defaultdict(set)
        bindings: defaultdict[int, dict[str, int]] = defaultdict(dict)
        for p in await session.execute(
            select(PlayerRow.game_id, PlayerRow.seat, PlayerRow.qq, PlayerRow.name)
            .join(GameRow, GameRow.id == PlayerRow.game_id)
            .where(live)
            .order_by(PlayerRow.game_id, PlayerRow.seat)
        ):
            seats[p.game_id].append(Player(p.seat, p.qq, p.name))
        for d in await session.execute(
            select(DirectorRow.game_id, DirectorRow.qq).join(GameRow, GameRow.id == DirectorRow.game_id).where(live)
        ):
            directors[d.game_id].add(d.qq)
        for b in await session.execute(
            select(BindingRow.game_id, BindingRow.team, BindingRow.group_id)
            .join(GameRow, GameRow.id == BindingRow.game_id)
            .where(live)
        ):
            bindings[b.game_id][b.team] = b.group_id
    mine = await held(ids) if held is not None else set(ids)
    for row in games:
        if row.id not in mine:
            continue
        try:
            table = _table(row, seats[row.id], directors[row.id], bindings[row.id])
        except Exception:  # a broken game must not keep the others from starting
            logger.exception(f"无法恢复游戏 #{row.id}")
            continue
        tables.add(table)
    logger.info(f"已载入 {len(mine)} 局游戏的名单；各局状态在首次用到时恢复")
    return set(ids) - mine


def _table(row: GameRow, players: list[Player], directors: set[int], bindings: dict[str, int]) -> Table:
    rs = shared_ruleset(row.ruleset)
    if ruleset_hash(row.ruleset) != row.ruleset_hash:
        logger.warning(f"游戏 #{row.id} 的规则集 {row.ruleset} 在开局后被修改过")
    return Table(
        row.id,
        row.group_id,
        rs,
        row.status,
        directors,
        players,
        list(row.board),
        dict(row.settings),
        dict(row.options),
        template=row.template,
        substitutions=list(row.substitutions),
        bindings=bindings,
        stored_deadline=row.deadline,
    )


async def ensure(table: Table) -> Table:
    """The table with its engine state and waiting messages in memory (rebuilt once)."""
    if table.loaded:
        return table
    async with table.loading:
        if not table.loaded:
            async with get_session() as session:
                await _rebuild(session, table)
            table.loaded = True
    return table


async def load_one(game_id: int) -> Table | None:
    """A game the registry does not hold (one that ended with messages still waiting)."""
    async with get_session() as session:
        row = await session.get(GameRow, game_id)
        if row is None:
            return None
        players = (
            await session.scalars(select(PlayerRow).where(PlayerRow.game_id == game_id).order_by(PlayerRow.seat))
        ).all()
        directors = set((await session.scalars(select(DirectorRow.qq).where(DirectorRow.game_id == game_id))).all())
        bindings = {
            b.team: b.group_id
            for b in (await session.scalars(select(BindingRow).where(BindingRow.game_id == game_id))).all()
        }
        table = _table(row, [Player(p.seat, p.qq, p.name) for p in players], directors, bindings)
        await _rebuild(session, table)
    table.loaded = True
    return table


async def _rebuild(session: AsyncSession, table: Table) -> None:
    table.outbox = list(
        (
            await session.scalars(
                select(OutboxRow)
                .where(OutboxRow.game_id == table.id, OutboxRow.sent_at.is_(None))
                .order_by(OutboxRow.id)
            )
        ).all()
    )
    if table.status == "lobby":
        return
    table.game, table.snapshot_seq = await _restore(session, table.rs, table.id)
    table.seq = await session.scalar(select(func.max(CommandRow.seq)).where(CommandRow.game_id == table.id)) or 0
    from bot.teams import roster

    table.rosters = {team: roster(table, team) for team in table.bindings}  # synced before the stop; checked on connect


async def live_log(session: AsyncSession, game_id: int, after: int = 0) -> Sequence[CommandRow]:
    """The game's commands in order (those after ``after``), without those an undo struck out."""
    rows = await session.scalars(
        select(CommandRow)
        .where(CommandRow.game_id == game_id, CommandRow.seq > after, CommandRow.undone.is_(False))
        .order_by(CommandRow.seq)
    )
    return rows.all()


async def _restore(session: AsyncSession, rs: Ruleset, game_id: int) -> tuple[Game, int]:
    """The game from its last snapshot (of this engine, at a command still in effect) and the
    commands after it — at most ``bansha_snapshot_every`` of them; returns it and the snapshot's seq."""
    snapshot = await session.scalar(
        select(SnapshotRow)
        .join(CommandRow, (CommandRow.game_id == SnapshotRow.game_id) & (CommandRow.seq == SnapshotRow.seq))
        .where(
            SnapshotRow.game_id == game_id,
            SnapshotRow.engine_version == ENGINE_VERSION,
            CommandRow.undone.is_(False),
        )
        .order_by(SnapshotRow.seq.desc())
        .limit(1)
    )
    if snapshot is not None:
        game = Game(rs, pickle.loads(snapshot.state))
        for row in await live_log(session, game_id, after=snapshot.seq):
            game.apply(c.from_dict(row.payload))
        return game, snapshot.seq
    game, _ = replay(rs, [c.from_dict(r.payload) for r in await live_log(session, game_id)])
    return game, 0
