"""Valores por extenso, reais e datas como saem nos documentos oficiais."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest

from farol.erros import EntradaInvalida
from farol.pdf.extenso import numero_por_extenso, valor_por_extenso
from farol.pdf.formatos import (
    data_por_extenso,
    formatar_data,
    formatar_data_hora,
    formatar_documento,
    formatar_reais,
    reais_com_extenso,
)

CASOS_REAIS = [
    # os exemplos do pedido
    ("1600.00", "mil e seiscentos reais"),
    ("1.00", "um real"),
    ("0.50", "cinquenta centavos"),
    ("2200.35", "dois mil e duzentos reais e trinta e cinco centavos"),
    ("1000000.00", "um milhão de reais"),
    ("101.00", "cento e um reais"),
    ("100.00", "cem reais"),
    # unidades, dezenas e a forma de 11 a 19
    ("0.01", "um centavo"),
    ("0.10", "dez centavos"),
    ("0.99", "noventa e nove centavos"),
    ("2.00", "dois reais"),
    ("11.00", "onze reais"),
    ("14.00", "quatorze reais"),
    ("16.00", "dezesseis reais"),
    ("19.00", "dezenove reais"),
    ("20.00", "vinte reais"),
    ("21.21", "vinte e um reais e vinte e um centavos"),
    ("90.00", "noventa reais"),
    # centenas: "cem" só para 100; "cento" nas demais
    ("110.00", "cento e dez reais"),
    ("199.00", "cento e noventa e nove reais"),
    ("200.00", "duzentos reais"),
    ("500.00", "quinhentos reais"),
    ("999.00", "novecentos e noventa e nove reais"),
    # "e" entre classes: só antes da última classe < 100 ou centena exata
    ("1000.00", "mil reais"),
    ("1001.00", "mil e um reais"),
    ("1010.00", "mil e dez reais"),
    ("1100.00", "mil e cem reais"),
    ("1101.00", "mil cento e um reais"),
    ("1650.00", "mil seiscentos e cinquenta reais"),
    ("1999.99", "mil novecentos e noventa e nove reais e noventa e nove centavos"),
    ("2000.00", "dois mil reais"),
    ("2300.00", "dois mil e trezentos reais"),
    ("10000.00", "dez mil reais"),
    ("21000.00", "vinte e um mil reais"),
    ("100000.00", "cem mil reais"),
    ("101000.00", "cento e um mil reais"),
    ("123456.78", "cento e vinte e três mil quatrocentos e cinquenta e seis reais e setenta e "
     "oito centavos"),
    # milhões: "de reais" quando milhar e unidade são zero
    ("2000000.00", "dois milhões de reais"),
    ("1000001.00", "um milhão e um reais"),
    ("1001000.00", "um milhão e mil reais"),
    ("1200000.00", "um milhão e duzentos mil reais"),
    ("1500000.00", "um milhão e quinhentos mil reais"),
    ("1250000.00", "um milhão duzentos e cinquenta mil reais"),
    ("2000500.00", "dois milhões e quinhentos reais"),
    ("2000000.01", "dois milhões de reais e um centavo"),
    ("1000000000.00", "um bilhão de reais"),
    ("3000000000.50", "três bilhões de reais e cinquenta centavos"),
    ("1000000000000.00", "um trilhão de reais"),
    ("0.00", "zero reais"),
]  # fmt: skip


@pytest.mark.parametrize(("valor", "esperado"), CASOS_REAIS)
def test_valor_por_extenso_segue_a_norma_culta(valor: str, esperado: str) -> None:
    assert valor_por_extenso(Decimal(valor)) == esperado


def test_valor_com_uma_casa_decimal_vale_como_centavos() -> None:
    assert valor_por_extenso(Decimal("0.5")) == "cinquenta centavos"
    assert valor_por_extenso(Decimal("1600")) == "mil e seiscentos reais"


@pytest.mark.parametrize("valor", ["-1.00", "1.005", "NaN", "Infinity"])
def test_valor_negativo_fracionado_ou_invalido_e_recusado(valor: str) -> None:
    with pytest.raises(EntradaInvalida) as erro:
        valor_por_extenso(Decimal(valor))
    assert erro.value.campo == "valor"


def test_float_nao_e_dinheiro() -> None:
    with pytest.raises(EntradaInvalida):
        valor_por_extenso(1600.0)  # type: ignore[arg-type]


def test_numero_por_extenso_cobre_cada_inteiro_ate_dois_mil_sem_lacunas() -> None:
    vistos = {numero_por_extenso(n) for n in range(2001)}
    assert len(vistos) == 2001
    assert all("  " not in t and not t.startswith("e ") for t in vistos)


@pytest.mark.parametrize(
    ("valor", "esperado"),
    [
        ("1600.00", "R$ 1.600,00"),
        ("0.5", "R$ 0,50"),
        ("1", "R$ 1,00"),
        ("2200.35", "R$ 2.200,35"),
        ("1000000", "R$ 1.000.000,00"),
        ("999.99", "R$ 999,99"),
    ],
)
def test_formatar_reais_usa_ponto_no_milhar_e_virgula_nos_centavos(
    valor: str, esperado: str
) -> None:
    assert formatar_reais(Decimal(valor)) == esperado


def test_reais_com_extenso_e_a_forma_dos_atos() -> None:
    assert reais_com_extenso(Decimal("1600")) == "R$ 1.600,00 (mil e seiscentos reais)"


def test_datas_saem_dd_mm_aaaa_e_hora_no_horario_de_brasilia() -> None:
    assert formatar_data(dt.date(2025, 3, 5)) == "05/03/2025"
    # 02h10 UTC de 06/03 ainda é 05/03 em Brasília (UTC-3)
    instante = dt.datetime(2025, 3, 6, 2, 10, tzinfo=dt.UTC)
    assert formatar_data(instante) == "05/03/2025"
    assert formatar_data_hora(instante) == "05/03/2025, às 23h10"
    em_sp = dt.datetime(2025, 3, 5, 14, 30, tzinfo=ZoneInfo("America/Sao_Paulo"))
    assert formatar_data_hora(em_sp) == "05/03/2025, às 14h30"


def test_data_e_hora_sem_fuso_e_recusada() -> None:
    with pytest.raises(EntradaInvalida) as erro:
        formatar_data_hora(dt.datetime(2025, 3, 5, 14, 30))
    assert erro.value.campo == "data_hora"


def test_data_por_extenso_usa_ordinal_no_dia_primeiro() -> None:
    assert data_por_extenso(dt.date(2025, 3, 1)) == "1º de março de 2025"
    assert data_por_extenso(dt.date(2025, 12, 20)) == "20 de dezembro de 2025"


def test_cpf_e_cnpj_so_com_digitos_recebem_mascara() -> None:
    assert formatar_documento("52998224725") == "529.982.247-25"
    assert formatar_documento("11222333000181") == "11.222.333/0001-81"
    assert formatar_documento("529.982.247-25") == "529.982.247-25"
    assert formatar_documento("passaporte FX123456") == "passaporte FX123456"
