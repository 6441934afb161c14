"""Apaga os índices de busca por trecho que nenhuma busca usa mais (issue 13, item 3).

Desde 0036 a busca de processos procura cada palavra no texto de busca do processo
(`processo_busca`), e não mais nas colunas de `pessoa`, `processo` e `auto_de_infracao`; só a
busca de embarcações procura nas colunas da `embarcacao`. Os índices de 0023 dessas três tabelas
só custavam escrita (cada inclusão de pessoa, processo e auto) e espaço:

- PostgreSQL: os índices GIN de trigramas `ix_pessoa_nome_busca_trgm`,
  `ix_processo_numero_trgm` e `ix_auto_de_infracao_numero_trgm`;
- SQLite: as tabelas FTS5 `fts_pessoa`, `fts_processo` e `fts_auto_de_infracao` e os seus
  gatilhos.

Ficam os de `embarcacao` (0023) e o de `processo_busca` (0036). A descida os recria como 0023.

Revisão: 0038
Anterior: 0037
"""

import sqlite3
from collections.abc import Sequence

from alembic import op

revision: str = "0038"
down_revision: str | None = "0037"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEM_USO: dict[str, tuple[str, ...]] = {
    "pessoa": ("nome_busca",),
    "processo": ("numero",),
    "auto_de_infracao": ("numero",),
}
GATILHOS = ("alteracao", "exclusao", "inclusao")

_ESQUEMA_DO_PG_TRGM = (
    "SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace"
    " WHERE e.extname = 'pg_trgm'"
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


def upgrade() -> None:
    dialeto = op.get_bind().dialect.name
    for tabela, colunas in SEM_USO.items():
        if dialeto == "postgresql":
            for coluna in colunas:
                op.execute(f"DROP INDEX IF EXISTS ix_{tabela}_{coluna}_trgm")
        elif dialeto == "sqlite":
            fts = f"fts_{tabela}"
            for gatilho in GATILHOS:
                op.execute(f"DROP TRIGGER IF EXISTS {fts}_{gatilho}")
            op.execute(f"DROP TABLE IF EXISTS {fts}")


def _downgrade_postgresql() -> None:
    conexao = op.get_bind()
    esquema = conexao.exec_driver_sql(_ESQUEMA_DO_PG_TRGM).scalar_one()
    classe = f"{conexao.dialect.identifier_preparer.quote_schema(esquema)}.gin_trgm_ops"
    for tabela, colunas in SEM_USO.items():
        for coluna in colunas:
            op.create_index(
                f"ix_{tabela}_{coluna}_trgm",
                tabela,
                [coluna],
                unique=False,
                postgresql_using="gin",
                postgresql_ops={coluna: classe},
            )


def _downgrade_sqlite() -> None:
    if not _fts5_trigram():
        return
    for tabela, colunas in SEM_USO.items():
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


def downgrade() -> None:
    dialeto = op.get_bind().dialect.name
    if dialeto == "postgresql":
        _downgrade_postgresql()
    elif dialeto == "sqlite":
        _downgrade_sqlite()
