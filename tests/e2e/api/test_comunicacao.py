"""A comunicação dos atos ao interessado pela API (Norma de 2023, item 3.6.6): a ciência por
publicação oficial (Lei 9.784/1999 art. 26 § 4º), com o prazo contado da publicação, e o
procurador constituído com o instrumento de procuração específico, nomeado no detalhe do
processo, na consulta pública e nos documentos."""

from __future__ import annotations

import io
import re
from typing import Any

import httpx
from apoio import csrf_de
from pypdf import PdfReader

from farol.store.orm import Ato, DocumentoAnexo, Procurador

from .conftest import API, CPF_DONO, Api

PDF = b"%PDF-1.4\n% instrumento de procuracao especifico\n%%EOF\n"
CPF_PROCURADORA = "111.444.777-35"
PROCURADORA = {
    "nome": "Helena Procuradora Teste",
    "cpf": CPF_PROCURADORA,
    "oab": "SC 12345",
    "email": "helena@advocacia.exemplo.br",
    "endereco": "Rua Felipe Schmidt, 100, Florianópolis/SC",
}
JUSTIFICATIVA = "AR da notificação devolvido pelos Correios com a anotação 'mudou-se'."


def publicacao(data: str = "2026-03-18", **extra: Any) -> dict[str, Any]:
    """Dados da ciência do auto por publicação no DOU (o autuado tem endereço indefinido)."""
    return {
        "meio": "edital",
        "publicacao": {
            "veiculo": "dou",
            "publicado_em": data,
            "referencia": "DOU nº 53, seção 3, p. 41",
        },
        "hipotese": "endereco_indefinido",
        "justificativa": JUSTIFICATIVA,
        **extra,
    }


def _prazo(p: dict[str, Any], etapa: str) -> dict[str, Any]:
    return [x for x in p["prazos"] if x["etapa"] == etapa][-1]


def _consulta_publica(api: Api, numero: str, documento: str = CPF_DONO) -> str:
    r = api.cliente.get("/consulta")
    r = api.cliente.post(
        "/consulta", data={"csrf": csrf_de(r.text), "numero": numero, "documento": documento}
    )
    assert r.status_code == 200, r.text
    return r.text


def _pagina_do_processo(api: Api, pid: int, login: str = "ac.cpsc") -> str:
    api.entrar_na_web(login)
    r = api.cliente.get(f"/processos/{pid}")
    assert r.status_code == 200, r.text
    return r.text


# --- ciência por publicação oficial ---------------------------------------------------------


def test_ciencia_do_auto_por_publicacao_no_dou_abre_a_defesa_no_dia_seguinte_a_publicacao(
    api: Api,
) -> None:
    pid = api.novo_processo()
    api.levar_ate(pid, "autuado")  # auto lavrado em 13/03/2026
    # O AR voltou ("mudou-se"): o auto se comunica por publicação no Diário Oficial da União de
    # quarta-feira, 18/03/2026, e a data do ato é a da publicação. A defesa tem 15 dias úteis
    # contados do dia seguinte à ciência, incluído o do vencimento (NORMAM 3.6.3 a; Lei
    # 9.784/1999 art. 66): 19, 20, 23, 24, 25, 26, 27, 30 e 31/03 (9), 01 e 02/04 (11); 03/04
    # é a Sexta-feira Santa; 06, 07, 08 e 09/04 (15). Vence na quinta-feira, 09/04/2026. Não
    # contados: 21-22/03, 28-29/03, 03/04 e 04-05/04 (sete dias).
    r = api.ato_ok(pid, "ciencia_auto", "2026-03-18", publicacao(), como="inspetor.cpsc")
    assert r["processo"]["estado"] == "em_defesa"

    p = api.processo(pid)
    defesa = _prazo(p, "defesa")
    assert (defesa["inicio"], defesa["vencimento"], defesa["dias"], defesa["contagem"]) == (
        "2026-03-18",
        "2026-04-09",
        15,
        "uteis",
    )
    pulados = [d["data"] for d in defesa["dias_nao_uteis"]]
    assert pulados == [
        "2026-03-21", "2026-03-22", "2026-03-28", "2026-03-29",
        "2026-04-03", "2026-04-04", "2026-04-05",
    ]  # fmt: skip
    ciencia = next(a for a in p["atos"] if a["tipo"] == "ciencia_auto")
    assert ciencia["ciencia"] == "ciência por publicação em Diário Oficial da União de 18/03/2026"
    assert ciencia["dados"]["publicacao"] == {
        "veiculo": "dou",
        "publicado_em": "2026-03-18",
        "referencia": "DOU nº 53, seção 3, p. 41",
    }
    assert ciencia["dados"]["hipotese"] == "endereco_indefinido"

    # o último dia da defesa é o da publicação + 15 úteis: revelia só no dia seguinte
    r = api.ato(pid, "revelia", "2026-04-09")
    assert r.status_code == 409, r.text
    api.ato_ok(pid, "revelia", "2026-04-10")

    texto = "ciência por publicação em Diário Oficial da União de 18/03/2026"
    assert texto in _consulta_publica(api, p["numero"])
    pagina = _pagina_do_processo(api, pid)
    assert "Ciência por publicação em Diário Oficial da União de 18/03/2026" in pagina
    assert "DOU nº 53, seção 3, p. 41" in pagina


