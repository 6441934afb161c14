"""Cada caminho do quadro de estados percorrido pela API, como o usuário o vê no processo."""

from __future__ import annotations

import datetime as dt
import io
import re
from decimal import Decimal
from typing import Any

from pypdf import PdfReader

from .conftest import CPF_DONO, FUNDAMENTACAO, Api, lavratura, penalidade


def _tipos(p: dict[str, Any]) -> list[str]:
    return [a["tipo"] for a in p["atos"]]


def _abertos(p: dict[str, Any]) -> list[str]:
    return [x["etapa"] for x in p["prazos"] if x["aberto"]]


def _encerrado_sem_pendencias(p: dict[str, Any], estado: str) -> None:
    assert p["estado"] == estado
    assert p["final"] is True
    assert _abertos(p) == []
    assert p["atos_permitidos"] == []


def test_esclarecimentos_acolhidos_arquivam_o_processo_sem_auto(api: Api) -> None:
    pid = api.novo_processo()
    r = api.ato_ok(pid, "esclarecimentos_prestados", "2026-03-05", {"texto": "Coletes em terra."})
    assert r["processo"]["estado"] == "notificado"
    r = api.ato_ok(pid, "esclarecimentos_acolhidos", "2026-03-06", {"fundamentacao": FUNDAMENTACAO})
    assert r["processo"]["estado"] == "arquivado"

    p = api.processo(pid)
    _encerrado_sem_pendencias(p, "arquivado")
    assert p["auto"] is None
    assert _tipos(p) == [
        "notificacao_comparecimento",
        "esclarecimentos_prestados",
        "esclarecimentos_acolhidos",
    ]
    comparecimento = p["prazos"][0]
    assert (comparecimento["etapa"], comparecimento["encerrado_em"]) == (
        "comparecimento",
        "2026-03-05",
    )
    assert comparecimento["cumprido"] is True


def test_lavratura_apos_esclarecimentos_nao_acolhidos_dispensa_esperar_o_prazo(api: Api) -> None:
    pid = api.novo_processo()
    r = api.ato(pid, "lavratura_auto", "2026-03-05", lavratura())
    assert r.status_code == 409
    assert "em curso até 12/03/2026" in r.json()["detail"]

    api.ato_ok(pid, "esclarecimentos_prestados", "2026-03-05", {"texto": "Coletes em terra."})
    r = api.ato_ok(pid, "lavratura_auto", "2026-03-05", lavratura())
    assert r["processo"]["estado"] == "autuado"
    assert r["auto"]["numero"] == "2026/CPSC/000001"
    assert api.processo(pid)["auto"] == {"numero": "2026/CPSC/000001", "lavrado_em": "2026-03-05"}


def test_revelia_e_recusada_antes_do_fim_do_prazo_de_defesa_e_aceita_depois(api: Api) -> None:
    pid = api.novo_processo()
    api.levar_ate(pid, "em_defesa")  # ciência do auto em 16/03/2026: defesa até 07/04/2026

    r = api.ato(pid, "revelia", "2026-04-07")
    assert r.status_code == 409
    assert "prazo de defesa em curso até 07/04/2026" in r.json()["detail"]
    assert api.processo(pid)["estado"] == "em_defesa"

    r = api.ato_ok(pid, "revelia", "2026-04-08")
    assert r["processo"]["estado"] == "aguardando_julgamento"
    p = api.processo(pid)
    assert _tipos(p)[-1] == "revelia"
    julgamento = p["prazos"][-1]
    assert (julgamento["etapa"], julgamento["inicio"], julgamento["vencimento"]) == (
        "julgamento",
        "2026-04-07",  # conta da expiração do prazo de defesa (NORMAM 3.6.3 b)
        "2026-05-07",
    )


def test_renuncia_a_defesa_abre_o_julgamento_na_data_da_renuncia(api: Api) -> None:
    pid = api.novo_processo()
    api.levar_ate(pid, "em_defesa")
    r = api.ato_ok(pid, "renuncia_defesa", "2026-03-17", {"texto": "Renuncia declarada no auto."})
    assert r["processo"]["estado"] == "aguardando_julgamento"

    p = api.processo(pid)
    defesa, julgamento = p["prazos"][-2:]
    assert (defesa["etapa"], defesa["encerrado_em"]) == ("defesa", "2026-03-17")
    assert (julgamento["inicio"], julgamento["vencimento"]) == ("2026-03-17", "2026-04-16")
    assert _abertos(p) == ["julgamento"]


def test_julgamento_improcedente_arquiva_sem_penalidade(api: Api) -> None:
    pid = api.novo_processo()
    api.levar_ate(pid, "aguardando_julgamento")
    r = api.ato_ok(pid, "julgamento_improcedente", "2026-04-10", {"fundamentacao": FUNDAMENTACAO})
    assert r["processo"]["estado"] == "arquivado"

    p = api.processo(pid)
    _encerrado_sem_pendencias(p, "arquivado")
    assert (p["penalidades"], p["multa_total"], p["saldo"]) == ([], "0.00", "0.00")


