"""scale out

迁移 ID: 8b2e4f6a1c93
父迁移: 5d1c0e7a9b42
创建时间: 2026-12-01 10:10:00

Each game pinned to a QQ account, and a lease per game, so that several processes (one per
account) can share one database without two of them ever applying commands to one game.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "8b2e4f6a1c93"
down_revision: str | Sequence[str] | None = "5d1c0e7a9b42"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade(name: str = "") -> None:
    if name:
        return
    with op.batch_alter_table("bansha_game", schema=None) as batch_op:
        batch_op.add_column(sa.Column("account", sa.BigInteger(), server_default="0", nullable=False))
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
        batch_op.drop_column("account")
