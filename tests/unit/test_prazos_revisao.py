"""Revisão dos prazos (casos concretos): cada caso com a conta à mão e o dispositivo.

Lei 9.784/1999 art. 66 (fora das sementes; o texto está em dados/prazos.yaml): caput — exclui o
dia do começo e inclui o do vencimento; § 1º — prorroga-se até o primeiro dia útil seguinte o
vencimento em dia sem expediente ou de expediente encerrado antes da hora normal; § 2º — dias
contam-se de modo contínuo; § 3º — meses e anos de data a data, e sem o dia equivalente, o
último dia do mês. Norma de 2023 (semente 000) itens 3.6.1, 3.6.3 a, 3.6.4 a: "contados a partir
do dia consecutivo [...], incluindo-se o dia do vencimento".
"""

from __future__ import annotations

import datetime as dt

import numpy as np
import pytest

from farol.rules.calendario import obter_calendario
from farol.rules.prazos import calcular_prazo, calcular_vencimentos
from farol.rules.prescricao import prescricoes_do_processo
from farol.rules.reincidencia import somar_anos

D = dt.date
FLORIANOPOLIS = {D(2026, 3, 23): "Aniversário de Florianópolis (feriado municipal)"}


@pytest.mark.parametrize(
    ("etapa", "inicio", "uf", "extras", "vencimento", "prorrogado"),
    [
        # 5 úteis da sexta 13/02/2026: pula o Carnaval (16 e 17/02, pontos facultativos de dia
        # inteiro); a Quarta-feira de Cinzas (18/02, expediente a partir das 14h) conta:
        # 18, 19, 20, 23, 24/02
        ("recurso", D(2026, 2, 13), None, None, D(2026, 2, 24), False),
        # 15 corridos de 01/02/2026 caem na segunda de Carnaval: 16/02 e 17/02 sem expediente;
        # vence na Quarta-feira de Cinzas, que tem expediente e não o encerra antes da hora
        ("pagamento", D(2026, 2, 1), None, None, D(2026, 2, 18), True),
        # Corpus Christi de 2026 (04/06) e o dia seguinte (05/06), pontos facultativos do ato de
        # 2026: 15 corridos de 20/05 → 04/06 → segunda, 08/06
        ("pagamento", D(2026, 5, 20), None, None, D(2026, 6, 8), True),
        # CPSC (Florianópolis/SC): 5 úteis da segunda 16/03/2026, com o feriado municipal de
        # 23/03 registrado pela OM: 17, 18, 19, 20, 24/03
        ("recurso", D(2026, 3, 16), "SC", FLORIANOPOLIS, D(2026, 3, 24), False),
        # a mesma contagem sem o feriado municipal registrado: 17, 18, 19, 20, 23/03
        ("recurso", D(2026, 3, 16), "SC", None, D(2026, 3, 23), False),
        # troca de ano: 5 úteis de 23/12/2025: 24/12 (expediente reduzido, conta), 26, 29, 30 e
        # 31/12 (expediente reduzido: o 5º dia útil, mas não vence nele) → 01/01 feriado → 02/01
        ("recurso", D(2025, 12, 23), None, None, D(2026, 1, 2), True),
        # 15 úteis de 15/12/2025 atravessam o ano: 16-19 (4), 22-24 (7), 26 (8), 29-31 (11),
        # 02/01 (12), 05-07/01 (15)
        ("defesa", D(2025, 12, 15), None, None, D(2026, 1, 7), False),
        # ciência num sábado, prazo corrido: o domingo é o 1º dia (a Lei 9.784 não desloca o
        # início, docs/prazos.md); 15 dias: 22/03/2025, sábado → segunda 24/03
        ("pagamento", D(2025, 3, 8), None, None, D(2025, 3, 24), True),
        # ciência num sábado, prazo em dias úteis: a contagem começa no 1º dia útil seguinte
        ("comparecimento", D(2025, 3, 8), None, None, D(2025, 3, 19), False),
        # poluição, dias consecutivos (NORMAM-401 item 1.4.1 c): 5 dias de 28/02/2025, sexta →
        # 05/03/2025, Quarta-feira de Cinzas (útil)
        ("pagamento", D(2025, 2, 28), None, None, D(2025, 3, 5), False),
    ],
)
def test_caso_concreto(
    etapa: str,
    inicio: dt.date,
    uf: str | None,
    extras: dict[dt.date, str] | None,
    vencimento: dt.date,
    prorrogado: bool,
) -> None:
    regime = "poluicao" if (etapa, inicio) == ("pagamento", D(2025, 2, 28)) else "lesta"
    r = calcular_prazo(etapa, inicio, regime, obter_calendario(uf, extras))
    assert (r.vencimento, r.prorrogado) == (vencimento, prorrogado)
    lote = calcular_vencimentos(
        etapa, np.array([inicio], dtype="datetime64[D]"), regime, uf, extras=extras
    )
    assert lote[0] == np.datetime64(vencimento)


