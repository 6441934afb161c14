"""Tentativas dos limites (login, consulta pública, situação) no banco (issue 13, item 5).

- `tentativa`: cada tentativa que conta num limite, com o nome do limite, o SHA-256 da chave
  (conta, endereço ou usuário: o banco não guarda o login nem o endereço) e o instante em
  segundos desde a época. Com `farol serve --workers N`, os N processos leem e gravam a mesma
  tabela: N processos não dão N vezes as tentativas.

Revisão: 0024
Anterior: 0023
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0024"
down_revision: str | None = "0023"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "tentativa",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("limite", sa.String(length=30), nullable=False),
        sa.Column("chave", sa.String(length=64), nullable=False),
        sa.Column("instante", sa.Double(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tentativa")),
    )
    op.create_index(
        "ix_tentativa_limite_chave_instante",
        "tentativa",
        ["limite", "chave", "instante"],
        unique=False,
    )


def downgrade() -> None:
    op.drop_index("ix_tentativa_limite_chave_instante", table_name="tentativa")
    op.drop_table("tentativa")
