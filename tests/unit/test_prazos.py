"""Prazos por etapa: contagem do art. 66 da Lei 9.784/1999, feriados, versões e erros."""

from __future__ import annotations

import datetime as dt

import numpy as np
import pytest

from farol.erros import EntradaInvalida, ForaDeVigencia
from farol.normas.prazos import catalogo_prazos
from farol.rules.calendario import obter_calendario
from farol.rules.prazos import ResultadoPrazo, calcular_prazo, calcular_vencimentos

D = dt.date

# Um caso calculado à mão para cada regra do YAML: (início, UF, vencimento, prorrogado).
CASOS_POR_REGRA: dict[str, tuple[dt.date, str | None, dt.date, bool]] = {
    # 8 úteis: pula 15/11 (sexta), o fim de semana e 20/11 (quarta, feriado desde 2024)
    "prazo.lesta.comparecimento": (D(2024, 11, 14), None, D(2024, 11, 28), False),
    # 15 úteis: pula 15/11, 20/11 e quatro fins de semana
    "prazo.lesta.defesa": (D(2024, 11, 8), None, D(2024, 12, 3), False),
    # 30 corridos caem na segunda de Carnaval; terça também sem expediente; Cinzas é útil
    "prazo.lesta.julgamento": (D(2025, 2, 1), None, D(2025, 3, 5), True),
    # 30 corridos caem em 24/12 (expediente reduzido), 25/12 é Natal
    "prazo.lesta.pagamento": (D(2024, 12, 9), None, D(2024, 12, 26), True),
    # 5 úteis: pula Sexta-feira Santa, fim de semana e Tiradentes (segunda)
    "prazo.lesta.recurso": (D(2025, 4, 16), None, D(2025, 4, 25), False),
    # 30 corridos caem em Corpus Christi (19/06/2025) e a sexta 20/06 também é ponto facultativo
    # de dia inteiro (Portaria MGI 9.783/2024): vence na segunda 23/06
    "prazo.lesta.decisao_recurso": (D(2025, 5, 20), None, D(2025, 6, 23), True),
    # 5 úteis: 24/12 conta como dia útil (há expediente até as 14h); 25/12 não
    "prazo.lesta.recurso_final": (D(2024, 12, 20), None, D(2024, 12, 30), False),
    # 30 corridos caem em 20/11/2024, feriado nacional (Lei 14.759/2023)
    "prazo.lesta.decisao_recurso_final": (D(2024, 10, 21), None, D(2024, 11, 21), True),
    # 20 corridos caem em 07/09/2024, sábado e feriado
    "prazo.poluicao.defesa": (D(2024, 8, 18), None, D(2024, 9, 9), True),
    # 60 corridos atravessam 29/02/2024
    "prazo.poluicao.julgamento": (D(2024, 1, 1), None, D(2024, 3, 1), False),
    "prazo.poluicao.laudo": (D(2024, 10, 1), None, D(2024, 12, 2), True),
    "prazo.poluicao.ciencia_laudo": (D(2025, 4, 11), None, D(2025, 4, 22), True),
    "prazo.poluicao.complemento_defesa": (D(2025, 10, 31), None, D(2025, 11, 21), True),
    "prazo.poluicao.julgamento_complemento": (D(2025, 11, 25), None, D(2025, 12, 26), True),
    # 31/12 (expediente reduzido) -> 01/01 (feriado) -> 02/01
    "prazo.poluicao.recurso": (D(2025, 12, 11), None, D(2026, 1, 2), True),
    "prazo.poluicao.decisao_recurso": (D(2024, 2, 1), None, D(2024, 3, 4), True),
    # 20/11/2023 ainda não era feriado nacional
    "prazo.poluicao.recurso_final": (D(2023, 10, 31), None, D(2023, 11, 20), False),
    "prazo.poluicao.decisao_recurso_final": (D(2023, 10, 16), None, D(2023, 11, 16), True),
    "prazo.poluicao.pagamento": (D(2025, 4, 16), None, D(2025, 4, 22), True),
    # 90 corridos caem no domingo de Páscoa de 2024
    "prazo.custodia.regularizacao": (D(2024, 1, 1), None, D(2024, 4, 1), True),
    "prazo.custodia.retirada": (D(2024, 3, 14), None, D(2024, 4, 1), True),
    # edital: os mesmos dias, da publicação (29/03 é Sexta-feira Santa, 31/03 Páscoa)
    "prazo.custodia.regularizacao_edital": (D(2024, 1, 1), None, D(2024, 4, 1), True),
    "prazo.custodia.retirada_edital": (D(2024, 3, 14), None, D(2024, 4, 1), True),
    # achado: 29/02 + 30 = 30/03 (sábado) -> 31/03 (Páscoa) -> 01/04
    "prazo.custodia.reclamacao": (D(2024, 2, 29), None, D(2024, 4, 1), True),
    "prazo.inquerito.conclusao": (D(2024, 8, 8), None, D(2024, 9, 9), True),
    # 12/10/2025 é domingo e Nossa Senhora Aparecida
    "prazo.inquerito.prorrogacao": (D(2025, 9, 12), None, D(2025, 10, 13), True),
    # prescrição: de data a data, sem prorrogação (09/03/2024 é sábado)
    "prazo.prescricao.punitiva": (D(2019, 3, 9), None, D(2024, 3, 9), False),
    "prazo.prescricao.intercorrente": (D(2021, 11, 20), None, D(2024, 11, 20), False),
}


