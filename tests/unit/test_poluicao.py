"""A valoração da multa por poluição (farol/rules/poluicao.py), função pura dos dados de
dados/poluicao.yaml: situação econômica nos limites exatos, a janela de 36 meses da
reincidência e a faixa do Grupo E (NORMAM-401 itens 1.5.2 e 1.5.3)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from farol.erros import EntradaInvalida, ForaDeVigencia
from farol.rules.poluicao import (
    Anterior,
    classificar_situacao_economica,
    reincidencia,
    situacao_economica_em_vigor,
    somar_meses,
    valorar,
)

D = dt.date
DECISAO = D(2026, 5, 20)
INFRACAO = "DECRETO-4136.36"


@pytest.mark.parametrize(
    ("tipo", "valor", "classe"),
    [
        ("juridica", "3600000.00", "micro_ou_pequena"),  # "superior a R$ 3.600.000,00" é média
        ("juridica", "3600000.01", "media"),
        ("juridica", "12000000.00", "media"),  # "igual ou inferior a R$ 12.000.000,00"
        ("juridica", "12000000.01", "grande"),
        ("fisica", "28559.70", "isenta_ir"),  # o limite exato fica com a isenta (docs/poluicao.md)
        ("fisica", "28559.71", "obrigada_ir"),
    ],
)
def test_situacao_economica_nos_limites_do_item_1_5_3_c(tipo: str, valor: str, classe: str) -> None:
    r = classificar_situacao_economica(tipo, Decimal(valor), DECISAO, campo="v")  # type: ignore[arg-type]
    assert r.classe == classe
    assert r.fundamento == "NORMAM-401/DPC item 1.5.3 c"


def test_situacao_economica_nao_existe_na_normam_07() -> None:
    assert not situacao_economica_em_vigor(D(2023, 11, 30))
    assert situacao_economica_em_vigor(D(2023, 12, 1))
    with pytest.raises(ForaDeVigencia):
        classificar_situacao_economica("juridica", Decimal("1"), D(2023, 11, 30), campo="v")


def test_somar_meses_fica_no_ultimo_dia_quando_o_mes_e_curto() -> None:
    assert somar_meses(D(2023, 12, 10), 36) == D(2026, 12, 10)
    assert somar_meses(D(2023, 1, 31), 1) == D(2023, 2, 28)
    assert somar_meses(D(2024, 2, 29), 36) == D(2027, 2, 28)


@pytest.mark.parametrize(
    ("anterior", "fator"),
    [
        (D(2023, 12, 10), 3),  # 35 meses antes de 09/11/2026
        (D(2023, 11, 9), 1),  # exatamente 36 meses: não é "período inferior a 36 meses"
        (D(2023, 11, 10), 3),  # 36 meses menos um dia
        (D(2023, 10, 5), 1),  # 37 meses
        (D(2026, 11, 10), 1),  # fato posterior ao atual: não conta
        (D(2026, 11, 9), 1),  # do mesmo dia: concomitante, não anterior
    ],
)
def test_reincidencia_em_periodo_inferior_a_36_meses(anterior: dt.date, fator: int) -> None:
    r = reincidencia(D(2026, 11, 9), [Anterior("2023/CPSC/000001", anterior)])
    assert r.fator == fator
    assert len(r.anteriores) == (1 if fator > 1 else 0)
    assert r.fundamento == "NORMAM-401/DPC item 1.5.3 b"


def test_antes_da_normam_401_a_faixa_e_a_reincidencia_citam_o_decreto_4136() -> None:
    """A decisão de 2022 (NORMAM-07) não tem por fundamento a NORMAM-401, de 01/12/2023: a
    faixa do Grupo E e o triplo da reincidência vêm do Decreto 4.136/2002, que ela transcreve
    (itens 1.5.2 e 1.5.3 b); os valores são os mesmos."""
    reinc = reincidencia(D(2022, 6, 1), [Anterior("2021/CPSC/000003", D(2021, 1, 2))])
    assert reinc.fator == 3
    assert reinc.fundamento.startswith("Decreto 4.136/2002 (reincidência")
    v = valorar(INFRACAO, D(2022, 6, 1), Decimal("10000.00"), reinc, campo="dados.multa_base")
    assert v.multa == Decimal("30000.00")
    assert v.fundamentos[0] == "Decreto 4.136/2002 art. 36"
    assert not any("NORMAM-401" in f for f in v.fundamentos)
    # do primeiro dia da NORMAM-401 em diante, a citação é a dela
    depois = reincidencia(D(2023, 12, 1), [Anterior("2021/CPSC/000003", D(2021, 1, 2))])
    assert depois.fundamento == "NORMAM-401/DPC item 1.5.3 b"


def test_valoracao_triplica_e_confere_a_faixa_do_grupo_e() -> None:
    reinc = reincidencia(D(2026, 11, 9), [Anterior("2024/CPSC/000003", D(2024, 1, 2))])
    v = valorar(INFRACAO, D(2026, 11, 9), Decimal("10000.00"), reinc, campo="dados.multa_base")
    assert (v.multa, v.fator) == (Decimal("30000.00"), 3)
    assert v.fundamentos == ("NORMAM-401/DPC item 1.5.2", "NORMAM-401/DPC item 1.5.3 b")
    # R$ 20.000.000,00 × 3 passa do máximo de R$ 50.000.000,00: recusado com o cálculo
    with pytest.raises(EntradaInvalida) as erro:
        valorar(INFRACAO, D(2026, 11, 9), Decimal("20000000.00"), reinc, campo="dados.multa_base")
    assert "× 3 (reincidência) = R$ 60.000.000,00" in erro.value.mensagem
    assert erro.value.regra == "NORMAM-401/DPC item 1.5.2"
    sem = reincidencia(D(2026, 11, 9), [])
    assert valorar(INFRACAO, D(2026, 11, 9), Decimal("50000000.00"), sem, campo="m").multa == (
        Decimal("50000000.00")
    )
    with pytest.raises(EntradaInvalida, match=r"abaixo do mínimo de R\$ 1\.000,00"):
        valorar(INFRACAO, D(2026, 11, 9), Decimal("999.99"), sem, campo="m")


def test_fato_anterior_ao_decreto_4136_nao_tem_faixa() -> None:
    with pytest.raises(ForaDeVigencia):
        valorar(INFRACAO, D(2002, 2, 20), Decimal("1000.00"), reincidencia(D(2002, 2, 21), []),
                campo="m")  # fmt: skip
