"""Backups em que o operador pode confiar (issue 14, ponto 9): `farol backup` e `farol restore`.

- SQLite: o backup sai da API de backup online e não perde ato confirmado, mesmo com escritas
  acontecendo durante a cópia (uma cópia do arquivo perdia o que estava no WAL).
- Nos dois bancos: restaurar um backup anterior à última âncora é recusado, com a mensagem e
  sem tocar o banco; com `--aceitar-estado-anterior` é aceito, avisa o que se perdeu e sobe os
  contadores, de modo que nenhum número já entregue é emitido de novo; um backup adulterado é
  recusado mesmo com a opção.
"""

from __future__ import annotations

import datetime as dt
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select, text

from farol.relogio import hoje
from farol.services import auditoria, documentos, inspecoes, processos
from farol.services.comandos import NovoAto
from farol.services.copias import fazer_backup
from farol.services.jurisdicao import Ator, ator_do_usuario
from farol.services.unit_of_work import BancoUnitOfWork
from farol.services.usuarios import criar_om, criar_usuario
from farol.store.auditoria import verificar_cadeias
from farol.store.db import Banco
from farol.store.orm import Ato, Numeracao, Processo

FAROL = [sys.executable, "-m", "farol"]
URL_PUBLICA = "https://farol.exemplo.mil.br"


def _atores(banco: Banco) -> tuple[Ator, Ator]:
    with banco.unit_of_work() as s:
        om = criar_om(s, sigla="CPSC", nome="Capitania dos Portos de Santa Catarina", tipo="CP",
                      uf="SC", municipio="Florianópolis")  # fmt: skip
        insp = criar_usuario(s, login="insp", nome="Inspetor", senha="x", papel="inspetor", om=om)
        aut = criar_usuario(s, login="aut", nome="Autoridade", senha="x",
                            papel="autoridade_competente", om=om)  # fmt: skip
        return ator_do_usuario(s, insp), ator_do_usuario(s, aut)


def _novo_processo(banco: Banco, inspetor: Ator, n: int) -> int:
    cmd = inspecoes.NovaInspecao.model_validate({
        "embarcacao": {"inscricao": f"44109{n:05d}", "nome": f"Gaivota {n}"},
        "proprietario": {"documento": "529.982.247-25", "nome": "José da Silva"},
        "data_hora": (dt.datetime.now(dt.UTC) - dt.timedelta(hours=1)).isoformat(),
        "local": "Baía Norte", "situacao": "parada", "condutor_habilitado_presente": True,
        "constatacoes": [{"infracao": "RLESTA.16.II", "embarcacao_inscrita": True}],
    })  # fmt: skip
    with banco.unit_of_work() as s:
        return inspecoes.registrar_inspecao(s, inspetor, cmd).processos[0].id


def _esclarecimento(banco: Banco, ator: Ator, pid: int, texto: str) -> int:
    with banco.unit_of_work() as s:
        cmd = NovoAto(tipo="esclarecimentos_prestados", data_ato=hoje(), dados={"texto": texto})
        return int(processos.registrar_ato(s, ator, pid, cmd).ato.id)


def test_backup_do_sqlite_sob_escrita_concorrente_nao_perde_ato_confirmado(
    banco: Banco, url_banco: str, motor: str, tmp_path: Path
) -> None:
    if motor != "sqlite":
        pytest.skip("a API de backup online é a do SQLite; o PostgreSQL usa pg_dump")
    inspetor, _ = _atores(banco)
    pids = [_novo_processo(banco, inspetor, n) for n in range(3)]
    confirmados: list[int] = []
    trava, parar, erros = threading.Lock(), threading.Event(), []

    def escrever(pid: int) -> None:
        i = 0
        try:
            while not parar.is_set():
                ato_id = _esclarecimento(banco, inspetor, pid, f"esclarecimento {pid}.{i}")
                with trava:
                    confirmados.append(ato_id)  # o commit voltou: o ato está confirmado
                i += 1
        except BaseException as e:  # pragma: no cover - só em falha
            erros.append(e)

    escritores = [threading.Thread(target=escrever, args=(pid,)) for pid in pids]
    for t in escritores:
        t.start()
    backups: list[tuple[Path, set[int]]] = []
    try:
        for n in range(5):
            time.sleep(0.3)
            with trava:
                antes = set(confirmados)
            arquivo = tmp_path / f"backup-{n}.sqlite3"
            fazer_backup(url_banco, arquivo)
            backups.append((arquivo, antes))
    finally:
        parar.set()
        for t in escritores:
            t.join()
    assert erros == []
    assert len(confirmados) > 20, "as escritas precisam correr durante os backups"
    for arquivo, antes in backups:
        assert antes, "cada backup começa com atos já confirmados"
        with sqlite3.connect(arquivo) as c:  # um arquivo só, íntegro, sem -wal ao lado
            assert c.execute("PRAGMA journal_mode").fetchone() == ("delete",)
            assert c.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        copia = Banco.conectar(f"sqlite:///{arquivo}")
        try:
            with copia.unit_of_work(somente_leitura=True) as s:
                gravados = set(s.execute(select(Ato.id)).scalars())
                assert antes - gravados == set(), f"{arquivo.name} perdeu atos confirmados"
                assert verificar_cadeias(s) == []
        finally:
            copia.fechar()


