"""Documentos da custódia pela API e pela verificação pública, como os demais documentos:
`POST /processos/{id}/documentos` no processo de custódia, 409 antes do ato que o documento
materializa, o PDF com o QR de verificação e `/verificar/{código}` atestando-o.

Datas conferidas à mão (calendário da CPSC; prazos.yaml `prazo.custodia.*`: dias corridos do dia
seguinte à notificação, prorrogados para o primeiro dia útil — Lei 9.784/1999 art. 66 §§ 1º e
2º): inspeção e apreensão em 02/03/2026 (segunda-feira); notificação para retirar entregue em
20/03/2026 (sexta): 15 dias → 04/04 (sábado); 05/04 é domingo de Páscoa → segunda, 06/04/2026.
"""

from __future__ import annotations

import io
import re
from typing import Any

from pypdf import PdfReader

from .conftest import CPF_DONO, Api, inspecao

RECOLHIMENTO = {
    "local_guarda": "Pátio da CPSC, Florianópolis",
    "estado_na_chegada": "Casco íntegro, motor de popa 40 HP, sem avarias aparentes.",
    "fiel_depositario": {"nome": "João Dono", "documento": CPF_DONO, "qualidade": "proprietario"},
    "lacres": [
        {"numero": "L-0001", "tipo": "lacre plástico numerado", "local_aplicacao": "ignição"}
    ],
}


def _texto(pdf: bytes) -> str:
    return " ".join(
        " ".join((p.extract_text() or "").split()) for p in PdfReader(io.BytesIO(pdf)).pages
    )


def _custodia(api: Api) -> tuple[int, int]:
    """(processo sancionador da apreensão, processo de custódia)."""
    corpo = inspecao(
        constatacoes=[{"infracao": "RLESTA.16.I"}], inscricao="401M2026601", condutor=None
    )
    corpo["proprietario"]["endereco"] = "Rua das Gaivotas, 10, Florianópolis/SC"
    pid = api.inspecionar(corpo)["processos"][0]["id"]
    medida = next(m for m in api.processo(pid)["medidas"] if m["tipo"] == "apreensao_embarcacao")
    r = api.post(
        "/custodias",
        {"data_ato": "2026-03-02", "recolhimento": {**RECOLHIMENTO, "medida_id": medida["id"]}},
        como="inspetor.cpsc",
    )
    assert r.status_code == 201, r.text
    return pid, int(r.json()["id"])


def _emitir(api: Api, cid: int, tipo: str) -> Any:
    return api.post(f"/processos/{cid}/documentos", {"tipo": tipo})


def test_notificacao_da_custodia_emitida_pela_api_e_verificada_pelo_qr(api: Api) -> None:
    _, cid = _custodia(api)
    antes = _emitir(api, cid, "notificacao_retirada")
    assert antes.status_code == 409, antes.text
    assert "ainda não há neste processo" in antes.text

    api.ato_ok(cid, "regularizacao", "2026-03-19", {"prova": "TIE emitido pela CPSC em 18/03."})
    api.ato_ok(cid, "notificacao_retirada", "2026-03-20", como="inspetor.cpsc")
    prazo = [x for x in api.processo(cid)["prazos"] if x["etapa"] == "retirada"][-1]
    assert prazo["vencimento"] == "2026-04-06"  # sábado 04/04, Páscoa 05/04 → segunda

    r = _emitir(api, cid, "notificacao_retirada")
    assert r.status_code == 201, r.text
    doc = r.json()
    pdf = api.get(doc["pdf"].removeprefix("/api/v1")).content
    texto = _texto(pdf)
    assert "NOTIFICADO(A) A RETIRAR" in texto and "06/04/2026" in texto
    # o endereço impresso (o que o QR abre) é o da verificação pública deste documento
    url = re.search(r"https?://\S+/verificar/([A-Z0-9-]{14})", texto)
    assert url is not None and url.group(1) == doc["codigo"]
    pagina = api.cliente.get(f"/verificar/{url.group(1)}")
    assert pagina.status_code == 200
    assert "Documento autêntico" in pagina.text and "NÃO autêntico" not in pagina.text
    assert "Notificação para Retirada de Embarcação" in pagina.text

    # a lista do processo traz o documento, e edital não há (notificado pessoalmente)
    lista = api.get(f"/processos/{cid}/documentos").json()
    assert [x["tipo"] for x in lista] == ["notificacao_retirada"]
    edital = _emitir(api, cid, "edital_convocacao")
    assert edital.status_code == 409 and "notificado pessoalmente" in edital.text


def test_documentos_do_recolhimento_saem_na_hora_e_nao_no_processo_sancionador(api: Api) -> None:
    lesta, cid = _custodia(api)
    for tipo in ("auto_de_apreensao", "termo_fiel_depositario", "tipo_de_lacre"):
        r = _emitir(api, cid, tipo)
        assert r.status_code == 201, (tipo, r.text)
    assert _emitir(api, cid, "termo_entrega_embarcacao").status_code == 409
    r = _emitir(api, lesta, "auto_de_apreensao")
    assert r.status_code == 409 and "processo de custódia" in r.text
    assert api.processo(cid)["numero"] in r.text
