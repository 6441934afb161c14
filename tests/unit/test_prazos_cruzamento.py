"""Cruzamento do motor com uma implementação independente em 10.000 casos aleatórios.

A referência abaixo não usa os vetores do calendário nem o cálculo de Páscoa do Farol: anda
dia a dia sobre o pacote `holidays` (categorias `public` e `optional`), aplicando a política
de pontos facultativos pelos nomes do próprio pacote — ou, nos anos com o ato registrado em
`pontos_facultativos.yaml`, pelas datas do arquivo lido cru, sem o carregador do Farol —, e
soma anos com `date.replace`.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable
from functools import cache

import holidays
import numpy as np
import pytest
import yaml

from farol.erros import ForaDeVigencia
from farol.normas.citacao import DADOS
from farol.normas.prazos import ValorPrazo, catalogo_prazos
from farol.rules.calendario import UFS, obter_calendario
from farol.rules.prazos import calcular_prazo, calcular_vencimentos

CASOS = 10_000
ANOS = range(1990, 2101)
SEM_EXPEDIENTE = {"Carnaval", "Corpus Christi"}
EXPEDIENTE_REDUZIDO = {"Véspera de Natal", "Véspera de Ano-Novo"}
UM_DIA = dt.timedelta(days=1)


@cache
def _referencia(uf: str | None) -> tuple[Callable[[dt.date], bool], Callable[[dt.date], bool]]:
    """(é dia útil, pode vencer) pelo pacote `holidays`, sem passar pelo Farol."""
    publicos = holidays.country_holidays("BR", subdiv=uf, years=ANOS, language="pt_BR")
    opcionais = holidays.country_holidays(
        "BR", subdiv=uf, years=ANOS, language="pt_BR", categories=("optional",)
    )
    anos_com_ato = _atos_registrados()
    fechados = set(publicos) | {
        d
        for d in opcionais
        if d.year not in anos_com_ato and SEM_EXPEDIENTE & set(opcionais.get_list(d))
    }
    reduzidos = {
        d
        for d in opcionais
        if d.year not in anos_com_ato and EXPEDIENTE_REDUZIDO & set(opcionais.get_list(d))
    }
    for dias in anos_com_ato.values():
        fechados |= {d["data"] for d in dias if d["expediente"] == "sem_expediente"}
        reduzidos |= {d["data"] for d in dias if d["expediente"] == "expediente_reduzido"}

    def util(d: dt.date) -> bool:
        return d.weekday() < 5 and d not in fechados

    def pode_vencer(d: dt.date) -> bool:
        return util(d) and d not in reduzidos

    return util, pode_vencer


@cache
def _atos_registrados() -> dict[int, list[dict[str, object]]]:
    """Os dias dos anos com ato registrado, lidos direto do YAML."""
    bruto = yaml.safe_load((DADOS / "pontos_facultativos.yaml").read_text(encoding="utf-8"))
    return {int(ano): ato["dias"] for ano, ato in bruto["anos"].items()}


def vencimento_de_referencia(valor: ValorPrazo, inicio: dt.date, uf: str | None) -> dt.date:
    util, pode_vencer = _referencia(uf)
    if valor.anos is not None:
        try:
            return inicio.replace(year=inicio.year + valor.anos)
        except ValueError:  # 29/02 sem equivalente: último dia do mês
            return dt.date(inicio.year + valor.anos, 2, 28)
    assert valor.dias is not None
    dia = inicio
    if valor.contagem == "uteis":
        contados = 0
        while contados < valor.dias:
            dia += UM_DIA
            contados += util(dia)
    else:
        dia = inicio + dt.timedelta(days=valor.dias)
    while valor.prorroga and not pode_vencer(dia):
        dia += UM_DIA
    return dia


@pytest.mark.lento
def test_motor_confere_com_caminhada_dia_a_dia_sobre_holidays_em_10000_casos() -> None:
    sorteio = random.Random(20240601)
    regras = sorted(
        (
            r
            for r in catalogo_prazos().regras.values()
            if r.calculavel
        ),
        key=lambda r: r.id,
    )  # o prazo que a decisão fixa não tem dias na norma
    opcoes_uf = [None, *sorted(UFS)]
    primeiro, ultimo = dt.date(1998, 1, 1).toordinal(), dt.date(2094, 12, 31).toordinal()
    casos: dict[tuple[str, str | None], list[tuple[dt.date, dt.date]]] = {}
    conferidos = 0
    while conferidos < CASOS:
        regra = sorteio.choice(regras)
        uf = sorteio.choice(opcoes_uf)
        inicio = dt.date.fromordinal(sorteio.randint(primeiro, ultimo))
        try:
            _, valor = regra.vigente(inicio)
        except ForaDeVigencia:
            continue
        esperado = vencimento_de_referencia(valor, inicio, uf)
        obtido = calcular_prazo(regra.etapa, inicio, regra.regime, obter_calendario(uf))
        assert obtido.vencimento == esperado, (regra.id, uf, inicio)
        bruto = vencimento_de_referencia(valor.model_copy(update={"prorroga": False}), inicio, uf)
        assert obtido.prorrogado == (bruto != esperado), (regra.id, uf, inicio)
        casos.setdefault((regra.id, uf), []).append((inicio, esperado))
        conferidos += 1

    for (regra_id, uf), pares in casos.items():
        _, regime, etapa = regra_id.split(".")
        inicios = np.array([i for i, _ in pares], dtype="datetime64[D]")
        lote = calcular_vencimentos(etapa, inicios, regime, uf)
        assert [d.astype(dt.date) for d in lote] == [v for _, v in pares], (regra_id, uf)
