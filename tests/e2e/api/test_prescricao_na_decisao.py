"""Pela API: a decisão que impõe ou mantém penalidade depois de consumada a prescrição
intercorrente (Lei 9.873/1999 art. 1º § 1º: "procedimento administrativo paralisado por mais de
três anos, pendente de julgamento ou despacho") é recusada (409) com a prescrição, desde quando,
a citação e o arquivamento que cabe; o arquivamento continua aceito, e no último dia dos três
anos a decisão ainda cabe. Nada é gravado na recusa."""

from __future__ import annotations

from typing import Any

from farol.store.orm import Ato

from .conftest import FUNDAMENTACAO, Api, inspecao, lavratura, penalidade

INTERCORRENTE = "Lei 9.873/1999 art. 1º, § 1º"

# fato de 02/03/2022 (a ação punitiva, interrompida pela ciência do auto, não prescreve antes de
# 2027); o último ato antes do julgamento é a defesa de 08/04/2022: três anos até 08/04/2025
ATE_O_JULGAMENTO: list[tuple[str, str, dict[str, Any]]] = [
    ("lavratura_auto", "2022-04-04", lavratura()),
    ("ciencia_auto", "2022-04-05", {"meio": "pessoal"}),
    ("defesa", "2022-04-08", {"texto": "Alega que os coletes estavam em terra."}),
]
# ... e até o recurso de 06/05/2022: três anos até 06/05/2025
ATE_O_RECURSO: list[tuple[str, str, dict[str, Any]]] = [
    *ATE_O_JULGAMENTO,
    ("julgamento_procedente", "2022-05-02", penalidade()),
    ("ciencia_decisao", "2022-05-04", {"meio": "AR"}),
    ("recurso", "2022-05-06", {"texto": "Recorre da multa."}),
]


def _processo(api: Api, atos: list[tuple[str, str, dict[str, Any]]]) -> int:
    # antes da Norma de 2023 o prazo para comparecer é o que a notificação fixou
    corpo = {**inspecao(data_hora="2022-03-02T10:00:00-03:00"), "comparecimento_em": "2022-03-14"}
    pid = api.novo_processo(corpo)
    for tipo, data, dados in atos:
        api.ato_ok(pid, tipo, data, dados)
    return pid


def test_julgamento_procedente_com_a_prescricao_intercorrente_consumada_e_recusado(
    api: Api,
) -> None:
    pid = _processo(api, ATE_O_JULGAMENTO)
    antes = api.contar(Ato, Ato.processo_id == pid)
    r = api.ato(pid, "julgamento_procedente", "2025-04-09", penalidade())
    assert r.status_code == 409, r.text
    j = r.json()
    assert j["campo"] == "data_ato"
    assert j["regra"] == INTERCORRENTE
    assert "prescrição intercorrente consumada desde 09/04/2025" in j["mensagem"]
    assert "paralisado por mais de 3 anos, pendente de julgamento ou despacho" in j["mensagem"]
    assert "último ato em 08/04/2022" in j["mensagem"]
    assert (
        'o caminho é o arquivamento dos autos, pelo ato "Julgamento improcedente do Auto '
        '(arquivamento)" (julgamento_improcedente)'
    ) in j["mensagem"]
    assert api.processo(pid)["estado"] == "aguardando_julgamento"
    assert api.contar(Ato, Ato.processo_id == pid) == antes


def test_o_arquivamento_continua_aceito_com_a_prescricao_consumada(api: Api) -> None:
    pid = _processo(api, ATE_O_JULGAMENTO)
    api.ato_ok(pid, "julgamento_improcedente", "2025-04-09", {"fundamentacao": "Prescrição."})
    assert api.processo(pid)["estado"] == "arquivado"


