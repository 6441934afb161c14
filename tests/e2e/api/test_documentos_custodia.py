"""Documentos da custódia pela API e pela verificação pública, como os demais documentos:
`POST /processos/{id}/documentos` no processo de custódia, 409 antes do ato que o documento
materializa, o PDF com o QR de verificação e `/verificar/{código}` atestando-o.

Datas conferidas à mão (calendário da CPSC; prazos.yaml `prazo.custodia.*`: dias corridos do dia
seguinte à notificação, prorrogados para o primeiro dia útil — Lei 9.784/1999 art. 66 §§ 1º e
2º): inspeção e apreensão em 02/03/2026 (segunda-feira); notificação para retirar entregue em
20/03/2026 (sexta): 15 dias → 04/04 (sábado); 05/04 é domingo de Páscoa → segunda, 06/04/2026.
"""

from __future__ import annotations

import hashlib
import io
import json
import re
from typing import Any

from PIL import Image
from pypdf import PdfReader

from farol.store.orm import Custodia, DocumentoAnexo, Processo

from .conftest import API, CPF_DONO, Api, inspecao

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


def _jpeg(cor: tuple[int, int, int]) -> bytes:
    saida = io.BytesIO()
    Image.new("RGB", (16, 12), cor).save(saida, "JPEG")
    return saida.getvalue()


def _recolher_com_fotos(
    api: Api, inscricao: str, fotos: list[tuple[str, bytes, str]], chave: str | None = None
) -> Any:
    corpo = inspecao(constatacoes=[{"infracao": "RLESTA.16.I"}], inscricao=inscricao, condutor=None)
    pid = api.inspecionar(corpo)["processos"][0]["id"]
    medida = next(m for m in api.processo(pid)["medidas"] if m["tipo"] == "apreensao_embarcacao")
    custodia = {
        "data_ato": "2026-03-02",
        "recolhimento": {**RECOLHIMENTO, "medida_id": medida["id"]},
    }
    cab = dict(api.cabecalhos("inspetor.cpsc"))
    if chave:
        cab["Idempotency-Key"] = chave
    return api.cliente.post(
        f"{API}/custodias/com-fotos",
        data={"custodia": json.dumps(custodia)},
        files=[("fotos", f) for f in fotos],
        headers=cab,
    )


def test_fotos_da_chegada_vao_com_o_recolhimento_e_saem_no_auto_de_apreensao(api: Api) -> None:
    casco, motor = _jpeg((200, 40, 40)), _jpeg((20, 90, 200))
    fotos = [("casco.jpg", casco, "image/jpeg"), ("motor.jpg", motor, "image/jpeg")]
    r = _recolher_com_fotos(api, "401M2026611", fotos, chave="chegada-1")
    assert r.status_code == 201, r.text
    aberta = r.json()
    assert aberta["fotos_na_chegada"] == 2 and aberta["estado"] == "sob_custodia"
    cid = aberta["id"]
    anexos = api.contar(DocumentoAnexo, DocumentoAnexo.processo_id == cid)
    assert anexos == 2
    # anexadas ao próprio ato de recolhimento, e o Auto de Apreensão as relaciona pelo SHA-256
    (recolhimento,) = [a for a in api.processo(cid)["atos"] if a["tipo"] == "recolhimento"]
    assert api.contar(DocumentoAnexo, DocumentoAnexo.ato_id == recolhimento["id"]) == 2
    doc = _emitir(api, cid, "auto_de_apreensao")
    assert doc.status_code == 201, doc.text
    texto = _texto(api.get(doc.json()["pdf"].removeprefix("/api/v1")).content)
    assert "REGISTRO FOTOGRÁFICO DA INSPEÇÃO E DA CHEGADA À GUARDA" in texto
    sem_espacos = texto.replace(" ", "")
    for foto in (casco, motor):
        assert hashlib.sha256(foto).hexdigest() in sem_espacos
    assert texto.count("na chegada à guarda") >= 2
    # o motivo da apreensão é a conduta com o dispositivo, sem a penalidade da infração
    # (revisão dos documentos, C8)
    assert "deixar de inscrever ou de registrar a embarcação (RLESTA art. 16, I)" in texto
    assert "Penalidade:" not in texto.split("Motivo", 1)[-1].split("Fundamento", 1)[0]


def test_foto_que_nao_e_imagem_recusa_o_recolhimento_inteiro(api: Api) -> None:
    antes = (api.contar(Custodia), api.contar(Processo), api.contar(DocumentoAnexo))
    fotos = [
        ("casco.jpg", _jpeg((1, 2, 3)), "image/jpeg"),
        ("nota.jpg", b"%PDF-1.4 x", "image/jpeg"),
    ]
    r = _recolher_com_fotos(api, "401M2026612", fotos)
    assert r.status_code == 422, r.text
    assert r.json()["campo"] == "fotos"
    assert "foto 2 (nota.jpg) não é uma imagem JPEG, PNG ou WebP" in r.json()["mensagem"]
    # a inspeção da apreensão ficou (é de outro pedido); a custódia e as fotos, não
    depois = (api.contar(Custodia), api.contar(Processo), api.contar(DocumentoAnexo))
    assert depois[0] == antes[0] and depois[2] == antes[2]
    assert depois[1] == antes[1] + 1  # só o processo sancionador aberto pela inspeção


def test_json_invalido_do_recolhimento_com_fotos_nomeia_o_campo(api: Api) -> None:
    cab = dict(api.cabecalhos("inspetor.cpsc"))
    r = api.cliente.post(
        f"{API}/custodias/com-fotos",
        data={"custodia": json.dumps({"data_ato": "2026-03-02", "recolhimento": {}})},
        headers=cab,
    )
    assert r.status_code == 422, r.text
    assert r.json()["campo"].startswith("custodia.recolhimento")
