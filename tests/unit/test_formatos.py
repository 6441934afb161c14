"""Os formatos para pessoas (`farol.formatos`): um só jeito de escrever dinheiro, datas e
durações na CLI, nas páginas, nos PDFs e nas mensagens dos motores."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest

from farol import formatos
from farol.erros import EntradaInvalida


@pytest.mark.parametrize(
    ("valor", "esperado"),
    [
        (Decimal("3200"), "R$ 3.200,00"),  # o exemplo do item: grupo G, RLESTA Anexo II
        (Decimal("3200.00"), "R$ 3.200,00"),
        ("3200.00", "R$ 3.200,00"),  # o texto do JSON também entra
        (Decimal("40"), "R$ 40,00"),
        (Decimal("0"), "R$ 0,00"),
        (Decimal("0.5"), "R$ 0,50"),
        (Decimal("999.99"), "R$ 999,99"),
        (Decimal("1000"), "R$ 1.000,00"),  # o primeiro ponto de milhar
        (Decimal("1234567.89"), "R$ 1.234.567,89"),
        (1600, "R$ 1.600,00"),
        (Decimal("-50"), "-R$ 50,00"),  # pago a maior: saldo negativo
        (Decimal("0.005"), "R$ 0,01"),  # meio centavo arredonda para cima
        (Decimal("0.004"), "R$ 0,00"),
    ],
)
def test_moeda_usa_ponto_no_milhar_e_virgula_nos_centavos(
    valor: Decimal | int | str, esperado: str
) -> None:
    assert formatos.moeda(valor) == esperado


@pytest.mark.parametrize("valor", ["abc", Decimal("NaN"), Decimal("Infinity"), ""])
def test_moeda_recusa_o_que_nao_e_valor(valor: Decimal | str) -> None:
    with pytest.raises(ValueError, match="valor em dinheiro inválido"):
        formatos.moeda(valor)


@pytest.mark.parametrize(
    ("iso", "esperado"),
    [
        ("P12M", "12 meses"),  # teto da suspensão, LESTA art. 27
        ("P1M", "1 mês"),
        ("P60D", "60 dias"),
        ("P1D", "1 dia"),
        ("P120D", "120 dias"),
        ("P1Y", "1 ano"),
        ("P5Y", "5 anos"),
        ("P2W", "2 semanas"),
        ("P1Y6M", "1 ano e 6 meses"),
        ("P1Y2M3D", "1 ano, 2 meses e 3 dias"),
        ("P0D", "0 dias"),
        ("P1000D", "1.000 dias"),
    ],
)
def test_duracao_iso_8601_por_extenso(iso: str, esperado: str) -> None:
    assert formatos.duracao(iso) == esperado


@pytest.mark.parametrize("iso", ["", "P", "12M", "P12", "PT1H", "P1.5M", "60 dias", "p12m"])
def test_duracao_invalida_e_recusada_com_exemplo(iso: str) -> None:
    with pytest.raises(ValueError, match="duração ISO-8601 inválida"):
        formatos.duracao(iso)


def test_data_dd_mm_aaaa() -> None:
    assert formatos.data(dt.date(2024, 3, 10)) == "10/03/2024"
    assert formatos.data(dt.date(2026, 12, 31)) == "31/12/2026"
    assert formatos.data(dt.date(999, 1, 2)) == "02/01/0999"


def test_instante_conta_no_horario_de_brasilia() -> None:
    # 02h10 UTC de 11/03/2024 ainda é 23h10 de 10/03/2024 em Brasília (UTC-3)
    instante = dt.datetime(2024, 3, 11, 2, 10, tzinfo=dt.UTC)
    assert formatos.data(instante) == "10/03/2024"
    assert formatos.hora(instante) == "23h10"
    assert formatos.data_hora(instante) == "10/03/2024 23:10"
    assert formatos.data_por_extenso(instante) == "10 de março de 2024"
    em_sp = dt.datetime(2024, 3, 10, 14, 30, tzinfo=ZoneInfo("America/Sao_Paulo"))
    assert formatos.data_hora(em_sp) == "10/03/2024 14:30"


def test_instante_sem_fuso_e_recusado_sem_data_iso_na_mensagem() -> None:
    with pytest.raises(EntradaInvalida) as erro:
        formatos.data(dt.datetime(2024, 3, 10, 14, 30))
    assert erro.value.campo == "data_hora"
    assert "10/03/2024 14:30" in str(erro.value) and "2024-03-10" not in str(erro.value)


def test_data_por_extenso_com_ordinal_no_dia_primeiro() -> None:
    assert formatos.data_por_extenso(dt.date(2026, 3, 1)) == "1º de março de 2026"
    assert formatos.data_por_extenso(dt.date(2026, 12, 20)) == "20 de dezembro de 2026"


def test_numeros_dias_e_sim_nao() -> None:
    assert formatos.numero(12345) == "12.345"
    assert formatos.numero(-1234) == "-1.234"
    assert formatos.numero(Decimal("12.50")) == "12,50"  # comprimento de embarcação, em metros
    assert formatos.numero(Decimal("1234.5")) == "1.234,5"
    assert formatos.numero(Decimal("7")) == "7"
    assert formatos.dias(1) == "1 dia"
    assert formatos.dias(30) == "30 dias"
    assert formatos.quantidade(2, "mês", "meses") == "2 meses"
    assert formatos.quantidade(1, "ano") == "1 ano"
    assert (formatos.sim_nao(True), formatos.sim_nao(False)) == ("sim", "não")


def test_com_nomes_lista_cada_valor_com_o_seu_nome() -> None:
    pares = [("dou", "Diário Oficial da União"), ("pagina_om", "página da OM")]
    assert formatos.com_nomes(pares) == "dou (Diário Oficial da União), pagina_om (página da OM)"
    assert (
        formatos.com_nomes(pares, "; ") == "dou (Diário Oficial da União); pagina_om (página da OM)"
    )
    assert formatos.com_nomes([]) == ""
