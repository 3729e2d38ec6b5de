"""game deadline

迁移 ID: 5d1c0e7a9b42
父迁移: 24a885fae95c
创建时间: 2026-12-01 10:00:00

Each running game's next deadline on its row, indexed: start-up arms every deadline from one
query instead of rebuilding every game. Games running when this migration runs get theirs the
first time they are rebuilt (at start-up, ``runtime`` rebuilds those with no deadline stored).
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "5d1c0e7a9b42"
down_revision: str | Sequence[str] | None = "24a885fae95c"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade(name: str = "") -> None:
    if name:
        return
    with op.batch_alter_table("bansha_game", schema=None) as batch_op:
        batch_op.add_column(sa.Column("deadline", sa.Float(), nullable=True))
        batch_op.create_index(batch_op.f("ix_bansha_game_deadline"), ["deadline"], unique=False)


def downgrade(name: str = "") -> None:
    if name:
        return
    with op.batch_alter_table("bansha_game", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_bansha_game_deadline"))
        batch_op.drop_column("deadline")
