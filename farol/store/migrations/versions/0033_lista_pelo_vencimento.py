"""Índice da lista de processos pelo próximo vencimento (issue 13, item 2), medido a 1 milhão
de processos no PostgreSQL.

`ix_processo_resumo_vencimento_om` em `processo_resumo (proximo_vencimento, om_id)`: a página
na ordem do prazo, numa jurisdição grande (o DPC, uma Capitania com 100 mil processos), lê o
índice em ordem e descarta as outras OMs no próprio índice, em vez de juntar e ordenar os
processos da jurisdição inteira pelo índice (om_id, proximo_vencimento).

Revisão: 0033
Anterior: 0032
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0033"
down_revision: str | None = "0032"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_index(
        "ix_processo_resumo_vencimento_om",
        "processo_resumo",
        ["proximo_vencimento", "om_id"],
        unique=False,
    )


def downgrade() -> None:
    op.drop_index("ix_processo_resumo_vencimento_om", table_name="processo_resumo")