def test_ciencia_por_publicacao_na_pagina_da_om_e_no_quadro_do_gap(api: Api) -> None:
    pid = api.novo_processo()
    api.levar_ate(pid, "julgado_procedente")  # julgamento procedente em 10/04/2026
    dados = publicacao("2026-04-14", hipotese="desconhecido")
    dados["publicacao"] = {
        "veiculo": "quadro_gap",
        "publicado_em": "2026-04-14",
        "referencia": "Edital afixado no quadro de avisos do GAP da CPSC, termo nº 7/2026",
    }
    api.ato_ok(pid, "ciencia_decisao", "2026-04-14", dados)
    p = api.processo(pid)
    ciencia = next(a for a in p["atos"] if a["tipo"] == "ciencia_decisao")
    assert ciencia["ciencia"] == (
        "ciência por publicação em quadro de avisos do Grupo de Atendimento ao Público (GAP) "
        "de 14/04/2026"
    )
    # o recurso (5 dias úteis) e o pagamento (15 corridos) também correm da publicação
    assert _prazo(p, "recurso")["inicio"] == _prazo(p, "pagamento")["inicio"] == "2026-04-14"
    assert _prazo(p, "pagamento")["vencimento"] == "2026-04-29"  # 14/04 + 15 dias corridos


def test_ciencia_por_publicacao_sem_os_dados_da_publicacao_e_recusada_nomeando_o_campo(
    api: Api,
) -> None:
    pid = api.novo_processo()
    api.levar_ate(pid, "autuado")
    sem_publicacao = {k: v for k, v in publicacao().items() if k != "publicacao"}
    r = api.ato(pid, "ciencia_auto", "2026-03-18", sem_publicacao)
    assert r.status_code == 422, r.text
    erro = r.json()
    assert erro["campo"] == "dados.publicacao"
    assert "veículo" in erro["mensagem"] and "dou (Diário Oficial da União)" in erro["mensagem"]
    assert "NORMAM (Port. 110/2023) item 3.6.6" in erro["regra"]
    assert "Lei 9.784/1999 art. 26, § 4º" in erro["regra"]

    casos = [
        # a data do ato não é a da publicação: o prazo correria de outro dia
        (publicacao("2026-03-17"), "dados.publicacao.publicado_em"),
        ({**publicacao(), "publicacao": {**publicacao()["publicacao"], "veiculo": "jornal"}},
         "dados.publicacao.veiculo"),
        ({k: v for k, v in publicacao().items() if k != "hipotese"}, "dados.hipotese"),
        ({**publicacao(), "hipotese": "viajando"}, "dados.hipotese"),
        ({k: v for k, v in publicacao().items() if k != "justificativa"}, "dados.justificativa"),
        ({"meio": "pessoal", "publicacao": publicacao()["publicacao"]}, "dados.publicacao"),
        ({"meio": "telegrama"}, "dados.meio"),
        ({}, "dados.meio"),
    ]  # fmt: skip
    for dados, campo in casos:
        r = api.ato(pid, "ciencia_auto", "2026-03-18", dados)
        assert (r.status_code, r.json()["campo"]) == (422, campo), (dados, r.text)
    r = api.ato(pid, "ciencia_auto", "2026-03-18", {"meio": "telegrama"})
    opcoes = "use um de: pessoal (comunicação pessoal), AR (via postal com aviso de "
    assert opcoes in r.json()["mensagem"]
    # a publicação informada noutra ciência: o meio pelo nome, não "meio 'edital'"
    r = api.ato(pid, "ciencia_auto", "2026-03-18",
                {"meio": "pessoal", "publicacao": publicacao()["publicacao"]})  # fmt: skip
    assert r.json()["mensagem"] == (
        "só se informa na ciência por publicação oficial; a ciência informada é por "
        "comunicação pessoal"
    )
    assert api.processo(pid)["estado"] == "autuado"  # nada gravado