def test_toda_regra_do_yaml_tem_um_caso_calculado_a_mao() -> None:
    calculaveis = {i for i, r in catalogo_prazos().regras.items() if r.calculavel}
    assert set(CASOS_POR_REGRA) == calculaveis


def test_prazo_das_acessorias_tem_os_dias_que_a_decisao_fixa() -> None:
    # 60 dias contínuos de 02/03/2026 (Lei 9.784 art. 66 § 2º): 01/05/2026, Dia do Trabalho;
    # sábado e domingo seguem sem expediente: prorroga para segunda, 04/05/2026 (§ 1º)
    r = calcular_prazo("acessoria", D(2026, 3, 2), dias_fixados=60)
    assert (r.vencimento, r.dias, r.prorrogado) == (D(2026, 5, 4), 60, True)
    assert r.fundamentos[0] == "Lei 9.784/1999 art. 66, § 2º"
    with pytest.raises(EntradaInvalida, match="a decisão deve fixá-lo"):
        calcular_prazo("acessoria", D(2026, 3, 2))


@pytest.mark.parametrize("regra_id", sorted(CASOS_POR_REGRA))
def test_cada_regra_vence_na_data_calculada_a_mao(regra_id: str) -> None:
    inicio, uf, vencimento, prorrogado = CASOS_POR_REGRA[regra_id]
    _, regime, etapa = regra_id.split(".")
    r = calcular_prazo(etapa, inicio, regime, obter_calendario(uf))
    assert (r.vencimento, r.prorrogado) == (vencimento, prorrogado)
    assert r.regra == regra_id
    assert r.fundamentos, "todo resultado cita o seu fundamento"


# --------------------------------------------------------------------------- fim de semana


@pytest.mark.parametrize(
    ("inicio", "vencimento", "prorrogado"),
    [
        # agosto de 2025, sem feriado nem ponto facultativo (a semana de junho usada antes tem
        # a sexta 20/06/2025 em ponto facultativo pela Portaria MGI 9.783/2024)
        (D(2025, 8, 7), D(2025, 8, 22), False),  # termina na sexta
        (D(2025, 8, 8), D(2025, 8, 25), True),  # termina no sábado
        (D(2025, 8, 9), D(2025, 8, 25), True),  # termina no domingo
        (D(2025, 8, 10), D(2025, 8, 25), False),  # termina na segunda
    ],
)
def test_pagamento_que_termina_no_fim_de_semana_vence_na_segunda(
    inicio: dt.date, vencimento: dt.date, prorrogado: bool
) -> None:
    r = calcular_prazo("pagamento", inicio)
    assert (r.vencimento, r.prorrogado) == (vencimento, prorrogado)


