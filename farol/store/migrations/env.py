"""Ambiente do Alembic: as tabelas de `farol.store.orm`, SQLite ou PostgreSQL.

A conexão vem, nesta ordem: de `config.attributes["connection"]` (quando chamado por
`farol.store.migrar`), de `sqlalchemy.url` no alembic.ini, ou de `FAROL_DATABASE_URL`.
"""

from __future__ import annotations

from typing import Any

from alembic import context
from sqlalchemy import Connection
from sqlalchemy.pool import NullPool

from farol.config import configuracao
from farol.store.db import criar_engine, e_sqlite, esperas_para_migrar
from farol.store.indices_de_busca import incluir_na_comparacao
from farol.store.orm import Base

config = context.config


def _url() -> str:
    return config.get_main_option("sqlalchemy.url") or configuracao().database_url


def _opcoes(sqlite: bool) -> dict[str, Any]:
    return {
        "target_metadata": Base.metadata,
        "compare_type": True,
        # As tabelas FTS5 do SQLite e os índices de trigramas só do PostgreSQL (migração 0023).
        "include_object": incluir_na_comparacao("sqlite" if sqlite else "postgresql"),
        # O SQLite não altera colunas no lugar: o Alembic recria a tabela (modo batch).
        "render_as_batch": sqlite,
    }


def _migrar(conexao: Connection) -> None:
    context.configure(connection=conexao, **_opcoes(conexao.dialect.name == "sqlite"))
    with context.begin_transaction():
        context.run_migrations()


def rodar_offline() -> None:
    url = _url()
    context.configure(url=url, literal_binds=True, **_opcoes(e_sqlite(url)))
    with context.begin_transaction():
        context.run_migrations()


def rodar_online() -> None:
    conexao = config.attributes.get("connection")
    if conexao is not None:
        _migrar(conexao)
        return
    engine = criar_engine(_url(), esperas_para_migrar(), poolclass=NullPool)
    try:
        with engine.connect() as nova:
            _migrar(nova)
    finally:
        engine.dispose()


if context.is_offline_mode():
    rodar_offline()
else:
    rodar_online()