def test_procedente_ciencia_e_pagamento_exato_quitam_a_multa(api: Api) -> None:
    pid = api.novo_processo()
    api.levar_ate(pid, "decisao_notificada")  # multa de R$ 1.000,00

    r = api.ato(pid, "pagamento", "2026-04-20", {"valor": "999.99", "referencia": "DARF 1"})
    assert r.status_code == 422
    corpo = r.json()
    assert corpo["campo"] == "dados.valor"
    # a mensagem é para pessoas (R$ com vírgula); os campos do JSON seguem em "0.00"
    assert corpo["mensagem"].startswith(
        "valor pago (R$ 999,99) difere do valor devido (R$ 1.000,00)"
    )
    assert corpo["regra"] == "NORMAM (Port. 110/2023) item 3.6.3 d"
    p = api.processo(pid)
    assert (p["estado"], p["pago"], p["pagamentos"]) == ("decisao_notificada", "0.00", [])

    # pago em 20/04, com o prazo de recurso (5 dias úteis contados de 15/04) em curso: o
    # processo não se encerra, o infrator ainda pode recorrer
    r = api.ato_ok(pid, "pagamento", "2026-04-20", {"valor": "1000.00", "referencia": "DARF 1"})
    assert r["processo"]["estado"] == "decisao_notificada"
    assert api.get(f"/situacao/{CPF_DONO}").json()["em_debito"] is False
    recurso = dt.date.fromisoformat(
        next(x["vencimento"] for x in api.processo(pid)["prazos"] if x["etapa"] == "recurso")
    )
    r = api.ato(pid, "encerramento", recurso.isoformat())
    assert r.status_code == 409
    assert f"prazo de recurso em curso até {recurso:%d/%m/%Y}" in r.json()["detail"]
    r = api.ato_ok(pid, "encerramento", (recurso + dt.timedelta(days=1)).isoformat())
    assert r["processo"]["estado"] == "quitado"
    p = api.processo(pid)
    _encerrado_sem_pendencias(p, "quitado")
    assert (p["multa_total"], p["pago"], p["saldo"]) == ("1000.00", "1000.00", "0.00")
    assert p["pagamentos"] == [{"valor": "1000.00", "data": "2026-04-20", "referencia": "DARF 1"}]
    assert api.get(f"/situacao/{CPF_DONO}").json()["em_debito"] is False


def test_recurso_provido_pelo_capitao_dos_portos_arquiva_e_afasta_a_multa(api: Api) -> None:
    pid = api.novo_processo()
    api.levar_ate(pid, "em_recurso")
    assert api.get(f"/situacao/{CPF_DONO}").json()["total_devido"] == "1000.00"

    r = api.ato_ok(pid, "decisao_recurso_provido", "2026-05-04", {"fundamentacao": FUNDAMENTACAO})
    assert r["processo"]["estado"] == "arquivado"
    p = api.processo(pid)
    _encerrado_sem_pendencias(p, "arquivado")
    assert (p["penalidades"], p["saldo"]) == ([], "0.00")
    assert api.get(f"/situacao/{CPF_DONO}").json()["em_debito"] is False


def test_recurso_provido_em_parte_pelo_capitao_dos_portos_reduz_a_multa_devida(api: Api) -> None:
    pid = api.novo_processo()
    api.levar_ate(pid, "em_recurso")
    r = api.ato(pid, "decisao_recurso_provido_em_parte", "2026-05-04", penalidade("1600.01"))
    assert (r.status_code, r.json()["campo"]) == (422, "dados.penalidades.0.multa")
    r = api.ato_ok(pid, "decisao_recurso_provido_em_parte", "2026-05-04", penalidade("500.00"))
    assert r["processo"]["estado"] == "recurso_decidido"
    api.ato_ok(pid, "ciencia_decisao_recurso", "2026-05-06", {"meio": "AR"})

    p = api.processo(pid)
    assert (p["multa_total"], p["saldo"]) == ("500.00", "500.00")
    # a multa reformada é intimada de novo: o prazo de pagamento de 29/04 dá lugar a um novo,
    # de 15 dias corridos a partir de 07/05 (vence em 21/05/2026)
    assert sorted(_abertos(p)) == ["pagamento", "recurso_final"]
    abertos = {x["etapa"]: x["vencimento"] for x in p["prazos"] if x["aberto"]}
    assert abertos["pagamento"] == "2026-05-21"
    api.ato_ok(pid, "pagamento", "2026-05-08", {"valor": "500.00", "referencia": "DARF 3"})
    # recurso final até 13/05 (5 dias úteis de 07/05): só então o processo se encerra quitado
    assert api.processo(pid)["estado"] == "decisao_recurso_notificada"
    api.ato_ok(pid, "encerramento", "2026-05-14")
    _encerrado_sem_pendencias(api.processo(pid), "quitado")


def test_provimento_parcial_nao_agrava_a_multa_do_recorrente(api: Api) -> None:
    pid = api.novo_processo()
    api.levar_ate(pid, "em_recurso")
    antes = api.processo(pid)
    multa = antes["penalidades"][0]["multa"]
    maior = f"{Decimal(multa) + 100:.2f}"
    r = api.ato(pid, "decisao_recurso_provido_em_parte", "2026-05-04", penalidade(maior))
    assert r.status_code == 422
    assert r.json()["regra"] == "Lei 9.784/1999 art. 64, parágrafo único"
    depois = api.processo(pid)
    assert (depois["estado"], depois["versao"]) == (antes["estado"], antes["versao"])


def test_provimento_parcial_com_a_mesma_penalidade_e_recusado(api: Api) -> None:
    """Provido em parte com a multa de antes abria um novo prazo de pagamento e dava a decisão
    recorrida por reformada; é o recurso não provido (revisão de 05/12)."""
    pid = api.novo_processo()
    api.levar_ate(pid, "em_recurso")
    antes = api.processo(pid)
    multa = antes["penalidades"][0]["multa"]
    r = api.ato(pid, "decisao_recurso_provido_em_parte", "2026-05-04", penalidade(multa))
    assert r.status_code == 422, r.text
    corpo = r.json()
    assert corpo["campo"] == "dados.penalidades" and corpo["regra"] == "Lei 9.784/1999 art. 64"
    assert "recurso não provido" in corpo["mensagem"]
    depois = api.processo(pid)
    assert (depois["estado"], depois["versao"]) == (antes["estado"], antes["versao"])


