"""Pela API: a inspeção datada antes da lei, o fato já prescrito num novo procedimento e a
reincidência declarada sem prática anterior são recusados (422) com o campo, a data e a regra,
e nada é gravado."""

from __future__ import annotations

from farol.store.orm import Ato, Inspecao, Processo

from .conftest import Api, inspecao, penalidade


def _nada_gravado(api: Api) -> bool:
    return api.contar(Inspecao) == api.contar(Processo) == api.contar(Ato) == 0


def test_inspecao_de_01_05_1998_e_recusada_antes_da_lesta_e_do_rlesta(api: Api) -> None:
    r = api.post("/inspecoes", inspecao(data_hora="1998-05-01T10:00:00-03:00"),
                 como="inspetor.cpsc")  # fmt: skip
    assert r.status_code == 422, r.text
    j = r.json()
    assert j["campo"] == "data_hora"
    assert j["mensagem"].startswith("inspeção em 01/05/1998, antes da vigência de: ")
    assert "LESTA, que vigora a partir de 10/06/1998" in j["mensagem"]
    assert "RLESTA.15.I, que vigora a partir de 09/06/1998" in j["mensagem"]
    assert j["regra"] == "LESTA art. 41; RLESTA art. 2º do Decreto"
    assert _nada_gravado(api)


def test_inspecao_de_fato_prescrito_nao_abre_novo_procedimento(api: Api) -> None:
    # fato em 10/03/2021: cinco anos de data a data (Lei 9.873/1999 art. 1º) terminam em
    # 10/03/2026; registrado depois disso, a ação punitiva já prescreveu
    r = api.post("/inspecoes", inspecao(data_hora="2021-03-10T10:00:00-03:00"),
                 como="inspetor.cpsc")  # fmt: skip
    assert r.status_code == 422, r.text
    j = r.json()
    assert j["campo"] == "data_hora"
    assert j["mensagem"].startswith(
        "fato de 10/03/2021: a ação punitiva prescreveu em 10/03/2026 (5 anos contados da data "
        "do fato)"
    )
    assert j["regra"].startswith("Lei 9.873/1999 art. 1º")
    assert _nada_gravado(api)


def test_julgamento_com_reincidencia_sem_pratica_anterior_e_recusado(api: Api) -> None:
    pid = api.novo_processo()
    api.levar_ate(pid, "aguardando_julgamento")
    dados = {**penalidade(), "agravantes": ["reincidencia"]}
    r = api.ato(pid, "julgamento_procedente", "2026-04-10", dados)
    assert r.status_code == 422, r.text
    j = r.json()
    assert j["campo"] == "dados.agravantes"
    assert "sem prática anterior" in j["mensagem"]
    assert j["regra"] == "LESTA art. 30, I; RLESTA art. 10"
    assert api.processo(pid)["estado"] == "aguardando_julgamento"
