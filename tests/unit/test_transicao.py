"""A regra de transição entre normas (dados/transicao.yaml) aplicada a procedimentos que
começam antes de 01/12/2023 e seguem depois, nos regimes LESTA e poluição.

Datas à mão: a NORMAM de 2023 (Portaria 110/2023) e a NORMAM-401 vigoram desde 01/12/2023
(DOU de 01/12/2023; normas.yaml)."""

from __future__ import annotations

import datetime as dt

import pytest

from farol.erros import EntradaInvalida
from farol.normas.transicao import transicao
from farol.rules.calendario import obter_calendario
from farol.rules.prazos import calcular_prazo
from farol.rules.transicao import nota_do_prazo, prazo_fixado_no_ato, recurso_em_ultima_instancia

D = dt.date
REGRA = "CPC art. 14; Lei 9.784/1999 art. 69; CPC art. 15"


def test_a_regra_e_um_dado_datado_com_citacao_para_cada_regime() -> None:
    t = transicao()
    assert t.regra.fundamento == REGRA
    assert {(m.id, m.data) for m in t.mudancas} == {
        ("normam_2023", D(2023, 12, 1)),
        ("normam_401", D(2023, 12, 1)),
    }
    assert t.mudanca("lesta", D(2023, 11, 20), D(2024, 2, 1)).nova == "NORMAM-2023"  # type: ignore[union-attr]
    assert t.mudanca("poluicao", D(2023, 11, 20), D(2024, 2, 1)).nova == "NORMAM-401"  # type: ignore[union-attr]
    assert t.mudanca("lesta", D(2023, 12, 1), D(2024, 2, 1)) is None  # começou já na nova


def test_prazo_que_comeca_depois_da_mudanca_segue_a_norma_nova() -> None:
    # LESTA: auto de 20/11/2023 (NORMAM-07), decisão com ciência em 05/12/2023: o recurso
    # (5 dias úteis) segue a NORMAM de 2023, item 3.6.4 a.
    r = calcular_prazo("recurso", D(2023, 12, 5))
    assert r.fundamentos[0] == "NORMAM (Port. 110/2023) item 3.6.4 a"
    nota = nota_do_prazo("lesta", D(2023, 11, 20), D(2023, 12, 5), r.vencimento)
    assert nota is not None and nota.fundamento == REGRA
    assert "segue a NORMAM (Port. 110/2023), em vigor desde 01/12/2023" in nota.texto


def test_prazo_em_curso_na_mudanca_mantem_a_duracao_com_que_comecou() -> None:
    # Defesa de 15 dias úteis a partir da ciência em 24/11/2023 (sexta), sob a NORMAM-07 item
    # 0306 b I: corre sobre a mudança de 01/12/2023 e é calculada pela versão de 2003.
    r = calcular_prazo("defesa", D(2023, 11, 24))
    assert r.fundamentos[0] == "NORMAM-07/DPC item 0306 b I"
    nota = nota_do_prazo("lesta", D(2023, 11, 20), D(2023, 11, 24), r.vencimento)
    assert nota is not None
    assert nota.texto.startswith("prazo iniciado em 24/11/2023, sob a NORMAM-07/DPC: mantém")


def test_procedimento_inteiro_depois_da_mudanca_nao_tem_nota() -> None:
    assert nota_do_prazo("lesta", D(2024, 1, 10), D(2024, 1, 15), D(2024, 2, 5)) is None


def test_poluicao_iniciada_em_2023_e_julgada_em_2024() -> None:
    # Auto por poluição em 20/11/2023, ciência do LTA em 22/11/2023: defesa de 20 dias
    # consecutivos (NORMAM-07 item 0404 b, começo excluído): vence em 12/12/2023, depois da
    # mudança, e mantém a duração com que começou.
    defesa = calcular_prazo("defesa", D(2023, 11, 22), regime="poluicao")
    assert defesa.fundamentos[0] == "NORMAM-07/DPC item 0404 b"
    assert defesa.vencimento == D(2023, 12, 12)
    nota = nota_do_prazo("poluicao", D(2023, 11, 20), D(2023, 11, 22), defesa.vencimento)
    assert nota is not None and nota.mudanca == "normam_401"
    # o julgamento, a partir da defesa apresentada em 11/12/2023, segue a NORMAM-401
    julgamento = calcular_prazo("julgamento", D(2023, 12, 11), regime="poluicao")
    assert julgamento.fundamentos[0].startswith("NORMAM-401/DPC")


