"""Procedimento iniciado em 2023, sob a NORMAM-07, e decidido em 2024, sob a NORMAM de 2023:
a regra de transição (dados/transicao.yaml) aplicada de ponta a ponta pela API.

Datas à mão (OM CPSC, Santa Catarina):
- inspeção e Notificação em 17/11/2023 (sexta). A NORMAM-07 (item 0306 a I) não fixava o prazo de
  comparecimento: a notificação o traz (22/11/2023, o 3º dia útil depois: 20, 21 e 22/11; em
  2023 o 20/11 ainda não era feriado nacional nem é feriado em SC).
- auto lavrado em 23/11/2023, ciência em 24/11/2023 (sexta): defesa de 15 dias úteis sob a
  NORMAM-07 item 0306 b I (27/11 a 15/12/2023: 15 dias úteis sem feriados no caminho), vence
  em 15/12/2023, depois da mudança de 01/12/2023 — mantém a duração com que começou.
- defesa em 04/12/2023; julgamento (30 dias corridos da expiração do prazo de defesa, NORMAM
  2023 item 3.6.3 b, pois começa depois da mudança).
"""

from __future__ import annotations

from farol.services.recalculo_prazos import recalcular_prazos_abertos

from .conftest import FUNDAMENTACAO, JUSTIFICATIVA, Api, inspecao

REGRA = "CPC art. 14; Lei 9.784/1999 art. 69; CPC art. 15"


def _prazo(p: dict, etapa: str) -> dict:  # type: ignore[type-arg]
    return [x for x in p["prazos"] if x["etapa"] == etapa][-1]


def test_procedimento_de_2023_decidido_em_2024(api: Api) -> None:
    corpo = inspecao(data_hora="2023-11-17T10:00:00-03:00")
    # sem a data de comparecimento a resposta diz o que falta, com a norma e o mínimo legal
    r = api.post("/inspecoes", corpo)
    assert r.status_code == 422, r.text
    erro = r.json()
    assert erro["campo"] == "comparecimento_em"
    assert "a partir de 22/11/2023" in erro["mensagem"]
    assert "NORMAM-07/DPC item 0306 a I" in erro["regra"]
    assert "Lei 9.784/1999 art. 26, § 2º" in erro["regra"]

    corpo["comparecimento_em"] = "2023-11-22"
    r = api.post("/inspecoes", corpo)
    assert r.status_code == 201, r.text
    registro = r.json()
    # sem tabela de medidas por infração em 2023: a critério da autoridade (NORMAM-07 0307)
    assert registro["medidas"] == []
    criterio = registro["constatacoes"][0]["medidas_a_criterio"]
    assert criterio["fundamentos"][0] == "NORMAM-07/DPC item 0307"
    pid = registro["processos"][0]["id"]
    p = api.processo(pid)
    comp = _prazo(p, "comparecimento")
    assert (comp["contagem"], comp["vencimento"]) == ("no_ato", "2023-11-22")

    api.ato_ok(pid, "lavratura_auto", "2023-11-23", {"infracoes": [
        {"infracao": registro["constatacoes"][0]["infracao_aplicavel"],
         "autor_tipo": "proprietario"}]})  # fmt: skip
    api.ato_ok(pid, "ciencia_auto", "2023-11-24", {"meio": "pessoal"})
    defesa = _prazo(api.processo(pid), "defesa")
    assert defesa["vencimento"] == "2023-12-15"
    assert defesa["fundamentos"][0] == "NORMAM-07/DPC item 0306 b I"
    assert defesa["transicao"]["fundamento"] == REGRA
    assert "mantém a duração com que começou" in defesa["transicao"]["texto"]

    api.ato_ok(pid, "defesa", "2023-12-04", {"texto": "Alega que o documento estava em casa."})
    julgamento = _prazo(api.processo(pid), "julgamento")
    assert julgamento["fundamentos"][0] == "NORMAM (Port. 110/2023) item 3.6.3 b"
    # da expiração do prazo de defesa (15/12/2023): 30 dias → 14/01/2024 (domingo) → 15/01
    assert (julgamento["inicio"], julgamento["vencimento"]) == ("2023-12-15", "2024-01-15")
    assert "segue a NORMAM (Port. 110/2023)" in julgamento["transicao"]["texto"]

    decisao = {"penalidades": [{"infracao": registro["constatacoes"][0]["infracao_aplicavel"],
                                "multa": "300.00"}], "justificativa": JUSTIFICATIVA}  # fmt: skip
    api.ato_ok(pid, "julgamento_procedente", "2024-01-10", decisao)
    api.ato_ok(pid, "ciencia_decisao", "2024-01-12", {"meio": "AR"})
    recurso = _prazo(api.processo(pid), "recurso")
    assert recurso["fundamentos"][0] == "NORMAM (Port. 110/2023) item 3.6.4 a"
    api.ato_ok(pid, "recurso", "2024-01-15", {"texto": "Recorre."})
    api.ato_ok(pid, "decisao_recurso_nao_provido", "2024-02-01", {"fundamentacao": FUNDAMENTACAO},
               como="cp.cpsc")  # fmt: skip
    assert api.processo(pid)["estado"] == "recurso_decidido"


