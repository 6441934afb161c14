"""Entrada que a lei não admite é recusada com o campo e a regra: a agravante de reincidência
sem prática anterior (LESTA art. 30, I; RLESTA art. 10) e o fato já prescrito quando se abre um
novo procedimento (Lei 9.873/1999 art. 1º)."""

from __future__ import annotations

import datetime as dt

import pytest

from farol.erros import EntradaInvalida
from farol.normas.prazos import regra_prazo
from farol.rules.penalidades import calcular_penalidade
from farol.rules.prescricao import exigir_fato_apuravel, exigir_nao_prescrito, prescricao_punitiva

D = dt.date
HOJE = D(2026, 11, 29)

# --- (a) reincidência declarada sem prática anterior ---------------------------------------


def test_agravante_de_reincidencia_com_zero_praticas_anteriores_e_recusada() -> None:
    with pytest.raises(EntradaInvalida) as erro:
        calcular_penalidade(
            "RLESTA.11", HOJE, autor="condutor", reincidencias=0, agravantes=("reincidencia",)
        )
    e = erro.value
    assert e.campo == "agravantes"
    assert e.regra == "LESTA art. 30, I; RLESTA art. 10"
    assert "sem prática anterior" in e.mensagem
    assert "em até 12 meses antes do fato" in e.mensagem  # janela de regras_penalidades.yaml


def test_agravante_de_reincidencia_com_uma_pratica_anterior_dobra_a_multa() -> None:
    # RLESTA art. 10, parágrafo único: uma repetição multiplica por dois
    r = calcular_penalidade(
        "RLESTA.11", HOJE, autor="condutor", reincidencias=1, agravantes=("reincidencia",)
    )
    assert r.multiplicador == 2
    assert r.agravantes == ["reincidencia: reincidência (LESTA art. 30, I)"]


def test_outras_agravantes_nao_dependem_de_pratica_anterior() -> None:
    r = calcular_penalidade("RLESTA.23.IV", HOJE, autor="condutor", agravantes=("grave_ameaca",))
    assert r.multiplicador == 1


# --- (b) fato prescrito num novo procedimento ----------------------------------------------


def test_os_cinco_anos_vem_dos_dados_citados() -> None:
    versao, valor = regra_prazo("prescricao", "punitiva").vigente(HOJE)
    assert valor.anos == 5
    assert versao.fonte.referencia() == "Lei 9.873/1999 art. 1º"


def test_prescricao_do_fato_de_10_03_2021_e_em_10_03_2026() -> None:
    # cinco anos de data a data (Lei 9.784 art. 66 §3º), sem prorrogação para dia útil
    r = prescricao_punitiva(D(2021, 3, 10), na_data=HOJE)
    assert r is not None and r.vencimento == D(2026, 3, 10)


def test_fato_de_29_02_prescreve_no_ultimo_dia_de_fevereiro() -> None:
    # 29/02/2020 + 5 anos: 2025 não tem 29/02, termo no último dia do mês (28/02/2025)
    r = prescricao_punitiva(D(2020, 2, 29), na_data=HOJE)
    assert r is not None and r.vencimento == D(2025, 2, 28)


def test_registro_no_ultimo_dia_do_prazo_ainda_e_aceito() -> None:
    exigir_nao_prescrito(D(2021, 3, 10), D(2026, 3, 10), campo="data_hora")
    exigir_nao_prescrito(D(2021, 3, 10), D(2026, 3, 9), campo="data_hora")


def test_registro_no_dia_seguinte_ao_termo_e_recusado_com_a_data_e_a_citacao() -> None:
    with pytest.raises(EntradaInvalida) as erro:
        exigir_nao_prescrito(D(2021, 3, 10), D(2026, 3, 11), campo="data_hora")
    e = erro.value
    assert e.campo == "data_hora"
    assert e.mensagem.startswith(
        "fato de 10/03/2021: a ação punitiva prescreveu em 10/03/2026 (5 anos contados da "
        "data do fato)"
    )
    assert "registrado em 11/03/2026" in e.mensagem
    assert e.regra is not None and e.regra.startswith("Lei 9.873/1999 art. 1º")


def test_fato_antes_da_lei_9873_registrado_hoje_esta_prescrito() -> None:
    # 10/06/1998 (primeiro dia da LESTA): a regra é a vigente no registro, contada do fato
    with pytest.raises(EntradaInvalida, match="prescreveu em 10/06/2003"):
        exigir_nao_prescrito(D(1998, 6, 10), HOJE, campo="data_hora")


def test_registro_antes_da_lei_9873_nao_tem_prescricao_a_conferir() -> None:
    assert prescricao_punitiva(D(1998, 7, 1), na_data=D(1999, 11, 23)) is None
    exigir_nao_prescrito(D(1998, 7, 1), D(1999, 11, 23), campo="data_hora")


def test_fato_apuravel_confere_a_vigencia_antes_da_prescricao() -> None:
    # 01/05/1998 também está prescrito, mas a primeira razão é não haver lei
    with pytest.raises(EntradaInvalida, match="antes da vigência de: LESTA"):
        exigir_fato_apuravel(D(1998, 5, 1), HOJE, ["RLESTA.16.II"], campo="data_hora")
    with pytest.raises(EntradaInvalida, match="prescreveu em"):
        exigir_fato_apuravel(D(2021, 3, 10), HOJE, ["RLESTA.16.II"], campo="data_hora")
    exigir_fato_apuravel(D(2026, 3, 2), HOJE, ["RLESTA.16.II"], campo="data_hora")
