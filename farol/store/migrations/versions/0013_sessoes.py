"""Sessões de login: a chave levada no token, o último uso (para vencer a sessão ociosa) e
o encerramento (sair revoga o cookie e o token na hora).

Revisão: 0013
Anterior: 0012
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0013"
down_revision: str | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "sessao",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("chave", sa.String(length=64), nullable=False),
        sa.Column("usuario_id", sa.Integer(), nullable=False),
        sa.Column("criada_em", sa.DateTime(timezone=True), nullable=False),
        sa.Column("usada_em", sa.DateTime(timezone=True), nullable=False),
        sa.Column("encerrada_em", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["usuario_id"], ["usuario.id"], name=op.f("fk_sessao_usuario_id_usuario")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_sessao")),
        sa.UniqueConstraint("chave", name=op.f("uq_sessao_chave")),
    )
    op.create_index(op.f("ix_sessao_usuario_id"), "sessao", ["usuario_id"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_sessao_usuario_id"), table_name="sessao")
    op.drop_table("sessao")
