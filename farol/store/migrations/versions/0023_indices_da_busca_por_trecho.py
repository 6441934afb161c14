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

import sqlite3
from collections.abc import Sequence

from alembic import op

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

_ESQUEMA_DO_PG_TRGM = (
    "SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace"
    " WHERE e.extname = 'pg_trgm'"
)
_PUBLIC_ACEITA = (
    "SELECT 1 FROM pg_namespace WHERE nspname = 'public' AND has_schema_privilege(oid, 'CREATE')"
)


def _fts5_trigram() -> bool:
    conexao = sqlite3.connect(":memory:")
    try:
        conexao.execute("CREATE VIRTUAL TABLE t USING fts5(x, tokenize='trigram')")
    except sqlite3.OperationalError:
        return False
    finally:
        conexao.close()
    return True


def _upgrade_postgresql() -> None:
    conexao = op.get_bind()
    esquema = conexao.exec_driver_sql(_ESQUEMA_DO_PG_TRGM).scalar()
    if esquema is None:
        onde = " WITH SCHEMA public" if conexao.exec_driver_sql(_PUBLIC_ACEITA).scalar() else ""
        op.execute(f"CREATE EXTENSION IF NOT EXISTS pg_trgm{onde}")
        esquema = conexao.exec_driver_sql(_ESQUEMA_DO_PG_TRGM).scalar_one()
    classe = f"{conexao.dialect.identifier_preparer.quote_schema(esquema)}.gin_trgm_ops"
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
    if not _fts5_trigram():
        return
    for tabela, colunas in COLUNAS.items():
        fts = f"fts_{tabela}"
        lista = ", ".join(colunas)
        novos = ", ".join(f"new.{c}" for c in colunas)
        antigos = ", ".join(f"old.{c}" for c in colunas)
        inserir = f"INSERT INTO {fts}(rowid, {lista}) VALUES (new.id, {novos});"
        retirar = f"INSERT INTO {fts}({fts}, rowid, {lista}) VALUES ('delete', old.id, {antigos});"
        op.execute(
            f"CREATE VIRTUAL TABLE {fts} USING fts5({lista}, content='{tabela}', "
            "content_rowid='id', tokenize='trigram')"
        )
        op.execute(f"CREATE TRIGGER {fts}_inclusao AFTER INSERT ON {tabela} BEGIN {inserir} END")
        op.execute(f"CREATE TRIGGER {fts}_exclusao AFTER DELETE ON {tabela} BEGIN {retirar} END")
        op.execute(
            f"CREATE TRIGGER {fts}_alteracao AFTER UPDATE OF {lista} ON {tabela} "
            f"BEGIN {retirar} {inserir} END"
        )
        op.execute(f"INSERT INTO {fts}({fts}) VALUES ('rebuild')")


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
            fts = f"fts_{tabela}"
            for gatilho in ("alteracao", "exclusao", "inclusao"):
                op.execute(f"DROP TRIGGER IF EXISTS {fts}_{gatilho}")
            op.execute(f"DROP TABLE IF EXISTS {fts}")
