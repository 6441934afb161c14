"""Propriedades do motor de prazos, para qualquer regra, UF e data de início."""

from __future__ import annotations

import datetime as dt

import numpy as np
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from farol.erros import ForaDeVigencia
from farol.normas.prazos import RegraPrazo, catalogo_prazos
from farol.rules.calendario import UFS, obter_calendario
from farol.rules.prazos import ResultadoPrazo, calcular_prazo, calcular_vencimentos

ULTIMO_INICIO = dt.date(2094, 12, 31)  # prescrição de 5 anos ainda dentro do calendário
# O prazo que a decisão fixa (prazo.lesta.acessoria) não tem dias na norma: fica de fora.
regras = st.sampled_from(
    sorted(
        (
            r
            for r in catalogo_prazos().regras.values()
            if r.calculavel
        ),
        key=lambda r: r.id,
    )
)
ufs = st.sampled_from([None, *sorted(UFS)])
CONFIG = settings(max_examples=300, deadline=None)


def datas_em_vigor(regra: RegraPrazo) -> st.SearchStrategy[dt.date]:
    """Datas em que alguma versão não nula da regra está em vigor."""
    janelas = []
    for i, versao in enumerate(regra.versoes):
        fim = ULTIMO_INICIO
        if i + 1 < len(regra.versoes):
            fim = regra.versoes[i + 1].inicio - dt.timedelta(days=1)
        if versao.valor is not None:
            janelas.append(st.dates(min_value=versao.inicio, max_value=fim))
    return st.one_of(janelas)


regra_e_data = regras.flatmap(lambda r: st.tuples(st.just(r), datas_em_vigor(r)))
regra_e_datas = regras.flatmap(
    lambda r: st.tuples(st.just(r), st.lists(datas_em_vigor(r), min_size=1, max_size=40))
)


def _calcular(regra: RegraPrazo, inicio: dt.date, uf: str | None) -> ResultadoPrazo:
    return calcular_prazo(regra.etapa, inicio, regra.regime, obter_calendario(uf))


@CONFIG
@given(regra_e_data, ufs)
def test_vencimento_prorrogavel_cai_sempre_em_dia_de_expediente_normal(
    caso: tuple[RegraPrazo, dt.date], uf: str | None
) -> None:
    regra, inicio = caso
    r = _calcular(regra, inicio, uf)
    _, valor = regra.vigente(inicio)
    cal = obter_calendario(uf)
    if valor.prorroga:
        assert cal.pode_vencer(r.vencimento)
    if r.prorrogado:
        assert all(not cal.pode_vencer(d) for d, _ in r.dias_nao_uteis if d >= r.vencimento)


@CONFIG
@given(regra_e_data, ufs)
def test_vencimento_nunca_antes_do_inicio_mais_a_quantidade_de_dias(
    caso: tuple[RegraPrazo, dt.date], uf: str | None
) -> None:
    regra, inicio = caso
    r = _calcular(regra, inicio, uf)
    assert r.vencimento >= inicio + dt.timedelta(days=r.dias)
    if r.contagem == "corridos" and not r.prorrogado:
        assert r.vencimento == inicio + dt.timedelta(days=r.dias)
    assert all(motivo for _, motivo in r.dias_nao_uteis)
    assert all(inicio < d < r.vencimento for d, _ in r.dias_nao_uteis)


@CONFIG
@given(regra_e_data, st.integers(min_value=0, max_value=400), ufs)
def test_vencimento_nao_diminui_quando_o_inicio_avanca_na_mesma_versao(
    caso: tuple[RegraPrazo, dt.date], passo: int, uf: str | None
) -> None:
    regra, inicio = caso
    depois = min(inicio + dt.timedelta(days=passo), ULTIMO_INICIO)
    versao_a, _ = regra.vigente(inicio)
    try:
        versao_b, _ = regra.vigente(depois)
    except ForaDeVigencia:  # prazo extinto entre as duas datas
        assume(False)
        raise
    assume(versao_a is versao_b)  # uma mudança de norma pode encurtar o prazo
    assert _calcular(regra, inicio, uf).vencimento <= _calcular(regra, depois, uf).vencimento


@settings(max_examples=100, deadline=None)
@given(regra_e_datas, ufs)
def test_lote_vetorizado_igual_ao_calculo_individual(
    caso: tuple[RegraPrazo, list[dt.date]], uf: str | None
) -> None:
    regra, inicios = caso
    vetor = np.array(inicios, dtype="datetime64[D]")
    lote = calcular_vencimentos(regra.etapa, vetor, regra.regime, uf)
    individuais = [_calcular(regra, inicio, uf).vencimento for inicio in inicios]
    assert [d.astype(dt.date) for d in lote] == individuais
