"""O IAFN e o Tribunal Marítimo pela API (issue 12, item 3): o processo sobrestado enquanto o
inquérito aguarda o Tribunal (LESTA art. 33, parágrafo único) é retomado pelo Acórdão, que fica
registrado (número, data de publicação, infrações apontadas); o Auto de Infração que se segue
("serão cumpridos os procedimentos habituais da lavratura do Auto de Infração", Norma de 2023,
item 3.2) fica vinculado a ele, e o PDF do auto o menciona.

Datas: inspeção e Notificação em 02/03/2026 (segunda); sobrestamento em 04/03/2026; Acórdão
publicado em 26/06/2026 (sexta); levantamento em 01/07/2026 (quarta).
"""

from __future__ import annotations

import io
from typing import Any

from pypdf import PdfReader

from farol.normas.infracoes import infracao_desconhecida

from .conftest import INFRACAO, Api, lavratura

INQUERITO = "IAFN nº 21/2026 — abalroamento na Baía Norte"
APONTADA_OUTRA = "RLESTA.23.II"  # trafegar em área reservada a banhistas (autor: o condutor)
JUSTIFICATIVA = "A dotação incompleta foi constatada na inspeção, antes e à parte do acidente."


def acordao(**extra: Any) -> dict[str, Any]:
    return {
        "numero": "7.003/2026",
        "publicado_em": "2026-06-26",
        "infracoes_apontadas": [INFRACAO],
        "medidas_preventivas": "Reforçar a fiscalização da dotação de salvatagem na Baía Norte.",
    } | extra


CIENCIA = {"meio": "pessoal"}


def sobrestado(api: Api) -> int:
    """Processo notificado em 02/03/2026 e sobrestado em 04/03/2026 pelo IAFN."""
    pid = api.novo_processo()
    r = api.ato_ok(pid, "sobrestamento", "2026-03-04", {"inquerito": INQUERITO})
    assert r["processo"]["estado"] == "sobrestado"
    return pid


def texto_do_pdf(api: Api, pid: int, tipo: str) -> str:
    r = api.post(f"/processos/{pid}/documentos", {"tipo": tipo})
    assert r.status_code == 201, r.text
    pdf = api.cliente.get(r.json()["pdf"], headers=api.cabecalhos("ac.cpsc"))
    assert pdf.status_code == 200
    texto = " ".join((x.extract_text() or "") for x in PdfReader(io.BytesIO(pdf.content)).pages)
    return "".join(texto.split())


def test_acordao_retoma_o_processo_sobrestado_e_o_auto_seguinte_fica_vinculado(api: Api) -> None:
    pid = sobrestado(api)
    r = api.ato_ok(pid, "levantamento_sobrestamento", "2026-07-01", acordao())
    # o comparecimento é prazo do interessado: espera a ciência do levantamento
    assert r["processo"]["estado"] == "sobrestamento_levantado"

    p = api.processo(pid)
    assert p["sobrestado"] is False
    assert p["acordao"] == {
        "numero": "7.003/2026",
        "publicado_em": "2026-06-26",
        "infracoes_apontadas": [INFRACAO],
        "medidas_preventivas": "Reforçar a fiscalização da dotação de salvatagem na Baía Norte.",
        "fundamentos": ["NORMAM (Port. 110/2023) item 3.2", "LESTA art. 33, parágrafo único"],
    }
    assert p["atos"][-1]["dados"] == {
        "numero": "7.003/2026",
        "publicado_em": "2026-06-26",
        "infracoes_apontadas": [INFRACAO],
        "medidas_preventivas": "Reforçar a fiscalização da dotação de salvatagem na Baía Norte.",
    }
    r = api.ato_ok(pid, "ciencia_levantamento_sobrestamento", "2026-07-01", CIENCIA)
    assert r["processo"]["estado"] == "notificado"  # volta ao estado anterior ao sobrestamento
    # O comparecimento recomeça por inteiro da ciência: 8 dias úteis contados de 01/07
    # (quarta), excluído o dia do começo: 02, 03, 06, 07, 08, 09, 10 e 13/07 -> 13/07/2026.
    comparecimento = api.processo(pid)["prazos"][-1]
    assert (comparecimento["etapa"], comparecimento["inicio"], comparecimento["vencimento"]) == (
        "comparecimento",
        "2026-07-01",
        "2026-07-13",
    )

    # "serão cumpridos os procedimentos habituais da lavratura do Auto de Infração"
    api.ato_ok(pid, "esclarecimentos_prestados", "2026-07-03", {"texto": "Coletes em terra."})
    r = api.ato_ok(pid, "lavratura_auto", "2026-07-06", lavratura())
    assert (r["processo"]["estado"], r["auto"]["numero"]) == ("autuado", "2026/CPSC/000001")
    lavrado = api.processo(pid)["atos"][-1]
    assert lavrado["tipo"] == "lavratura_auto"
    assert lavrado["dados"]["acordao"] == "7.003/2026"  # vínculo gravado sem o usuário informar
    assert "infracoes_fora_do_acordao" not in lavrado["dados"]

    texto = texto_do_pdf(api, pid, "auto_de_infracao")
    assert "DOACÓRDÃODOTRIBUNALMARÍTIMO" in texto
    assert "AcórdãodoTribunalMarítimonº7.003/2026,publicadoem26/06/2026" in texto
    assert f"InfraçõesapontadaspeloAcórdão:{INFRACAO}." in texto


