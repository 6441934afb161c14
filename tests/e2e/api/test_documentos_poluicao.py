"""Os documentos do procedimento ambiental emitidos pela API de um processo levado do auto ao
pagamento (atalhos de test_poluicao.py): o texto de cada PDF extraído com pypdf, a verificação
pelo código e a recusa, com o motivo, do documento cujo ato ainda não existe.

OM: CPSC (Florianópolis, SC). Prazos em dias consecutivos (NORMAM-401 item 1.4.1 c), os
vencimentos contados à mão nos comentários (os mesmos de test_poluicao.py).
"""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from pypdf import PdfReader

from farol.relogio import hoje

from .conftest import API, Api
from .test_poluicao import (
    EMPRESA,
    JUSTIFICATIVA,
    LAUDO,
    NAVIO,
    PESSOA_Y,
    _julgado,
    abrir,
    decidido_pelo_dpc_na_normam_07,
    decisao,
    normam_07_ate_o_julgamento,
)

DESCRICAO = "Mancha de óleo de cerca de 300 m a partir do costado do navio."  # a de `abrir`


def _compacto(texto: str) -> str:
    return re.sub(r"\s+", "", texto)


def emitir(api: Api, pid: int, tipo: str, como: str = "ac.cpsc") -> tuple[dict[str, Any], str]:
    """Emite pela API (201), baixa o PDF e devolve a resposta e o texto sem espaços."""
    r = api.post(f"/processos/{pid}/documentos", {"tipo": tipo}, como=como)
    assert r.status_code == 201, r.text
    doc = r.json()
    pdf = api.cliente.get(doc["pdf"], headers=api.cabecalhos(como)).content
    assert pdf.startswith(b"%PDF")
    texto = " ".join(p.extract_text() or "" for p in PdfReader(io.BytesIO(pdf)).pages)
    return doc, _compacto(texto)


def contem(texto: str, *trechos: str) -> None:
    for trecho in trechos:
        assert _compacto(trecho) in texto, f"faltou no PDF: {trecho!r}"


def recusado(api: Api, pid: int, tipo: str, como: str = "ac.cpsc") -> str:
    r = api.post(f"/processos/{pid}/documentos", {"tipo": tipo}, como=como)
    assert r.status_code == 409, r.text
    assert r.json()["campo"] == "tipo"
    return str(r.json()["mensagem"])


def verificado(api: Api, doc: dict[str, Any], tipo: str, processo: str) -> dict[str, Any]:
    r = api.cliente.get(f"{API}/verificacao/{doc['codigo']}")  # pública, sem login
    assert r.status_code == 200, r.text
    v = r.json()
    assert (v["autentico"], v["tipo"], v["processo"]) == (True, tipo, processo)
    return dict(v)