def test_julgamento_da_defesa_recebida_sob_a_normam_07_conta_do_recebimento(api: Api) -> None:
    """NORMAM-07 item 0306 b II: "trinta (30) dias corridos, contados da data de recebimento da
    defesa". O Farol contava do fim do prazo de defesa (a regra da Norma de 2023, item 3.6.3 b)
    e dava ao julgamento de 2023 até 04/08/2023. Defesa recebida em 16/06/2023 (sexta): 30
    dias → 16/07 (domingo) → segunda, 17/07/2023."""
    corpo = inspecao(data_hora="2023-06-01T10:00:00-03:00")
    corpo["comparecimento_em"] = "2023-06-12"
    registro = api.inspecionar(corpo)
    pid = registro["processos"][0]["id"]
    infracao = registro["constatacoes"][0]["infracao_aplicavel"]
    api.ato_ok(pid, "lavratura_auto", "2023-06-13",
               {"infracoes": [{"infracao": infracao, "autor_tipo": "proprietario"}]})  # fmt: skip
    api.ato_ok(pid, "ciencia_auto", "2023-06-14", {"meio": "pessoal"})
    api.ato_ok(pid, "defesa", "2023-06-16", {"texto": "Alega que o documento estava em casa."})
    julgamento = _prazo(api.processo(pid), "julgamento")
    assert (julgamento["inicio"], julgamento["vencimento"]) == ("2023-06-16", "2023-07-17")
    assert julgamento["fundamentos"][0] == "NORMAM-07/DPC item 0306 b II"
    # a defesa corrigida para 15/06 (quinta): o julgamento conta dela, 15/07 (sábado) → 17/07;
    # e o recálculo da noite não lhe aplica a regra de 2023 (contar do fim da defesa)
    defesa = next(a for a in api.processo(pid)["atos"] if a["tipo"] == "defesa")
    r = api.ato_ok(pid, "correcao", "2023-06-20",
                   {"motivo": "Defesa protocolada em 15/06", "dados_corrigidos": {"data_ato": "2023-06-15"}},
                   corrige_ato_id=defesa["id"])  # fmt: skip
    julgamento = _prazo(api.processo(pid), "julgamento")
    assert (julgamento["inicio"], julgamento["vencimento"]) == ("2023-06-15", "2023-07-17")
    with api.banco.unit_of_work() as s:
        recalcular_prazos_abertos.na_sessao(s, "CPSC")
    julgamento = _prazo(api.processo(pid), "julgamento")
    assert (julgamento["inicio"], julgamento["vencimento"]) == ("2023-06-15", "2023-07-17")
    # julgado em 25/07/2023, depois do prazo: sinalizado
    decisao = {"penalidades": [{"infracao": infracao, "multa": "300.00"}],
               "justificativa": JUSTIFICATIVA}  # fmt: skip
    r = api.ato_ok(pid, "julgamento_procedente", "2023-07-25", decisao)
    assert "prazo_extrapolado" in r["ato"]["sinalizadores"], r["ato"]


def test_comparecimento_fixado_num_domingo_vence_no_dia_util_seguinte(api: Api) -> None:
    """Sob a NORMAM-07 a Notificação fixava a data de comparecimento; a que cai num domingo
    (11/06/2023) vence na segunda, 12/06 (Lei 9.784/1999 art. 66 § 1º): o auto lavrado na
    segunda, ainda no prazo dos esclarecimentos, é recusado."""
    corpo = inspecao(data_hora="2023-06-01T10:00:00-03:00")
    corpo["comparecimento_em"] = "2023-06-11"
    registro = api.inspecionar(corpo)
    pid = registro["processos"][0]["id"]
    comp = _prazo(api.processo(pid), "comparecimento")
    assert (comp["contagem"], comp["vencimento"]) == ("no_ato", "2023-06-12")
    assert "Lei 9.784/1999 art. 66 §1º" in comp["fundamentos"], comp["fundamentos"]
    infracao = registro["constatacoes"][0]["infracao_aplicavel"]
    lavratura = {"infracoes": [{"infracao": infracao, "autor_tipo": "proprietario"}]}
    assert api.ato(pid, "lavratura_auto", "2023-06-12", lavratura).status_code == 409
    api.ato_ok(pid, "lavratura_auto", "2023-06-13", lavratura)
