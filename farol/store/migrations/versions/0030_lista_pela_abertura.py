"""Índices da lista de processos na ordem da abertura (issue 13, item 2: um índice para o
filtro e a ordem de cada vista).

A lista abre na ordem da abertura, dos mais recentes para trás, dentro da jurisdição. Sem um
índice com `criado_em`, o banco lia cada processo da jurisdição (88 mil numa Capitania, a 1
milhão de processos) para ordenar e ficar com 100:

- `ix_processo_om_id_criado_em` em `processo (om_id, criado_em)`: os de uma OM pequena;
- `ix_processo_criado_em` em `processo (criado_em)`: numa jurisdição grande (o DPC, uma
  Capitania), percorrer do mais recente para trás acha os 100 da página logo.

Revisão: 0030
Anterior: 0029
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0030"
down_revision: str | None = "0029"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_index("ix_processo_om_id_criado_em", "processo", ["om_id", "criado_em"], unique=False)
    op.create_index("ix_processo_criado_em", "processo", ["criado_em"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_processo_criado_em", table_name="processo")
    op.drop_index("ix_processo_om_id_criado_em", table_name="processo")