def test_recurso_final_provido_pelo_dpc_arquiva(api: Api) -> None:
    pid = api.novo_processo()
    api.levar_ate(pid, "em_recurso_final")
    r = api.ato_ok(
        pid, "decisao_recurso_final_provido", "2026-06-01", {"fundamentacao": FUNDAMENTACAO}
    )
    assert r["processo"]["estado"] == "arquivado"
    _encerrado_sem_pendencias(api.processo(pid), "arquivado")


def test_recurso_final_nao_provido_mantem_a_multa_ate_o_pagamento(api: Api) -> None:
    pid = api.novo_processo()
    api.levar_ate(pid, "em_recurso_final")
    api.ato_ok(
        pid, "decisao_recurso_final_nao_provido", "2026-06-01", {"fundamentacao": FUNDAMENTACAO}
    )
    r = api.ato_ok(pid, "ciencia_decisao_recurso_final", "2026-06-03", {"meio": "AR"})
    assert r["processo"]["estado"] == "decisao_definitiva_notificada"
    p = api.processo(pid)
    # sem efeito suspensivo e com a multa mantida, o prazo de pagamento é o da primeira
    # intimação (15 dias corridos de 15/04: vence em 29/04/2026), que os recursos não reabrem
    assert _abertos(p) == ["pagamento"]
    abertos = [x for x in p["prazos"] if x["aberto"]]
    assert [x["vencimento"] for x in abertos] == ["2026-04-29"]

    r = api.ato_ok(pid, "pagamento", "2026-06-10", {"valor": "1000.00", "referencia": "DARF 7"})
    assert r["ato"]["intempestivo"] is True
    p = api.processo(pid)
    _encerrado_sem_pendencias(p, "quitado")
    assert _tipos(p)[-3:] == [
        "decisao_recurso_final_nao_provido",
        "ciencia_decisao_recurso_final",
        "pagamento",
    ]


def test_recurso_final_provido_em_parte_fixa_nova_multa_e_so_ela_e_devida(api: Api) -> None:
    pid = api.novo_processo()
    api.levar_ate(pid, "em_recurso_final")
    r = api.ato_ok(
        pid, "decisao_recurso_final_provido_em_parte", "2026-06-01", penalidade("300.00")
    )
    assert r["processo"]["estado"] == "recurso_final_decidido"
    assert r["penalidades"][0]["multa"] == "300.00"
    api.ato_ok(pid, "ciencia_decisao_recurso_final", "2026-06-03", {"meio": "AR"})

    p = api.processo(pid)
    assert [x["multa"] for x in p["penalidades"]] == ["300.00"]
    assert (p["multa_total"], p["saldo"]) == ("300.00", "300.00")
    r = api.ato(pid, "pagamento", "2026-06-10", {"valor": "1000.00", "referencia": "DARF 8"})
    assert r.status_code == 422
    assert "valor devido (R$ 300,00)" in r.json()["mensagem"]

    api.ato_ok(pid, "pagamento", "2026-06-10", {"valor": "300.00", "referencia": "DARF 8"})
    _encerrado_sem_pendencias(api.processo(pid), "quitado")


def test_multa_vencida_aparece_nas_consultas_e_e_inscrita_em_divida_ativa(api: Api) -> None:
    pid = api.novo_processo()
    api.levar_ate(pid, "decisao_notificada")  # recurso até 23/04, pagamento até 29/04/2026

    def ids(rota: str, hoje: str) -> list[int]:
        r = api.get(rota, hoje=hoje)
        assert r.status_code == 200, r.text
        return [x["id"] for x in r.json()]

    assert ids("/multas-vencidas", "2026-04-29") == []
    assert ids("/divida-ativa", "2026-04-29") == []
    vencidas = api.get("/multas-vencidas", hoje="2026-04-30").json()
    assert [
        (x["id"], x["saldo"], x["vencimento_pagamento"], x["dias_em_atraso"]) for x in vencidas
    ] == [(pid, "1000.00", "2026-04-29", 1)]
    assert ids("/divida-ativa", "2026-04-30") == [pid]

    r = api.ato(pid, "inscricao_divida_ativa", "2026-04-29")
    assert r.status_code == 409
    assert "prazo de pagamento em curso até 29/04/2026" in r.json()["detail"]

    r = api.ato_ok(pid, "inscricao_divida_ativa", "2026-04-30", {"documento": "Ofício 12/2026"})
    assert r["processo"]["estado"] == "divida_ativa"
    # a cobrança segue na PGFN (NORMAM-07 item 0314): nenhum prazo da OM corre, e o processo só
    # se encerra com a baixa que a PGFN comunicar
    p = api.processo(pid)
    assert (p["final"], _abertos(p)) == (False, [])
    assert p["atos_permitidos"][0]["tipo"] == "baixa_divida_ativa"
    assert ids("/divida-ativa", "2026-05-05") == []
    assert ids("/multas-vencidas", "2026-05-05") == []
    # a ação punitiva já foi exercida: nenhum alerta de prescrição enquanto a PGFN cobra
    alertas = api.get("/prescricao", hoje="2029-06-01", dias=0).json()
    assert [x["id"] for x in alertas] == []
    situacao = api.get(f"/situacao/{CPF_DONO}").json()
    assert (situacao["em_debito"], situacao["total_devido"]) == (True, "1000.00")


