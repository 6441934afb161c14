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

from collections.abc import Sequence

from alembic import op

from farol.store.indices_de_busca import (
    classe_gin_trgm,
    ddl_fts5,
    ddl_sem_fts5,
    fts5_trigram_disponivel,
)

revision: str = "0038"
down_revision: str | None = "0037"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEM_USO: dict[str, tuple[str, ...]] = {
    "pessoa": ("nome_busca",),
    "processo": ("numero",),
    "auto_de_infracao": ("numero",),
}


def upgrade() -> None:
    dialeto = op.get_bind().dialect.name
    for tabela, colunas in SEM_USO.items():
        if dialeto == "postgresql":
            for coluna in colunas:
                op.execute(f"DROP INDEX IF EXISTS ix_{tabela}_{coluna}_trgm")
        elif dialeto == "sqlite":
            for comando in ddl_sem_fts5(tabela):
                op.execute(comando)


def downgrade() -> None:
    dialeto = op.get_bind().dialect.name
    if dialeto == "postgresql":
        classe = classe_gin_trgm(op.get_bind())
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
    elif dialeto == "sqlite" and fts5_trigram_disponivel():
        for tabela, colunas in SEM_USO.items():
            for comando in ddl_fts5(tabela, colunas):
                op.execute(comando)
