"""O agregado mensal das estatísticas (issue 13, item 2): as estatísticas de um período leem os
meses inteiros do agregado e contam as pontas nas tabelas, e dão exatamente o que daria contar
tudo nas tabelas, para períodos de meses inteiros, de pontas quebradas e dentro de um mês só.
O agregado se soma na transação que grava a constatação, a medida ou o pagamento."""

from __future__ import annotations

import datetime as dt
from collections import Counter
from decimal import Decimal

import pytest
from apoio import comandos_sql, hash_rapido
from semente import atores, inspecao_com_apreensao
from sqlalchemy import select, update

from farol.relogio import hoje
from farol.services import demo, estatistica_mensal, estatisticas, usuarios
from farol.services.estatistica_mensal import Agregado
from farol.services.unit_of_work import BancoUnitOfWork
from farol.store.db import Banco
from farol.store.orm import EstatisticaMensal, Pagamento, Processo


@pytest.fixture
def demo_carregada(banco: Banco, monkeypatch: pytest.MonkeyPatch) -> Banco:
    monkeypatch.setattr(usuarios, "hash_senha", hash_rapido)
    demo.carregar_demo(banco, hoje(), log=lambda _: None)
    return banco


def _somas(agregados: list[Agregado]) -> Counter[tuple[str, int, str, str]]:
    c: Counter[tuple[str, int, str, str]] = Counter()
    for a in agregados:
        c[(a.indicador, a.om_id, a.mes, a.chave)] += a.quantidade
        if a.valor is not None:  # a soma dos pagamentos, em centavos
            c[(a.indicador, a.om_id, a.mes, "R$")] += int(a.valor * 100)
    return c


def _nas_tabelas(banco: Banco, oms: frozenset[int], de: dt.date, ate: dt.date) -> Counter:
    """Tudo contado nas tabelas, mês a mês, sem o agregado."""
    saida: list[Agregado] = []
    with banco.unit_of_work(somente_leitura=True) as s:
        inicio = de
        while inicio <= ate:
            proximo = (inicio.replace(day=28) + dt.timedelta(days=4)).replace(day=1)
            fim = min(proximo - dt.timedelta(days=1), ate)
            saida += estatistica_mensal.do_intervalo(s, oms, inicio, fim)
            inicio = fim + dt.timedelta(days=1)
    return _somas(saida)


def _periodos() -> list[tuple[dt.date, dt.date]]:
    h = hoje()
    inicio_do_mes = h.replace(day=1)
    mes_passado = (inicio_do_mes - dt.timedelta(days=1)).replace(day=1)
    return [
        estatisticas.periodo_padrao(h),  # 11 meses inteiros e o atual até hoje
        (h - dt.timedelta(days=200), h),  # as duas pontas quebradas
        (mes_passado.replace(month=1) if mes_passado.month > 1 else mes_passado, mes_passado),
        (mes_passado + dt.timedelta(days=3), mes_passado + dt.timedelta(days=9)),  # um mês só
        (dt.date(2020, 1, 1), h),
    ]


def test_periodos_pelo_agregado_dao_o_que_as_tabelas_dao(demo_carregada: Banco) -> None:
    banco = demo_carregada
    inspecao_com_apreensao(banco, inscricao="4419900779", dias_atras=40)  # medidas num mês atrás
    a = atores(banco)
    with banco.unit_of_work(somente_leitura=True) as s:
        assert estatistica_mensal.conferir(s) == []
        for login in ("dpc", "autoridade.cpsc"):
            oms = a[login].oms
            for de, ate in _periodos():
                pelo_agregado = _somas(estatistica_mensal.agregados(s, oms, de, ate))
                assert pelo_agregado == _nas_tabelas(banco, oms, de, ate), (login, de, ate)
    # a demonstração tem de tudo: infrações, medidas e pagamentos
    tudo = _nas_tabelas(banco, a["dpc"].oms, dt.date(2020, 1, 1), hoje())
    assert {k[0] for k in tudo} == {"infracoes", "medidas", "pagamentos"}