def test_baixa_da_divida_ativa_comunicada_pela_pgfn_tira_a_pessoa_do_debito(api: Api) -> None:
    """LESTA art. 20: os atos de interesse de quem está em débito ficam sustados "até a sua
    quitação"; NORMAM-07 item 0314: a cobrança da dívida inscrita é do Procurador da Fazenda
    Nacional. A quitação ou a extinção feita na PGFN se registra na OM, pela Autoridade
    Competente e com o documento que a comunica; só então a pessoa deixa de estar em débito."""
    pid = api.novo_processo()
    api.levar_ate(pid, "decisao_notificada")
    api.ato_ok(pid, "inscricao_divida_ativa", "2026-04-30", {"documento": "Ofício 12/2026"})
    assert api.get(f"/situacao/{CPF_DONO}").json()["em_debito"] is True
    # no painel, a cobrança na PGFN não é processo "em andamento" na OM
    processos = api.get("/painel").json()["processos"]
    (divida,) = [x for x in processos["por_estado"] if x["estado"] == "divida_ativa"]
    assert (divida["final"], divida["fora_da_om"]) == (False, True)
    assert processos["em_andamento"] == processos["total"] - divida["quantidade"]

    # a página do processo oferece o ato, com o documento da PGFN obrigatório
    api.entrar_na_web("ac.cpsc")
    pagina = api.cliente.get(f"/processos/{pid}").text
    form = re.search(r'<form [^>]*data-form-ato="baixa_divida_ativa">(.*?)</form>', pagina, re.S)
    assert form, "a página não oferece a baixa da dívida ativa"
    campo = re.search(r'<input[^>]*name="dados\.documento"[^>]*>', form.group(1))
    assert campo and "required" in campo.group(0), form.group(1)
    assert 'name="dados.forma"' in form.group(1)

    # sem o documento que a comunica, nem com outra forma, nem por quem não é competente
    r = api.ato(pid, "baixa_divida_ativa", "2026-11-10", {"forma": "quitacao"})
    assert (r.status_code, r.json()["campo"]) == (422, "dados.documento"), r.text
    r = api.ato(pid, "baixa_divida_ativa", "2026-11-10", {"forma": "perdao", "documento": "x" * 5})
    assert (r.status_code, r.json()["campo"]) == (422, "dados.forma"), r.text
    dados = {"forma": "quitacao", "documento": "Ofício PGFN/PRFN4 nº 123/2026, de 09/11/2026"}
    r = api.ato(pid, "baixa_divida_ativa", "2026-11-10", dados, como="inspetor.cpsc")
    assert r.status_code in (403, 409), r.text
    assert api.processo(pid)["estado"] == "divida_ativa"

    r = api.ato_ok(pid, "baixa_divida_ativa", "2026-11-10", dados)
    assert r["processo"]["estado"] == "divida_ativa_baixada"
    assert r["ato"]["fundamentos"][:2] == ["LESTA art. 20", "NORMAM-07/DPC item 0314"]
    _encerrado_sem_pendencias(api.processo(pid), "divida_ativa_baixada")
    situacao = api.get(f"/situacao/{CPF_DONO}").json()
    assert (situacao["em_debito"], situacao["total_devido"], situacao["debitos"]) == (
        False,
        "0.00",
        [],
    )


def test_recurso_sem_efeito_suspensivo_nao_impede_a_divida_ativa(api: Api) -> None:
    pid = api.novo_processo()
    api.levar_ate(pid, "em_recurso")  # o recurso de 16/04 não encerra o pagamento (29/04)
    prontos = api.get("/divida-ativa", hoje="2026-05-01").json()
    assert [(x["id"], x["estado"]) for x in prontos] == [(pid, "em_recurso")]
    r = api.ato_ok(pid, "inscricao_divida_ativa", "2026-05-01", {"documento": "Ofício 3/2026"})
    # o recurso continua pendente: o encaminhamento fica registrado e o processo segue
    assert r["processo"]["estado"] == "em_recurso"
    assert api.get("/divida-ativa", hoje="2026-05-02").json() == []
    # encaminhada, a multa não se paga mais à OM (a cobrança é da PGFN, NORMAM-07 0314): antes,
    # o pagamento era aceito e o processo acabava "quitado", não em dívida ativa
    r = api.ato(pid, "pagamento", "2026-05-03", {"valor": "1000.00", "referencia": "DARF tardio"})
    assert r.status_code == 409, r.text
    assert "já foi encaminhada para inscrição em dívida ativa" in r.json()["mensagem"]
    api.ato_ok(pid, "decisao_recurso_nao_provido", "2026-05-04", {"fundamentacao": FUNDAMENTACAO})
    api.ato_ok(pid, "ciencia_decisao_recurso", "2026-05-06", {"meio": "AR"})
    # recurso final até 13/05/2026 (5 dias úteis de 07/05); depois, encerra em dívida ativa
    api.ato_ok(pid, "encerramento", "2026-05-14")
    assert api.processo(pid)["estado"] == "divida_ativa"


def test_recurso_provido_depois_do_encaminhamento_espera_a_comunicacao_a_pgfn(api: Api) -> None:
    """Sem efeito suspensivo (LESTA art. 24 § 1º), a multa vencida vai à dívida ativa com o
    recurso pendente; provido o recurso, a multa deixa de existir, mas a inscrição é da PGFN
    (NORMAM-07 item 0314). Antes, o provimento arquivava o processo e nada levava à PGFN a
    decisão: a inscrição de uma multa afastada ficava de pé."""
    pid = api.novo_processo()
    api.levar_ate(pid, "em_recurso")
    api.ato_ok(pid, "inscricao_divida_ativa", "2026-05-01", {"documento": "Ofício 3/2026"})
    r = api.ato_ok(pid, "decisao_recurso_provido", "2026-05-04", {"fundamentacao": FUNDAMENTACAO})
    assert r["processo"]["estado"] == "aguardando_cancelamento_divida_ativa"
    p = api.processo(pid)
    assert p["final"] is False
    assert p["atos_permitidos"][0]["tipo"] == "comunicacao_cancelamento_divida_ativa"
    # a penalidade afastada não deixa a pessoa em débito enquanto a OM comunica a PGFN
    assert api.get(f"/situacao/{CPF_DONO}").json()["em_debito"] is False

    api.entrar_na_web("ac.cpsc")
    pagina = api.cliente.get(f"/processos/{pid}").text
    form = re.search(
        r'<form [^>]*data-form-ato="comunicacao_cancelamento_divida_ativa">(.*?)</form>',
        pagina,
        re.S,
    )
    assert form, "a página não oferece a comunicação à PGFN"
    campo = re.search(r'<input[^>]*name="dados\.documento"[^>]*>', form.group(1))
    assert campo and "required" in campo.group(0), form.group(1)

    r = api.ato(pid, "comunicacao_cancelamento_divida_ativa", "2026-05-06", {})
    assert (r.status_code, r.json()["campo"]) == (422, "dados.documento"), r.text
    dados = {"documento": "Ofício nº 41/2026-CPSC, de 06/05/2026, à PRFN da 4ª Região"}
    r = api.ato_ok(pid, "comunicacao_cancelamento_divida_ativa", "2026-05-06", dados)
    assert r["processo"]["estado"] == "arquivado"
    assert r["ato"]["fundamentos"][0] == "NORMAM-07/DPC item 0314"


