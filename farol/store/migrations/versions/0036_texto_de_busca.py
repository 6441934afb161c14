"""O texto de busca de cada processo (issue 13, item 3): `processo_busca`, uma linha estreita por
processo com a OM e o texto em que a busca procura cada palavra.

`texto`: o número do processo, os números dos autos, a inscrição e o nome (`nome_busca`) da
embarcação e o nome (`nome_busca`) do autuado, separados por um espaço, em minúsculas (os nomes já
sem acentos, 0017). Uma palavra da busca não tem espaço: casa dentro de um campo só, como antes.
Mantido na mesma transação que o muda (farol/services/texto_de_busca.py); aqui preenchido para os
processos que já existem, de uma vez (INSERT ... SELECT).

- PostgreSQL: um índice GIN de trigramas em `texto` (`gin_trgm_ops`, pg_trgm de 0023), que
  combina as palavras (`texto ILIKE '%palavra%'` de cada uma) numa consulta só ao índice, e um
  índice `(om_id, processo_id)`; estatísticas mais finas de `texto` (1000 amostras), para o
  planejador estimar quantas linhas uma palavra acha.
- SQLite (3.34 ou mais novo, com o tokenizador `trigram`): a tabela FTS5 de conteúdo externo
  `fts_processo_busca`, preenchida aqui (`rebuild`) e mantida por gatilhos, como as de 0023.

Revisão: 0036
Anterior: 0035
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from farol.store.indices_de_busca import (
    classe_gin_trgm,
    ddl_fts5,
    ddl_sem_fts5,
    fts5_trigram_disponivel,
)

revision: str = "0036"
down_revision: str | None = "0035"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TABELA = "processo_busca"
AMOSTRAS = 1000

# os autos de cada processo numa linha; cada campo entra com o espaço antes, e o que falta
# (NULL) sai inteiro: ' ' || NULL é NULL nos dois bancos
_PREENCHER = """
INSERT INTO processo_busca (processo_id, om_id, texto)
SELECT p.id, p.om_id,
       lower(p.numero)
       || coalesce(' ' || a.numeros, '')
       || coalesce(' ' || lower(e.inscricao), '')
       || coalesce(' ' || e.nome_busca, '')
       || coalesce(' ' || pe.nome_busca, '')
FROM processo p
LEFT JOIN (
    SELECT processo_id, {agregar} AS numeros FROM auto_de_infracao GROUP BY processo_id
) a ON a.processo_id = p.id
LEFT JOIN embarcacao e ON e.id = p.embarcacao_id
LEFT JOIN pessoa pe ON pe.id = p.autuado_id
"""


def upgrade() -> None:
    conexao = op.get_bind()
    dialeto = conexao.dialect.name
    op.create_table(
        TABELA,
        sa.Column("processo_id", sa.Integer(), nullable=False),
        sa.Column("om_id", sa.Integer(), nullable=False),
        sa.Column("texto", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(
            ["processo_id"],
            ["processo.id"],
            name=op.f("fk_processo_busca_processo_id_processo"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(["om_id"], ["om.id"], name=op.f("fk_processo_busca_om_id_om")),
        sa.PrimaryKeyConstraint("processo_id", name=op.f("pk_processo_busca")),
    )
    agregar = (
        "string_agg(lower(numero), ' ' ORDER BY id)"
        if dialeto == "postgresql"
        else "group_concat(lower(numero), ' ')"
    )
    op.execute(_PREENCHER.format(agregar=agregar))
    # os índices depois das linhas: construídos de uma vez, não linha a linha
    op.create_index("ix_processo_busca_om_id_processo_id", TABELA, ["om_id", "processo_id"])
    if dialeto == "postgresql":
        classe = classe_gin_trgm(conexao)
        op.execute("SET LOCAL maintenance_work_mem = '256MB'")
        op.create_index(
            "ix_processo_busca_texto_trgm",
            TABELA,
            ["texto"],
            postgresql_using="gin",
            postgresql_ops={"texto": classe},
        )
        op.execute(f"ALTER TABLE {TABELA} ALTER COLUMN texto SET STATISTICS {AMOSTRAS}")
        op.execute(f"ANALYZE {TABELA}")
    elif dialeto == "sqlite" and fts5_trigram_disponivel():
        for comando in ddl_fts5(TABELA, ["texto"], chave="processo_id"):
            op.execute(comando)


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        for comando in ddl_sem_fts5(TABELA):
            op.execute(comando)
    op.drop_table(TABELA)