def test_instancia_extinta_diz_desde_quando_e_o_que_fazer() -> None:
    # Poluição: decisão do recurso (DPC) comunicada em 05/12/2023, já sob a NORMAM-401, que
    # faz do DPC a última instância: não há recurso ao DGN.
    r = recurso_em_ultima_instancia("poluicao", D(2023, 12, 5))
    assert not r.cabivel and r.autoridade is None
    assert "deixou de existir em 01/12/2023" in r.texto
    assert "registre a ciência dela e siga para o pagamento" in r.texto
    assert r.fundamentos[0] == "NORMAM-401/DPC item 1.4.3"


def test_recurso_ja_cabivel_sob_a_norma_anterior_e_instancia_extinta_ao_julgar() -> None:
    # Comunicada em 20/11/2023 (NORMAM-07 item 0404 d: recurso ao DGN), julgamento em 2024.
    r = recurso_em_ultima_instancia("poluicao", D(2023, 11, 20), D(2024, 2, 1))
    assert r.cabivel and r.autoridade is None
    assert "resolvido pela autoridade marítima" in r.texto
    assert r.fundamentos == (
        "NORMAM-07/DPC item 0404 d",
        "NORMAM-401/DPC item 1.4.3",
        "RLESTA art. 31",
        REGRA,
    )


def test_lesta_recurso_final_de_2023_julgado_em_2024_pelo_dpc() -> None:
    # Decisão do recurso comunicada em 20/11/2023 (última instância: DGN, NORMAM-07 0305 c);
    # julgado em 01/02/2024, pela autoridade competente então: o DPC (NORMAM 2023 item 3.5 b).
    r = recurso_em_ultima_instancia("lesta", D(2023, 11, 20), D(2024, 2, 1))
    assert r.cabivel and r.autoridade is not None and r.autoridade.sigla == "DPC"
    assert r.fundamentos == ("NORMAM (Port. 110/2023) item 3.5 b", REGRA)
    antes = recurso_em_ultima_instancia("lesta", D(2023, 11, 20), D(2023, 11, 28))
    assert antes.autoridade is not None and antes.autoridade.sigla == "DGN"


def test_comparecimento_antes_de_2023_e_fixado_na_notificacao() -> None:
    cal = obter_calendario("SC")
    # Notificação em 17/11/2023 (sexta): 3 dias úteis de antecedência (Lei 9.784 art. 26 § 2º)
    # contam 20, 21 e 22/11 (segunda a quarta; 20/11/2023 ainda não era feriado nacional, a
    # Lei 14.759 é de 21/12/2023): o mínimo é 22/11/2023.
    with pytest.raises(EntradaInvalida) as sem_data:
        prazo_fixado_no_ato("lesta", "comparecimento", D(2023, 11, 17), None, cal)
    assert sem_data.value.campo == "dados.comparecimento_em"
    assert "a partir de 22/11/2023" in sem_data.value.mensagem
    assert "NORMAM-07/DPC item 0306 a I" in (sem_data.value.regra or "")
    with pytest.raises(EntradaInvalida, match=r"antes do mínimo de 3 dias úteis"):
        prazo_fixado_no_ato("lesta", "comparecimento", D(2023, 11, 17), D(2023, 11, 21), cal)
    vencimento, fundamentos = prazo_fixado_no_ato(  # type: ignore[misc]
        "lesta", "comparecimento", D(2023, 11, 17), D(2023, 11, 22), cal
    )
    assert vencimento == D(2023, 11, 22)
    assert fundamentos[:2] == ("NORMAM-07/DPC item 0306 a I", "Lei 9.784/1999 art. 26, § 2º")
    # desde 01/12/2023 o prazo é o da norma (8 dias úteis): nada a fixar no ato
    assert prazo_fixado_no_ato("lesta", "comparecimento", D(2023, 12, 1), None, cal) is None