def test_auto_com_infracao_que_o_acordao_nao_apontou_exige_justificativa(api: Api) -> None:
    pid = sobrestado(api)
    api.ato_ok(pid, "levantamento_sobrestamento", "2026-07-01",
               acordao(infracoes_apontadas=[APONTADA_OUTRA]))  # fmt: skip
    api.ato_ok(pid, "ciencia_levantamento_sobrestamento", "2026-07-01", CIENCIA)
    api.ato_ok(pid, "esclarecimentos_prestados", "2026-07-03", {"texto": "Coletes em terra."})
    antes = api.processo(pid)

    r = api.ato(pid, "lavratura_auto", "2026-07-06", lavratura())
    assert r.status_code == 422, r.text
    erro = r.json()
    assert erro["campo"] == "dados.justificativa"
    assert erro["mensagem"] == (
        "infração que o Acórdão do Tribunal Marítimo nº 7.003/2026 (publicado em 26/06/2026) "
        f"não apontou: {INFRACAO} (apontadas: {APONTADA_OUTRA}); o auto que vai além do "
        "acórdão exige a justificativa"
    )
    assert erro["regra"] == "NORMAM (Port. 110/2023) item 3.2; Lei 9.784/1999 art. 50, VII"
    assert api.processo(pid)["versao"] == antes["versao"]  # nada gravado

    r = api.ato_ok(pid, "lavratura_auto", "2026-07-06",
                   lavratura() | {"justificativa": JUSTIFICATIVA})  # fmt: skip
    assert r["processo"]["estado"] == "autuado"
    dados = api.processo(pid)["atos"][-1]["dados"]
    assert (dados["acordao"], dados["infracoes_fora_do_acordao"], dados["justificativa"]) == (
        "7.003/2026",
        [INFRACAO],
        JUSTIFICATIVA,
    )
    texto = texto_do_pdf(api, pid, "auto_de_infracao")
    assert f"InfraçõesdesteAutonãoapontadaspeloAcórdão:{INFRACAO}." in texto
    assert "".join(JUSTIFICATIVA.split()) in texto


def test_acordao_sem_infracoes_apontadas_vincula_o_auto_sem_exigir_justificativa(
    api: Api,
) -> None:
    pid = sobrestado(api)
    api.ato_ok(pid, "levantamento_sobrestamento", "2026-07-01",
               {"numero": "7.004/2026", "publicado_em": "2026-07-01"})  # fmt: skip
    api.ato_ok(pid, "ciencia_levantamento_sobrestamento", "2026-07-02", CIENCIA)
    assert api.processo(pid)["acordao"]["infracoes_apontadas"] == []
    api.ato_ok(pid, "esclarecimentos_prestados", "2026-07-03", {"texto": "Coletes em terra."})
    api.ato_ok(pid, "lavratura_auto", "2026-07-06", lavratura())
    assert api.processo(pid)["atos"][-1]["dados"]["acordao"] == "7.004/2026"


