"""A dívida ativa deixa de ser estado final (a cobrança segue na PGFN até a baixa, NORMAM-07
item 0314; LESTA art. 20): o modelo de leitura dos processos que já estão nela acompanha.

- `processo_resumo` dos processos em `divida_ativa`: `encerrado` falso e `em_debito` pelo saldo
  (a mesma conta da migração `0034`), como `farol db resumos --refazer` os regravaria; sem isso,
  ficavam como encerrados e sem débito até o próximo ato do processo. Nenhuma outra coluna muda
  (a dívida ativa não tem prazos em curso nem conta prescrição).

Revisão: 0045
Anterior: 0044
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0045"
down_revision: str | None = "0044"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

ESTADO = "divida_ativa"  # o estado como o quadro o declarava nesta revisão


def upgrade() -> None:
    op.execute(
        "UPDATE processo_resumo SET encerrado = false,"
        " em_debito = (COALESCE(multa, 0) - pago > 0.005)"
        f" WHERE estado = '{ESTADO}'"
    )


def downgrade() -> None:
    op.execute(
        f"UPDATE processo_resumo SET encerrado = true, em_debito = false WHERE estado = '{ESTADO}'"
    )
