"""Índices das estatísticas (issue 13, item 2), medidos a 500 mil processos no PostgreSQL.

- `ix_pagamento_data` em `pagamento (data)`: os pagamentos das pontas do período (os dias do
  primeiro e do último mês que o agregado mensal não cobre inteiros) liam a tabela inteira
  (190 ms);
- `ix_processo_resumo_om_multa` passa a `(om_id, multa_fixada_em, multa)`: as multas impostas
  no período, por OM e dia, contadas e somadas no próprio índice, sem buscar a linha de cada
  processo (140 ms numa Capitania).

Revisão: 0031
Anterior: 0030
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0031"
down_revision: str | None = "0030"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_index("ix_pagamento_data", "pagamento", ["data"], unique=False)
    op.drop_index("ix_processo_resumo_om_multa", table_name="processo_resumo")
    op.create_index(
        "ix_processo_resumo_om_multa",
        "processo_resumo",
        ["om_id", "multa_fixada_em", "multa"],
        unique=False,
    )


def downgrade() -> None:
    op.drop_index("ix_processo_resumo_om_multa", table_name="processo_resumo")
    op.create_index(
        "ix_processo_resumo_om_multa",
        "processo_resumo",
        ["om_id", "multa_fixada_em"],
        unique=False,
    )
    op.drop_index("ix_pagamento_data", table_name="pagamento")
