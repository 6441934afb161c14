"""O contador de processos por OM, regime e estado (migração 0037): o banco o mantém a cada
processo aberto ou que muda de estado, o painel e a lista o somam, e `farol db resumos` o
confere. Nos dois bancos (FAROL_TEST_DATABASE_URL roda no PostgreSQL)."""

from __future__ import annotations

import datetime as dt
import threading
import time

import pytest
from semente import atores, processo_autuado
from sqlalchemy import func, select, text, update

from farol.relogio import hoje
from farol.services import consultas, painel, processos, processos_por_estado
from farol.services.processos import NovoAto
from farol.services.unit_of_work import BancoUnitOfWork
from farol.store.db import Banco
from farol.store.orm import Processo, ProcessosPorEstado

GATILHOS = {
    "sqlite": {
        "processos_por_estado_inclusao",
        "processos_por_estado_exclusao",
        "processos_por_estado_alteracao",
    },
    "postgresql": {"processos_por_estado_inclusao", "processos_por_estado_alteracao"},
}


def _contagem_direta(banco: Banco, oms: frozenset[int]) -> dict[str, int]:
    with banco.unit_of_work(somente_leitura=True) as s:
        return {
            estado: int(n)
            for estado, n in s.execute(
                select(Processo.estado, func.count())
                .where(Processo.om_id.in_(oms))
                .group_by(Processo.estado)
            )
        }


def test_os_gatilhos_estao_no_banco(banco: Banco) -> None:
    dialeto = banco.engine.dialect.name
    with banco.engine.connect() as c:
        if dialeto == "sqlite":
            nomes = {
                n for (n,) in c.exec_driver_sql("SELECT name FROM sqlite_master WHERE type='trigger'")
            }
        else:
            nomes = {
                n
                for (n,) in c.execute(
                    text(
                        "SELECT tgname FROM pg_trigger WHERE tgrelid = 'processo'::regclass"
                        " AND NOT tgisinternal"
                    )
                )
            }
    assert GATILHOS[dialeto] <= nomes


def test_painel_e_lista_somam_o_contador_igual_a_contagem_dos_processos(
    banco_demo: Banco,
) -> None:
    a = atores(banco_demo)
    for login in ("autoridade.cpsc", "dpc", "delegado.itajai"):
        ator = a[login]
        direta = _contagem_direta(banco_demo, ator.oms)
        assert direta, login
        with banco_demo.unit_of_work(somente_leitura=True) as s:
            figuras = painel.figuras.na_sessao(s, ator, hoje())
            lista = consultas.listar_processos.na_sessao(s, ator, consultas.FiltroDeProcessos())
            por_estado = {
                estado: consultas.listar_processos.na_sessao(
                    s, ator, consultas.FiltroDeProcessos(estado=estado, por_pagina=1)
                ).total
                for estado in direta
            }
        assert {x.estado: x.quantidade for x in figuras.processos.por_estado} == direta, login
        assert figuras.contagens.processos == sum(direta.values())
        assert lista.total == sum(direta.values())
        assert por_estado == direta
    assert processos_por_estado.conferir_contador(BancoUnitOfWork(banco_demo)) == []


def test_abrir_processo_e_registrar_ato_movem_o_contador_na_mesma_transacao(
    banco_demo: Banco,
) -> None:
    banco = banco_demo
    ator = atores(banco)["autoridade.cpsc"]
    antes = _contagem_direta(banco, ator.oms)
    pid, _ = processo_autuado(banco, inscricao="441077702", dias_atras=40)
    with banco.unit_of_work(somente_leitura=True) as s:
        estado_inicial = s.get(Processo, pid).estado  # type: ignore[union-attr]
        assert processos_por_estado.por_estado(s, ator.oms) == _contagem_direta(banco, ator.oms)
    assert _contagem_direta(banco, ator.oms) != antes
    # um ato que muda o estado: sai de um estado e entra noutro
    with banco.sessoes() as s:
        r = processos.registrar_ato(
            s,
            ator,
            pid,
            NovoAto(
                tipo="ciencia_auto",
                data_ato=hoje() - dt.timedelta(days=20),
                dados={"meio": "pessoal"},
            ),
        )
        s.commit()
    assert r.processo.estado != estado_inicial
    # um ato desfeito não deixa rastro no contador
    with banco.sessoes() as s:
        s.execute(update(Processo).where(Processo.id == pid).values(estado=estado_inicial))
        s.rollback()
    with banco.unit_of_work(somente_leitura=True) as s:
        assert processos_por_estado.por_estado(s, ator.oms) == _contagem_direta(banco, ator.oms)
    assert processos_por_estado.conferir_contador(BancoUnitOfWork(banco)) == []


def test_conferir_acusa_e_refazer_corrige(banco_demo: Banco) -> None:
    uow = BancoUnitOfWork(banco_demo)
    with banco_demo.sessoes() as s:
        linha = s.execute(select(ProcessosPorEstado).limit(1)).scalar_one()
        chave = f"{linha.om_id}/{linha.regime}/{linha.estado}"
        certo = linha.quantidade
        linha.quantidade = certo + 3
        s.commit()
    assert processos_por_estado.conferir_contador(uow) == [(chave, certo + 3, certo)]
    assert processos_por_estado.refazer_contador(uow) > 0
    assert processos_por_estado.conferir_contador(uow) == []


def test_no_postgresql_estados_trocados_ao_mesmo_tempo_nao_se_travam(banco_demo: Banco) -> None:
    """Duas transações que trocam processos em sentidos opostos (A→B e B→A) na mesma OM: a
    segunda espera a primeira nas linhas do contador (travadas na ordem da chave), e as duas
    terminam com o contador certo."""
    banco = banco_demo
    if banco.engine.dialect.name != "postgresql":
        pytest.skip("trava de linha: só no PostgreSQL")
    p1, _ = processo_autuado(banco, inscricao="441077703", dias_atras=40)
    p2, _ = processo_autuado(banco, inscricao="441077704", dias_atras=40)
    with banco.sessoes() as s:
        s.execute(update(Processo).where(Processo.id == p2).values(estado="x_teste_b"))
        s.commit()
    with banco.unit_of_work(somente_leitura=True) as s:
        estado_a = s.get(Processo, p1).estado  # type: ignore[union-attr]
    primeira_fez = threading.Event()
    erros: list[BaseException] = []

    def trocar(pid: int, para: str, primeira: bool) -> None:
        try:
            with banco.sessoes() as s:
                s.execute(text("SET LOCAL lock_timeout = '5s'"))
                if not primeira:
                    primeira_fez.wait(5)  # a primeira já segura as duas linhas do contador
                s.execute(update(Processo).where(Processo.id == pid).values(estado=para))
                if primeira:
                    primeira_fez.set()
                    time.sleep(0.3)  # a outra chega às linhas do contador antes deste commit
                s.commit()
        except BaseException as e:
            erros.append(e)

    t1 = threading.Thread(target=trocar, args=(p1, "x_teste_b", True))
    t2 = threading.Thread(target=trocar, args=(p2, estado_a, False))
    t1.start()
    t2.start()
    t1.join(20)
    t2.join(20)
    assert erros == []
    assert processos_por_estado.conferir_contador(BancoUnitOfWork(banco)) == []
