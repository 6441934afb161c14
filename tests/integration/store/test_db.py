"""Engine, unidade de trabalho e trava otimista do processo."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest
from sqlalchemy import func, select, text

from farol.erros import Conflito
from farol.store.db import Banco, fila_de_escritores, normalizar_url
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


def test_sqlite_a_vez_de_escrever_se_solta_no_commit_no_rollback_e_no_erro(
    banco: Banco, motor: str
) -> None:
    """A fila dos escritores do SQLite (`FilaDeEscritores`): tomada no BEGIN IMMEDIATE, solta
    depois do COMMIT, do ROLLBACK e de uma escrita que falhou; a leitura não a toma."""
    if motor != "sqlite":
        pytest.skip("só no SQLite")
    fila = fila_de_escritores(banco.engine)
    assert fila is not None
    arquivo = fila.arquivo
    assert arquivo.name.endswith("-escritores")

    def livre() -> bool:
        import fcntl
        import os

        fd = os.open(arquivo, os.O_RDWR)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            fcntl.flock(fd, fcntl.LOCK_UN)
            return True
        except BlockingIOError:
            return False
        finally:
            os.close(fd)

    with banco.unit_of_work() as s:
        s.add(_om("DLSSEBASTIAO"))
        s.flush()
        assert not livre()
    assert livre()
    with pytest.raises(RuntimeError), banco.unit_of_work() as s:
        s.add(_om("DLSSANTOS"))
        s.flush()
        raise RuntimeError("falhou no meio")
    assert livre()
    with pytest.raises(Exception, match=r"(?i)foreign key"), banco.unit_of_work() as s:
        s.add(OM(sigla="X", nome="X", tipo="DL", uf="SP", municipio="X", superior_id=999))
    assert livre()
    with banco.unit_of_work(somente_leitura=True) as s:
        assert s.scalar(select(func.count()).select_from(OM)) == 1
        assert livre()


def test_sqlite_banco_fechado_nao_deixa_o_descritor_da_fila_aberto(
    tmp_path: Path, motor: str
) -> None:
    """Cada `Banco` do SQLite que escreveu abria o arquivo `-escritores` e o `fechar` não o
    fechava: um descritor a mais por banco aberto e fechado (os testes, os comandos)."""
    if motor != "sqlite":
        pytest.skip("só no SQLite")
    import os

    def abertos() -> int:
        return len(os.listdir("/proc/self/fd"))

    if not os.path.isdir("/proc/self/fd"):
        pytest.skip("sem /proc")

    def abrir_escrever_fechar() -> None:
        b = Banco.conectar(f"sqlite:///{tmp_path}/fila.sqlite3")
        with b.sessoes() as s:
            s.execute(text("CREATE TABLE IF NOT EXISTS t (x INTEGER)"))
            s.execute(text("INSERT INTO t VALUES (1)"))
            s.commit()
        b.fechar()

    abrir_escrever_fechar()
    antes = abertos()
    for _ in range(5):
        abrir_escrever_fechar()
    assert abertos() == antes


def test_sqlite_comandos_de_uma_vez_nao_deixam_o_descritor_da_fila_aberto(tmp_path: Path) -> None:
    """As engines de uma vez (a migração, `revisao_atual`) fechavam só o pool: o descritor do
    arquivo `-escritores` ficava aberto a cada chamada (`descartar_engine`)."""
    import os

    from farol.store.migrar import atualizar_banco, revisao_atual

    if not os.path.isdir("/proc/self/fd"):
        pytest.skip("sem /proc")
    url = f"sqlite:///{tmp_path}/uma_vez.sqlite3"
    atualizar_banco(url)
    antes = len(os.listdir("/proc/self/fd"))
    for _ in range(3):
        atualizar_banco(url)
        assert revisao_atual(url) is not None
    assert len(os.listdir("/proc/self/fd")) == antes


def test_sqlite_escritor_de_outro_processo_espera_a_vez_e_o_prazo_vira_banco_ocupado(
    banco: Banco, motor: str
) -> None:
    """Outro processo com a vez (o `flock` do arquivo `-escritores`): a escrita espera por ela
    e segue quando ele a solta; se ele não a solta no prazo, "database is locked" (o 503 de
    banco ocupado), como a trava do SQLite."""
    if motor != "sqlite":
        pytest.skip("só no SQLite")
    import fcntl
    import os

    from farol.store.db import FilaDeEscritores, avaliar_falha

    arquivo = f"{banco.engine.url.database}-escritores"
    fd = os.open(arquivo, os.O_RDWR | os.O_CREAT)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)  # o descritor próprio é como outro processo

        def soltar() -> None:
            time.sleep(0.2)
            fcntl.flock(fd, fcntl.LOCK_UN)

        fio = threading.Thread(target=soltar)
        inicio = time.monotonic()
        fio.start()
        with banco.unit_of_work() as s:
            s.add(_om("DLSSEBASTIAO"))
        fio.join()
        assert time.monotonic() - inicio >= 0.2
        fcntl.flock(fd, fcntl.LOCK_EX)
        curta = FilaDeEscritores(arquivo, 0.05)
        with pytest.raises(Exception, match="database is locked") as erro:
            curta.tomar(object())
        assert avaliar_falha(erro.value) == ("banco ocupado por outra gravação", False)
    finally:
        os.close(fd)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="sem fork")
def test_sqlite_o_filho_de_um_fork_no_meio_de_uma_escrita_escreve_quando_o_pai_solta(
    tmp_path: Path,
) -> None:
    """Uma thread do pai tem a vez (a trava da thread e o `flock`) quando outra faz `fork`: o
    filho herdava a trava da thread fechada, que ninguém nele soltaria, e toda escrita dele
    esperava o prazo e falhava ("database is locked"). Agora o filho recomeça a fila e toma a
    vez assim que o pai a solta (achado 11 da revisão do diff)."""
    from farol.store.db import FilaDeEscritores

    fila = FilaDeEscritores(tmp_path / "banco.sqlite3-escritores", 2.0)
    dono = object()
    fila.tomar(dono)
    pid = os.fork()
    if pid == 0:  # o filho: o pai solta a vez daqui a 0,2 s
        codigo = 1
        try:
            fila.tomar(object())
            codigo = 0
        finally:
            os._exit(codigo)
    time.sleep(0.2)
    fila.soltar(dono)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
