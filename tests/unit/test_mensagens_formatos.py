"""As mensagens dos motores falam português: a autoridade que decide uma suspensão ou uma multa
fora da faixa lê "60 dias", "12 meses", "R$ 1.600,00" e datas DD/MM/AAAA, nunca "P60D",
"1600.00" ou "2026-03-10" (o JSON da resposta guarda esses formatos nos seus campos)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from texto_humano import formatos_de_maquina

from farol.erros import EntradaInvalida, ForaDeVigencia
from farol.rules.penalidades import calcular_penalidade, validar_multa, validar_suspensao

FATO = dt.date(2026, 3, 10)


def test_suspensao_acima_do_maximo_em_dias_diz_os_dias() -> None:
    # suspensão de até 60 dias (RLESTA art. 12, II)
    r = calcular_penalidade("RLESTA.12.II", FATO, autor="condutor")
    with pytest.raises(EntradaInvalida) as e:
        validar_suspensao(r, 61)
    assert "suspensão de 61 dias fora do limite de 1 dia a 60 dias" in e.value.mensagem
    assert formatos_de_maquina(e.value.mensagem) == []


def test_suspensao_acima_do_teto_diz_os_doze_meses_e_os_dias() -> None:
    # seis reincidências: 7 × 60 = 420 dias, limitados a doze meses (LESTA art. 27), que o
    # Farol conta como 365 dias (regras_penalidades.yaml, teto_suspensao.dias)
    r = calcular_penalidade("RLESTA.12.II", FATO, autor="condutor", reincidencias=6)
    assert r.suspensao_max == "P12M"
    with pytest.raises(EntradaInvalida) as e:
        validar_suspensao(r, 366)
    assert "fora do limite de 1 dia a 12 meses (365 dias)" in e.value.mensagem
    assert "P12M" not in e.value.mensagem


def test_multa_fora_da_faixa_em_reais_com_virgula() -> None:
    r = calcular_penalidade("RLESTA.11", FATO, autor="condutor")  # grupo E: R$ 40,00 a R$ 2.200,00
    with pytest.raises(EntradaInvalida) as e:
        validar_multa(r, Decimal("3200"))
    assert "multa de R$ 3.200,00 fora da faixa legal de R$ 40,00 a R$ 2.200,00" in str(e.value)
    assert formatos_de_maquina(str(e.value)) == []


def test_fato_antes_da_vigencia_diz_a_data_dd_mm_aaaa() -> None:
    with pytest.raises(ForaDeVigencia) as e:
        calcular_penalidade("RLESTA.11", dt.date(1990, 1, 1), autor="condutor")
    assert "/" in e.value.mensagem and formatos_de_maquina(e.value.mensagem) == []


def test_decimal_com_parte_inteira_grande_demais_tem_mensagem_em_portugues() -> None:
    """Achado do fuzz (schemathesis): o comprimento de 1.234.567,10 m voltava em inglês."""
    from decimal import Decimal

    from pydantic import BaseModel, Field, ValidationError

    from farol.services.mensagens import traduzir

    class Medida(BaseModel):
        comprimento: Decimal = Field(max_digits=8, decimal_places=2)

    try:
        Medida(comprimento=Decimal("1234567.1"))
    except ValidationError as e:
        assert traduzir(e.errors()[0]) == (
            "parte inteira grande demais (no máximo 6 dígitos antes da vírgula)"
        )
    else:  # pragma: no cover
        raise AssertionError("valor aceito")
