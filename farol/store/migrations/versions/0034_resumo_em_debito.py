"""O saldo devedor no modelo de leitura (issue 13, item 2), medido a 1 milhão de processos no
PostgreSQL.

- `processo_resumo.em_debito`: processo não encerrado com multa em vigor maior que o pago (em
  centavos), regravado com cada ato como as outras colunas do resumo; as linhas já gravadas se
  preenchem aqui pela mesma conta;
- `ix_processo_resumo_em_debito` em `(om_id, vencimento_pagamento) WHERE em_debito`: as multas
  vencidas do painel (contagem e página) leem só os processos em débito, sem buscar no resumo
  a multa e o pago de cada processo com prazo de pagamento passado (numa Capitania com 105 mil
  processos: 44 + 94 ms).

Revisão: 0034
Anterior: 0033
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0034"
down_revision: str | None = "0033"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("processo_resumo") as lote:
        lote.add_column(
            sa.Column("em_debito", sa.Boolean(), server_default=sa.false(), nullable=False)
        )
    op.execute(
        "UPDATE processo_resumo SET em_debito = (NOT encerrado"
        " AND COALESCE(multa, 0) - pago > 0.005)"
    )
    op.create_index(
        "ix_processo_resumo_em_debito",
        "processo_resumo",
        ["om_id", "vencimento_pagamento"],
        unique=False,
        sqlite_where=sa.text("em_debito IS 1"),
        postgresql_where=sa.text("em_debito IS true"),
    )


def downgrade() -> None:
    op.drop_index("ix_processo_resumo_em_debito", table_name="processo_resumo")
    with op.batch_alter_table("processo_resumo") as lote:
        lote.drop_column("em_debito")