def test_ato_gravado_com_meio_edital_sem_a_publicacao_continua_legivel(api: Api) -> None:
    """Atos anteriores à exigência, gravados só com `meio: edital`, seguem no processo: a
    linha do tempo diz o meio, sem inventar veículo nem data de publicação."""
    from farol.services.comunicacao import descrever_ciencia

    assert descrever_ciencia({"meio": "edital"}) == "ciência por publicação oficial"
    assert descrever_ciencia({}) is None


# --- o aviso publicado: documento oficial com QR ---------------------------------------------


def _texto_pdf(api: Api, corpo: dict[str, Any]) -> str:
    pdf = api.get(corpo["pdf"].removeprefix(API))
    assert pdf.status_code == 200, pdf.text
    texto = " ".join(x.extract_text() or "" for x in PdfReader(io.BytesIO(pdf.content)).pages)
    return " ".join(texto.split())


def test_aviso_de_ciencia_por_publicacao_no_dou_e_documento_oficial_verificavel(api: Api) -> None:
    pid = api.novo_processo()
    api.levar_ate(pid, "autuado")  # auto lavrado em 13/03/2026
    api.ato_ok(pid, "ciencia_auto", "2026-03-18", publicacao(), como="inspetor.cpsc")
    p = api.processo(pid)
    # a página do processo oferece o novo documento entre os "Documentos oficiais"
    pagina = _pagina_do_processo(api, pid)
    assert '<option value="aviso_publicacao">Aviso de ciência por publicação oficial</option>' in (
        pagina
    )

    r = api.post(f"/processos/{pid}/documentos", {"tipo": "aviso_publicacao"})
    assert r.status_code == 201, r.text
    doc = r.json()
    assert doc["titulo"] == "Aviso de ciência por publicação oficial"
    texto = _texto_pdf(api, doc)
    # A defesa corre do dia seguinte à publicação de quarta-feira, 18/03/2026: 15 dias úteis
    # (19, 20, 23 a 27, 30 e 31/03, 01 e 02/04; 03/04 Sexta-feira Santa; 06 a 09/04) vencem na
    # quinta-feira, 09/04/2026 -- o prazo gravado pelo motor quando a ciência foi registrada.
    assert _prazo(p, "defesa")["vencimento"] == "2026-04-09"
    for trecho in (
        "AVISO DE CIÊNCIA POR PUBLICAÇÃO OFICIAL",
        "DÁ CIÊNCIA a João Dono, interessado de endereço indefinido",
        p["numero"],
        "Lavratura do Auto de Infração",  # o ato comunicado, do quadro
        p["auto"]["numero"],
        "13/03/2026",
        "Diário Oficial da União",
        "18/03/2026",
        "DOU nº 53, seção 3, p. 41",
        JUSTIFICATIVA,
        "Apresentação de defesa",
        "09/04/2026",
        "contados do dia seguinte à publicação",
        "NORMAM (Port. 110/2023) item 3.6.6",
        "Lei 9.784/1999 art. 26, § 4º",
        "Lei 9.784/1999 art. 66",
        f"Código de verificação: {doc['codigo']}",
    ):
        assert trecho in texto, (trecho, texto)
    # o aviso é público: o CPF mascarado, como na consulta pública (LGPD art. 6º, III)
    assert CPF_DONO not in texto
    assert f"***.{CPF_DONO[4:7]}.{CPF_DONO[8:11]}-**" in texto, texto

    # a verificação pública (sem login) reconhece o aviso e o liga à ciência publicada
    v = api.cliente.get(f"{API}/verificacao/{doc['codigo']}")
    assert v.status_code == 200, v.text
    info = v.json()
    assert (info["autentico"], info["vigente"], info["tipo"], info["processo"]) == (
        True,
        True,
        "aviso_publicacao",
        p["numero"],
    )
    assert (info["ato"]["tipo"], info["ato"]["data"]) == ("ciencia_auto", "2026-03-18")

    # a decisão também se comunica por publicação (quadro do GAP, 14/04/2026): o novo aviso diz
    # a decisão e os prazos que ela abriu; o aviso do auto não é substituído (outra publicação)
    api.levar_ate(pid, "julgado_procedente")  # defesa em 20/03, julgamento em 10/04/2026
    gap = publicacao("2026-04-14", hipotese="desconhecido")
    gap["publicacao"] = {**gap["publicacao"], "veiculo": "quadro_gap", "referencia": "termo 7"}
    api.ato_ok(pid, "ciencia_decisao", "2026-04-14", gap)
    r = api.post(f"/processos/{pid}/documentos", {"tipo": "aviso_publicacao"})
    assert r.status_code == 201, r.text
    texto = _texto_pdf(api, r.json())
    # recurso: 5 dias úteis do dia seguinte à publicação: 15, 16 e 17/04; 20/04 é ponto
    # facultativo (véspera de Tiradentes) e 21/04 é Tiradentes; 22 e 23/04: vence em 23/04/2026.
    # Pagamento: 15 dias corridos de 15/04 vencem em 29/04/2026.
    for trecho in ("Julgamento procedente do Auto", "interessado desconhecido",
                   "quadro de avisos do Grupo de Atendimento ao Público (GAP)", "14/04/2026",
                   "Recurso em 1ª instância", "23/04/2026", "Pagamento da multa", "29/04/2026"):  # fmt: skip
        assert trecho in texto, (trecho, texto)
    assert "Apresentação de defesa" not in texto  # só os prazos que esta ciência abriu
    assert api.cliente.get(f"{API}/verificacao/{doc['codigo']}").json()["vigente"] is True


