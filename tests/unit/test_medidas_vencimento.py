"""Vencimento da CHA/CIR: 'em até 5 anos' (3.9.1) x 'após 5 anos' (3.9.2), por anos e por datas."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from farol.normas.medidas import FaixaVencimento
from farol.rules.medidas import (
    aniversario,
    anos_vencida_de_datas,
    faixa_de_vencimento,
    faixa_por_anos,
)

ATE, MAIS, NAO = (
    FaixaVencimento.ATE_5_ANOS,
    FaixaVencimento.MAIS_DE_5_ANOS,
    FaixaVencimento.NAO_VENCIDA,
)


@pytest.mark.parametrize(
    ("anos", "faixa"),
    [
        (None, NAO),
        (Decimal(0), ATE),
        (Decimal("4.99"), ATE),
        (Decimal(5), ATE),
        (Decimal("5.00"), ATE),
        (Decimal("5.01"), MAIS),
        (Decimal(6), MAIS),
    ],
)
def test_vencida_ha_5_anos_ou_menos_e_em_ate_5_anos(anos: Decimal | None, faixa: str) -> None:
    assert faixa_por_anos(anos, 5) == faixa


@pytest.mark.parametrize(
    ("inspecao", "faixa"),
    [
        (dt.date(2019, 3, 10), NAO),
        (dt.date(2019, 3, 11), ATE),
        (dt.date(2024, 3, 9), ATE),
        (dt.date(2024, 3, 10), ATE),
        (dt.date(2024, 3, 11), MAIS),
    ],
)
def test_o_quinto_aniversario_da_validade_ainda_e_em_ate_5_anos(
    inspecao: dt.date,
    faixa: str,
) -> None:
    assert faixa_de_vencimento(dt.date(2019, 3, 10), inspecao) == faixa


@pytest.mark.parametrize(
    ("inspecao", "faixa", "anos"),
    [
        (dt.date(2025, 2, 28), ATE, Decimal("4.99")),
        (dt.date(2025, 3, 1), ATE, Decimal(5)),
        (dt.date(2025, 3, 2), MAIS, Decimal("5.01")),
    ],
)
def test_validade_em_29_de_fevereiro_completa_5_anos_em_1_de_marco(
    inspecao: dt.date,
    faixa: str,
    anos: Decimal,
) -> None:
    assert faixa_de_vencimento(dt.date(2020, 2, 29), inspecao) == faixa
    assert anos_vencida_de_datas(dt.date(2020, 2, 29), inspecao) == anos


def test_validade_em_29_de_fevereiro_completa_4_anos_no_29_de_fevereiro_seguinte() -> None:
    assert aniversario(dt.date(2020, 2, 29), 4) == dt.date(2024, 2, 29)
    assert aniversario(dt.date(2020, 2, 29), 1) == dt.date(2021, 3, 1)


def test_cha_valida_ate_o_dia_da_validade_inclusive() -> None:
    assert anos_vencida_de_datas(dt.date(2024, 1, 31), dt.date(2024, 1, 31)) is None
    assert anos_vencida_de_datas(dt.date(2024, 1, 31), dt.date(2024, 2, 1)) == Decimal("0.01")


def test_anos_vencida_de_datas_no_aniversario_e_inteiro() -> None:
    assert anos_vencida_de_datas(dt.date(2010, 6, 15), dt.date(2017, 6, 15)) == Decimal(7)


datas = st.dates(min_value=dt.date(1990, 1, 1), max_value=dt.date(2060, 12, 31))


@given(datas, st.integers(min_value=0, max_value=4000), st.integers(min_value=1, max_value=10))
def test_anos_de_datas_e_comparacao_de_datas_concordam_em_todo_limite(
    validade: dt.date,
    dias: int,
    limite: int,
) -> None:
    inspecao = validade + dt.timedelta(days=dias)
    anos = anos_vencida_de_datas(validade, inspecao)
    assert faixa_por_anos(anos, limite) == faixa_de_vencimento(validade, inspecao, limite)


@given(datas, st.integers(min_value=0, max_value=4000))
def test_anos_vencida_nunca_diminui_com_o_passar_dos_dias(validade: dt.date, dias: int) -> None:
    hoje = anos_vencida_de_datas(validade, validade + dt.timedelta(days=dias))
    amanha = anos_vencida_de_datas(validade, validade + dt.timedelta(days=dias + 1))
    assert amanha is not None
    assert hoje is None or hoje <= amanha
