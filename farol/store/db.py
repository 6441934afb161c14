"""Conexão com o banco: SQLite embutido ou PostgreSQL, e a unidade de trabalho.

SQLite: `foreign_keys=ON`, diário WAL, `busy_timeout`, e toda transação de escrita abre
com `BEGIN IMMEDIATE`: quem escreve pega a trava de escrita logo no início e os outros
escritores esperam (até `busy_timeout`) em vez de falhar no meio com "database is locked".
Leituras podem usar `somente_leitura=True`, que abre com `BEGIN` comum e não bloqueia.

PostgreSQL: driver psycopg 3 (`postgresql+psycopg://`); `postgresql://` é aceito.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, create_engine, event
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.orm.exc import StaleDataError
from sqlalchemy.pool import StaticPool

from farol.erros import Conflito

ESPERA_TRAVA_MS = 30_000
OPCAO_LEITURA = "farol_somente_leitura"


def normalizar_url(url: str | URL) -> URL:
    """`postgresql://` e `postgres://` passam a usar o psycopg 3."""
    u = make_url(url)
    if u.drivername in ("postgresql", "postgres"):
        u = u.set(drivername="postgresql+psycopg")
    return u


ErroDeBanco = SQLAlchemyError
"""Falha do banco (conexão, esquema desatualizado...): as bordas a traduzem sem importar SQL."""


def url_para_exibir(url: str | URL) -> str:
    """A URL do banco sem a senha."""
    return make_url(url).render_as_string(hide_password=True)


def arquivo_sqlite(url: str | URL) -> str | None:
    """O caminho do arquivo de um banco SQLite (None em memória ou em outro banco)."""
    u = make_url(url)
    return u.database or None if u.get_backend_name() == "sqlite" else None


def e_sqlite(url: str | URL) -> bool:
    return make_url(url).get_backend_name() == "sqlite"


def _sqlite_em_memoria(u: URL) -> bool:
    return u.database in (None, "", ":memory:")


def _modo_wal(cursor: Any) -> None:
    """Liga o diário WAL. Num arquivo novo, duas conexões que chegam juntas disputam a trava
    exclusiva dessa troca e o SQLite responde "database is locked" sem esperar o
    `busy_timeout`: tenta-se de novo por alguns segundos."""
    import sqlite3
    import time

    for tentativa in range(100):
        try:
            cursor.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as e:
            if "locked" not in str(e) or tentativa == 99:
                raise
            time.sleep(0.05)


def _preparar_sqlite(engine: Engine) -> None:
    @event.listens_for(engine, "connect")
    def _ao_conectar(dbapi: Any, _registro: Any) -> None:
        # Sem transações implícitas do pysqlite: o BEGIN é emitido pelo evento abaixo.
        dbapi.isolation_level = None
        cursor = dbapi.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={ESPERA_TRAVA_MS}")
        _modo_wal(cursor)
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _ao_iniciar(conexao: Connection) -> None:
        if conexao.get_execution_options().get(OPCAO_LEITURA):
            conexao.exec_driver_sql("BEGIN")
        else:
            conexao.exec_driver_sql("BEGIN IMMEDIATE")


def criar_engine(url: str | URL, **opcoes: Any) -> Engine:
    """Engine para a URL; no SQLite cria a pasta do arquivo e liga as pragmas."""
    u = normalizar_url(url)
    if u.get_backend_name() != "sqlite":
        return create_engine(u, pool_pre_ping=True, **opcoes)
    argumentos: dict[str, Any] = {"check_same_thread": False, "timeout": ESPERA_TRAVA_MS / 1000}
    if _sqlite_em_memoria(u):
        opcoes.setdefault("poolclass", StaticPool)
    else:
        Path(str(u.database)).expanduser().parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(u, connect_args=argumentos, **opcoes)
    _preparar_sqlite(engine)
    return engine


def criar_fabrica(engine: Engine) -> sessionmaker[Session]:
    """Sessões que não expiram os objetos no commit (o serviço devolve o que gravou)."""
    return sessionmaker(bind=engine, expire_on_commit=False)


@contextmanager
def unit_of_work(fabrica: sessionmaker[Session]) -> Iterator[Session]:
    """Uma transação: commit se o bloco terminar, rollback se levantar.

    Perder a corrida da versão otimista (`processo.versao`) vira `Conflito` (HTTP 409).
    """
    with fabrica() as sessao:
        try:
            yield sessao
            sessao.commit()
        except StaleDataError as e:
            sessao.rollback()
            raise Conflito(
                "o registro foi alterado por outra pessoa ao mesmo tempo; recarregue e tente"
                " de novo",
                campo="versao",
            ) from e
        except BaseException:
            sessao.rollback()
            raise


@dataclass
class Banco:
    """O banco de uma execução do Farol: engine e fábricas de sessão (escrita e leitura)."""

    engine: Engine
    sessoes: sessionmaker[Session] = field(init=False)
    sessoes_leitura: sessionmaker[Session] = field(init=False)

    def __post_init__(self) -> None:
        self.sessoes = criar_fabrica(self.engine)
        leitura = self.engine.execution_options(**{OPCAO_LEITURA: True})
        self.sessoes_leitura = criar_fabrica(leitura)

    @classmethod
    def conectar(cls, url: str | URL, **opcoes: Any) -> Banco:
        return cls(criar_engine(url, **opcoes))

    @property
    def url(self) -> URL:
        return self.engine.url

    def unit_of_work(self, *, somente_leitura: bool = False) -> AbstractContextManager[Session]:
        fabrica = self.sessoes_leitura if somente_leitura else self.sessoes
        return unit_of_work(fabrica)

    def fechar(self) -> None:
        self.engine.dispose()