def test_auto_sem_acordao_no_processo_nao_se_vincula(api: Api) -> None:
    pid = api.novo_processo()
    api.ato_ok(pid, "esclarecimentos_prestados", "2026-03-05", {"texto": "Coletes em terra."})
    api.ato_ok(pid, "lavratura_auto", "2026-03-05", lavratura())
    p = api.processo(pid)
    assert p["acordao"] is None
    assert "acordao" not in p["atos"][-1]["dados"]
    assert "ACÓRDÃO" not in texto_do_pdf(api, pid, "auto_de_infracao")


def test_levantamento_sem_numero_do_acordao_e_recusado_nomeando_o_campo(api: Api) -> None:
    pid = sobrestado(api)
    antes = api.processo(pid)
    r = api.ato(pid, "levantamento_sobrestamento", "2026-07-01",
                {"publicado_em": "2026-06-26", "documento": "Acórdão TM"})  # fmt: skip
    assert r.status_code == 422, r.text
    assert r.json()["campo"] == "dados.numero"
    assert r.json()["mensagem"] == "campo obrigatório ausente"
    r = api.ato(pid, "levantamento_sobrestamento", "2026-07-01", {"numero": "7.005/2026"})
    assert (r.status_code, r.json()["campo"]) == (422, "dados.publicado_em")
    depois = api.processo(pid)
    assert (depois["estado"], depois["sobrestado"], depois["versao"]) == (
        "sobrestado",
        True,
        antes["versao"],
    )


def test_infracao_apontada_fora_do_catalogo_e_recusada_com_a_posicao(api: Api) -> None:
    pid = sobrestado(api)
    r = api.ato(pid, "levantamento_sobrestamento", "2026-07-01",
                acordao(infracoes_apontadas=[INFRACAO, "RLESTA.99"]))  # fmt: skip
    assert r.status_code == 422, r.text
    assert r.json()["campo"] == "dados.infracoes_apontadas.1"
    # a mensagem do serviço, e onde a API tem a lista (não a página nem a CLI)
    assert r.json()["mensagem"] == (
        infracao_desconhecida("RLESTA.99") + "; os códigos estão em GET /api/v1/infracoes"
    )


def test_publicacao_do_acordao_depois_do_levantamento_ou_antes_do_sobrestamento_e_recusada(
    api: Api,
) -> None:
    pid = sobrestado(api)  # sobrestado em 04/03/2026
    # publicado no dia seguinte ao levantamento: o sobrestamento ainda não podia ser levantado
    r = api.ato(pid, "levantamento_sobrestamento", "2026-07-01",
                acordao(publicado_em="2026-07-02"))  # fmt: skip
    assert r.status_code == 422, r.text
    assert r.json()["campo"] == "dados.publicado_em"
    assert "depois da data do levantamento (01/07/2026)" in r.json()["mensagem"]
    assert r.json()["regra"] == "NORMAM (Port. 110/2023) item 3.2; LESTA art. 33, parágrafo único"
    # publicado na véspera do sobrestamento: não é o acórdão que o processo aguardava
    r = api.ato(pid, "levantamento_sobrestamento", "2026-07-01",
                acordao(publicado_em="2026-03-03"))  # fmt: skip
    assert r.status_code == 422, r.text
    assert r.json()["campo"] == "dados.publicado_em"
    assert "anterior ao sobrestamento (04/03/2026)" in r.json()["mensagem"]
    # nos limites: publicado no dia do sobrestamento e levantado no dia da publicação
    r = api.ato_ok(pid, "levantamento_sobrestamento", "2026-03-04",
                   acordao(publicado_em="2026-03-04"))  # fmt: skip
    assert r["processo"]["estado"] == "sobrestamento_levantado"


def test_poluicao_das_aguas_continua_sem_sobrestamento(api: Api) -> None:
    """LESTA art. 33, parágrafo único: "com exceção da hipótese de poluição das águas"."""
    pid = api.novo_processo()
    r = api.ato(pid, "sobrestamento", "2026-03-04", {"inquerito": INQUERITO, "poluicao": True})
    assert r.status_code == 409, r.text
    assert r.json()["campo"] == "infracao_de_poluicao"
    assert "poluição das águas" in r.json()["mensagem"]
    p = api.processo(pid)
    assert (p["estado"], p["sobrestado"], p["acordao"]) == ("notificado", False, None)
