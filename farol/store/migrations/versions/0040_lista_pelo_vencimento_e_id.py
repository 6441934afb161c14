"""A lista pelo próximo vencimento lê só a página (issue 13, item 2), medido a 1 milhão.

A lista na ordem do prazo ordena por `proximo_vencimento` e desempata por `processo_id`. O
índice de 0033, `(proximo_vencimento, om_id)`, dava só a primeira chave em ordem: o PostgreSQL
lia todos os processos dos primeiros dias de vencimento para desempatar (num país, milhares de
processos vencem no mesmo dia: 32 mil linhas lidas para uma página de 100, 46–51 ms no DPC e
numa Capitania, `bench/escala.py --reusar --planos`).

- `ix_processo_resumo_vencimento_id_om` em `processo_resumo (proximo_vencimento, processo_id,
  om_id)`, no lugar de `ix_processo_resumo_vencimento_om`: a ordem inteira da página vem do
  índice, e a OM da jurisdição se filtra nele mesmo.

A descida recria o índice de 0033.

Revisão: 0040
Anterior: 0039
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0040"
down_revision: str | None = "0039"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_index(
        "ix_processo_resumo_vencimento_id_om",
        "processo_resumo",
        ["proximo_vencimento", "processo_id", "om_id"],
        unique=False,
    )
    op.drop_index("ix_processo_resumo_vencimento_om", table_name="processo_resumo")


def downgrade() -> None:
    op.create_index(
        "ix_processo_resumo_vencimento_om",
        "processo_resumo",
        ["proximo_vencimento", "om_id"],
        unique=False,
    )
    op.drop_index("ix_processo_resumo_vencimento_id_om", table_name="processo_resumo")