def test_no_ultimo_dia_dos_tres_anos_o_julgamento_ainda_cabe(api: Api) -> None:
    pid = _processo(api, ATE_O_JULGAMENTO)
    api.ato_ok(pid, "julgamento_procedente", "2025-04-08", penalidade())
    assert api.processo(pid)["estado"] == "julgado_procedente"


def test_atos_possiveis_mostram_o_julgamento_recusado_pela_prescricao(api: Api) -> None:
    pid = _processo(api, ATE_O_JULGAMENTO)
    r = api.get(f"/processos/{pid}/atos-possiveis")
    assert r.status_code == 200, r.text
    atos = {a["tipo"]: a for a in r.json()}
    julgamento = atos["julgamento_procedente"]
    assert julgamento["permitido"] is False
    assert julgamento["regra"] == INTERCORRENTE
    assert julgamento["a_partir_de"] is None
    assert "prescrição intercorrente consumada" in julgamento["motivo"]
    assert atos["julgamento_improcedente"]["permitido"] is True


def test_recurso_nao_provido_com_a_prescricao_intercorrente_consumada_e_recusado(
    api: Api,
) -> None:
    pid = _processo(api, ATE_O_RECURSO)
    fundamentacao = {"fundamentacao": FUNDAMENTACAO}
    for tipo, dados in (
        ("decisao_recurso_nao_provido", fundamentacao),
        ("decisao_recurso_provido_em_parte", penalidade("500.00")),
    ):
        r = api.ato(pid, tipo, "2025-05-07", dados, como="cp.cpsc")
        assert r.status_code == 409, r.text
        j = r.json()
        assert j["regra"] == INTERCORRENTE
        assert "prescrição intercorrente consumada desde 07/05/2025" in j["mensagem"]
        assert "último ato em 06/05/2022" in j["mensagem"]
        assert '"Recurso provido (penalidade afastada; arquivamento)"' in j["mensagem"]
    assert api.processo(pid)["estado"] == "em_recurso"
    api.ato_ok(pid, "decisao_recurso_provido", "2025-05-07", fundamentacao, como="cp.cpsc")
    assert api.processo(pid)["estado"] == "arquivado"


def test_a_correcao_nao_leva_a_data_do_julgamento_para_depois_da_prescricao(api: Api) -> None:
    """O julgamento do último dia dos três anos (08/04/2025) cabe; a correção da sua data para
    01/06/2025, com a intercorrente já consumada, é recusada como o registro seria (antes,
    aceita: a correção contornava a guarda); a correção para um dia ainda dentro passa."""
    pid = _processo(api, ATE_O_JULGAMENTO)
    julgamento = api.ato_ok(pid, "julgamento_procedente", "2025-04-07", penalidade())["ato"]
    antes = api.contar(Ato, Ato.processo_id == pid)

    def corrigir(data: str) -> Any:
        return api.ato(pid, "correcao", "2025-06-02",
                       {"motivo": "Data registrada errada", "dados_corrigidos": {"data_ato": data}},
                       corrige_ato_id=julgamento["id"])  # fmt: skip

    r = corrigir("2025-06-01")
    assert r.status_code == 409, r.text
    assert r.json()["campo"] == "dados.dados_corrigidos.data_ato"
    assert r.json()["regra"] == INTERCORRENTE
    assert "prescrição intercorrente consumada desde 09/04/2025" in r.json()["mensagem"]
    assert api.contar(Ato, Ato.processo_id == pid) == antes
    assert corrigir("2025-04-08").status_code == 201


