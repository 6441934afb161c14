"""Migrações do banco por programa: `farol db upgrade` e a primeira execução no SQLite."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import event
from sqlalchemy.engine import URL
from sqlalchemy.pool import NullPool

from farol.store.db import criar_engine, descartar_engine, e_sqlite, esperas_para_migrar

ARQUIVO_INI = Path(__file__).with_name("alembic.ini")
# Trava consultiva do PostgreSQL: dois `farol db upgrade` simultâneos esperam um pelo outro.
TRAVA_MIGRACAO = 7_246_563_010


def configuracao_alembic() -> Config:
    """O alembic.ini do pacote (a pasta `migrations` ao lado, mesmo se instalado)."""
    return Config(str(ARQUIVO_INI))


def revisao_mais_recente() -> str:
    cabeca = ScriptDirectory.from_config(configuracao_alembic()).get_current_head()
    assert cabeca is not None
    return cabeca


def _executar(url: str | URL, comando: str, revisao: str) -> None:
    config = configuracao_alembic()
    engine = criar_engine(url, esperas_para_migrar(), poolclass=NullPool)
    if engine.dialect.name == "sqlite":
        # O SQLite recria a tabela para alterar colunas (modo batch); com foreign_keys=ON, o
        # DROP da tabela antiga falharia sempre que outra a referencia. Receita do SQLite
        # ("Making Other Kinds Of Table Schema Changes"): desligar as chaves durante a migração
        # e conferir todas com `PRAGMA foreign_key_check` antes do COMMIT.
        @event.listens_for(engine, "connect")
        def _sem_chaves(dbapi: Any, _registro: Any) -> None:
            dbapi.execute("PRAGMA foreign_keys=OFF")

    try:
        # Uma só transação (BEGIN IMMEDIATE no SQLite, trava consultiva no PostgreSQL):
        # duas migrações simultâneas esperam uma pela outra; a segunda não tem o que fazer.
        with engine.begin() as conexao:
            if conexao.dialect.name == "postgresql":
                conexao.exec_driver_sql(f"SELECT pg_advisory_xact_lock({TRAVA_MIGRACAO})")
            config.attributes["connection"] = conexao
            getattr(command, comando)(config, revisao)
            if conexao.dialect.name == "sqlite":
                quebradas = conexao.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
                if quebradas:
                    raise RuntimeError(
                        f"a migração deixaria referências quebradas: {quebradas[:5]}"
                    )
    finally:
        descartar_engine(engine)


def atualizar_banco(url: str | URL, revisao: str = "head") -> None:
    """`alembic upgrade head` (ou até `revisao`) no banco da URL."""
    _executar(url, "upgrade", revisao)


def rebaixar_banco(url: str | URL, revisao: str) -> None:
    """`alembic downgrade revisao` (p.ex. "base" para desfazer tudo)."""
    _executar(url, "downgrade", revisao)


def revisao_atual(url: str | URL) -> str | None:
    """A revisão gravada no banco, ou None se nunca migrado."""
    engine = criar_engine(url, poolclass=NullPool)
    try:
        with engine.connect() as conexao:
            return MigrationContext.configure(conexao).get_current_revision()
    finally:
        descartar_engine(engine)


def banco_atualizado(url: str | URL) -> bool:
    return revisao_atual(url) == revisao_mais_recente()


def preparar_banco(url: str | URL) -> bool:
    """Na primeira execução com SQLite, cria o banco; devolve True se migrou.

    No PostgreSQL não migra sozinho: a atualização é um passo explícito (`farol db
    upgrade`), feito por quem administra o banco.
    """
    if not e_sqlite(url) or banco_atualizado(url):
        return False
    atualizar_banco(url)
    return True
