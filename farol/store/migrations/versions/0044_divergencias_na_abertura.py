"""Divergências do cadastro na abertura do processo sem inspeção.

- `processo.divergencias`: o que se digitou ao abrir o procedimento (apuração, inquérito, Auto
  de Infração por poluição, custódia do bem achado) diferente do cadastro da pessoa do CPF/CNPJ
  e da embarcação da inscrição já gravadas (`[{campo, rotulo, cadastro, informado}]`); nula
  quando não há diferença e nos processos abertos pela inspeção (lá, `inspecao.divergencias`,
  migração `0021`). O cadastro não muda, e o ato de abertura fica como foi registrado.

Revisão: 0044
Anterior: 0043
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0044"
down_revision: str | None = "0043"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

JSON = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")


def upgrade() -> None:
    # Coluna nula, sem padrão: no PostgreSQL, só o catálogo muda (a tabela não é reescrita)
    op.add_column("processo", sa.Column("divergencias", JSON, nullable=True))


def downgrade() -> None:
    # Sem recriar a tabela (modo batch): `processo` é referenciada por quase todas as outras. O
    # SQLite (3.35+) e o PostgreSQL removem a coluna no lugar.
    op.drop_column("processo", "divergencias")
