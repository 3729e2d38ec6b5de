"""Tables: games and their lobby, the command log, snapshots, the outbox, team group bindings.

A game's truth is its command log; snapshots only shorten replay. Every message the
engine emits is written to the outbox in the same transaction as the command that
caused it, and marked sent once the OneBot call succeeded.
"""

from __future__ import annotations

from typing import Any

from nonebot_plugin_orm import Model
from sqlalchemy import JSON, BigInteger, Boolean, Float, Integer, LargeBinary, String, Text
from sqlalchemy.orm import Mapped, mapped_column


class GameRow(Model):
    __tablename__ = "bansha_game"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    group_id: Mapped[int] = mapped_column(BigInteger, index=True)  # the main group (讨论群)
    ruleset: Mapped[str] = mapped_column(String(64))
    ruleset_hash: Mapped[str] = mapped_column(String(64))
    status: Mapped[str] = mapped_column(String(16), index=True)  # lobby | running | over | ended
    board: Mapped[list[str]] = mapped_column(JSON, default=list)  # the cards, preset or listed
    template: Mapped[str] = mapped_column(String(64), default="", server_default="")  # a preset (6人局)
    substitutions: Mapped[list[str]] = mapped_column(JSON, default=list, server_default="[]")  # the preset's
    settings: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    created_at: Mapped[float] = mapped_column(Float)
    # the next deadline (epoch seconds) while running: start-up arms every game from one indexed query
    deadline: Mapped[float | None] = mapped_column(Float, nullable=True, index=True)
    # the QQ account the game is pinned to (scale-out: one process per account); 0 when run alone
    account: Mapped[int] = mapped_column(BigInteger, default=0, server_default="0", index=True)


class DirectorRow(Model):
    __tablename__ = "bansha_director"

    game_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    qq: Mapped[int] = mapped_column(BigInteger, primary_key=True)


class PlayerRow(Model):
    """A signed-up player; ``seat`` is the 电梯楼 order (sign-up order) and stays after the deal."""

    __tablename__ = "bansha_player"

    game_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    qq: Mapped[int] = mapped_column(BigInteger, index=True)
    name: Mapped[str] = mapped_column(String(32))
    replaced: Mapped[list[int]] = mapped_column(JSON, default=list)  # earlier players of this seat (替补)


class CommandRow(Model):
    __tablename__ = "bansha_command"

    game_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    payload: Mapped[dict[str, Any]] = mapped_column(JSON)
    undone: Mapped[bool] = mapped_column(Boolean, default=False)


class SnapshotRow(Model):
    __tablename__ = "bansha_snapshot"

    game_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    engine_version: Mapped[str] = mapped_column(String(64))
    state: Mapped[bytes] = mapped_column(LargeBinary)


class OutboxRow(Model):
    """One message to deliver. ``to_kind``: seat | team | public | directors (engine audiences)
    or user | group (a QQ account or group the bot answers directly)."""

    __tablename__ = "bansha_outbox"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[int] = mapped_column(Integer, index=True)
    seq: Mapped[int] = mapped_column(Integer)  # the command that produced it (0: outside the log)
    to_kind: Mapped[str] = mapped_column(String(16))
    to_seat: Mapped[int] = mapped_column(Integer, default=0)
    to_team: Mapped[str] = mapped_column(String(32), default="")
    to_id: Mapped[int] = mapped_column(BigInteger, default=0)  # QQ user or group for user | group
    text: Mapped[str] = mapped_column(Text)
    kind: Mapped[str] = mapped_column(String(16), default="notice")
    created_at: Mapped[float] = mapped_column(Float)
    sent_at: Mapped[float | None] = mapped_column(Float, nullable=True, index=True)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    error: Mapped[str] = mapped_column(String(200), default="")


class BindingRow(Model):
    """A pre-created QQ group bound to one of a game's teams (狼群, 情侣群 …)."""

    __tablename__ = "bansha_binding"

    game_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    team: Mapped[str] = mapped_column(String(32), primary_key=True)
    group_id: Mapped[int] = mapped_column(BigInteger, index=True)


class LeaseRow(Model):
    """Scale-out: which process may apply commands to a game, until when (renewed while it runs)."""

    __tablename__ = "bansha_lease"

    game_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    owner: Mapped[str] = mapped_column(String(64))
    expires: Mapped[float] = mapped_column(Float)
