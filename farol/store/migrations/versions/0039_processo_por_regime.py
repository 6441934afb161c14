"""Índice dos processos por regime e OM (issue 13, item 6: as estatísticas no SQLite a 100 mil).

As estatísticas contam à parte os autos de poluição do período (regimes com a marca
`registra_laudo`). Sem um índice com o regime, o banco percorria todos os processos da
jurisdição pelo índice da OM e juntava cada um ao seu auto para ficar com os poucos de poluição:
no SQLite, com 100 mil processos, 118 ms para o DPC e 16 ms para uma Capitania, quase tudo nesse
comando (`bench/escala.py --reusar`); no PostgreSQL, 27–41 ms a 1 milhão.

- `ix_processo_regime_om_id` em `processo (regime, om_id)`: os processos de um regime na
  jurisdição, sem ler os dos outros regimes.

Revisão: 0039
Anterior: 0038
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0039"
down_revision: str | None = "0038"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_index("ix_processo_regime_om_id", "processo", ["regime", "om_id"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_processo_regime_om_id", table_name="processo")
