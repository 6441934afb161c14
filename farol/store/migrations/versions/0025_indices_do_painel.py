"""Índices do painel e da lista de processos (issue 13, item 2).

- `ix_prazo_em_curso_por_data` em `prazo (vencimento, processo_id) WHERE encerrado_em IS NULL`:
  os prazos de hoje, da semana e os vencidos do painel procuram por data (o índice
  `ix_prazo_em_curso`, da 0022, começa pelo processo e serve à lista e à agenda);
- `ix_processo_om_id_estado` em `processo (om_id, estado)`: as contagens por estado da
  jurisdição e os filtros de OM e estado.

Revisão: 0025
Anterior: 0024
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0025"
down_revision: str | None = "0024"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_index(
        "ix_prazo_em_curso_por_data",
        "prazo",
        ["vencimento", "processo_id"],
        unique=False,
        sqlite_where=sa.text("encerrado_em IS NULL"),
        postgresql_where=sa.text("encerrado_em IS NULL"),
    )
    op.create_index("ix_processo_om_id_estado", "processo", ["om_id", "estado"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_processo_om_id_estado", table_name="processo")
    op.drop_index("ix_prazo_em_curso_por_data", table_name="prazo")