def test_defesa_cientificada_na_sexta_comeca_a_contar_na_segunda() -> None:
    r = calcular_prazo("defesa", D(2025, 8, 1))  # sexta; sem feriados até 22/08
    assert r.vencimento == D(2025, 8, 22)
    assert [d for d, _ in r.dias_nao_uteis][:2] == [D(2025, 8, 2), D(2025, 8, 3)]
    assert r.dias_nao_uteis[0][1] == "sábado" and r.dias_nao_uteis[1][1] == "domingo"


def test_defesa_cientificada_no_sabado_conta_a_partir_do_dia_seguinte() -> None:
    # art. 66: exclui-se o dia do começo; o domingo não é útil, a segunda é o 1º dia
    assert calcular_prazo("recurso", D(2025, 8, 2)).vencimento == D(2025, 8, 8)


# --------------------------------------------------------------------------- feriado nacional


@pytest.mark.parametrize(
    ("inicio", "vencimento", "prorrogado"),
    [
        (D(2024, 11, 4), D(2024, 11, 19), False),  # véspera
        (D(2024, 11, 5), D(2024, 11, 21), True),  # no feriado de 20/11
        (D(2024, 11, 6), D(2024, 11, 21), False),  # depois
    ],
)
def test_pagamento_que_termina_em_20_de_novembro_de_2024_e_prorrogado(
    inicio: dt.date, vencimento: dt.date, prorrogado: bool
) -> None:
    r = calcular_prazo("pagamento", inicio)
    assert (r.vencimento, r.prorrogado) == (vencimento, prorrogado)
    if prorrogado:
        assert r.dias_nao_uteis == [
            (D(2024, 11, 20), "Dia Nacional de Zumbi e da Consciência Negra (feriado nacional)")
        ]
        assert "Lei 14.759/2023 art. 1º" in r.fundamentos
        assert "Lei 9.784/1999 art. 66 §1º" in r.fundamentos


def test_20_de_novembro_de_2023_nao_era_feriado_nacional() -> None:
    r = calcular_prazo("pagamento", D(2023, 11, 5))
    assert (r.vencimento, r.prorrogado) == (D(2023, 11, 20), False)


def test_defesa_em_dias_uteis_pula_o_feriado_e_diz_qual() -> None:
    r = calcular_prazo("defesa", D(2024, 11, 8))
    motivos = dict(r.dias_nao_uteis)
    assert motivos[D(2024, 11, 15)] == "Proclamação da República (feriado nacional)"
    assert motivos[D(2024, 11, 9)] == "sábado"
    assert "Lei 662/1949 art. 1º (redação da Lei 10.607/2002)" in r.fundamentos
    assert not r.prorrogado  # contar só dias úteis nunca termina em dia sem expediente


# --------------------------------------------------------------------------- feriado estadual


@pytest.mark.parametrize(
    ("inicio", "uf", "vencimento"),
    [
        (D(2025, 6, 16), "BA", D(2025, 7, 1)),  # véspera da data magna
        (D(2025, 6, 17), "BA", D(2025, 7, 3)),  # 2 de julho: Independência da Bahia
        (D(2025, 6, 17), None, D(2025, 7, 2)),  # no calendário nacional não é feriado
        (D(2025, 6, 18), "BA", D(2025, 7, 3)),  # depois
        (D(2025, 6, 24), "SP", D(2025, 7, 10)),  # 9 de julho: Revolução Constitucionalista
    ],
)
def test_pagamento_que_termina_na_data_magna_da_uf_e_prorrogado(
    inicio: dt.date, uf: str | None, vencimento: dt.date
) -> None:
    assert calcular_prazo("pagamento", inicio, calendario=obter_calendario(uf)).vencimento == (
        vencimento
    )