def test_efeito_suspensivo_suspende_o_pagamento_e_a_divida_ativa_ate_a_decisao(api: Api) -> None:
    pid = api.novo_processo()
    api.levar_ate(pid, "em_recurso")
    r = api.ato(pid, "efeito_suspensivo", "2026-04-20", {"fundamentacao": "curta"})
    assert (r.status_code, r.json()["campo"]) == (422, "dados.fundamentacao")
    r = api.ato_ok(
        pid,
        "efeito_suspensivo",
        "2026-04-20",
        {
            "fundamentacao": "Risco de dano de difícil reparação à atividade pesqueira.",
            "a_pedido": True,
        },
        como="cp.cpsc",
    )
    assert r["processo"]["estado"] == "em_recurso"
    p = api.processo(pid)
    assert _abertos(p) == ["decisao_recurso"]  # o prazo de pagamento está suspenso
    assert p["efeito_do_recurso"]["suspensivo"] is True
    assert p["efeito_do_recurso"]["fundamento"] == "Lei 9.784/1999 art. 61, parágrafo único"
    r = api.ato(pid, "inscricao_divida_ativa", "2026-05-01")
    assert r.status_code == 409 and "efeito suspensivo" in r.json()["detail"]
    # com a exigibilidade suspensa a pessoa não está em débito por esta multa (LESTA art. 20)
    situacao = api.get(f"/situacao/{CPF_DONO}").json()
    assert (situacao["em_debito"], situacao["suspensos"]) == (False, "1000.00")
    assert situacao["debitos"][0]["exigibilidade_suspensa"] is True
    assert api.get("/divida-ativa", hoje="2026-05-01").json() == []
    api.ato_ok(pid, "decisao_recurso_nao_provido", "2026-05-04", {"fundamentacao": FUNDAMENTACAO})
    api.ato_ok(pid, "ciencia_decisao_recurso", "2026-05-06", {"meio": "AR"})
    # a decisão encerra a suspensão; a ciência (06/05) reabre o pagamento: 15 dias corridos de
    # 07/05, vencendo em 21/05/2026
    abertos = {x["etapa"]: x["vencimento"] for x in api.processo(pid)["prazos"] if x["aberto"]}
    assert abertos["pagamento"] == "2026-05-21"


def test_pagamento_no_recurso_e_provimento_registram_a_restituicao_devida(api: Api) -> None:
    pid = api.novo_processo()
    api.levar_ate(pid, "em_recurso")
    r = api.ato_ok(pid, "pagamento", "2026-04-24", {"valor": "1000.00", "referencia": "DARF 9"})
    assert r["processo"]["estado"] == "em_recurso"  # sem efeito suspensivo, paga-se no recurso
    r = api.ato_ok(pid, "decisao_recurso_provido_em_parte", "2026-05-04", penalidade("400.00"))
    # pago R$ 1.000,00, devido R$ 400,00: R$ 600,00 a restituir, registrados com a decisão
    assert r["restituicao"]["valor"] == "600.00"
    p = api.processo(pid)
    assert _tipos(p)[-2:] == ["decisao_recurso_provido_em_parte", "restituicao_devida"]
    assert (p["restituicao_pendente"], p["saldo"]) == ("600.00", "0.00")
    assert p["efeito_do_recurso"]["suspensivo"] is False
    painel = api.get("/painel", como="ac.cpsc").json()
    assert [(x["id"], x["valor"]) for x in painel["restituicoes"]] == [(pid, "600.00")]
    api.ato_ok(pid, "ciencia_decisao_recurso", "2026-05-06", {"meio": "AR"})
    assert _abertos(api.processo(pid)) == ["recurso_final"]  # nada mais a pagar
    r = api.ato(pid, "encerramento", "2026-05-14")
    assert r.status_code == 409 and "restituição pendente" in r.json()["detail"]
    r = api.ato(pid, "restituicao_efetuada", "2026-05-14", {"valor": "500.00"})
    assert r.status_code == 422 and r.json()["campo"] == "dados.valor"
    api.ato_ok(pid, "restituicao_efetuada", "2026-05-14", {"valor": "600.00", "referencia": "OB 1"})
    assert api.processo(pid)["restituicao_pendente"] == "0.00"
    api.ato_ok(pid, "encerramento", "2026-05-14")
    _encerrado_sem_pendencias(api.processo(pid), "quitado")


