"""Engine, unidade de trabalho e trava otimista do processo."""

from __future__ import annotations

import threading
import time

import pytest
from sqlalchemy import func, select, text

from farol.erros import Conflito
from farol.store.db import Banco, normalizar_url
from farol.store.orm import OM, Processo

from .conftest import NovoProcesso


def _om(sigla: str) -> OM:
    return OM(sigla=sigla, nome=f"OM {sigla}", tipo="DL", uf="SP", municipio="São Sebastião")


def test_url_postgresql_sem_driver_usa_psycopg() -> None:
    assert normalizar_url("postgresql://u@h/b").drivername == "postgresql+psycopg"
    assert normalizar_url("postgres://u@h/b").drivername == "postgresql+psycopg"
    assert normalizar_url("sqlite:///x.sqlite3").drivername == "sqlite"


def test_sqlite_liga_chaves_estrangeiras_wal_e_espera_pela_trava(banco: Banco, motor: str) -> None:
    if motor != "sqlite":
        pytest.skip("só no SQLite")
    with banco.engine.connect() as c:
        assert c.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
        assert c.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert c.exec_driver_sql("PRAGMA busy_timeout").scalar() >= 5000


def test_chave_estrangeira_invalida_e_recusada(banco: Banco) -> None:
    with pytest.raises(Exception, match=r"(?i)foreign key"), banco.unit_of_work() as s:
        s.add(OM(sigla="X", nome="X", tipo="DL", uf="SP", municipio="X", superior_id=999))


def test_unit_of_work_confirma_no_sucesso(banco: Banco) -> None:
    with banco.unit_of_work() as s:
        s.add(_om("DLSSEBASTIAO"))
    with banco.unit_of_work(somente_leitura=True) as s:
        assert s.scalar(select(func.count()).select_from(OM)) == 1


def test_unit_of_work_desfaz_tudo_no_erro(banco: Banco) -> None:
    with pytest.raises(RuntimeError), banco.unit_of_work() as s:
        s.add(_om("DLSSEBASTIAO"))
        s.flush()
        raise RuntimeError("falhou no meio")
    with banco.unit_of_work(somente_leitura=True) as s:
        assert s.scalar(select(func.count()).select_from(OM)) == 0


def test_versao_do_processo_recusa_gravacao_de_quem_leu_antes(
    banco: Banco, novo_processo: NovoProcesso
) -> None:
    processo_id = novo_processo().id
    conflito = pytest.raises(Conflito, match="alterado por outra pessoa")
    with conflito as erro, banco.unit_of_work() as primeira:
        p1 = primeira.get_one(Processo, processo_id)
        assert p1.versao == 1
        primeira.commit()  # o processo foi mostrado ao usuário; a transação acabou
        with banco.unit_of_work() as segunda:
            segunda.get_one(Processo, processo_id).estado = "defesa"
        p1.estado = "revelia"
    assert erro.value.campo == "versao"
    with banco.unit_of_work(somente_leitura=True) as s:
        p = s.get_one(Processo, processo_id)
        assert (p.estado, p.versao) == ("defesa", 2)


def test_escritores_simultaneos_esperam_a_vez_em_vez_de_falhar(banco: Banco) -> None:
    """No SQLite, graças ao BEGIN IMMEDIATE; no PostgreSQL, naturalmente."""
    erros: list[BaseException] = []
    largada = threading.Barrier(8)

    def escrever(i: int) -> None:
        try:
            largada.wait()
            with banco.unit_of_work() as s:
                s.scalar(select(func.count()).select_from(OM))
                time.sleep(0.01)
                s.add(_om(f"OM{i}"))
        except BaseException as e:  # pragma: no cover - só em falha
            erros.append(e)

    fios = [threading.Thread(target=escrever, args=(i,)) for i in range(8)]
    for f in fios:
        f.start()
    for f in fios:
        f.join()
    assert erros == []
    with banco.unit_of_work(somente_leitura=True) as s:
        assert s.scalar(select(func.count()).select_from(OM)) == 8


def test_leitura_nao_espera_escritor_no_sqlite(banco: Banco, motor: str) -> None:
    if motor != "sqlite":
        pytest.skip("só no SQLite")
    with banco.unit_of_work() as escrita:
        escrita.add(_om("DLSSEBASTIAO"))
        escrita.flush()
        inicio = time.monotonic()
        with banco.unit_of_work(somente_leitura=True) as leitura:
            assert leitura.scalar(select(func.count()).select_from(OM)) == 0
        assert time.monotonic() - inicio < 1
    with banco.unit_of_work(somente_leitura=True) as leitura:
        assert leitura.execute(text("SELECT count(*) FROM om")).scalar() == 1
