"""Respostas idempotentes da API e contadores da numeração oficial sem lacunas.

Revisão: 0005
Anterior: 0004
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

JSON = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")


def upgrade() -> None:
    op.create_table(
        "idempotencia",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("chave", sa.String(length=200), nullable=False),
        sa.Column("usuario_id", sa.Integer(), nullable=False),
        sa.Column("metodo", sa.String(length=10), nullable=False),
        sa.Column("rota", sa.String(length=300), nullable=False),
        sa.Column("status_code", sa.Integer(), nullable=False),
        sa.Column("corpo", JSON, nullable=False),
        sa.Column("criado_em", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["usuario_id"], ["usuario.id"], name=op.f("fk_idempotencia_usuario_id_usuario")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_idempotencia")),
        sa.UniqueConstraint("chave", "usuario_id", name=op.f("uq_idempotencia_chave_usuario_id")),
    )
    op.create_index(op.f("ix_idempotencia_criado_em"), "idempotencia", ["criado_em"], unique=False)
    op.create_table(
        "numeracao",
        sa.Column("om_id", sa.Integer(), nullable=False),
        sa.Column("ano", sa.Integer(), nullable=False),
        sa.Column("tipo", sa.String(length=30), nullable=False),
        sa.Column("ultimo", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["om_id"], ["om.id"], name=op.f("fk_numeracao_om_id_om")),
        sa.PrimaryKeyConstraint("om_id", "ano", "tipo", name=op.f("pk_numeracao")),
    )


def downgrade() -> None:
    op.drop_table("numeracao")
    op.drop_table("idempotencia")
