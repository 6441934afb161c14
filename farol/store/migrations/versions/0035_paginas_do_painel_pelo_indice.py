"""As páginas do painel na ordem dos seus índices (issue 13, item 2), medido a 1 milhão de
processos no PostgreSQL.

- `ix_prazo_em_curso_por_data` em `prazo (vencimento, processo_id, id, om_id) WHERE
  encerrado_em IS NULL` (antes `(vencimento, om_id, processo_id)`): os prazos do painel na
  ordem do vencimento e da abertura do processo (`consultas.ORDEM_DOS_PRAZOS`), lidos em ordem
  no índice até a página, sem juntar o processo de cada prazo do país que vence no mesmo dia
  para ordenar pelo número (30 mil prazos num dia: 200 ms);
- `ix_processo_resumo_em_debito` em `(om_id, vencimento_pagamento, processo_id) WHERE
  em_debito`: a página das multas vencidas (as vencidas há mais tempo primeiro) só no índice
  (pelo número, juntava os 10 mil processos em débito do país: 70 ms);
- `ix_processo_resumo_a_restituir` em `(om_id, processo_id) WHERE restituicao_pendente > 0 AND
  NOT encerrado`: contagem e página das restituições só no índice (antes buscava cada linha
  para saber se o processo estava encerrado).

Revisão: 0035
Anterior: 0034
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0035"
down_revision: str | None = "0034"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _recriar(nome: str, tabela: str, colunas: list[str], sqlite: str, postgresql: str) -> None:
    op.drop_index(nome, table_name=tabela)
    op.create_index(
        nome,
        tabela,
        colunas,
        unique=False,
        sqlite_where=sa.text(sqlite),
        postgresql_where=sa.text(postgresql),
    )


def upgrade() -> None:
    em_curso = "encerrado_em IS NULL"
    _recriar(
        "ix_prazo_em_curso_por_data",
        "prazo",
        ["vencimento", "processo_id", "id", "om_id"],
        em_curso,
        em_curso,
    )
    _recriar(
        "ix_processo_resumo_em_debito",
        "processo_resumo",
        ["om_id", "vencimento_pagamento", "processo_id"],
        "em_debito IS 1",
        "em_debito IS true",
    )
    _recriar(
        "ix_processo_resumo_a_restituir",
        "processo_resumo",
        ["om_id", "processo_id"],
        "restituicao_pendente > 0 AND encerrado IS 0",
        "restituicao_pendente > 0 AND encerrado IS false",
    )


def downgrade() -> None:
    em_curso = "encerrado_em IS NULL"
    _recriar(
        "ix_prazo_em_curso_por_data",
        "prazo",
        ["vencimento", "om_id", "processo_id"],
        em_curso,
        em_curso,
    )
    _recriar(
        "ix_processo_resumo_em_debito",
        "processo_resumo",
        ["om_id", "vencimento_pagamento"],
        "em_debito IS 1",
        "em_debito IS true",
    )
    _recriar(
        "ix_processo_resumo_a_restituir",
        "processo_resumo",
        ["om_id"],
        "restituicao_pendente > 0",
        "restituicao_pendente > 0",
    )
