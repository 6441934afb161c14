"""Busca sem acentos nem caixa: `pessoa.nome_busca` e `embarcacao.nome_busca`.

O nome sem acentos (NFKD sem as marcas combinantes), em minúsculas (`casefold`) e com os
espaços reduzidos a um: "Márcio Guimarães" é guardado também como "marcio guimaraes", e a busca
normaliza o termo do mesmo jeito (farol/domain/texto.py). Igual no SQLite e no PostgreSQL, sem
extensão do banco; é a coluna que um índice de trigramas (pg_trgm) poderá cobrir.

As linhas já gravadas são preenchidas aqui, em lotes, com a normalização copiada abaixo
(a migração não muda quando o código mudar).

Revisão: 0017
Anterior: 0016
"""

import unicodedata
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0017"
down_revision: str | None = "0016"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TABELAS = ("pessoa", "embarcacao")
LOTE = 5000


def _normalizar(texto: str) -> str:
    decomposto = unicodedata.normalize("NFKD", texto)
    sem_marcas = "".join(c for c in decomposto if not unicodedata.combining(c))
    return " ".join(sem_marcas.casefold().split())


def _preencher(tabela: str) -> None:
    conexao = op.get_bind()
    ler = sa.text(f"SELECT id, nome FROM {tabela} WHERE id > :ultimo ORDER BY id LIMIT {LOTE}")
    gravar = sa.text(f"UPDATE {tabela} SET nome_busca = :nome_busca WHERE id = :id")
    ultimo = 0
    while True:
        linhas = conexao.execute(ler, {"ultimo": ultimo}).all()
        if not linhas:
            return
        conexao.execute(gravar, [{"id": i, "nome_busca": _normalizar(nome)} for i, nome in linhas])
        ultimo = linhas[-1][0]


def upgrade() -> None:
    for tabela in TABELAS:
        with op.batch_alter_table(tabela) as t:
            t.add_column(sa.Column("nome_busca", sa.Text(), nullable=True))
        _preencher(tabela)
        with op.batch_alter_table(tabela) as t:
            t.alter_column("nome_busca", existing_type=sa.Text(), nullable=False)


def downgrade() -> None:
    for tabela in reversed(TABELAS):
        with op.batch_alter_table(tabela) as t:
            t.drop_column("nome_busca")