def test_multa_julgada_so_faz_debito_com_a_intimacao_da_decisao(api: Api) -> None:
    """LESTA art. 32: "quinze dias corridos, a contar da intimação, para pagar a multa"; Norma
    de 2023 item 3.6.3 c e d: o infrator é comunicado da decisão e então corre o pagamento.
    Antes, a multa julgada e ainda não comunicada já dava a pessoa em débito (LESTA art. 20),
    sem vencimento, e sustava os atos de interesse dela (a entrega do bem sob custódia)."""
    pid = api.novo_processo()
    api.levar_ate(pid, "julgado_procedente")
    situacao = api.get(f"/situacao/{CPF_DONO}").json()
    assert (situacao["em_debito"], situacao["suspensos"]) == (False, "1000.00")
    assert situacao["debitos"][0]["exigibilidade_suspensa"] is True
    api.levar_ate(pid, "decisao_notificada")
    situacao = api.get(f"/situacao/{CPF_DONO}").json()
    assert (situacao["em_debito"], situacao["total_devido"]) == (True, "1000.00")
    assert situacao["debitos"][0]["vencimento"] == "2026-04-29"


def test_multa_paga_o_estado_nao_diz_que_o_pagamento_corre(api: Api) -> None:
    """O estado fica o mesmo depois do pagamento (o prazo de recurso segue); o nome dele dizia
    "prazos de recurso e de pagamento em curso", e o cabeçalho do processo e a consulta pública
    o repetiam com a multa paga (revisão de UX de 2026-12-06, M3)."""
    pid = api.novo_processo()
    api.levar_ate(pid, "decisao_notificada")
    api.ato_ok(pid, "pagamento", "2026-04-20", {"valor": "1000.00", "referencia": "DARF 9"})
    p = api.processo(pid)
    assert (p["estado"], _abertos(p)) == ("decisao_notificada", ["recurso"])
    assert "pagamento" not in p["estado_nome"]


def test_recurso_provido_depois_do_pagamento_aguarda_a_restituicao(api: Api) -> None:
    pid = api.novo_processo()
    api.levar_ate(pid, "em_recurso")
    api.ato_ok(pid, "pagamento", "2026-04-24", {"valor": "1000.00", "referencia": "DARF 10"})
    r = api.ato_ok(pid, "decisao_recurso_provido", "2026-05-04", {"fundamentacao": FUNDAMENTACAO})
    assert r["processo"]["estado"] == "aguardando_restituicao"
    assert r["restituicao"]["valor"] == "1000.00"
    # a Decisão de Recurso diz o que se restitui; não "arquivar", que só vem depois dela
    # (revisão dos documentos, C2)
    doc = api.post(f"/processos/{pid}/documentos", {"tipo": "decisao_recurso"}, como="cp.cpsc")
    assert doc.status_code == 201, doc.text
    pdf = api.cliente.get(doc.json()["pdf"], headers=api.cabecalhos("cp.cpsc")).content
    texto = " ".join(
        " ".join((x.extract_text() or "").split()) for x in PdfReader(io.BytesIO(pdf)).pages
    )
    assert (
        "Afastar a penalidade imposta. Restituir ao recorrente o valor pago a maior: "
        "R$ 1.000,00 (Código Civil art. 876)." in texto
    ), texto
    assert "Arquivar o processo" not in texto
    r = api.ato_ok(pid, "restituicao_efetuada", "2026-05-20", {"valor": "1000.00"})
    assert r["processo"]["estado"] == "arquivado"


def test_julgamento_so_com_suspensao_termina_em_encerramento_apos_o_prazo_de_recurso(
    api: Api,
) -> None:
    pid = api.novo_processo()
    # o autor material é o Comandante, embarcado: a suspensão o alcança (RLESTA art. 8º); o
    # condutor como tal não responde pela dotação da embarcação (NORMAM 2023 item 3.3.1 a)
    api.ato_ok(pid, "lavratura_auto", "2026-03-13", lavratura(autor_tipo="comandante"))
    api.ato_ok(pid, "ciencia_auto", "2026-03-16", {"meio": "pessoal"})
    api.ato_ok(pid, "defesa", "2026-03-20", {"texto": "Defesa."})
    r = api.ato_ok(pid, "julgamento_procedente", "2026-04-10", penalidade(None, suspensao_dias=30))
    assert r["penalidades"][0]["suspensao_dias"] == 30
    api.ato_ok(pid, "ciencia_decisao", "2026-04-14", {"meio": "AR"})

    p = api.processo(pid)
    assert _abertos(p) == ["recurso"]  # sem multa, não corre prazo de pagamento
    assert p["multa_total"] == "0.00"
    r = api.ato(pid, "pagamento", "2026-04-15", {"valor": "1.00", "referencia": "x"})
    assert r.status_code == 409
    assert "não há multa imposta" in r.json()["detail"]
    # recurso: 5 dias úteis de 14/04/2026, sem o ponto facultativo de 20/04 e Tiradentes
    r = api.ato(pid, "encerramento", "2026-04-23")
    assert r.status_code == 409
    assert "prazo de recurso em curso até 23/04/2026" in r.json()["detail"]

    r = api.ato_ok(pid, "encerramento", "2026-04-24")
    assert r["processo"]["estado"] == "encerrado"
    p = api.processo(pid)
    _encerrado_sem_pendencias(p, "encerrado")
    assert [x["suspensao_dias"] for x in p["penalidades"]] == [30]