# --- restauração contra a âncora --------------------------------------------------------------


def _farol(*argumentos: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*FAROL, *argumentos], capture_output=True, text=True, timeout=300,
                          cwd=cwd)  # fmt: skip


def _situacao(url: str) -> dict[str, Any]:
    banco = Banco.conectar(url)
    try:
        with banco.unit_of_work(somente_leitura=True) as s:
            return {
                "processos": sorted(s.execute(select(Processo.numero)).scalars()),
                "atos": s.execute(text("SELECT count(*) FROM ato")).scalar_one(),
                "contador": s.execute(
                    select(Numeracao.ultimo).where(Numeracao.tipo == "processo")
                ).scalar_one(),
            }
    finally:
        banco.fechar()


@pytest.fixture
def historia(banco: Banco, url_banco: str, tmp_path: Path) -> dict[str, Any]:
    """Um processo, o backup, e depois dele: outro processo, um ato, um documento e a âncora."""
    inspetor, autoridade = _atores(banco)
    p1 = _novo_processo(banco, inspetor, 1)
    _esclarecimento(banco, inspetor, p1, "antes do backup")
    backup = tmp_path / "antigo.backup"
    fazer_backup(url_banco, backup)
    p2 = _novo_processo(banco, inspetor, 2)
    _esclarecimento(banco, inspetor, p1, "depois do backup")
    with banco.unit_of_work() as s:
        doc = documentos.emitir(s, inspetor, p2, "notificacao_comparecimento", URL_PUBLICA)
    chave, pasta = tmp_path / "chave", tmp_path / "ancoras"
    auditoria.gerar_chave(chave)
    auditoria.ancorar(BancoUnitOfWork(banco), pasta, chave)
    banco.fechar()  # a restauração troca o banco: ninguém conectado (como o `farol serve` parado)
    return {"backup": backup, "pasta": pasta, "chave": chave, "codigo": doc.codigo,
            "autoridade": autoridade, "inspetor": inspetor}  # fmt: skip


def test_restaurar_backup_anterior_a_ancora_e_recusado_e_o_banco_fica_intacto(
    historia: dict[str, Any], url_banco: str, tmp_path: Path
) -> None:
    antes = _situacao(url_banco)
    # a pasta digitada errada (ou a mídia não montada) não desliga a proteção em silêncio
    errada = str(historia["pasta"]) + "-digitada-errada"
    for comando in (["restore", str(historia["backup"])], ["auditoria", "verificar"]):
        r = _farol(*comando, "--database-url", url_banco, "--pasta", errada, "--chave",
                   str(historia["chave"]), cwd=tmp_path)  # fmt: skip
        assert r.returncode == 2, r.stdout + r.stderr
        assert r.stderr.startswith("erro: pasta: a pasta de âncoras") and "não existe" in r.stderr
        assert _situacao(url_banco) == antes
    r = _farol("restore", str(historia["backup"]), "--database-url", url_banco,
               "--pasta", str(historia["pasta"]), "--chave", str(historia["chave"]), cwd=tmp_path)  # fmt: skip
    assert r.returncode == 1, r.stdout + r.stderr
    assert "restauração recusada" in r.stdout and "é ANTERIOR à última âncora" in r.stdout
    assert "números já entregues seriam emitidos de novo" in r.stdout
    assert "DIFERENÇA [numeracao_voltou]: numeração de processo da CPSC" in r.stdout
    assert "DIFERENÇA [processo_apagado]" in r.stdout
    assert f"DIFERENÇA [documento_apagado]: documento {historia['codigo']}" in r.stdout
    assert _situacao(url_banco) == antes
    v = _farol("auditoria", "verificar", "--database-url", url_banco, "--pasta",
               str(historia["pasta"]), "--chave", str(historia["chave"]), cwd=tmp_path)  # fmt: skip
    assert v.returncode == 0, v.stdout + v.stderr