def test_a_correcao_de_ato_anterior_nao_deixa_o_julgamento_com_a_prescricao_consumada(
    api: Api,
) -> None:
    """O julgamento de 07/04/2025 coube: o último ato antes dele, a defesa de 08/04/2022, dava
    a intercorrente até 08/04/2025. A defesa corrigida para 05/04/2022 a faria consumada desde
    06/04/2025: o julgamento já registrado teria sido registrado com ela (antes, a correção era
    aceita e a decisão ficava de pé). A correção para um dia que a deixa dentro passa."""
    pid = _processo(api, ATE_O_JULGAMENTO)
    defesa = next(a for a in api.processo(pid)["atos"] if a["tipo"] == "defesa")
    api.ato_ok(pid, "julgamento_procedente", "2025-04-07", penalidade())
    antes = api.contar(Ato, Ato.processo_id == pid)

    def corrigir(data: str) -> Any:
        return api.ato(pid, "correcao", "2025-04-10",
                       {"motivo": "Data registrada errada", "dados_corrigidos": {"data_ato": data}},
                       corrige_ato_id=defesa["id"])  # fmt: skip

    r = corrigir("2022-04-05")
    assert r.status_code == 409, r.text
    j = r.json()
    assert (j["campo"], j["regra"]) == ("dados.dados_corrigidos.data_ato", INTERCORRENTE)
    assert "deixaria o ato nº" in j["mensagem"]
    assert "de 07/04/2025) registrado com a prescrição consumada" in j["mensagem"]
    assert "prescrição intercorrente consumada desde 06/04/2025" in j["mensagem"]
    assert api.contar(Ato, Ato.processo_id == pid) == antes
    assert corrigir("2022-04-07").status_code == 201


# --- o processo sobrestado ----------------------------------------------------------------
# Sobrestado, o processo espera o Tribunal Marítimo; a Lei 9.873/1999 não lista o sobrestamento
# entre as suspensões da prescrição (docs/interpretacoes.md, ponto 17). Antes, o alerta o
# escondia, e a guarda do julgamento depois do Acórdão o contava: a autoridade só sabia da
# prescrição quando o julgamento era recusado.


def _alertas(api: Api, hoje: str) -> list[tuple[int, str, str]]:
    r = api.get("/prescricao", hoje=hoje, dias=60)
    assert r.status_code == 200, r.text
    return [(x["id"], x["tipo"], x["prescreve_em"]) for x in r.json()]


def test_processo_sobrestado_aparece_no_alerta_e_o_despacho_recomeca_a_intercorrente(
    api: Api,
) -> None:
    pid = _processo(api, [("sobrestamento", "2022-04-06", {"inquerito": "IAFN nº 3/2022"})])
    p = api.processo(pid)
    assert p["sobrestado"] is True
    # três anos do sobrestamento, o último ato: o último dia é 06/04/2025
    assert (pid, "intercorrente", "2025-04-06") in _alertas(api, "2025-03-01")

    # o despacho que acompanha o inquérito é ato do processo: a intercorrente recomeça dele
    assert "despacho_sobrestamento" in [a["tipo"] for a in p["atos_permitidos"]]
    r = api.ato(pid, "despacho_sobrestamento", "2025-03-10", {})
    assert (r.status_code, r.json()["campo"]) == (422, "dados.texto"), r.text
    texto = "Oficie-se ao Tribunal Marítimo sobre o andamento do IAFN nº 3/2022."
    r = api.ato_ok(pid, "despacho_sobrestamento", "2025-03-10", {"texto": texto})
    assert r["processo"]["estado"] == "sobrestado"
    assert r["ato"]["fundamentos"][0] == "NORMAM (Port. 110/2023) item 3.2"
    assert [x for x in _alertas(api, "2025-03-11") if x[0] == pid] == []


def test_penalidade_afastada_a_espera_da_restituicao_nao_tem_alerta_de_prescricao(
    api: Api,
) -> None:
    pid = _processo(api, ATE_O_RECURSO)
    api.ato_ok(pid, "pagamento", "2022-05-10", {"valor": "1000.00", "referencia": "DARF 1"})
    r = api.ato_ok(pid, "decisao_recurso_provido", "2022-05-20", {"fundamentacao": FUNDAMENTACAO})
    assert r["processo"]["estado"] == "aguardando_restituicao"
    assert [x for x in _alertas(api, "2025-05-01") if x[0] == pid] == []