def test_sobrestamento_suspende_e_o_levantamento_volta_ao_estado_anterior(api: Api) -> None:
    pid = api.novo_processo()
    api.levar_ate(pid, "em_defesa")
    r = api.ato_ok(pid, "sobrestamento", "2026-03-18", {"inquerito": "IAFN nº 12/2026"})
    assert r["processo"]["estado"] == "sobrestado"

    p = api.processo(pid)
    assert p["sobrestado"] is True
    assert _abertos(p) == []  # o prazo de defesa parou
    assert p["atos"][-1]["dados"] == {
        "inquerito": "IAFN nº 12/2026",
        "poluicao": False,
        "estado_anterior": "em_defesa",
    }
    assert {t["tipo"] for t in p["atos_permitidos"]} == {
        "despacho_sobrestamento",  # o acompanhamento do inquérito (interpretacoes.md, ponto 17)
        "levantamento_sobrestamento",
        "constituicao_procurador",
        "correcao",
        "levantamento_de_medida",  # a medida cessa com o motivo, sobrestado ou não (item 0308 c)
    }
    assert api.ato(pid, "revelia", "2026-05-04").status_code == 409

    acordao = {"numero": "7.001/2026", "publicado_em": "2026-06-26"}
    r = api.ato_ok(pid, "levantamento_sobrestamento", "2026-07-01", acordao)
    # a defesa é prazo do interessado: recomeça da ciência do levantamento, não do registro
    # (Lei 9.784/1999 arts. 28 e 66); até ela, nenhum prazo corre e não há revelia
    assert r["processo"]["estado"] == "sobrestamento_levantado"
    p = api.processo(pid)
    assert p["sobrestado"] is False
    assert p["acordao"]["numero"] == "7.001/2026"
    assert _abertos(p) == []
    assert {t["tipo"] for t in p["atos_permitidos"]} >= {"ciencia_levantamento_sobrestamento"}
    assert api.ato(pid, "revelia", "2026-08-03").status_code == 409
    assert api.ato(pid, "ciencia_levantamento_sobrestamento", "2026-07-13", {}).status_code == 422

    r = api.ato_ok(pid, "ciencia_levantamento_sobrestamento", "2026-07-13", {"meio": "AR"})
    assert r["processo"]["estado"] == "em_defesa"
    defesa = api.processo(pid)["prazos"][-1]
    assert (defesa["etapa"], defesa["inicio"], defesa["vencimento"], defesa["aberto"]) == (
        "defesa",
        "2026-07-13",
        "2026-08-03",
        True,
    )
    assert api.ato(pid, "revelia", "2026-08-03").status_code == 409
    assert api.ato_ok(pid, "revelia", "2026-08-04")["processo"]["estado"] == "aguardando_julgamento"


def test_sobrestamento_e_recusado_para_infracao_de_poluicao(api: Api) -> None:
    pid = api.novo_processo()
    antes = api.levar_ate(pid, "em_defesa")
    r = api.ato(
        pid, "sobrestamento", "2026-03-18", {"inquerito": "IAFN nº 13/2026", "poluicao": True}
    )
    assert r.status_code == 409
    assert r.json()["campo"] == "infracao_de_poluicao"
    assert "poluição das águas" in r.json()["mensagem"]
    depois = api.processo(pid)
    assert (depois["estado"], depois["sobrestado"], depois["versao"]) == (
        "em_defesa",
        False,
        antes["versao"],
    )
    assert depois["atos"] == antes["atos"]


def test_correcao_aponta_o_ato_corrigido_e_nao_muda_o_estado(api: Api) -> None:
    pid = api.novo_processo()
    antes = api.levar_ate(pid, "em_defesa")
    ciencia = antes["atos"][-1]
    assert ciencia["tipo"] == "ciencia_auto"

    r = api.ato_ok(
        pid,
        "correcao",
        "2026-03-17",
        {"motivo": "Meio da ciência registrado errado", "dados_corrigidos": {"meio": "AR"}},
        como="inspetor.cpsc",
        corrige_ato_id=ciencia["id"],
    )
    assert r["processo"]["estado"] == "em_defesa"
    p = api.processo(pid)
    correcao = p["atos"][-1]
    assert (correcao["tipo"], correcao["corrige_ato_id"]) == ("correcao", ciencia["id"])
    assert correcao["dados"]["dados_corrigidos"] == {"meio": "AR"}
    assert p["atos"][:-1] == antes["atos"]  # o ato corrigido fica como estava
    assert p["prazos"] == antes["prazos"]


def test_correcao_da_data_da_ciencia_reconta_a_defesa(api: Api) -> None:
    """A ciência registrada em 16/03/2026 foi em 18/03: a defesa (15 dias úteis, Norma de 2023
    item 3.6.3 a) passa a contar de 18/03 — 19/03 a 09/04/2026 (03/04, Sexta-feira Santa, não
    conta); era 07/04. O ato corrigido fica como estava; a correção grava o recontado."""
    pid = api.novo_processo()
    antes = api.levar_ate(pid, "em_defesa")
    ciencia = antes["atos"][-1]
    defesa = [x for x in antes["prazos"] if x["etapa"] == "defesa"][-1]
    assert (defesa["inicio"], defesa["vencimento"]) == ("2026-03-16", "2026-04-07")

    def corrigir(data: str) -> Any:
        return api.ato(
            pid,
            "correcao",
            "2026-03-19",
            {"motivo": "A ciência foi dada em 18/03", "dados_corrigidos": {"data_ato": data}},
            como="inspetor.cpsc",
            corrige_ato_id=ciencia["id"],
        )

    r = corrigir("2026-03-12")  # antes da lavratura (13/03), que a ciência sucede
    assert r.status_code == 422 and r.json()["campo"] == "dados.dados_corrigidos.data_ato"
    assert api.processo(pid)["prazos"] == antes["prazos"]
    r = corrigir("2026-03-18")
    assert r.status_code == 201, r.text
    assert r.json()["prazos_recalculados"] == [
        {
            "etapa": "defesa",
            "inicio": "2026-03-18",
            "vencimento": "2026-04-09",
            "vencimento_anterior": "2026-04-07",
        }
    ]
    p = api.processo(pid)
    defesa = [x for x in p["prazos"] if x["etapa"] == "defesa"][-1]
    assert (defesa["inicio"], defesa["vencimento"]) == ("2026-03-18", "2026-04-09")
    assert p["atos"][-2] == ciencia  # o ato corrigido fica como estava
    # a revelia espera o novo vencimento
    assert api.ato(pid, "revelia", "2026-04-09").status_code == 409

    # corrigida de novo (a mesma ciência): conta da data da última correção, não da registrada
    r = corrigir("2026-03-17")
    assert r.status_code == 201, r.text
    assert r.json()["prazos_recalculados"] == [
        {
            "etapa": "defesa",
            "inicio": "2026-03-17",
            "vencimento": "2026-04-08",
            "vencimento_anterior": "2026-04-09",
        }
    ]


