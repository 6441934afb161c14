"""O índice dos prazos em curso por data passa a levar a OM (issue 13, item 2), medido a 1
milhão de processos no PostgreSQL.

`ix_prazo_em_curso_por_data` em `prazo (vencimento, om_id, processo_id) WHERE encerrado_em IS
NULL` (antes `(vencimento, processo_id)`): o corte da página de prazos do painel (o vencimento
do 50º) percorre o índice na ordem da data e descarta os prazos de outras OMs no próprio
índice, sem buscar cada linha (uma Capitania atrás dos seus 50 entre 240 mil prazos do país
que vencem no mesmo dia: 650 ms → 20 ms).

Revisão: 0032
Anterior: 0031
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0032"
down_revision: str | None = "0031"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _recriar(colunas: list[str]) -> None:
    op.drop_index("ix_prazo_em_curso_por_data", table_name="prazo")
    op.create_index(
        "ix_prazo_em_curso_por_data",
        "prazo",
        colunas,
        unique=False,
        sqlite_where=sa.text("encerrado_em IS NULL"),
        postgresql_where=sa.text("encerrado_em IS NULL"),
    )


def upgrade() -> None:
    _recriar(["vencimento", "om_id", "processo_id"])


def downgrade() -> None:
    _recriar(["vencimento", "processo_id"])