def test_aviso_da_ciencia_do_levantamento_do_sobrestamento_cita_o_acordao(api: Api) -> None:
    """O levantamento não tem documento próprio: registra o Acórdão do Tribunal Marítimo, que
    o aviso da ciência dele por publicação cita pelo número; a defesa reabre da publicação."""
    pid = api.novo_processo()
    api.levar_ate(pid, "em_defesa")
    api.ato_ok(pid, "sobrestamento", "2026-03-18", {"inquerito": "IAFN nº 21/2026"})
    acordao = {"numero": "Acórdão TM nº 9.107/2026", "publicado_em": "2026-06-26"}
    api.ato_ok(pid, "levantamento_sobrestamento", "2026-07-01", acordao)
    r = api.ato_ok(
        pid, "ciencia_levantamento_sobrestamento", "2026-07-06", publicacao("2026-07-06")
    )
    assert r["processo"]["estado"] == "em_defesa"
    assert _prazo(api.processo(pid), "defesa")["vencimento"] == "2026-07-27"
    r = api.post(f"/processos/{pid}/documentos", {"tipo": "aviso_publicacao"})
    assert r.status_code == 201, r.text
    texto = _texto_pdf(api, r.json())
    for trecho in ("Levantamento do sobrestamento", "Acórdão do Tribunal Marítimo",
                   "Acórdão TM nº 9.107/2026", "01/07/2026", "06/07/2026",
                   "Apresentação de defesa", "27/07/2026"):  # fmt: skip
        assert trecho in texto, (trecho, texto)