def test_correcao_da_data_confere_os_vizinhos_pela_data_ja_corrigida(api: Api) -> None:
    """A ciência do Auto registrada em 16/03 foi corrigida para 14/03; a lavratura (13/03) não
    pode então ser corrigida para 15/03, depois da ciência que ela precede — a conferência lia
    a data registrada da ciência (16/03) e aceitava. E, ao contrário, a lavratura corrigida para
    15/03 impede a ciência corrigida para 14/03 (lia a data registrada da lavratura, 13/03)."""

    def corrigir(pid: int, ato: dict[str, Any], data: str) -> Any:
        # a lavratura, a Autoridade Competente corrige; a ciência, também o inspetor
        return api.ato(
            pid,
            "correcao",
            "2026-03-19",
            {"motivo": "Data registrada errada", "dados_corrigidos": {"data_ato": data}},
            como="ac.cpsc",
            corrige_ato_id=ato["id"],
        )

    pid = api.novo_processo()
    atos = api.levar_ate(pid, "em_defesa")["atos"]
    lavratura = next(a for a in atos if a["tipo"] == "lavratura_auto")
    ciencia = next(a for a in atos if a["tipo"] == "ciencia_auto")
    assert (lavratura["data_ato"], ciencia["data_ato"]) == ("2026-03-13", "2026-03-16")
    assert corrigir(pid, ciencia, "2026-03-14").status_code == 201
    antes = api.processo(pid)
    r = corrigir(pid, lavratura, "2026-03-15")
    assert r.status_code == 422, r.text
    assert r.json()["campo"] == "dados.dados_corrigidos.data_ato"
    assert "posterior à de um ato que veio depois do corrigido (14/03/2026)" in r.json()["mensagem"]
    assert api.processo(pid) == antes

    pid = api.novo_processo()
    atos = api.levar_ate(pid, "em_defesa")["atos"]
    lavratura = next(a for a in atos if a["tipo"] == "lavratura_auto")
    ciencia = next(a for a in atos if a["tipo"] == "ciencia_auto")
    assert corrigir(pid, lavratura, "2026-03-15").status_code == 201
    r = corrigir(pid, ciencia, "2026-03-14")
    assert r.status_code == 422, r.text
    assert "anterior à do ato que o corrigido sucede (15/03/2026)" in r.json()["mensagem"]


def test_correcao_da_data_que_mudaria_um_prazo_ja_encerrado_e_recusada(api: Api) -> None:
    """A revelia de 08/04 contou com a defesa vencida em 07/04 (ciência em 16/03): corrigir a
    ciência para 18/03 levaria a defesa a 09/04 e faria a revelia prematura (LESTA arts. 22 e
    23; a convalidação só cabe sem prejuízo, Lei 9.784/1999 art. 55): 409, nada gravado."""
    pid = api.novo_processo()
    api.levar_ate(pid, "em_defesa")
    api.ato_ok(pid, "revelia", "2026-04-08")
    antes = api.processo(pid)
    ciencia = next(a for a in antes["atos"] if a["tipo"] == "ciencia_auto")
    r = api.ato(
        pid,
        "correcao",
        "2026-04-09",
        {"motivo": "A ciência foi dada em 18/03", "dados_corrigidos": {"data_ato": "2026-03-18"}},
        como="inspetor.cpsc",
        corrige_ato_id=ciencia["id"],
    )
    assert r.status_code == 409, r.text
    erro = r.json()
    assert "já se encerrou" in erro["mensagem"] and "09/04/2026" in erro["mensagem"]
    assert erro["regra"] == "Lei 9.784/1999 art. 55"
    assert api.processo(pid) == antes


def test_consulta_publica_da_multa_afastada_depois_do_encaminhamento(api: Api) -> None:
    """Provido o recurso depois do encaminhamento à dívida ativa, a multa deixou de existir e o
    processo aguarda só a comunicação à PGFN (estado sem débito). A consulta pública dizia ao
    interessado "Multa de R$ 0,00 encaminhada ... para inscrição em dívida ativa da União: o
    prazo de pagamento venceu ... sem pagamento" e que a Autoridade Marítima sustaria os atos do
    interesse dele "enquanto houver o débito" — que não há."""
    from apoio import csrf_de
    from texto_humano import texto_visivel

    pid = api.novo_processo()
    api.levar_ate(pid, "em_recurso")
    api.ato_ok(pid, "inscricao_divida_ativa", "2026-05-01", {"documento": "Ofício 3/2026"})
    api.ato_ok(pid, "decisao_recurso_provido", "2026-05-04", {"fundamentacao": FUNDAMENTACAO})
    numero = api.processo(pid)["numero"]
    csrf = csrf_de(api.cliente.get("/consulta").text)
    r = api.cliente.post("/consulta", data={"csrf": csrf, "numero": numero, "documento": CPF_DONO})
    assert r.status_code == 200, r.text
    inicio = r.text.index('id="divida-ativa"')
    bloco = texto_visivel(r.text[inicio : r.text.index("</div>", inicio)])
    assert "afastada" in bloco, bloco
    assert "cancelamento da inscrição" in bloco, bloco
    assert "venceu" not in bloco and "sustará" not in bloco, bloco
    assert "R$ 0,00" not in bloco, bloco