def test_restaurar_estado_anterior_com_a_opcao_explicita_avisa_e_nao_repete_numeros(
    historia: dict[str, Any], url_banco: str, tmp_path: Path
) -> None:
    r = _farol("restore", str(historia["backup"]), "--database-url", url_banco,
               "--pasta", str(historia["pasta"]), "--chave", str(historia["chave"]),
               "--aceitar-estado-anterior", cwd=tmp_path)  # fmt: skip
    assert r.returncode == 0, r.stdout + r.stderr
    # o processo 2, o 3º ato do processo 1, o documento e os contadores de processo e de
    # notificação: tudo o que a âncora tem e o backup não
    assert "AVISO: estado anterior à âncora aceito (5 diferença(s))" in r.stdout
    assert f"DIFERENÇA [documento_apagado]: documento {historia['codigo']} ausente" in r.stdout
    assert (
        f"AVISO: numeração de processo da CPSC em {dt.date.today().year}: de 1 para 2 (o(s) "
        "número(s) 2 foram entregues e não se repetem)"
    ) in r.stdout
    assert "âncora nova com as diferenças aceitas" in r.stdout
    depois = _situacao(url_banco)
    assert len(depois["processos"]) == 1 and depois["contador"] == 2
    # o próximo processo recebe o número 3: o 2, entregue depois do backup, não se repete
    banco = Banco.conectar(url_banco)
    try:
        pid = _novo_processo(banco, historia["inspetor"], 3)
        with banco.unit_of_work(somente_leitura=True) as s:
            assert s.get_one(Processo, pid).numero.endswith("/000003")
    finally:
        banco.fechar()
    v = _farol("auditoria", "verificar", "--database-url", url_banco, "--pasta",
               str(historia["pasta"]), "--chave", str(historia["chave"]), cwd=tmp_path)  # fmt: skip
    assert v.returncode == 0, v.stdout + v.stderr  # a âncora nova registrou o que foi aceito


def test_backup_adulterado_e_recusado_mesmo_com_a_opcao(
    banco: Banco, url_banco: str, tmp_path: Path
) -> None:
    inspetor, _ = _atores(banco)
    pid = _novo_processo(banco, inspetor, 1)
    _esclarecimento(banco, inspetor, pid, "texto original")
    with banco.engine.begin() as c:  # por fora do Farol, no banco e, portanto, no backup
        if c.dialect.name == "postgresql":
            c.exec_driver_sql("SET LOCAL session_replication_role = replica")
        c.exec_driver_sql("UPDATE ato SET data_ato = '2000-01-01' WHERE seq = 1")
    fazer_backup(url_banco, tmp_path / "adulterado.backup")
    banco.fechar()
    antes = _situacao(url_banco)
    r = _farol("restore", str(tmp_path / "adulterado.backup"), "--database-url", url_banco,
               "--aceitar-estado-anterior", cwd=tmp_path)  # fmt: skip
    assert r.returncode == 1, r.stdout + r.stderr
    assert "QUEBRA: processo" in r.stdout and "sinal(is) de adulteração" in r.stdout
    assert "aviso: sem âncora" in r.stdout
    assert _situacao(url_banco) == antes


def test_backup_recente_restaura_sem_aviso(banco: Banco, url_banco: str, tmp_path: Path) -> None:
    inspetor, _ = _atores(banco)
    pid = _novo_processo(banco, inspetor, 1)
    _esclarecimento(banco, inspetor, pid, "único")
    chave, pasta = tmp_path / "chave", tmp_path / "ancoras"
    auditoria.gerar_chave(chave)
    auditoria.ancorar(BancoUnitOfWork(banco), pasta, chave)
    b = _farol("backup", str(tmp_path / "hoje.backup"), "--database-url", url_banco, cwd=tmp_path)
    assert b.returncode == 0 and "backup gravado" in b.stdout, b.stderr
    # CPFs, hashes de senha e sessões: só o dono lê o arquivo (era -rw-r--r--)
    assert (tmp_path / "hoje.backup").stat().st_mode & 0o077 == 0
    antes = _situacao(url_banco)
    banco.fechar()
    r = _farol("restore", str(tmp_path / "hoje.backup"), "--database-url", url_banco,
               "--pasta", str(pasta), "--chave", str(chave), cwd=tmp_path)  # fmt: skip
    assert r.returncode == 0, r.stdout + r.stderr
    assert "AVISO" not in r.stdout and "restaurado" in r.stdout
    assert _situacao(url_banco) == antes