def test_documentos_do_auto_ao_pagamento_com_reincidencia(api: Api) -> None:
    # processo anterior da mesma empresa, fato em 10/01/2025, multa em vigor: o novo fato
    # (27/02/2026) está a menos de 36 meses dele (10/01/2025 + 36 meses = 10/01/2028), e a
    # multa triplica (NORMAM-401 item 1.5.3 b)
    anterior = _julgado(api, EMPRESA, "2025-01-10", ["2025-01-13", "2025-01-14", "2025-02-20",
                        "2025-02-24", "2025-03-03", "2025-03-20"])  # fmt: skip
    numero_anterior = api.processo(anterior)["numero"]

    pid = abrir(api, "2026-02-27", "2026-03-02", EMPRESA, NAVIO).json()["id"]
    p = api.processo(pid)
    numero, auto = p["numero"], p["auto"]["numero"]

    # --- o auto, antes da ciência: a defesa é a regra da norma, sem vencimento
    doc_auto, t = emitir(api, pid, "auto_de_infracao_poluicao")
    contem(
        t,
        "AUTO DE INFRAÇÃO POR POLUIÇÃO",
        "Modelo do anexo A da NORMAM-401/DPC",
        auto,
        EMPRESA["nome"],
        "11.222.333/0001-81",
        NAVIO["nome"],
        "27/02/2026",  # data do fato
        "Baía da Babitonga, fundeadouro 3",
        DESCRICAO,
        "óleo combustível marítimo (MF-380)",
        "1.200 litros",
        "DECRETO-4136.36",
        "Descarga de óleo e misturas oleosas",
        "item 1.5.2",
        "multa do Grupo E, de R$ 1.000,00 a R$ 50.000.000,00",
        "Defesa em primeira instância contra o Auto de Infração por poluição",
        "a contar da ciência",
        "20 dias corridos, contados da ciência da autuação",
        "NORMAM-401/DPC item 1.4.2 a",
        "O recurso não exige o pagamento prévio da multa. Pagamento: a notificação para",
        "NORMAM-401/DPC item 1.4.3; NORMAM-401/DPC item 1.6",
        "recusou-se a assinar",
        "assinado a rogo",
        "Testemunha 1",
        "NORMAM-401/DPC, item 1.4.1 b",
    )
    # a célula "Vence em" diz "a contar da ciência", sem data: a ciência ainda não houve
    contem(t, "Defesa em primeira instância contra o Auto de Infração por poluição a contar da")
    verificado(api, doc_auto, "auto_de_infracao_poluicao", numero)

    # --- antes do ato: recusa com o motivo
    assert "Ciência do conteúdo do LTA ao infrator" in recusado(api, pid, "notificacao_laudo")
    assert "não há julgamento" in recusado(api, pid, "decisao_julgamento")
    assert "Notificação para pagamento" in recusado(api, pid, "notificacao_pagamento")

    # --- ciência da autuação (02/03): o auto reemitido traz o vencimento gravado
    # (20 dias de 02/03/2026 → 22/03, domingo → segunda, 23/03/2026)
    api.ato_ok(pid, "ciencia_auto", "2026-03-02", {"meio": "pessoal"}, como="inspetor.cpsc")
    doc_auto2, t = emitir(api, pid, "auto_de_infracao_poluicao")
    contem(t, "23/03/2026")
    antigo = api.cliente.get(f"{API}/verificacao/{doc_auto['codigo']}").json()
    assert antigo["autentico"] and antigo["substituido_por"] == doc_auto2["codigo"]

    api.ato_ok(pid, "defesa", "2026-03-10", {"texto": "Defesa prévia."})
    api.ato_ok(pid, "registro_laudo", "2026-04-15", {**LAUDO, "elaborado_em": "2026-04-14"})
    assert "Ciência do conteúdo do LTA" in recusado(api, pid, "notificacao_laudo")
    api.ato_ok(pid, "ciencia_laudo", "2026-04-20", {"meio": "pessoal"}, como="inspetor.cpsc")

    # --- notificação do LTA: os dados do laudo e o prazo que a ciência abriu
    # complementação: 20 dias da ciência (20/04) → 10/05 (domingo) → 11/05/2026
    doc_lta, t = emitir(api, pid, "notificacao_laudo", como="inspetor.cpsc")
    contem(
        t,
        "NOTIFICAÇÃO DO LAUDO TÉCNICO AMBIENTAL",
        "LTA-045/2026",
        "14/04/2026",  # elaborado
        "15/04/2026",  # recebido (registro)
        LAUDO["signatario"],
        "1.200,00 litros",
        "Grupo 3",
        LAUDO["sensibilidade"],
        "SAO Babitonga, folha 2",
        "tempo de resposta inicial",
        "NÍVEL DE IMPACTO AMBIENTAL: NÍVEL 3 — IMPACTO AMBIENTAL GRAVE",
        "dada em 20/04/2026",
        "Complementação da defesa prévia após a ciência do LTA",
        "11/05/2026",
        "NORMAM-401/DPC item 1.4.2 c",
        f"Auto de Infração por Poluição nº {auto}",
    )
    verificado(api, doc_lta, "notificacao_laudo", numero)

    # --- julgamento: multa-base R$ 100.000,00 × 3 (reincidência) = R$ 300.000,00
    api.ato_ok(pid, "complementacao_defesa", "2026-05-04", {"texto": "Complementa a defesa."})
    r = api.ato_ok(pid, "julgamento_procedente", "2026-05-20", decisao("100000.00"))
    assert (r["valoracao"]["fator_reincidencia"], r["valoracao"]["multa"]) == (3, "300000.00")
    # a decisão entregue para a ciência já diz do recurso ao DPC (item 1.4.3): 20 dias,
    # calculados para a ciência no dia da emissão
    _, t = emitir(api, pid, "decisao_julgamento")
    contem(
        t, "Recurso ao Diretor de Portos e Costas", f"calculado para ciência em {hoje():%d/%m/%Y}"
    )
    api.ato_ok(pid, "ciencia_decisao", "2026-05-21", {"meio": "pessoal"})
    # recurso ao DPC: 20 dias da ciência (21/05) → 10/06/2026
    doc_dj, t = emitir(api, pid, "decisao_julgamento")
    assert "AUTODEINFRAÇÃOJULGADOAUTO" not in t
    contem(
        t,
        "AUTO DE INFRAÇÃO JULGADO PROCEDENTE",
        "DECRETO-4136.36",
        JUSTIFICATIVA,
        "multa do Grupo E, multiplicada por 3 pela reincidência",
        "R$ 300.000,00",
        "trezentos mil reais",
        "VALORAÇÃO DA MULTA — PARÂMETROS CONSIDERADOS",
        "R$ 100.000,00",
        "× 3 = R$ 300.000,00",
        numero_anterior,
        "fato em 10/01/2025",
        "empresa de médio porte",
        "R$ 5.000.000,00",
        "DRE de 2025 juntada",
        "Grupo E: de R$ 1.000,00 a R$ 50.000.000,00",
        "Nível 3",
        "impacto ambiental grave",
        "(LTA nº LTA-045/2026)",
        "NORMAM-401/DPC item 1.5.3 b",
        "Recurso ao Diretor de Portos e Costas",
        "10/06/2026",
        "O recurso não exige o pagamento prévio da multa",
        "Multa fixada em: Julgamento — auto procedente, de",  # sem "(multa fixada)" de novo
    )
    assert "semefeitosuspensivo" not in t
    # o modelo é o do procedimento ambiental, não o da LESTA
    contem(t, "NORMAM-401/DPC item 1.4.2 e; NORMAM-401/DPC item 1.5.2")
    assert "LESTA,art.24" not in t
    verificado(api, doc_dj, "decisao_julgamento", numero)

    # --- recurso ao DPC, provido em parte: R$ 60.000,00 × 3 = R$ 180.000,00, em última
    # instância (NORMAM-401 item 1.4.3)
    api.ato_ok(pid, "recurso", "2026-06-01", {"texto": "Recurso ao DPC, sem pagamento."})
    api.ato_ok(pid, "decisao_recurso_provido_em_parte", "2026-06-20", decisao("60000.00"),
               como="dpc")  # fmt: skip
    doc_dr, t = emitir(api, pid, "decisao_recurso", como="dpc")
    contem(
        t,
        "RECURSO PROVIDO EM PARTE",
        "NORMAM-401/DPC item 1.4.3",
        "Recurso em última instância — Diretor de Portos e Costas",
        "R$ 180.000,00",
        "cento e oitenta mil reais",
        "R$ 60.000,00 × 3 = R$ 180.000,00",
        numero_anterior,
    )
    assert "LESTA,art.24" not in t
    # no papel de quem decide: a Diretoria de Portos e Costas, não a Capitania que autuou
    contem(t, "DIRETORIA DE PORTOS E COSTAS (DPC)", "Rio de Janeiro/RJ")
    assert "CAPITANIADOSPORTOSDESANTACATARINA" not in t.upper() and "Florianópolis" not in t
    verificado(api, doc_dr, "decisao_recurso", numero)

    # --- notificação para pagamento: 5 dias do recebimento (26/06) → 01/07/2026 (item 1.6)
    api.ato_ok(pid, "ciencia_decisao_recurso", "2026-06-25", {"meio": "pessoal"}, como="ac.cpsc")
    api.ato_ok(pid, "notificacao_para_pagamento", "2026-06-26", {"meio": "pessoal"})
    doc_np, t = emitir(api, pid, "notificacao_pagamento")
    contem(
        t,
        "NOTIFICAÇÃO PARA PAGAMENTO DE MULTA",
        "NORMAM-401/DPC item 1.6",
        "VALOR TOTAL: R$ 180.000,00",
        "cento e oitenta mil reais",
        "Pagamento da multa",
        "01/07/2026",
        "5 dias corridos",
        "A multa deverá ser paga dentro do prazo de até cinco dias",
        "× 3 = R$ 180.000,00",
        # o que a consulta do regulado diz (services/nao_pagamento.py)
        "Não paga no prazo, a multa é encaminhada para inscrição em dívida ativa da União",
        "(NORMAM-07/DPC item 0314).",
    )
    # a sustação é do débito de infração à LESTA (art. 20), não da multa por poluição
    assert _compacto("sustará") not in t and _compacto("LESTA art. 20") not in t
    # dirigida à empresa (CNPJ): identifica a notificada, sem o campo da habilitação (CHA/CIR),
    # que é do condutor, pessoa física; antes saía "1.5 Habilitação (CHA/CIR) —"
    contem(t, "1. NOTIFICADO", "1.1 Nome / razão social Navegação Atlântica Ltda.",
           "1.2 CPF / CNPJ 11.222.333/0001-81", "1.4 Qualificação")  # fmt: skip
    assert "CHA/CIR" not in t
    verificado(api, doc_np, "notificacao_pagamento", numero)

    lista = api.get(f"/processos/{pid}/documentos").json()
    # o julgamento reformado em parte pelo DPC deixa de valer como estava (como na LESTA)
    assert [d["tipo"] for d in lista if d["vigente"]] == [
        "auto_de_infracao_poluicao",
        "notificacao_laudo",
        "decisao_recurso",
        "notificacao_pagamento",
    ]
    julgamento = api.get(f"/verificacao/{doc_dj['codigo']}").json()
    assert julgamento["vigente"] is False
    assert [a["efeito"] for a in julgamento["efeito_alterado"]] == [
        "decisão reformada em parte em recurso"
    ]
    # a decisão de julgamento emitida de novo depois da reforma imprime o que ela decidiu
    # (R$ 300.000,00), não a multa que o recurso fixou depois
    _, t = emitir(api, pid, "decisao_julgamento")
    contem(t, "AUTO DE INFRAÇÃO JULGADO PROCEDENTE", "R$ 300.000,00", "trezentos mil reais")
    assert "R$180.000,00" not in t and "centoeoitentamilreais" not in t


