"""Índices da busca por trecho (issue 13, item 3): trigramas no PostgreSQL, FTS5 no SQLite.

As colunas: `pessoa.nome_busca`, `embarcacao.inscricao`, `embarcacao.nome_busca`,
`processo.numero` e `auto_de_infracao.numero` (os nomes já sem acentos e em minúsculas, 0017).

- PostgreSQL: a extensão pg_trgm (confiável: basta poder criar no esquema) e um índice GIN de
  trigramas por coluna, `ix_<tabela>_<coluna>_trgm`, que `ILIKE '%trecho%'` usa. A extensão é
  uma só no banco inteiro: fica no esquema em que já estiver; se não houver, no `public` quando
  se pode criar nele (o esquema que todos enxergam, e que não some com o esquema da aplicação),
  senão no esquema corrente. A descida apaga os índices e deixa a extensão (outros esquemas e
  aplicações do banco podem usá-la). Sem `unaccent`: os nomes já são gravados normalizados.
- SQLite (3.34 ou mais novo, com o tokenizador `trigram`): uma tabela FTS5 de conteúdo externo
  por tabela, `fts_<tabela>` (sem diferença de caixa), preenchida aqui (`rebuild`) e mantida
  por gatilhos de inclusão, alteração e exclusão na tabela de origem. Um SQLite sem o tokenizador
  fica sem elas, e a busca compara com LIKE (farol/store/indices_de_busca.py).

Atenção: no SQLite, recriar uma destas tabelas numa migração futura (modo batch) apaga os
gatilhos; a migração que o fizer tem de recriá-los como aqui.

Revisão: 0023
Anterior: 0022
"""

from collections.abc import Sequence

from alembic import op

from farol.store.indices_de_busca import (
    classe_gin_trgm,
    ddl_fts5,
    ddl_sem_fts5,
    esquema_do_pg_trgm,
    fts5_trigram_disponivel,
)

revision: str = "0023"
down_revision: str | None = "0022"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

COLUNAS: dict[str, tuple[str, ...]] = {
    "pessoa": ("nome_busca",),
    "embarcacao": ("inscricao", "nome_busca"),
    "processo": ("numero",),
    "auto_de_infracao": ("numero",),
}

_PUBLIC_ACEITA = (
    "SELECT 1 FROM pg_namespace WHERE nspname = 'public' AND has_schema_privilege(oid, 'CREATE')"
)


def _upgrade_postgresql() -> None:
    conexao = op.get_bind()
    if esquema_do_pg_trgm(conexao) is None:
        onde = " WITH SCHEMA public" if conexao.exec_driver_sql(_PUBLIC_ACEITA).scalar() else ""
        op.execute(f"CREATE EXTENSION IF NOT EXISTS pg_trgm{onde}")
    classe = classe_gin_trgm(conexao)
    for tabela, colunas in COLUNAS.items():
        for coluna in colunas:
            op.create_index(
                f"ix_{tabela}_{coluna}_trgm",
                tabela,
                [coluna],
                unique=False,
                postgresql_using="gin",
                postgresql_ops={coluna: classe},
            )


def _upgrade_sqlite() -> None:
    if not fts5_trigram_disponivel():
        return
    for tabela, colunas in COLUNAS.items():
        for comando in ddl_fts5(tabela, colunas):
            op.execute(comando)


def upgrade() -> None:
    dialeto = op.get_bind().dialect.name
    if dialeto == "postgresql":
        _upgrade_postgresql()
    elif dialeto == "sqlite":
        _upgrade_sqlite()


def downgrade() -> None:
    dialeto = op.get_bind().dialect.name
    for tabela, colunas in reversed(COLUNAS.items()):
        if dialeto == "postgresql":
            for coluna in reversed(colunas):
                op.drop_index(f"ix_{tabela}_{coluna}_trgm", table_name=tabela)
        elif dialeto == "sqlite":
            for comando in ddl_sem_fts5(tabela):
                op.execute(comando)
