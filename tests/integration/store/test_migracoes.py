"""As migrações criam exatamente o esquema dos modelos, sobem e descem, no SQLite e no PG."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect

from farol.store.db import Banco, criar_engine
from farol.store.indices_de_busca import incluir_na_comparacao
from farol.store.migrar import (
    ARQUIVO_INI,
    atualizar_banco,
    banco_atualizado,
    configuracao_alembic,
    preparar_banco,
    rebaixar_banco,
    revisao_atual,
    revisao_mais_recente,
)
from farol.store.orm import Base


def test_migracoes_produzem_exatamente_o_esquema_dos_modelos(banco: Banco) -> None:
    with banco.engine.connect() as conexao:
        contexto = MigrationContext.configure(
            conexao,
            opts={
                "compare_type": True,
                "compare_server_default": True,
                # as tabelas FTS5 do SQLite e os índices só do PostgreSQL (migração 0023)
                "include_object": incluir_na_comparacao(conexao.dialect.name),
            },
        )
        diferencas = compare_metadata(contexto, Base.metadata)
    assert diferencas == []


def test_restricoes_check_das_migracoes_sao_as_dos_modelos(banco: Banco) -> None:
    inspetor = inspect(banco.engine)
    for tabela in Base.metadata.sorted_tables:
        no_banco = {c["name"] for c in inspetor.get_check_constraints(tabela.name)}
        nos_modelos = {
            str(c.name) for c in tabela.constraints if c.__class__.__name__ == "CheckConstraint"
        }
        assert no_banco == nos_modelos, tabela.name


def test_migracoes_sobem_descem_e_sobem_de_novo(url_banco_vazio: str) -> None:
    assert revisao_atual(url_banco_vazio) is None
    atualizar_banco(url_banco_vazio)
    assert banco_atualizado(url_banco_vazio)
    rebaixar_banco(url_banco_vazio, "base")
    assert revisao_atual(url_banco_vazio) is None
    engine = criar_engine(url_banco_vazio)
    assert set(inspect(engine).get_table_names()) <= {"alembic_version"}
    engine.dispose()
    atualizar_banco(url_banco_vazio)
    assert revisao_atual(url_banco_vazio) == revisao_mais_recente()


def test_duas_migracoes_simultaneas_esperam_uma_pela_outra(url_banco_vazio: str) -> None:
    erros: list[BaseException] = []
    largada = threading.Barrier(2)

    def migrar() -> None:
        try:
            largada.wait()
            atualizar_banco(url_banco_vazio)
        except BaseException as e:  # pragma: no cover - só em falha
            erros.append(e)

    fios = [threading.Thread(target=migrar) for _ in range(2)]
    for fio in fios:
        fio.start()
    for fio in fios:
        fio.join()
    assert erros == []
    assert banco_atualizado(url_banco_vazio)


def test_migracoes_formam_uma_linha_so_com_nomes_do_que_mudam() -> None:
    roteiro = ScriptDirectory.from_config(configuracao_alembic())
    assert len(roteiro.get_heads()) == 1
    for revisao in roteiro.walk_revisions():
        arquivo = Path(str(revisao.path)).name
        assert arquivo.startswith(f"{revisao.revision}_") and len(arquivo) > 12, arquivo


def test_alembic_ini_fica_no_pacote_ao_lado_das_migracoes() -> None:
    assert ARQUIVO_INI.parent.name == "store"
    assert (ARQUIVO_INI.parent / "migrations" / "env.py").is_file()


def test_primeira_execucao_no_sqlite_cria_o_banco(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'novo' / 'farol.sqlite3'}"
    assert preparar_banco(url) is True
    assert banco_atualizado(url)
    assert preparar_banco(url) is False


def test_postgresql_nao_e_migrado_sem_pedido(url_banco_vazio: str, motor: str) -> None:
    if motor != "postgresql":
        pytest.skip("só no PostgreSQL")
    assert preparar_banco(url_banco_vazio) is False
    assert revisao_atual(url_banco_vazio) is None