def test_processo_na_normam_07_emite_o_anexo_3_b_e_a_defesa_aberta_pela_ciencia_do_lta(
    api: Api,
) -> None:
    pid = normam_07_ate_o_julgamento(api, PESSOA_Y)  # auto em 06/10/2023; LTA em 13/11/2023
    p = api.processo(pid)
    _, t = emitir(api, pid, "auto_de_infracao_poluicao")
    contem(t, "Modelo do Anexo 3-B da NORMAM-07/DPC", "NORMAM-07/DPC, item 0404 a II",
           "Constatada a infração será lavrado o competente Auto de Infração, conforme ANEXO 3-B",
           # a defesa gravada (aberta pela ciência do LTA): 04/12/2023
           "04/12/2023", "NORMAM-07/DPC item 0404 b")  # fmt: skip
    # NORMAM-07 item 0404 b: a ciência do LTA abre a própria defesa (20 dias de 13/11/2023 →
    # 03/12, domingo → 04/12/2023), não a complementação
    _, t = emitir(api, pid, "notificacao_laudo")
    contem(t, "Defesa em primeira instância", "04/12/2023", "dada em 13/11/2023",
           "NORMAM-07/DPC item 0404 b", "contados da data em que o autuado tomou ciência do "
           "conteúdo do Laudo Técnico Ambiental")  # fmt: skip
    assert "Complementação" not in t
    # julgado em 15/12/2023, já na NORMAM-401: a decisão valora a multa (sem reincidência)
    _, t = emitir(api, pid, "decisao_julgamento")
    contem(t, "AUTO DE INFRAÇÃO JULGADO PROCEDENTE", "R$ 10.000,00", "Infrator não reincidente",
           "pessoa física isenta da Declaração de Imposto de Renda")  # fmt: skip
    assert p["regime"] == "poluicao"


