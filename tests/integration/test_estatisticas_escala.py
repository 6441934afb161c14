"""Estatísticas em escala: o número de comandos SQL não cresce com o número de processos da
jurisdição (issue 13), as figuras são as mesmas do cálculo antigo (processo a processo), as
medidas administrativas aplicadas nas inspeções aparecem, e a API e a página mostram as mesmas
figuras."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from apoio import comandos_com_parametros, comandos_sql, csrf_de, hash_rapido
from fastapi.testclient import TestClient
from semente import atores, inspecao_com_apreensao
from sqlalchemy import select

from farol.app import criar_app
from farol.config import Configuracao
from farol.erros import Conflito
from farol.relogio import hoje
from farol.services import demo, estatisticas, usuarios
from farol.services.jurisdicao import Ator
from farol.store import repositorio
from farol.store.db import Banco
from farol.store.orm import Ato, Processo

API = "/api/v1"
SEGREDO = "segredo-dos-testes-estatisticas-" + "x" * 24
N = 6


def mais_processos(banco: Banco, k: int, primeiro: int = 100) -> None:
    """`k` processos a mais, pelos cenários da demonstração (inspeção e atos pelos serviços),
    com inícios espalhados pelos últimos meses (um feriado que encurte um prazo do cenário
    empurra o início uma semana para trás)."""
    for i in range(k):
        n = primeiro + i
        esperado, infracao, passos = demo.CENARIOS[n % len(demo.CENARIOS)]
        ultimo = passos[-1].dia if passos else 0
        for semanas in range(6):
            inicio = hoje() - dt.timedelta(days=ultimo + 1 + (n * 17) % 150 + 7 * semanas)
            try:
                demo._cenario(banco, n, esperado, infracao, passos, inicio)
                break
            except Conflito:
                continue
        else:
            raise AssertionError(f"cenário {n} não coube no calendário")


def calcular(banco: Banco, ator: Ator) -> tuple[dict[str, Any], int]:
    with comandos_sql(banco.engine) as comandos, banco.unit_of_work(somente_leitura=True) as s:
        e = estatisticas.calcular.na_sessao(s, ator, *estatisticas.periodo_padrao(hoje()))
    return e, len(comandos)


def multas_impostas_antigas(banco: Banco, ator: Ator, de: dt.date, ate: dt.date) -> Any:
    """O oráculo: o cálculo de antes da issue 13, processo a processo (penalidades em vigor
    pelo repositório e a data do ato que as fixou)."""
    zero = Decimal("0.00")
    por_mes: dict[str, Decimal] = {}
    por_om: dict[int, Decimal] = {}
    qtd = 0
    with banco.unit_of_work(somente_leitura=True) as s:
        for p in s.execute(select(Processo).where(Processo.om_id.in_(ator.oms))).scalars():
            vigentes = [x for x in repositorio.vigentes(s, p) if x.multa]
            if not vigentes:
                continue
            data = s.execute(select(Ato.data_ato).where(Ato.id == vigentes[0].ato_id)).scalar_one()
            if not de <= data <= ate:
                continue
            valor = sum((x.multa or zero for x in vigentes), zero)
            qtd += 1
            por_mes[f"{data:%Y-%m}"] = por_mes.get(f"{data:%Y-%m}", zero) + valor
            por_om[p.om_id] = por_om.get(p.om_id, zero) + valor
    return qtd, {k: v for k, v in por_mes.items() if v}, sorted(por_om.values())


def _impostas(e: dict[str, Any]) -> Any:
    m = e["multas"]
    return (
        m["quantidade_impostas"],
        {x["chave"]: Decimal(x["impostas"]) for x in m["por_mes"] if Decimal(x["impostas"])},
        sorted(Decimal(x["impostas"]) for x in m["por_om"] if Decimal(x["impostas"])),
    )


@pytest.fixture
def demo_carregada(banco: Banco, monkeypatch: pytest.MonkeyPatch) -> Banco:
    monkeypatch.setattr(usuarios, "hash_senha", hash_rapido)
    demo.carregar_demo(banco, hoje(), log=lambda _: None)
    return banco


def test_comandos_sql_nao_crescem_com_os_processos(demo_carregada: Banco) -> None:
    banco = demo_carregada
    a = atores(banco)
    mais_processos(banco, N)
    antes = {login: calcular(banco, a[login]) for login in ("dpc", "autoridade.cpsc")}
    mais_processos(banco, 4 * N, primeiro=100 + N)  # 5N a mais que a demonstração
    for login, (e_antes, comandos_antes) in antes.items():
        e, comandos = calcular(banco, a[login])
        assert comandos == comandos_antes, (login, comandos_antes, comandos)
        assert comandos <= 10, comandos
        # as figuras cresceram (os processos novos contam) e batem com o cálculo antigo
        assert e["total_infracoes"] == e_antes["total_infracoes"] + 4 * N
        de, ate = estatisticas.periodo_padrao(hoje())
        assert _impostas(e) == multas_impostas_antigas(banco, a[login], de, ate)
        assert e["multas"]["quantidade_impostas"] > e_antes["multas"]["quantidade_impostas"]


def test_medidas_aplicadas_na_inspecao_contam(demo_carregada: Banco) -> None:
    banco = demo_carregada
    a = atores(banco)
    e, _ = calcular(banco, a["autoridade.cpsc"])
    assert e["medidas"] == []  # as inspeções da demonstração não aplicam medidas
    inspecao_com_apreensao(banco, inscricao="4419900777", dias_atras=3)
    e, _ = calcular(banco, a["autoridade.cpsc"])
    medidas = {x["chave"]: x["valor"] for x in e["medidas"]}
    assert medidas and all(v == 1 for v in medidas.values()), medidas
    assert "retirada_de_trafego" in medidas
    # fora da jurisdição (CPSP), nada
    assert calcular(banco, a["autoridade.cpsp"])[0]["medidas"] == []


def test_api_e_pagina_mostram_as_mesmas_figuras(demo_carregada: Banco, tmp_path: Path) -> None:
    banco = demo_carregada
    inspecao_com_apreensao(banco, inscricao="4419900778", dias_atras=3)
    config = Configuracao(pasta_dados=tmp_path, database_url=str(banco.url), segredo=SEGREDO)
    with TestClient(criar_app(config, banco), follow_redirects=False) as c:
        r = c.post(f"{API}/auth/token", data={"username": "capitao.cpsc", "password": "farol2026"})
        api = {"Authorization": f"Bearer {r.json()['access_token']}"}
        r = c.post(
            "/entrar",
            data={"csrf": csrf_de(c.get("/entrar").text), "login": "capitao.cpsc"}
            | {"senha": "farol2026"},
        )
        assert r.status_code == 303, r.text
        de, ate = hoje() - dt.timedelta(days=200), hoje()
        for consulta in ("", f"?de={de}&ate={ate}"):
            j = c.get(f"{API}/estatisticas{consulta}", headers=api)
            assert j.status_code == 200, j.text
            e = j.json()
            assert e["medidas"] and e["multas"]["quantidade_impostas"] > 0
            csv = c.get(f"/estatisticas.csv{consulta}").text
            assert csv == "\ufeff" + estatisticas.para_csv(e)
            html = c.get(f"/estatisticas{consulta}").text
            assert f"{dt.date.fromisoformat(e['de']):%d/%m/%Y}" in html
        assert e["de"] == de.isoformat()
        r = c.get(f"{API}/estatisticas?de={ate}&ate={de}", headers=api)
        assert r.status_code == 422 and "anterior" in r.text and "ate" in r.text
        assert c.get(f"{API}/estatisticas").status_code == 401


def test_os_autos_de_poluicao_vem_pelo_indice_do_regime_sem_ler_os_outros_processos(
    demo_carregada: Banco, motor: str
) -> None:
    """A contagem dos autos de poluição do período parte do índice `(regime, om_id)` (migração
    0039): sem ele, o SQLite lia todos os processos da jurisdição pelo índice da OM e juntava
    cada um ao seu auto (118 ms para o DPC com 100 mil processos, `bench/escala.py`)."""
    if motor != "sqlite":
        pytest.skip("o plano do PostgreSQL depende das estatísticas da tabela; bench/escala.py")
    banco = demo_carregada
    with comandos_com_parametros(banco.engine) as emitidos:
        e, _ = calcular(banco, atores(banco)["dpc"])
    assert e["poluicao"]["total"] >= 1  # a demonstração tem autos de poluição no período
    [(comando, parametros)] = [
        (c, p) for c, p in emitidos if "JOIN auto_de_infracao" in c and "processo.regime" in c
    ]
    with banco.engine.connect() as c:
        plano = " | ".join(
            x[-1] for x in c.exec_driver_sql("EXPLAIN QUERY PLAN " + comando, parametros)
        )
    assert "ix_processo_regime_om_id (regime=? AND om_id=?)" in plano, plano
