"""Resumo diário de prazos por e-mail e agenda de prazos para programas de calendário
(issue 15, item 14).

- `usuario.email`: para onde vai o resumo diário (`farol resumo-diario`); nulo: não recebe.
- `resumo_enviado`: um registro por usuário e data do resumo, gravado depois do envio; a
  unicidade (usuario_id, data) impede o segundo envio no mesmo dia.
- `token_agenda`: o SHA-256 do endereço secreto da agenda de cada usuário
  (`/feeds/<token>.ics`), com a criação e a revogação.

Revisão: 0020
Anterior: 0019
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0020"
down_revision: str | None = "0019"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("usuario") as t:
        t.add_column(sa.Column("email", sa.String(length=254), nullable=True))
    op.create_table(
        "resumo_enviado",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("usuario_id", sa.Integer(), nullable=False),
        sa.Column("data", sa.Date(), nullable=False),
        sa.Column("enviado_em", sa.DateTime(timezone=True), nullable=False),
        sa.Column("email", sa.String(length=254), nullable=False),
        sa.Column("prazos", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["usuario_id"], ["usuario.id"], name=op.f("fk_resumo_enviado_usuario_id_usuario")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_resumo_enviado")),
        sa.UniqueConstraint("usuario_id", "data", name=op.f("uq_resumo_enviado_usuario_id_data")),
    )
    op.create_table(
        "token_agenda",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("usuario_id", sa.Integer(), nullable=False),
        sa.Column("hash", sa.String(length=64), nullable=False),
        sa.Column("criado_em", sa.DateTime(timezone=True), nullable=False),
        sa.Column("revogado_em", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["usuario_id"], ["usuario.id"], name=op.f("fk_token_agenda_usuario_id_usuario")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_token_agenda")),
        sa.UniqueConstraint("hash", name=op.f("uq_token_agenda_hash")),
    )
    op.create_index(
        op.f("ix_token_agenda_usuario_id"), "token_agenda", ["usuario_id"], unique=False
    )


def downgrade() -> None:
    op.drop_index(op.f("ix_token_agenda_usuario_id"), table_name="token_agenda")
    op.drop_table("token_agenda")
    op.drop_table("resumo_enviado")
    with op.batch_alter_table("usuario") as t:
        t.drop_column("email")