def test_recurso_em_dias_uteis_pula_o_feriado_estadual_so_na_uf() -> None:
    nacional = calcular_prazo("recurso", D(2025, 6, 27))
    bahia = calcular_prazo("recurso", D(2025, 6, 27), calendario=obter_calendario("BA"))
    assert nacional.vencimento == D(2025, 7, 4)
    assert bahia.vencimento == D(2025, 7, 7)
    assert (D(2025, 7, 2), "Independência da Bahia (feriado estadual — BA)") in bahia.dias_nao_uteis


def test_feriado_municipal_informado_pela_om_adia_o_vencimento() -> None:
    extras = {D(2025, 1, 20): "São Sebastião (feriado municipal — Rio de Janeiro)"}
    cal = obter_calendario("RJ", extras)
    r = calcular_prazo("pagamento", D(2025, 1, 5), calendario=cal)
    assert r.vencimento == D(2025, 1, 21)
    assert r.dias_nao_uteis == [(D(2025, 1, 20), extras[D(2025, 1, 20)])]
    assert calcular_prazo("pagamento", D(2025, 1, 5)).vencimento == D(2025, 1, 20)


# --------------------------------------------------------------------------- versões


def test_julgamento_de_poluicao_passa_de_30_para_60_dias_em_1_de_dezembro_de_2023() -> None:
    antes = calcular_prazo("julgamento", D(2023, 11, 30), "poluicao")
    depois = calcular_prazo("julgamento", D(2023, 12, 1), "poluicao")
    assert antes.dias == 30 and antes.fundamentos[0] == "NORMAM-07/DPC item 0404 b"
    assert depois.dias == 60 and depois.fundamentos[0] == "NORMAM-401/DPC item 1.4.2 b"


def test_defesa_cita_a_normam_07_ate_30_de_novembro_de_2023_e_a_norma_nova_depois() -> None:
    antes = calcular_prazo("defesa", D(2023, 11, 30))
    depois = calcular_prazo("defesa", D(2023, 12, 1))
    assert antes.fundamentos[:2] == ["NORMAM-07/DPC item 0306 b I", "LESTA art. 23 §1º"]
    assert depois.fundamentos[:2] == ["NORMAM (Port. 110/2023) item 3.6.3 a", "LESTA art. 23 §1º"]


def test_defesa_antes_da_normam_07_segue_a_propria_lesta() -> None:
    assert calcular_prazo("defesa", D(1999, 5, 3)).fundamentos[0] == "LESTA art. 23 §1º"
    with pytest.raises(ForaDeVigencia) as erro:
        calcular_prazo("defesa", D(1998, 3, 10))
    assert erro.value.campo == "inicio"


def test_comparecimento_so_tem_prazo_a_partir_da_norma_de_2023() -> None:
    with pytest.raises(ForaDeVigencia, match="sem previsão normativa"):
        calcular_prazo("comparecimento", D(2023, 11, 30))
    assert calcular_prazo("comparecimento", D(2023, 12, 1)).dias == 8


def test_recurso_final_de_poluicao_deixa_de_existir_com_a_normam_401() -> None:
    assert calcular_prazo("recurso_final", D(2023, 11, 30), "poluicao").dias == 20
    with pytest.raises(ForaDeVigencia, match="extinto") as erro:
        calcular_prazo("recurso_final", D(2023, 12, 1), "poluicao")
    # não é um erro seco: diz o que fazer em vez do recurso extinto (dados/transicao.yaml)
    assert erro.value.regra == "NORMAM-401/DPC item 1.4.3; RLESTA art. 31"
    assert "registre a ciência dela e siga para o pagamento" in erro.value.mensagem


def test_data_norma_mantem_a_versao_antiga_para_o_processo_que_comecou_sob_ela() -> None:
    r = calcular_prazo("julgamento", D(2024, 1, 10), "poluicao", data_norma=D(2023, 11, 15))
    assert r.dias == 30 and r.vencimento == D(2024, 2, 9)