def test_correcao_da_data_da_ciencia_por_publicacao_fica_na_data_da_publicacao(api: Api) -> None:
    """A ciência por publicação se dá na data da publicação, e o registro recusa outra; a
    correção da data também (antes, passava e encurtava a defesa). Corrigida a publicação junto
    (o DOU era o de 17/03), a data nova vale e a defesa recomeça dela."""
    pid = api.novo_processo()
    api.levar_ate(pid, "autuado")  # auto lavrado em 13/03/2026
    api.ato_ok(pid, "ciencia_auto", "2026-03-18", publicacao(), como="inspetor.cpsc")
    antes = api.processo(pid)
    ciencia = antes["atos"][-1]

    def corrigir(corrigidos: dict[str, Any]) -> httpx.Response:
        return api.ato(pid, "correcao", "2026-03-19",
                       {"motivo": "Data da ciência registrada errada", "dados_corrigidos": corrigidos},
                       como="inspetor.cpsc", corrige_ato_id=ciencia["id"])  # fmt: skip

    r = corrigir({"data_ato": "2026-03-16"})
    assert r.status_code == 422, r.text
    assert r.json()["campo"] == "dados.dados_corrigidos.data_ato"
    assert "data da publicação (18/03/2026)" in r.json()["mensagem"]
    assert api.processo(pid)["prazos"] == antes["prazos"]
    outra = {**publicacao("2026-03-17")["publicacao"]}
    r = corrigir({"data_ato": "2026-03-17", "publicacao": outra})
    assert r.status_code == 201, r.text
    assert _prazo(api.processo(pid), "defesa")["inicio"] == "2026-03-17"


def test_aviso_de_publicacao_e_recusado_com_o_motivo_quando_a_ciencia_foi_pessoal(
    api: Api,
) -> None:
    pid = api.novo_processo()
    api.levar_ate(pid, "em_defesa")  # ciência pessoal do auto em 16/03/2026
    r = api.post(f"/processos/{pid}/documentos", {"tipo": "aviso_publicacao"})
    assert r.status_code == 409, r.text
    erro = r.json()
    assert erro["campo"] == "tipo"
    assert "não há ciência por publicação oficial neste processo" in erro["mensagem"]
    assert "Diário Oficial da União" in erro["mensagem"]
    assert "Lei 9.784/1999 art. 26, § 4º" in erro["regra"]
    assert api.get(f"/processos/{pid}/documentos").json() == []  # nada emitido


# --- procurador -----------------------------------------------------------------------------


def constituir(
    api: Api,
    pid: int,
    data_ato: str = "2026-03-10",
    como: str = "ac.cpsc",
    arquivo: bytes | None = PDF,
    **campos: str,
) -> httpx.Response:
    corpo = {"data_ato": data_ato, **PROCURADORA, **campos}
    arquivos = {"arquivo": ("procuracao.pdf", arquivo, "application/pdf")} if arquivo else None
    return api.cliente.post(
        f"{API}/processos/{pid}/procuradores",
        data=corpo,
        files=arquivos,
        headers=api.cabecalhos(como),
    )


