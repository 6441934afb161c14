"""A prescrição no modelo de leitura passa a correr no processo sobrestado e deixa de correr no
de penalidade afastada à espera da restituição (docs/interpretacoes.md, ponto 17).

- `processo_resumo.prescreve_em` dos processos sobrestados (antes, nulo: o alerta de prescrição
  os escondia, enquanto a guarda `nao_prescrito` do julgamento depois do Acórdão os contava) e
  dos processos em `aguardando_restituicao` (antes, com data: a ação punitiva já terminou com a
  penalidade afastada), regravado pela mesma conta de `farol db resumos --refazer`. Nenhuma outra
  coluna muda.

Revisão: 0046
Anterior: 0045
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0046"
down_revision: str | None = "0045"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

RESTITUICAO = "aguardando_restituicao"  # o estado como o quadro o declarava nesta revisão


def upgrade() -> None:
    from sqlalchemy.orm import Session

    from farol.services.resumo_processo import prescricoes_regravadas

    conexao = op.get_bind()
    ids = list(
        conexao.execute(
            sa.text("SELECT id FROM processo WHERE sobrestado = :sim OR estado = :restituicao"),
            {"sim": True, "restituicao": RESTITUICAO},
        ).scalars()
    )
    if ids:
        prescricoes_regravadas(Session(bind=conexao), ids)


def downgrade() -> None:
    """Volta a anular a prescrição dos sobrestados. A dos processos em `aguardando_restituicao`
    fica nula: a conta de antes (com data) não existe mais neste código; depois de descer,
    `farol db resumos --refazer` da versão de destino a regrava, e `farol db resumos` aponta
    a diferença até lá."""
    op.execute("UPDATE processo_resumo SET prescreve_em = NULL WHERE processo_id IN"
               " (SELECT id FROM processo WHERE sobrestado = true)")  # fmt: skip