@pytest.mark.parametrize("tipo", ["auto_de_infracao_poluicao", "notificacao_laudo"])
def test_documento_da_poluicao_num_processo_da_lesta_e_recusado(api: Api, tipo: str) -> None:
    pid = api.novo_processo()
    mensagem = recusado(api, pid, tipo)
    assert "não tem o ato que este documento materializa" in mensagem


def test_cli_emite_o_auto_de_poluicao_e_recusa_a_notificacao_do_lta_antes_da_ciencia(
    api: Api,
    url_banco: str,
    tmp_path: Any,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from cli_util import rodar

    pid = abrir(api, "2026-02-27", "2026-03-02").json()["id"]
    numero = api.processo(pid)["numero"]
    saida = tmp_path / "auto.pdf"
    base = ["--database-url", url_banco]
    ok = rodar(capsys, monkeypatch, "documento", numero, "auto_de_infracao_poluicao", "-o",
               str(saida), *base)  # fmt: skip
    assert ok.codigo == 0, ok.stderr
    texto = " ".join(p.extract_text() or "" for p in PdfReader(saida).pages)
    contem(_compacto(texto), DESCRICAO, "AUTO DE INFRAÇÃO POR POLUIÇÃO")
    lta = tmp_path / "lta.pdf"
    recusa = rodar(capsys, monkeypatch, "documento", numero, "notificacao_laudo", "-o", str(lta),
                   *base)  # fmt: skip
    assert recusa.codigo != 0 and "Ciência do conteúdo do LTA ao infrator" in recusa.stderr
    assert not lta.exists()


def test_decisao_do_recurso_ao_dgn_na_normam_07_nomeia_o_dgn_como_instancia(api: Api) -> None:
    """NORMAM-07 item 0404 d: o recurso em última instância é "dirigido ao Representante da
    Autoridade Marítima para a Segurança da Navegação (DGN)", que o decide; o documento da
    decisão nomeia essa instância (instancias.yaml), não só "Recurso em última instância"."""
    pid = decidido_pelo_dpc_na_normam_07(api, "2023-08-17")
    api.ato_ok(pid, "recurso_final", "2023-09-01", {"texto": "Ao DGN."}, como="dpc")
    api.ato_ok(pid, "decisao_recurso_final_nao_provido", "2023-09-20",
               {"fundamentacao": "Mantida a decisão recorrida."}, como="dpc")  # fmt: skip
    _, texto = emitir(api, pid, "decisao_recurso", como="dpc")
    contem(
        texto,
        "Recurso em última instância — Diretor-Geral de Navegação (Representante da Autoridade "
        "Marítima para a Segurança da Navegação) (NORMAM-07/DPC item 0404 d)",
    )