def test_procurador_constituido_com_instrumento_e_nomeado_no_processo_na_consulta_e_nos_pdfs(
    api: Api,
) -> None:
    pid = api.novo_processo()  # notificado em 02/03/2026
    versao = api.processo(pid)["versao"]
    r = constituir(api, pid, "2026-03-10")
    assert r.status_code == 201, r.text
    corpo = r.json()
    assert corpo["ato"]["tipo"] == "constituicao_procurador"
    assert corpo["processo"]["estado"] == "notificado"  # o estado não muda
    assert corpo["processo"]["versao"] > versao
    assert corpo["anexo"]["nome_arquivo"] == "procuracao.pdf"
    procuradora = corpo["procurador"]
    assert procuradora["nome"] == PROCURADORA["nome"]
    assert procuradora["cpf"] == CPF_PROCURADORA
    assert procuradora["instrumento"]["sha256"] == corpo["anexo"]["sha256"]
    assert "NORMAM (Port. 110/2023) item 3.6.6" in procuradora["fundamento"]
    assert "NORMAM (Port. 110/2023) item 3.6.6" in corpo["ato"]["fundamentos"]

    p = api.processo(pid)
    assert [x["nome"] for x in p["procuradores"]] == [PROCURADORA["nome"]]
    (x,) = p["procuradores"]
    assert (x["oab"], x["email"], x["constituido_em"]) == (
        "SC 12345",
        PROCURADORA["email"],
        "2026-03-10",
    )
    assert x["instrumento"]["id"] == corpo["anexo"]["id"]
    ato = next(a for a in p["atos"] if a["tipo"] == "constituicao_procurador")
    assert ato["dados"]["cpf"] == "11144477735"  # gravado no ato encadeado, só dígitos
    assert api.contar(DocumentoAnexo, DocumentoAnexo.ato_id == ato["id"]) == 1

    # a ciência do auto dada à procuradora, por AR
    api.levar_ate(pid, "autuado")
    api.ato_ok(pid, "ciencia_auto", "2026-03-16", {"meio": "AR", "procurador_id": x["id"]})
    ciencia = next(a for a in api.processo(pid)["atos"] if a["tipo"] == "ciencia_auto")
    por_ar = "ciência por via postal com aviso de recebimento, dada ao procurador " + str(
        PROCURADORA["nome"]
    )
    assert ciencia["ciencia"] == por_ar
    assert ciencia["dados"]["procurador_nome"] == PROCURADORA["nome"]

    # a consulta pública (o autuado) nomeia a procuradora; o CPF dela sai mascarado
    consulta = _consulta_publica(api, p["numero"])
    assert "Procurador" in consulta and PROCURADORA["nome"] in consulta
    assert "OAB SC 12345" in consulta and "***.444.777-**" in consulta
    assert por_ar in consulta

    # a Notificação para Pagamento e a decisão listam a procuradora depois do autuado
    api.levar_ate(pid, "decisao_notificada")
    for tipo in ("notificacao_pagamento", "decisao_julgamento"):
        r = api.post(f"/processos/{pid}/documentos", {"tipo": tipo})
        assert r.status_code == 201, r.text
        pdf = api.get(r.json()["pdf"].removeprefix(API))
        assert pdf.status_code == 200
        texto = " ".join(p.extract_text() or "" for p in PdfReader(io.BytesIO(pdf.content)).pages)
        compacto = " ".join(texto.split())
        # a seção "N. PROCURADOR" do documento, com o nome no primeiro campo
        procuradora = rf"\d+\. PROCURADOR \d+\.1 Nome / razão social {PROCURADORA['nome']}"
        assert re.search(procuradora, compacto), (tipo, compacto)
        assert "111.444.777-35" in compacto and "OAB SC 12345" in compacto, tipo
        assert compacto.index("AUTUADO") < compacto.index("PROCURADOR"), tipo
        # a habilitação (CHA/CIR) é do autuado, pessoa física; a procuradora não tem o campo
        assert compacto.count("Habilitação (CHA/CIR)") == 1, tipo
        assert compacto.index("Habilitação (CHA/CIR)") < compacto.index("PROCURADOR"), tipo

    pagina = _pagina_do_processo(api, pid)
    assert 'id="procurador-' in pagina and PROCURADORA["nome"] in pagina
    assert "instrumento de procuração" in pagina


