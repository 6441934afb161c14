"""O débito numa data (LESTA art. 20) e os quadros de estado.

`consultas._sem_multa_devida_na_data` sabe se o processo já estava, na data, num estado sem
multa devida (`sem_penalidade` ou `sem_debito`) pela data do último ato que o levou lá. Isso só
vale se desses estados não se volta a um com multa devida e se os atos que levam a eles não se
praticam neles: o que este teste confere em cada regime, para que uma mudança no quadro não
torne a conta errada sem que ninguém veja.
"""

from __future__ import annotations

import pytest

from farol.domain.procedimento.carregar import carregar_regime, regimes_disponiveis
from farol.domain.procedimento.quadro import ANTERIOR, MESMO
from farol.services.consultas import _atos_que_levam_sem_multa, _sem_multa_devida


@pytest.mark.parametrize("regime", regimes_disponiveis())
def test_dos_estados_sem_multa_devida_nao_se_volta_a_um_com_ela(regime: str) -> None:
    m = carregar_regime(regime)
    fora = _sem_multa_devida(m)
    for t in m.transicoes:
        if not fora.intersection(m.origens(t)):
            continue
        destinos = set(t.destinos) - {MESMO}
        assert ANTERIOR not in destinos, t.tipo_ato
        assert destinos <= fora, (t.tipo_ato, destinos - fora)


@pytest.mark.parametrize("regime", regimes_disponiveis())
def test_os_atos_que_levam_sem_multa_devida_nao_se_praticam_la(regime: str) -> None:
    m = carregar_regime(regime)
    fora = _sem_multa_devida(m)
    for tipo in _atos_que_levam_sem_multa(m):
        for t in m.transicoes:
            if t.tipo_ato == tipo:
                assert not fora.intersection(m.origens(t)), (tipo, fora & set(m.origens(t)))


def test_na_lesta_os_atos_que_levam_sem_multa_devida() -> None:
    assert _atos_que_levam_sem_multa(carregar_regime("lesta")) == {
        "esclarecimentos_acolhidos",
        "julgamento_improcedente",
        "decisao_recurso_provido",
        "decisao_recurso_final_provido",
        "pagamento",
        "baixa_divida_ativa",
        "encerramento",
    }