def test_backup_nao_substitui_arquivo_existente_sem_a_opcao_nem_o_proprio_banco(
    banco: Banco, url_banco: str, tmp_path: Path
) -> None:
    """O backup de ontem, com o nome digitado de novo, não se perde: recusa sem --substituir
    (o arquivo fica byte a byte); com ela, substitui. O próprio banco SQLite em uso, nunca."""
    from farol.store.db import arquivo_sqlite

    inspetor, _ = _atores(banco)
    _novo_processo(banco, inspetor, 1)
    ontem = tmp_path / "ontem.backup"
    assert _farol("backup", str(ontem), "--database-url", url_banco, cwd=tmp_path).returncode == 0
    guardado = ontem.read_bytes()
    r = _farol("backup", str(ontem), "--database-url", url_banco, cwd=tmp_path)
    assert r.returncode == 2, r.stdout + r.stderr
    assert "erro: arquivo:" in r.stderr and "já existe" in r.stderr and "--substituir" in r.stderr
    assert ontem.read_bytes() == guardado
    r = _farol("backup", str(ontem), "--substituir", "--database-url", url_banco, cwd=tmp_path)
    assert r.returncode == 0 and "backup gravado" in r.stdout, r.stderr
    origem = arquivo_sqlite(url_banco)
    if origem is not None:
        for alvo in (origem, f"{origem}-wal", f"{origem}-shm"):  # o banco e o diário dele
            r = _farol("backup", alvo, "--substituir", "--database-url", url_banco, cwd=tmp_path)
            assert r.returncode == 2 and "é o próprio banco em uso" in r.stderr, r.stderr
        assert _situacao(url_banco)["processos"]  # o banco segue inteiro


def test_restaurar_no_esquema_public_do_postgresql(tmp_path: Path) -> None:
    """No esquema `public` (o do passo a passo de docs/banco.md) a extensão pg_trgm mora no
    próprio esquema do Farol: o `ALTER SCHEMA ... RENAME` da restauração a levava junto, e o
    `pg_restore` falhava em todo backup ("operator class public.gin_trgm_ops does not
    exist"). Os testes usam um esquema por módulo e não viam. Restaura duas vezes e confere os
    processos e a busca por trecho (o índice de trigramas)."""
    import os

    from sqlalchemy import create_engine
    from sqlalchemy.engine import make_url

    base = os.environ.get("FAROL_TEST_DATABASE_URL")
    if not base or make_url(base).get_backend_name() != "postgresql":
        pytest.skip("o esquema public e a pg_trgm são do PostgreSQL")
    nome = f"farol_publico_{os.getpid()}"
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.exec_driver_sql(f'DROP DATABASE IF EXISTS "{nome}"')
        c.exec_driver_sql(f'CREATE DATABASE "{nome}"')
    url = make_url(base).set(database=nome).render_as_string(hide_password=False)
    try:
        for passo in (["db", "upgrade"], ["demo"]):
            r = _farol(*passo, "--database-url", url, cwd=tmp_path)
            assert r.returncode == 0, r.stdout + r.stderr
        b = _farol("backup", str(tmp_path / "publico.dump"), "--database-url", url, cwd=tmp_path)
        assert b.returncode == 0 and "esquema public" in b.stdout, b.stdout + b.stderr
        motor = create_engine(url)

        def contagens() -> tuple[int, int]:
            with motor.connect() as c:
                return (
                    c.exec_driver_sql("SELECT count(*) FROM processo").scalar_one(),
                    c.exec_driver_sql("SELECT count(*) FROM ato").scalar_one(),
                )

        try:
            antes = contagens()
            assert antes[0] > 0
            for _ in range(2):  # a segunda, sobre o banco já restaurado
                motor.dispose()
                r = _farol("restore", str(tmp_path / "publico.dump"), "--database-url", url,
                           cwd=tmp_path)  # fmt: skip
                assert r.returncode == 0, r.stdout + r.stderr
                assert contagens() == antes
            with motor.connect() as c:
                assert (
                    c.exec_driver_sql(
                        "SELECT n.nspname FROM pg_extension e JOIN pg_namespace n "
                        "ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'"
                    ).scalar_one()
                    == "public"
                )
                assert (
                    c.exec_driver_sql(
                        "SELECT count(*) FROM embarcacao WHERE inscricao ILIKE '%%44%%'"
                    ).scalar_one()
                    > 0
                )
        finally:
            motor.dispose()
    finally:
        with admin.connect() as c:
            c.exec_driver_sql(f'DROP DATABASE IF EXISTS "{nome}" WITH (FORCE)')
        admin.dispose()