def test_constituicao_sem_instrumento_e_recusada_e_nada_se_grava(api: Api) -> None:
    pid = api.novo_processo()
    atos = api.contar(Ato, Ato.processo_id == pid)
    r = constituir(api, pid, arquivo=None)
    assert r.status_code == 422, r.text
    assert r.json()["campo"] == "arquivo"
    assert "NORMAM (Port. 110/2023) item 3.6.6" in r.json()["regra"]
    # pelo registro genérico de atos (JSON, sem arquivo): o ato se desfaz com a recusa
    dados = {k: v for k, v in PROCURADORA.items()}
    r = api.ato(pid, "constituicao_procurador", "2026-03-10", dados)
    assert (r.status_code, r.json()["campo"]) == (422, "arquivo"), r.text
    assert api.contar(Ato, Ato.processo_id == pid) == atos
    assert api.contar(Procurador, Procurador.processo_id == pid) == 0


def test_dados_do_procurador_invalidos_sao_recusados_nomeando_o_campo(api: Api) -> None:
    pid = api.novo_processo()
    r = constituir(api, pid, cpf="111.444.777-00")
    assert (r.status_code, r.json()["campo"]) == (422, "cpf"), r.text
    assert "dígito verificador" in r.json()["mensagem"]
    r = constituir(api, pid, email="", endereco="")
    assert (r.status_code, r.json()["campo"]) == (422, "email"), r.text
    r = constituir(api, pid, email="sem-arroba")
    assert (r.status_code, r.json()["campo"]) == (422, "email"), r.text
    r = constituir(api, pid, data_ato="10/03/2026")
    assert (r.status_code, r.json()["campo"]) == (422, "data_ato"), r.text
    r = constituir(api, pid, arquivo=b"nao sou pdf")
    assert (r.status_code, r.json()["campo"]) == (422, "arquivo"), r.text
    assert api.contar(Procurador, Procurador.processo_id == pid) == 0


def test_procurador_em_processo_inexistente_fora_da_jurisdicao_ou_por_papel_errado(
    api: Api,
) -> None:
    pid = api.novo_processo()
    assert constituir(api, 999_999).status_code == 404
    assert constituir(api, pid, como="ac.cpsp").status_code == 404  # outra Capitania
    for papel in ("consulta.cpsc", "auditor.cpsc", "dpc"):
        r = constituir(api, pid, como=papel)
        assert r.status_code == 409, (papel, r.text)
        assert r.json()["campo"] == "papel"
    assert api.contar(Procurador, Procurador.processo_id == pid) == 0
    # procurador inexistente no processo: a ciência não pode apontá-lo
    api.levar_ate(pid, "autuado")
    r = api.ato(pid, "ciencia_auto", "2026-03-16", {"meio": "AR", "procurador_id": 999_999})
    assert (r.status_code, r.json()["campo"]) == (422, "dados.procurador_id"), r.text
    # a publicação oficial não se dirige ao procurador
    assert constituir(api, pid, "2026-03-13").status_code == 201
    procurador_id = api.processo(pid)["procuradores"][0]["id"]
    r = api.ato(pid, "ciencia_auto", "2026-03-18", publicacao(procurador_id=procurador_id))
    assert (r.status_code, r.json()["campo"]) == (422, "dados.procurador_id"), r.text


def test_processo_encerrado_nao_recebe_procurador(api: Api) -> None:
    pid = api.novo_processo()
    api.ato_ok(
        pid,
        "esclarecimentos_acolhidos",
        "2026-03-05",
        {"fundamentacao": "Dotação completada e apresentada."},
    )
    r = constituir(api, pid, "2026-03-10")
    assert r.status_code == 409, r.text
    assert "encerrado" in r.json()["mensagem"]