# --------------------------------------------------------------------------- prescrição


@pytest.mark.parametrize(
    ("fato", "prescricao"),
    [
        (D(2019, 6, 10), D(2024, 6, 10)),
        (D(2020, 2, 29), D(2025, 2, 28)),  # sem 29/02 no ano final: último dia do mês
        (D(2019, 3, 9), D(2024, 3, 9)),  # sábado: não se prorroga
    ],
)
def test_prescricao_punitiva_em_cinco_anos_de_data_a_data(
    fato: dt.date, prescricao: dt.date
) -> None:
    r = calcular_prazo("punitiva", fato, "prescricao")
    assert r.vencimento == prescricao
    assert not r.prorrogado and r.dias_nao_uteis == []
    assert r.dias == (prescricao - fato).days
    assert r.fundamentos == ["Lei 9.873/1999 art. 1º", "Lei 9.784/1999 art. 66 §3º"]


def test_prescricao_intercorrente_em_tres_anos_de_paralisacao() -> None:
    r = calcular_prazo("intercorrente", D(2022, 5, 2), "prescricao")
    assert r.vencimento == D(2025, 5, 2)
    assert r.fundamentos[0] == "Lei 9.873/1999 art. 1º §1º"


def test_prescricao_antes_da_lei_9873_e_recusada() -> None:
    with pytest.raises(ForaDeVigencia):
        calcular_prazo("punitiva", D(1999, 11, 23), "prescricao")


# --------------------------------------------------------------------------- erros e saída


def test_etapa_desconhecida_nomeia_o_campo_etapa() -> None:
    with pytest.raises(EntradaInvalida) as erro:
        calcular_prazo("contestacao", D(2024, 1, 10))
    assert erro.value.campo == "etapa"
    assert "defesa" in erro.value.mensagem


def test_regime_desconhecido_nomeia_o_campo_regime() -> None:
    with pytest.raises(EntradaInvalida) as erro:
        calcular_prazo("defesa", D(2024, 1, 10), "tributario")
    assert erro.value.campo == "regime"


def test_data_com_hora_e_recusada() -> None:
    with pytest.raises(EntradaInvalida) as erro:
        calcular_prazo("defesa", dt.datetime(2024, 1, 10, 9, 0))
    assert erro.value.campo == "inicio"


def test_vencimento_depois_de_2100_e_recusado() -> None:
    with pytest.raises(EntradaInvalida, match="fim do calendário"):
        calcular_prazo("punitiva", D(2099, 1, 1), "prescricao")
    with pytest.raises(EntradaInvalida) as erro:
        calcular_prazo("defesa", D(2101, 1, 1))
    assert erro.value.campo == "inicio"


def test_para_json_tem_exatamente_os_campos_da_cli() -> None:
    r = calcular_prazo("pagamento", D(2024, 11, 5))
    assert r.para_json() == {
        "etapa": "pagamento",
        "regime": "lesta",
        "inicio": "2024-11-05",
        "vencimento": "2024-11-21",
        "contagem": "corridos",
        "dias": 15,
        "prorrogado": True,
        "dias_nao_uteis": [
            {
                "data": "2024-11-20",
                "motivo": "Dia Nacional de Zumbi e da Consciência Negra (feriado nacional)",
                "fundamentos": [
                    {
                        "motivo": "Dia Nacional de Zumbi e da Consciência Negra (feriado nacional)",
                        "norma": "LEI-14759",
                        "dispositivo": "art. 1º",
                        "texto": "Declara feriado nacional o dia 20 de novembro, Dia Nacional de "
                        "Zumbi e da Consciência Negra (resumo).",
                        "referencia": "Lei 14.759/2023 art. 1º",
                        "pendente": None,
                    }
                ],
            }
        ],
        "fundamentos": [
            "NORMAM (Port. 110/2023) item 3.6.3 d",
            "LESTA art. 32",
            "Lei 9.784/1999 art. 66",
            "Lei 9.784/1999 art. 66 §2º",
            "Lei 9.784/1999 art. 66 §1º",
            "Lei 14.759/2023 art. 1º",
        ],
    }