def test_a_inspecao_regrava_o_seu_mes_na_mesma_transacao(demo_carregada: Banco) -> None:
    banco = demo_carregada
    a = atores(banco)
    de, ate = estatisticas.periodo_padrao(hoje())
    antes = estatisticas.calcular(BancoUnitOfWork(banco), a["autoridade.cpsc"], de, ate)
    inspecao_com_apreensao(banco, inscricao="4419900780", dias_atras=60)
    depois = estatisticas.calcular(BancoUnitOfWork(banco), a["autoridade.cpsc"], de, ate)
    # condutor sem habilitação e sem coletes: duas infrações constatadas
    assert depois["total_infracoes"] == antes["total_infracoes"] + 2
    assert sum(x["valor"] for x in depois["medidas"]) > sum(x["valor"] for x in antes["medidas"])
    with banco.unit_of_work(somente_leitura=True) as s:
        assert estatistica_mensal.conferir(s) == []


def test_celula_forjada_aparece_na_conferencia(demo_carregada: Banco) -> None:
    banco = demo_carregada
    with banco.engine.begin() as c:  # fora do ORM: ninguém regrava
        c.execute(
            update(EstatisticaMensal)
            .where(EstatisticaMensal.indicador == estatistica_mensal.PAGAMENTOS)
            .values(valor=Decimal("0.01"))
        )
    with banco.unit_of_work(somente_leitura=True) as s:
        diferencas = estatistica_mensal.conferir(s)
    assert diferencas and all(k.startswith("pagamentos ") for k, _, _ in diferencas)
    with banco.unit_of_work() as s:
        estatistica_mensal.refazer_todos(s)
    with banco.unit_of_work(somente_leitura=True) as s:
        assert estatistica_mensal.conferir(s) == []


def test_o_pagamento_soma_a_celula_sem_recontar_o_mes(demo_carregada: Banco) -> None:
    """Um pagamento soma 1 e o valor à célula da OM e do mês num upsert, sem contar de novo o
    que o mês já tem (o custo do ato não cresce com a OM); um rollback não soma nada."""
    banco = demo_carregada
    with banco.unit_of_work(somente_leitura=True) as s:
        processo = s.execute(select(Processo).limit(1)).scalar_one()
        om_id, mes = processo.om_id, estatistica_mensal.mes_de(hoje())

    def celula() -> tuple[int, Decimal]:
        with banco.unit_of_work(somente_leitura=True) as s:
            r = s.execute(
                select(EstatisticaMensal.quantidade, EstatisticaMensal.valor).where(
                    EstatisticaMensal.om_id == om_id,
                    EstatisticaMensal.mes == mes,
                    EstatisticaMensal.indicador == estatistica_mensal.PAGAMENTOS,
                )
            ).one_or_none()
        return (0, Decimal("0.00")) if r is None else (r.quantidade, r.valor)

    antes = celula()
    with comandos_sql(banco.engine) as lista, banco.unit_of_work() as s:
        s.add(Pagamento(processo_id=processo.id, valor=Decimal("12.34"), data=hoje(),
                        referencia="teste da soma"))  # fmt: skip
    comandos = [c.lower() for c in lista]
    no_agregado = [c for c in comandos if "estatistica_mensal" in c]
    assert len(no_agregado) == 1 and "on conflict" in no_agregado[0], no_agregado
    # a conta antiga: as infrações, as medidas e os pagamentos do mês agregados de novo
    recontagens = [
        c
        for c in comandos
        if "group by" in c
        and any(
            t in c for t in ("from constatacao", "from medida_administrativa", "pagamento.data")
        )
    ]
    assert recontagens == []
    assert celula() == (antes[0] + 1, antes[1] + Decimal("12.34"))

    with pytest.raises(RuntimeError), banco.unit_of_work() as s:
        s.add(Pagamento(processo_id=processo.id, valor=Decimal("5.00"), data=hoje(),
                        referencia="desfeito"))  # fmt: skip
        s.flush()
        raise RuntimeError("desfaz")
    assert celula() == (antes[0] + 1, antes[1] + Decimal("12.34"))
    with banco.unit_of_work(somente_leitura=True) as s:
        assert estatistica_mensal.conferir(s) == []
