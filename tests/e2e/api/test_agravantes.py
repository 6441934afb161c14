"""As circunstâncias agravantes (LESTA art. 30) que a decisão considerou constam dela: a
decisão que impõe a sanção indica os fatos e os fundamentos jurídicos (Lei 9.784/1999 art. 50,
II). Declaradas em `dados.agravantes` no julgamento ou na reforma em recurso, saem com o inciso
e o texto na resposta do registro, na leitura do processo, na página e no PDF da decisão."""

from __future__ import annotations

import io

from pypdf import PdfReader

from .conftest import Api, penalidade

ATO_ILICITO = {
    "chave": "ato_ilicito",
    "inciso": "II",
    "texto": "emprego de embarcação na prática de ato ilícito",
    "fundamento": "LESTA art. 30, II",
}
GRAVE_AMEACA = {
    "chave": "grave_ameaca",
    "inciso": "IV",
    "texto": "grave ameaça à integridade física de pessoas",
    "fundamento": "LESTA art. 30, IV",
}


def _julgado_com_agravantes(api: Api) -> int:
    pid = api.novo_processo()
    api.levar_ate(pid, "aguardando_julgamento")
    dados = {**penalidade("1000.00"), "agravantes": ["ato_ilicito", "grave_ameaca"]}
    r = api.ato_ok(pid, "julgamento_procedente", "2026-04-10", dados)
    # a resposta do registro: cada penalidade com as agravantes que a decisão considerou
    assert r["penalidades"][0]["agravantes"] == [ATO_ILICITO, GRAVE_AMEACA]
    return pid


def _texto_do_pdf(api: Api, pid: int, tipo: str, como: str = "ac.cpsc") -> str:
    r = api.post(f"/processos/{pid}/documentos", {"tipo": tipo}, como=como)
    assert r.status_code == 201, r.text
    pdf = api.cliente.get(r.json()["pdf"], headers=api.cabecalhos(como))
    assert pdf.status_code == 200
    texto = " ".join((x.extract_text() or "") for x in PdfReader(io.BytesIO(pdf.content)).pages)
    return "".join(texto.split())


def _compacto(texto: str) -> str:
    return "".join(texto.split())


CONSIDERADAS = _compacto("Circunstâncias agravantes consideradas:")
DO_JULGAMENTO = _compacto(
    "RLESTA.15.I: emprego de embarcação na prática de ato ilícito (LESTA art. 30, II); "
    "grave ameaça à integridade física de pessoas (LESTA art. 30, IV)"
)
DA_REFORMA = _compacto(
    "RLESTA.15.I: grave ameaça à integridade física de pessoas (LESTA art. 30, IV)"
)


def test_agravantes_do_julgamento_constam_da_leitura_da_pagina_e_do_pdf(api: Api) -> None:
    pid = _julgado_com_agravantes(api)
    p = api.processo(pid)
    assert p["penalidades"][0]["agravantes"] == [ATO_ILICITO, GRAVE_AMEACA]

    api.entrar_na_web("ac.cpsc")
    pagina = api.cliente.get(f"/processos/{pid}").text
    em_vigor = pagina[pagina.index("Penalidades em vigor") :]
    for a in (ATO_ILICITO, GRAVE_AMEACA):
        assert f"circunstância agravante: {a['texto']}" in em_vigor
        assert a["fundamento"] in em_vigor
    # e na linha do tempo, no ato do julgamento
    assert (
        "Circunstâncias agravantes consideradas: emprego de embarcação na prática de ato ilícito "
        "(LESTA art. 30, II); grave ameaça à integridade física de pessoas (LESTA art. 30, IV)"
    ) in pagina

    texto = _texto_do_pdf(api, pid, "decisao_julgamento")
    assert CONSIDERADAS in texto and DO_JULGAMENTO in texto


def test_decisao_sem_agravantes_nao_as_mostra(api: Api) -> None:
    pid = api.novo_processo()
    api.levar_ate(pid, "julgado_procedente")
    assert api.processo(pid)["penalidades"][0]["agravantes"] == []
    assert CONSIDERADAS not in _texto_do_pdf(api, pid, "decisao_julgamento")


def test_reforma_em_recurso_mostra_as_agravantes_que_ela_considerou(api: Api) -> None:
    pid = _julgado_com_agravantes(api)
    api.ato_ok(pid, "ciencia_decisao", "2026-04-14", {"meio": "AR"})
    api.ato_ok(pid, "recurso", "2026-04-16", {"texto": "Nega o emprego em ato ilícito."})
    # a reforma afasta a agravante do inciso II e reduz a multa
    dados = {**penalidade("600.00"), "agravantes": ["grave_ameaca"]}
    r = api.ato_ok(pid, "decisao_recurso_provido_em_parte", "2026-05-04", dados)
    assert r["penalidades"][0]["agravantes"] == [GRAVE_AMEACA]
    assert api.processo(pid)["penalidades"][0]["agravantes"] == [GRAVE_AMEACA]

    recurso = _texto_do_pdf(api, pid, "decisao_recurso", como="cp.cpsc")
    assert CONSIDERADAS in recurso and DA_REFORMA in recurso and DO_JULGAMENTO not in recurso
    # a decisão de julgamento segue imprimindo o que ela considerou
    assert DO_JULGAMENTO in _texto_do_pdf(api, pid, "decisao_julgamento")
