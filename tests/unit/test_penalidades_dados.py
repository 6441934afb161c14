"""Os números da dosimetria vêm dos dados: janela, teto e multiplicador, cada um com a sua fonte.

Cada teste troca o valor no catálogo (ou lê o dos dados) e mostra que o cálculo o segue: nenhum
deles está escrito no código (ver também test_sem_literais_legais.py).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from farol.erros import EntradaInvalida
from farol.normas.infracoes import Catalogo, Penalidade, catalogo
from farol.rules.penalidades import calcular_penalidade, validar_suspensao
from farol.rules.penalidades_excecoes import em_dias, multiplicar_suspensao
from farol.rules.reincidencia import contar_reincidencias, inicio_da_janela, janela_meses

HOJE = dt.date(2026, 11, 29)


def _com_penalidade(cat: Catalogo, codigo: str, **mudancas: Any) -> Catalogo:
    inf = cat.infracao(codigo)
    nova = inf.model_copy(update={"penalidade": inf.penalidade.model_copy(update=mudancas)})
    return cat.model_copy(update={"infracoes": {**cat.infracoes, codigo: nova}})


def test_a_janela_de_reincidencia_e_a_dos_doze_meses_do_art_10() -> None:
    regra = catalogo().regras.reincidencia
    assert janela_meses() == regra.janela_meses == 12
    assert "doze meses" in regra.fonte.texto
    assert regra.fonte.referencia() == "RLESTA art. 10"
    assert inicio_da_janela(dt.date(2026, 3, 15)) == dt.date(2025, 3, 15)


def test_a_janela_pode_ser_pedida_explicitamente() -> None:
    fato = dt.date(2026, 3, 15)
    assert inicio_da_janela(fato, 6) == dt.date(2025, 9, 15)
    assert contar_reincidencias(fato, [dt.date(2025, 6, 1)], meses=6) == 0
    assert contar_reincidencias(fato, [dt.date(2025, 6, 1)]) == 1


def test_o_teto_da_suspensao_vem_dos_dados_com_a_lesta_art_27() -> None:
    teto = catalogo().regras.teto_suspensao
    assert (teto.duracao, teto.dias) == ("P12M", 365)
    assert teto.fonte.referencia() == "LESTA art. 27"
    assert em_dias("P12M", teto) == 365
    assert em_dias("P60D", teto) == 60
    assert multiplicar_suspensao("P120D", 3, teto) == ("P360D", False)
    assert multiplicar_suspensao("P120D", 4, teto) == ("P12M", True)
    assert multiplicar_suspensao("P12M", 2, teto) == ("P12M", True)


def test_o_teto_em_dias_e_o_limite_da_suspensao_decidida() -> None:
    cat = catalogo()
    # o Comandante, embarcado, é quem a suspensão alcança (RLESTA art. 8º)
    r = calcular_penalidade("RLESTA.13.II", HOJE, autor="comandante", reincidencias=3)  # P12M
    teto = cat.regras.teto_suspensao
    assert validar_suspensao(r, teto.dias) == teto.dias
    # a mensagem diz o teto como a lei (12 meses) e os dias que o Farol conta
    with pytest.raises(EntradaInvalida, match=rf"1 dia a 12 meses \({teto.dias} dias\)"):
        validar_suspensao(r, teto.dias + 1)
    outro = cat.model_copy(
        update={
            "regras": cat.regras.model_copy(
                update={"teto_suspensao": teto.model_copy(update={"dias": 360})}
            )
        }
    )
    with pytest.raises(EntradaInvalida, match=r"1 dia a 12 meses \(360 dias\)"):
        validar_suspensao(r, 361, cat=outro)


def test_o_multiplicador_da_protecao_do_motor_e_o_dos_dados() -> None:
    cat = catalogo()
    pen = cat.infracao("LESTA.4-A").penalidade
    assert pen.multiplicador_reincidencia == 3
    assert pen.fonte_reincidencia is not None
    assert "multiplicada por 3 (três)" in pen.fonte_reincidencia.texto
    outro = _com_penalidade(cat, "LESTA.4-A", multiplicador_reincidencia=4)
    r = calcular_penalidade("LESTA.4-A", HOJE, autor="comandante", reincidencias=1, cat=outro)
    assert r.multiplicador == 4
    assert r.cancelamento and r.cumulativa


def test_multiplicador_proprio_so_existe_na_excecao_que_triplica() -> None:
    base = catalogo().infracao("LESTA.4-A").penalidade.model_dump()
    with pytest.raises(ValueError, match="multiplicador_reincidencia"):
        Penalidade.model_validate({**base, "multiplicador_reincidencia": None})
    geral = catalogo().infracao("RLESTA.12.II").penalidade.model_dump()
    with pytest.raises(ValueError, match="multiplicador_reincidencia"):
        Penalidade.model_validate({**geral, "multiplicador_reincidencia": 2})


def test_suspensao_em_meses_so_como_o_teto() -> None:
    cat = catalogo()
    bruto = cat.model_dump()
    bruto["infracoes"]["RLESTA.12.II"]["penalidade"]["suspensao_max"] = "P6M"
    with pytest.raises(ValueError, match="suspensão em meses só como o teto P12M"):
        Catalogo.model_validate(bruto)
