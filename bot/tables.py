"""The games the bot holds open (a 'table' each): lobby data, the live engine game, the messages
waiting to go out, and the index that finds a QQ number's or a group's games in O(1).

Start-up opens no game. A game is opened — rebuilt from the database, last snapshot + the log's
tail — the first time something touches it: a message from one of its players or directors or
in one of its groups (``discover``, before the message is handled), its deadline, a delivery.
Once a QQ number or a group has been looked up in the database, all its games are open and the
index answers for it from then on: its games change only through open tables.
"""

from __future__ import annotations

import asyncio
import gc
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
from sqlalchemy import ColumnElement, func, select, true
from sqlalchemy.ext.asyncio import AsyncSession

from bot.settings import account
from bot.store.models import BindingRow, CommandRow, DirectorRow, GameRow, OutboxRow, PlayerRow, SnapshotRow
from engine.api import Game, Ruleset, load_ruleset, replay, ruleset_dir
from engine.api import commands as c

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
    rs = load_ruleset(ruleset_id)
    gc.freeze()  # it lives as long as the process: it (and all alive now) leaves the collector's full passes
    return rs


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
    armed: datetime | None = None  # the deadline the scheduler job is set for
    stored_deadline: float | None = None  # the deadline the game row holds (start-up arms from it)

    def seat_of(self, qq: int) -> Player | None:
        return next((p for p in self.players if p.qq == qq), None)

    def player(self, seat: int) -> Player:
        return next(p for p in self.players if p.seat == seat)

    def by_name(self, name: str) -> Player | None:
        return next((p for p in self.players if p.name == name), None)

    def roster(self, team: str) -> frozenset[int]:
        """The QQ numbers the rules put in this team now (the dead stay only where the post says so)."""
        game = self.game
        if game is None:
            return frozenset()
        keeps_dead = game.rs.teams[team].stays_after_out
        return frozenset(self.player(s.no).qq for s in game.st.seats if team in s.teams and (s.alive or keeps_dead))


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
        self.known_qq: set[int] = set()  # looked up in the database: every game of theirs is open
        self.known_groups: set[int] = set()
        self.known_all = False
        self.held: set[int] | None = None  # scale-out: the games whose lease this process holds

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


def scope(active: bool = True) -> ColumnElement[bool]:
    """Games this process runs: active ones (``active``), of its account in scale-out."""
    mine = GameRow.account == account() if account() else true()
    return mine & GameRow.status.in_(ACTIVE) if active else mine


async def load_all(held: Callable[[list[int]], Awaitable[set[int]]] | None = None) -> set[int]:
    """Start-up: no game is opened. In scale-out, ``held`` claims this account's games; returns
    those another process holds."""
    tables.clear()
    if held is None:
        return set()
    async with get_session() as session:
        ids = list((await session.scalars(select(GameRow.id).where(scope()))).all())
    tables.held = await held(ids)
    return set(ids) - tables.held


_opening = asyncio.Lock()


async def discover(qq: int | None, group_id: int | None, named: list[int], everything: bool) -> None:
    """Open every game a message may be about: the sender's seats and directed games, the
    group's game, a bound team group's game, games named by number (``everything``: all)."""
    wanted: set[int] = set()
    mine = scope()
    checks = []
    if qq is not None and qq not in tables.known_qq:
        checks += [
            select(PlayerRow.game_id).join(GameRow, GameRow.id == PlayerRow.game_id).where(mine, PlayerRow.qq == qq),
            select(DirectorRow.game_id)
            .join(GameRow, GameRow.id == DirectorRow.game_id)
            .where(mine, DirectorRow.qq == qq),
        ]
    if group_id is not None and group_id not in tables.known_groups:
        checks += [
            select(GameRow.id).where(mine, GameRow.group_id == group_id),
            select(BindingRow.game_id)
            .join(GameRow, GameRow.id == BindingRow.game_id)
            .where(mine, BindingRow.group_id == group_id),
        ]
    named = [n for n in named if n not in tables.tables]
    if named:
        checks.append(select(GameRow.id).where(mine, GameRow.id.in_(named)))
    if everything and not tables.known_all:
        checks.append(select(GameRow.id).where(mine))
    if not checks:
        return
    async with get_session() as session:
        for check in checks:
            wanted.update((await session.scalars(check)).all())
    for game_id in sorted(wanted):
        await open_game(game_id)
    if qq is not None:
        tables.known_qq.add(qq)
    if group_id is not None:
        tables.known_groups.add(group_id)
    tables.known_all = tables.known_all or everything


async def open_game(game_id: int) -> Table | None:
    """The game, opened (rebuilt) once and kept in the registry while it is active; None when
    there is no such active game here (or, in scale-out, another process holds it)."""
    async with _opening:
        if game_id in tables.tables:
            return tables.tables[game_id]
        if tables.held is not None and game_id not in tables.held:
            return None
        try:
            table = await load_one(game_id)
        except Exception:  # a broken game must not keep the others from running
            logger.exception(f"无法恢复游戏 #{game_id}")
            return None
        if table is None or table.status not in ACTIVE:
            return None
        tables.add(table)
        return table


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


async def load_one(game_id: int) -> Table | None:
    """A game from the database, rebuilt, whatever its status (not put in the registry)."""
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
    table.rosters = {team: table.roster(team) for team in table.bindings}  # synced before the stop; checked on connect


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
