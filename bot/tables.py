"""The games the bot holds open (a 'table' each): lobby data, the live engine game, and
how they are rebuilt from the database at start-up (last snapshot + the log's tail)."""

from __future__ import annotations

import asyncio
import hashlib
import pickle
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from nonebot import logger
from nonebot_plugin_orm import get_session
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.store.models import BindingRow, CommandRow, DirectorRow, GameRow, PlayerRow, SnapshotRow
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


def ruleset_hash(ruleset_id: str) -> str:
    """A fingerprint of the ruleset's files, to notice when they change under a running game."""
    directory = ruleset_dir(ruleset_id)
    return _digest([p for p in directory.iterdir() if p.suffix in {".yaml", ".py"}])


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
    backlog: bool = True  # unsent rows may be waiting in the database (after a start or a failure)
    armed: datetime | None = None  # the deadline the scheduler job is set for

    def seat_of(self, qq: int) -> Player | None:
        return next((p for p in self.players if p.qq == qq), None)

    def player(self, seat: int) -> Player:
        return next(p for p in self.players if p.seat == seat)

    def by_name(self, name: str) -> Player | None:
        return next((p for p in self.players if p.name == name), None)


class Registry:
    """Open tables by id and by main group; one active table per group."""

    def __init__(self) -> None:
        self.tables: dict[int, Table] = {}

    def clear(self) -> None:
        self.tables.clear()

    def add(self, table: Table) -> None:
        self.tables[table.id] = table

    def drop(self, table: Table) -> None:
        self.tables.pop(table.id, None)

    def in_group(self, group_id: int) -> Table | None:
        return next((t for t in self.tables.values() if t.group_id == group_id and t.status in ACTIVE), None)

    def playing(self, qq: int) -> list[Table]:
        """Tables where this QQ holds a seat (running or in the lobby)."""
        return [t for t in self.tables.values() if t.status in ACTIVE and t.seat_of(qq)]

    def directing(self, qq: int, superusers: set[str]) -> list[Table]:
        if str(qq) in superusers:
            return [t for t in self.tables.values() if t.status in ACTIVE]
        return [t for t in self.tables.values() if t.status in ACTIVE and qq in t.directors]

    def bound_to(self, group_id: int) -> tuple[Table, str] | None:
        for table in self.tables.values():
            for team, group in table.bindings.items():
                if group == group_id and table.status in ACTIVE:
                    return table, team
        return None


tables = Registry()


async def load_all() -> None:
    """Rebuild every lobby and running game from the database (start-up)."""
    tables.clear()
    async with get_session() as session:
        rows = (await session.scalars(select(GameRow).where(GameRow.status.in_(ACTIVE)))).all()
        for row in rows:
            try:
                table = await _load(session, row)
            except Exception:  # a broken game must not keep the others from starting
                logger.exception(f"无法恢复游戏 #{row.id}")
                continue
            tables.add(table)
            logger.info(f"已恢复游戏 #{row.id}（{row.ruleset}，{row.status}，{table.seq} 条命令）")


async def live_log(session: AsyncSession, game_id: int) -> Sequence[CommandRow]:
    """The game's commands in order, without those an undo struck out."""
    rows = await session.scalars(
        select(CommandRow).where(CommandRow.game_id == game_id, CommandRow.undone.is_(False)).order_by(CommandRow.seq)
    )
    return rows.all()


async def _load(session: AsyncSession, row: GameRow) -> Table:
    rs = load_ruleset(row.ruleset)
    if ruleset_hash(row.ruleset) != row.ruleset_hash:
        logger.warning(f"游戏 #{row.id} 的规则集 {row.ruleset} 在开局后被修改过")
    directors = set((await session.scalars(select(DirectorRow.qq).where(DirectorRow.game_id == row.id))).all())
    players = [
        Player(p.seat, p.qq, p.name)
        for p in (
            await session.scalars(select(PlayerRow).where(PlayerRow.game_id == row.id).order_by(PlayerRow.seat))
        ).all()
    ]
    bindings = {
        b.team: b.group_id
        for b in (await session.scalars(select(BindingRow).where(BindingRow.game_id == row.id))).all()
    }
    table = Table(
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
    )
    if row.status == "running":
        table.game = await _restore(session, rs, row.id, await live_log(session, row.id))
        table.seq = await session.scalar(select(func.max(CommandRow.seq)).where(CommandRow.game_id == row.id)) or 0
        from bot.teams import roster

        table.rosters = {team: roster(table, team) for team in bindings}  # synced before the stop; checked on connect
    return table


async def _restore(session: AsyncSession, rs: Ruleset, game_id: int, log: Sequence[CommandRow]) -> Game:
    snapshot = await session.scalar(
        select(SnapshotRow)
        .where(SnapshotRow.game_id == game_id, SnapshotRow.engine_version == ENGINE_VERSION)
        .order_by(SnapshotRow.seq.desc())
        .limit(1)
    )
    if snapshot is not None and any(r.seq == snapshot.seq for r in log):
        game = Game(rs, pickle.loads(snapshot.state))
        for row in (r for r in log if r.seq > snapshot.seq):
            game.apply(c.from_dict(row.payload))
        return game
    game, _ = replay(rs, [c.from_dict(r.payload) for r in log])
    return game
