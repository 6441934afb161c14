"""Índice parcial dos prazos em curso (issue 13 e revisão de UX, ponto 9).

- `ix_prazo_em_curso` em `prazo (processo_id, vencimento) WHERE encerrado_em IS NULL`: a lista
  de processos filtrada por vencimento, o painel e a agenda leem só os prazos em curso, que são
  poucos diante dos já encerrados de um país inteiro.

Revisão: 0022
Anterior: 0021
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0022"
down_revision: str | None = "0021"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_index(
        "ix_prazo_em_curso",
        "prazo",
        ["processo_id", "vencimento"],
        unique=False,
        sqlite_where=sa.text("encerrado_em IS NULL"),
        postgresql_where=sa.text("encerrado_em IS NULL"),
    )


def downgrade() -> None:
    op.drop_index("ix_prazo_em_curso", table_name="prazo")
