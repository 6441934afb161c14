"""A busca por trecho com índice (issue 13, item 3): trigramas no PostgreSQL, FTS5 no SQLite.

As colunas buscadas por trecho (`COLUNAS`) são o texto de busca de cada processo (números,
inscrição e nomes) e as da embarcação (inscrição e nome), com os nomes já normalizados ao
gravar (`nome_busca`: sem acentos, em minúsculas, farol/domain/texto.py). O trecho buscado vem
normalizado do mesmo jeito, de modo que a comparação é a mesma nos dois bancos, sem
`unaccent` (que não é IMMUTABLE e não serve a um índice) e sem diferença entre a normalização
do Python e a do banco:

- PostgreSQL: um índice GIN de trigramas (`gin_trgm_ops`, extensão pg_trgm) em cada coluna
  (declarados em orm.py só para o PostgreSQL; criados pelas migrações 0023 e 0036; os de
  `pessoa`, `processo` e `auto_de_infracao`, sem uso desde 0036, apagados em 0038). `coluna ILIKE
  '%trecho%'` usa o índice quando o trecho tem ao menos três letras.
- SQLite: uma tabela FTS5 de conteúdo externo por tabela (`fts_<tabela>`, tokenizador
  `trigram`, sem diferença de caixa), mantida pelos gatilhos das migrações 0023 e 0036; o trecho
  vira a frase `"trecho"`, que casa com qualquer das colunas que o contenha.

A busca de processos confere as palavras no texto de busca de cada processo (`processo_busca`,
0036: farol/services/texto_de_busca.py); a de embarcações, nas colunas da embarcação.

Um trecho de menos de três letras não tem trigrama: os dois bancos comparam a coluna com
`LIKE` (sem índice, o mesmo resultado). Sem o tokenizador `trigram` (SQLite anterior a 3.34) a
migração não cria as tabelas FTS5 e a busca compara com `LIKE` também.

Atenção a futuras migrações no SQLite: recriar `embarcacao` ou `processo_busca` (modo batch)
apaga os gatilhos; recrie-os (ver 0023 e 0036).
tests/integration/test_busca_indices.py confere que estão lá e em dia.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from functools import cache
from typing import Any

from sqlalchemy import (
    ColumnElement,
    FromClause,
    and_,
    bindparam,
    column,
    or_,
    select,
    table,
    text,
)
from sqlalchemy.engine import Connection
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session

COLUNAS: dict[str, tuple[str, ...]] = {
    "embarcacao": ("inscricao", "nome_busca"),
    "processo_busca": ("texto",),
}
"""Tabela -> as colunas em que a busca procura um trecho: as da embarcação (0023) e o texto de
busca de cada processo (0036). Os índices de `pessoa`, `processo` e `auto_de_infracao` (0023)
saíram em 0038: desde 0036 a busca de processos não lê essas colunas."""

TRIGRAMA = 3
"""Letras de um trigrama: trechos menores não usam o índice."""

JANELA = 2000
"""Processos mais recentes da jurisdição conferidos linha a linha (no texto de busca), antes do
índice, no PostgreSQL: uma palavra comum ("silva", 10% dos processos) completa ali a página, e
percorrê-los custa pouco (uns 5 ms); uma rara não a completa, e o índice a acha. Medido a 1
milhão de processos (bench/busca.py e docs/banco.md)."""

PREFIXO_FTS = "fts_"
SUFIXOS_SOMBRA = ("_data", "_idx", "_docsize", "_config", "_content")
"""As tabelas-sombra que o FTS5 cria para cada tabela virtual."""


def tabela_fts(tabela: str) -> str:
    return f"{PREFIXO_FTS}{tabela}"


def indice_trigramas(tabela: str, coluna: str) -> str:
    return f"ix_{tabela}_{coluna}_trgm"


@cache
def fts5_trigram_disponivel() -> bool:
    """O SQLite deste Python tem FTS5 com o tokenizador `trigram` (3.34 ou mais novo)?"""
    conexao = sqlite3.connect(":memory:")
    try:
        conexao.execute("CREATE VIRTUAL TABLE t USING fts5(x, tokenize='trigram')")
    except sqlite3.OperationalError:
        return False
    finally:
        conexao.close()
    return True


GATILHOS_FTS = ("alteracao", "exclusao", "inclusao")
"""Os gatilhos que mantêm cada tabela FTS5 (`fts_<tabela>_<gatilho>`)."""

_ESQUEMA_DO_PG_TRGM = (
    "SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace"
    " WHERE e.extname = 'pg_trgm'"
)


def esquema_do_pg_trgm(conexao: Connection) -> str | None:
    """O esquema em que a extensão pg_trgm está instalada (None: não está)."""
    return conexao.exec_driver_sql(_ESQUEMA_DO_PG_TRGM).scalar()


def classe_gin_trgm(conexao: Connection) -> str:
    """`<esquema>.gin_trgm_ops`, a classe de operadores dos índices de trigramas, com o esquema
    da extensão (que tem de estar instalada: migração 0023)."""
    esquema = esquema_do_pg_trgm(conexao)
    if esquema is None:
        raise RuntimeError("a extensão pg_trgm não está instalada (migração 0023)")
    return f"{conexao.dialect.identifier_preparer.quote_schema(esquema)}.gin_trgm_ops"


def ddl_fts5(tabela: str, colunas: Sequence[str], chave: str = "id") -> list[str]:
    """Os comandos que criam a tabela FTS5 de conteúdo externo `fts_<tabela>` (tokenizador
    `trigram`) sobre as `colunas` e a `chave` da tabela, os gatilhos de inclusão, exclusão e
    alteração que a mantêm e o `rebuild` que a preenche (migrações 0023 e 0036; a descida de
    0038)."""
    fts = tabela_fts(tabela)
    lista = ", ".join(colunas)
    novos = ", ".join(f"new.{c}" for c in colunas)
    antigos = ", ".join(f"old.{c}" for c in colunas)
    inserir = f"INSERT INTO {fts}(rowid, {lista}) VALUES (new.{chave}, {novos});"
    retirar = f"INSERT INTO {fts}({fts}, rowid, {lista}) VALUES ('delete', old.{chave}, {antigos});"
    return [
        f"CREATE VIRTUAL TABLE {fts} USING fts5({lista}, content='{tabela}', "
        f"content_rowid='{chave}', tokenize='trigram')",
        f"CREATE TRIGGER {fts}_inclusao AFTER INSERT ON {tabela} BEGIN {inserir} END",
        f"CREATE TRIGGER {fts}_exclusao AFTER DELETE ON {tabela} BEGIN {retirar} END",
        f"CREATE TRIGGER {fts}_alteracao AFTER UPDATE OF {lista} ON {tabela} "
        f"BEGIN {retirar} {inserir} END",
        f"INSERT INTO {fts}({fts}) VALUES ('rebuild')",
    ]


def ddl_sem_fts5(tabela: str) -> list[str]:
    """Os comandos que apagam os gatilhos e a tabela FTS5 de `tabela` (se existirem)."""
    fts = tabela_fts(tabela)
    return [
        *(f"DROP TRIGGER IF EXISTS {fts}_{g}" for g in GATILHOS_FTS),
        f"DROP TABLE IF EXISTS {fts}",
    ]


def _padrao(trecho: str) -> str:
    escapado = trecho.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escapado}%"


def _frase_fts(trecho: str) -> str:
    """O trecho como frase do FTS5 (aspas dobradas): casa onde ele aparece inteiro."""
    return '"' + trecho.replace('"', '""') + '"'


def _chave(tabela: FromClause) -> Any:
    """A coluna da chave da tabela (o `rowid` da tabela FTS5 de conteúdo externo)."""
    return next(iter(tabela.primary_key))


def contem(tabela: FromClause, trecho: str, dialeto: str) -> ColumnElement[bool]:
    """As linhas de `tabela` em que alguma das suas `COLUNAS` contém o `trecho` (já
    normalizado: `palavras_da_busca`), sem diferença de caixa, pelo índice do banco."""
    return contem_todos(tabela, [trecho], dialeto)


def contem_todos(tabela: FromClause, trechos: list[str], dialeto: str) -> ColumnElement[bool]:
    """As linhas de `tabela` que contêm cada um dos `trechos` (em alguma das suas `COLUNAS`).
    PostgreSQL: um `ILIKE` por trecho, que o índice de trigramas responde de uma vez; SQLite:
    os trechos de três letras ou mais numa consulta só à tabela FTS5 (as frases ligadas por
    AND), e os menores com LIKE."""
    nome = _nome_da_tabela(tabela)
    pelo_fts = dialeto == "sqlite" and fts5_trigram_disponivel()
    longos = [t for t in trechos if pelo_fts and len(t) >= TRIGRAMA]
    criterios = [contem_na_linha(tabela, t) for t in trechos if t not in longos]
    if longos:
        fts = table(tabela_fts(nome), column("rowid"), column(tabela_fts(nome)))
        frases = " AND ".join(_frase_fts(t) for t in longos)
        casa = fts.c[tabela_fts(nome)].match(bindparam(None, frases))
        criterios.insert(0, _chave(tabela).in_(select(fts.c.rowid).where(casa)))
    return and_(*criterios)


def contem_na_linha(
    tabela: FromClause, trecho: str, nome: str | None = None
) -> ColumnElement[bool]:
    """A mesma condição conferida na própria linha (sem o FTS5): para um trecho curto, e para
    conferir uma linha já escolhida por outro critério. `tabela` pode ser um apelido ou uma
    subconsulta com as mesmas colunas (então `nome` diz de que tabela)."""
    padrao = _padrao(trecho)
    colunas = COLUNAS[nome or _nome_da_tabela(tabela)]
    return or_(*(tabela.c[c].ilike(padrao, escape="\\") for c in colunas))


def _nome_da_tabela(tabela: FromClause) -> str:
    original = getattr(tabela, "element", tabela)
    return str(getattr(original, "name", ""))


def percorre_os_recentes(dialeto: str) -> bool:
    """Conferir primeiro os `JANELA` processos recentes um a um compensa neste banco? No
    PostgreSQL sim: ele os lê em ordem (pela chave ou pelo índice da OM), do mais novo ao mais
    velho, e para ao completar a página, enquanto o índice de trigramas leria todas as linhas de
    uma palavra comum. O SQLite
    ordena a jurisdição inteira antes (medido em bench/busca.py): lá a busca vai sempre pela
    tabela FTS5."""
    return dialeto == "postgresql"


@contextmanager
def sem_paralelismo(sessao: Session) -> Iterator[None]:
    """No PostgreSQL, as consultas do bloco sem workers paralelos: as da busca leem poucas
    linhas pelos índices, e pôr workers para trabalhar custa mais (uns 10 ms) que elas. Numa
    transação, `SET LOCAL` (acaba com ela); na leitura partilhada do pedido, que no PostgreSQL
    roda sem transação (onde o `SET LOCAL` não vale nada), `SET` e, no fim do bloco, `RESET`:
    a conexão volta ao pool como veio."""
    if sessao.get_bind().dialect.name != "postgresql":
        yield
        return
    if not sessao.connection().connection.dbapi_connection.autocommit:  # type: ignore[union-attr]
        sessao.execute(text("SET LOCAL max_parallel_workers_per_gather = 0"))
        yield
        return
    volta = text("RESET max_parallel_workers_per_gather")
    sessao.execute(text("SET max_parallel_workers_per_gather = 0"))
    try:
        yield
    except BaseException:
        # uma conexão que caiu não volta ao pool; o erro que sobe é o da busca
        with suppress(SQLAlchemyError):
            sessao.execute(volta)
        raise
    sessao.execute(volta)


def _tabelas_fts() -> frozenset[str]:
    return frozenset(tabela_fts(t) + sufixo for t in COLUNAS for sufixo in ("", *SUFIXOS_SOMBRA))


def incluir_na_comparacao(dialeto: str) -> Callable[..., bool]:
    """`include_object` do Alembic (env.py e o teste das migrações): as tabelas FTS5 e as suas
    sombras não são modelos, e um índice declarado só para outro banco (`ddl_if`) não existe
    neste."""
    fora = _tabelas_fts()

    def incluir(objeto: Any, nome: str | None, tipo: str, refletido: bool, _outro: Any) -> bool:
        if tipo == "table" and nome in fora:
            return False
        if tipo == "index" and not refletido:
            condicao = getattr(objeto, "_ddl_if", None)
            if condicao is not None and condicao.dialect not in (None, dialeto):
                return False
        return True

    return incluir
