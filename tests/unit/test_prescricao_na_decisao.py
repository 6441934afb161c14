"""A guarda `nao_prescrito` no quadro: a decisão que impõe ou mantém penalidade não cabe depois de
consumada a prescrição da Lei 9.873/1999 (a da ação punitiva, art. 1º, e a intercorrente, art.
1º § 1º), contada por `prescricoes_do_processo` (a conta dos alertas); no último dia ainda cabe,
e o arquivamento não tem a guarda. A recusa traz a citação da prescrição, não a do ato."""

from __future__ import annotations

import datetime as dt

import pytest

from farol.domain.procedimento.carregar import carregar_regime
from farol.domain.procedimento.guardas import ContextoAto
from farol.erros import Conflito
from farol.rules.prescricao import prescricoes_do_processo

AC = "autoridade_competente"


def _contexto(
    regime: str, estado: str, data: dt.date, marco: dt.date, ultimo: dt.date
) -> ContextoAto:
    return ContextoAto(
        data_ato=data,
        prescricoes=tuple(prescricoes_do_processo(marco, ultimo)),
        arquivamentos=carregar_regime(regime).arquivamentos(estado),
    )


@pytest.mark.parametrize("regime", ["lesta", "poluicao"])
def test_julgamento_procedente_depois_de_cinco_anos_do_marco_e_recusado(regime: str) -> None:
    m = carregar_regime(regime)
    # marco (fato ou último ato interruptivo) em 10/03/2021; o último ato, em 01/06/2023
    marco, ultimo = dt.date(2021, 3, 10), dt.date(2023, 6, 1)
    no_dia = _contexto(regime, "aguardando_julgamento", dt.date(2026, 3, 10), marco, ultimo)
    assert m.aplicar("aguardando_julgamento", "julgamento_procedente", AC, no_dia)
    depois = _contexto(regime, "aguardando_julgamento", dt.date(2026, 3, 11), marco, ultimo)
    with pytest.raises(Conflito) as erro:
        m.aplicar("aguardando_julgamento", "julgamento_procedente", AC, depois)
    assert erro.value.regra == "Lei 9.873/1999 art. 1º"
    assert erro.value.campo == "data_ato"
    assert (
        "prescrição da ação punitiva consumada desde 11/03/2026: os 5 anos contados de 10/03/2021"
    ) in str(erro.value)
    assert "(julgamento_improcedente)" in str(erro.value)
    assert m.aplicar("aguardando_julgamento", "julgamento_improcedente", AC, depois)


@pytest.mark.parametrize("regime", ["lesta", "poluicao"])
def test_as_decisoes_de_recurso_que_mantem_a_penalidade_tem_a_guarda(regime: str) -> None:
    m = carregar_regime(regime)
    com_guarda = {t.tipo_ato for t in m.transicoes if "nao_prescrito" in t.guardas}
    assert com_guarda == {
        "julgamento_procedente",
        "decisao_recurso_provido_em_parte",
        "decisao_recurso_nao_provido",
        "decisao_recurso_final_provido_em_parte",
        "decisao_recurso_final_nao_provido",
    }
    # os arquivamentos, não
    for estado in ("aguardando_julgamento", "em_recurso", "em_recurso_final"):
        assert m.arquivamentos(estado)
        assert all("nao_prescrito" not in t.guardas for t in m.arquivamentos(estado))


def test_a_prescricao_que_vence_primeiro_e_a_da_recusa() -> None:
    m = carregar_regime("lesta")
    # intercorrente: último ato em 05/05/2022 → 05/05/2025; quinquenal: 10/03/2021 → 10/03/2026
    c = _contexto("lesta", "em_recurso", dt.date(2026, 4, 1), dt.date(2021, 3, 10),
                  dt.date(2022, 5, 5))  # fmt: skip
    with pytest.raises(Conflito) as erro:
        m.aplicar("em_recurso", "decisao_recurso_nao_provido", "capitao_dos_portos", c)
    assert erro.value.regra == "Lei 9.873/1999 art. 1º, § 1º"
    assert "prescrição intercorrente consumada desde 06/05/2025" in str(erro.value)
