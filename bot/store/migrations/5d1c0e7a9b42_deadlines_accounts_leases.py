"""deadlines, accounts and leases

迁移 ID: 5d1c0e7a9b42
父迁移: 24a885fae95c
创建时间: 2026-12-01 10:00:00

Each running game's next deadline on its row, indexed: start-up arms every deadline from one
query instead of rebuilding every game (games running when this migration runs have none
stored; start-up rebuilds those and arms them). Each game pinned to a QQ account, and a lease
per game, so that several processes (one per account) can share one database without two of
them ever applying commands to one game (docs/scale.md).
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
        batch_op.add_column(sa.Column("account", sa.BigInteger(), server_default="0", nullable=False))
        batch_op.create_index(batch_op.f("ix_bansha_game_deadline"), ["deadline"], unique=False)
        batch_op.create_index(batch_op.f("ix_bansha_game_account"), ["account"], unique=False)
    op.create_table(
        "bansha_lease",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("owner", sa.String(length=64), nullable=False),
        sa.Column("expires", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("game_id", name=op.f("pk_bansha_lease")),
        info={"bind_key": "store"},
    )


def downgrade(name: str = "") -> None:
    if name:
        return
    op.drop_table("bansha_lease")
    with op.batch_alter_table("bansha_game", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_bansha_game_account"))
        batch_op.drop_index(batch_op.f("ix_bansha_game_deadline"))
        batch_op.drop_column("account")
        batch_op.drop_column("deadline")