def test_o_feriado_municipal_adiado_e_dito_com_o_motivo_da_om() -> None:
    r = calcular_prazo("recurso", D(2026, 3, 16), "lesta", obter_calendario("SC", FLORIANOPOLIS))
    assert (D(2026, 3, 23), FLORIANOPOLIS[D(2026, 3, 23)]) in r.dias_nao_uteis


def test_31_de_dezembro_conta_como_util_mas_o_vencimento_nele_se_prorroga() -> None:
    r = calcular_prazo("recurso", D(2025, 12, 23), "lesta")
    motivos = dict(r.dias_nao_uteis)
    assert D(2025, 12, 24) not in motivos  # contado
    assert "expediente encerrado antes da hora normal" in motivos[D(2025, 12, 31)]
    assert "Lei 9.784/1999 art. 66 §1º" in r.fundamentos


@pytest.mark.parametrize(
    ("marco", "ultimo", "quinquenal", "intercorrente"),
    [
        # § 3º: sem 29/02 no ano final, o último dia do mês
        (D(2024, 2, 29), D(2024, 2, 29), D(2029, 2, 28), D(2027, 2, 28)),
        # a prescrição não se prorroga: 09/03/2025 é domingo e continua o termo
        (D(2020, 3, 9), D(2022, 3, 9), D(2025, 3, 9), D(2025, 3, 9)),
        # a intercorrente conta do último ato; sem ato, do marco
        (D(2023, 1, 31), None, D(2028, 1, 31), D(2026, 1, 31)),
    ],
)
def test_prescricoes_de_data_a_data_e_o_ultimo_dia_em_que_o_ato_cabe(
    marco: dt.date, ultimo: dt.date | None, quinquenal: dt.date, intercorrente: dt.date
) -> None:
    q, i = prescricoes_do_processo(marco, ultimo)
    assert (q.tipo, q.prescreve_em) == ("quinquenal", quinquenal)
    assert (i.tipo, i.prescreve_em) == ("intercorrente", intercorrente)
    for x in (q, i):  # "paralisado por mais de três anos": consumada só no dia seguinte
        assert not x.consumada_em(x.prescreve_em)
        assert x.consumada_em(x.prescreve_em + dt.timedelta(days=1))
    # as duas contas de anos (alertas e motor de prazos) dão o mesmo termo
    assert q.prescreve_em == calcular_prazo("punitiva", marco, "prescricao").vencimento
    assert (
        i.prescreve_em == calcular_prazo("intercorrente", ultimo or marco, "prescricao").vencimento
    )


def test_somar_anos_e_o_motor_concordam_em_todo_dia_de_2020_a_2028() -> None:
    dias = np.arange("2020-01-01", "2029-01-01", dtype="datetime64[D]")
    for etapa, anos in (("punitiva", 5), ("intercorrente", 3)):
        lote = calcular_vencimentos(etapa, dias, "prescricao")
        esperado = [somar_anos(d.astype(dt.date), anos) for d in dias]
        assert [x.astype(dt.date) for x in lote] == esperado


def test_comparecimento_fixado_na_vespera_de_natal_se_prorroga_como_os_prazos_contados() -> None:
    """Antes de 01/12/2023 a Notificação fixava a data de comparecimento (NORMAM-07 item 0306 a
    I); em dia sem expediente ela vence no primeiro dia útil seguinte (art. 66 § 1º), e também
    em dia de expediente "encerrado antes da hora normal": 24/12/2020 (quinta, ponto facultativo
    depois das 14h) → 25/12 Natal, 26 e 27 fim de semana → segunda, 28/12/2020."""
    from farol.rules.transicao import prazo_fixado_no_ato

    cal = obter_calendario()
    r = prazo_fixado_no_ato("lesta", "comparecimento", D(2020, 12, 14), D(2020, 12, 24), cal)
    assert r is not None
    vencimento, fundamentos = r
    assert vencimento == D(2020, 12, 28)
    assert "Lei 9.784/1999 art. 66 §1º" in fundamentos
    # o mesmo que o motor faz com um prazo contado que termina em 24/12
    assert not cal.pode_vencer(D(2020, 12, 24)) and cal.eh_dia_util(D(2020, 12, 24))