def test_prazo_corrido_lista_so_os_dias_que_adiaram_o_vencimento() -> None:
    r: ResultadoPrazo = calcular_prazo("pagamento", D(2024, 12, 9))
    assert r.dias_nao_uteis == [
        (D(2024, 12, 24), "Véspera de Natal (expediente encerrado antes da hora normal)"),
        (D(2024, 12, 25), "Natal (feriado nacional)"),
    ]


# --------------------------------------------------------------------------- lote


def test_lote_calcula_o_mesmo_que_o_calculo_individual_atravessando_versoes() -> None:
    inicios = np.array(["2023-11-29", "2023-11-30", "2023-12-01", "2024-11-05"], "datetime64[D]")
    lote = calcular_vencimentos("julgamento", inicios, "poluicao", "RJ")
    cal = obter_calendario("RJ")
    individuais = [
        calcular_prazo("julgamento", d.astype(dt.date), "poluicao", cal).vencimento for d in inicios
    ]
    assert [d.astype(dt.date) for d in lote] == individuais


def test_lote_preserva_a_forma_do_vetor() -> None:
    inicios = np.array(
        [["2024-11-04", "2024-11-05"], ["2024-11-06", "2024-12-09"]], "datetime64[D]"
    )
    lote = calcular_vencimentos("pagamento", inicios)
    assert lote.shape == (2, 2) and lote.dtype == np.dtype("datetime64[D]")
    assert str(lote[0, 1]) == "2024-11-21"


def test_lote_com_data_vazia_ou_tipo_errado_e_recusado() -> None:
    with pytest.raises(EntradaInvalida) as erro:
        calcular_vencimentos("defesa", np.array(["2024-01-01", "NaT"], "datetime64[D]"))
    assert erro.value.campo == "inicios"
    with pytest.raises(EntradaInvalida):
        calcular_vencimentos("defesa", np.array([20240101]))


def test_lote_com_inicio_sem_regra_em_vigor_falha_inteiro() -> None:
    inicios = np.array(["2023-11-30", "2023-12-01"], "datetime64[D]")
    with pytest.raises(ForaDeVigencia, match="extinto"):
        calcular_vencimentos("recurso_final", inicios, "poluicao")
    with pytest.raises(ForaDeVigencia, match="sem previsão"):
        calcular_vencimentos("comparecimento", inicios)


def test_lote_com_uf_desconhecida_nomeia_o_campo_uf() -> None:
    with pytest.raises(EntradaInvalida) as erro:
        calcular_vencimentos("defesa", np.array(["2024-01-01"], "datetime64[D]"), uf="XX")
    assert erro.value.campo == "uf"


def test_lote_do_prazo_fixado_na_decisao_e_recusado_com_o_motivo() -> None:
    # cada decisão fixa os seus dias (Lei 9.784 art. 66 § 2º): não há lote sem eles
    with pytest.raises(EntradaInvalida, match="cada decisão o fixa"):
        calcular_vencimentos("acessoria", np.array(["2026-03-02"], dtype="datetime64[D]"))


def test_prazo_que_vence_na_data_do_ato_nao_se_calcula_por_dias() -> None:
    # o leilão vence na data que o Edital anuncia (NORMAM-07 item 0313): nem um nem em lote
    with pytest.raises(EntradaInvalida, match=r"dados\.data_leilao") as erro:
        calcular_prazo("leilao", dt.date(2026, 6, 10), regime="custodia")
    assert "item 0313" in (erro.value.regra or "")
    with pytest.raises(EntradaInvalida, match="vence na data que cada ato fixa"):
        calcular_vencimentos(
            "leilao", np.array(["2026-06-10"], dtype="datetime64[D]"), regime="custodia"
        )
