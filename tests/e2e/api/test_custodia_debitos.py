"""A custódia diante das multas do proprietário, pela API.

- O produto do leilão paga a multa do processo de origem (NORMAM-07 item 0312 a 3: "multas e
  taxas devidas"; docs/interpretacoes.md, Ponto 13): o pagamento se registra no processo em que
  ela foi imposta, que deixa de cobrá-la. Antes, a destinação a deduzia e a origem seguia com o
  saldo devido (e podia mandá-la à dívida ativa). A multa já encaminhada à dívida ativa não se
  paga à OM (a cobrança é da PGFN, NORMAM-07 item 0314): não se deduz.
- A entrega é ato de interesse do proprietário: sustada enquanto ele deve multa exigível da LESTA
  em outro processo, até a quitação (LESTA art. 20). Antes, só a multa da origem contava.

Datas (calendário da CPSC): ciência da decisão em 17/03/2026 (terça); pagamento em 15 dias
corridos → 01/04/2026 (quarta). Tabela da CPSC desde 01/01/2026: R$ 60,00 por dia; a guarda de
02/03 a 30/06 (leilão em 01/07, excluído) são 121 diárias = R$ 7.260,00.
"""

from __future__ import annotations

import datetime as dt
import re

from apoio import comandos_sql
from sqlalchemy import select

from farol.domain.cpf_cnpj import so_digitos
from farol.relogio import hoje
from farol.services.consultas import debitos_da_pessoa
from farol.store.auditoria import verificar_cadeias
from farol.store.orm import Pessoa, ProcessoResumo

from .conftest import CPF_DONO, Api, inspecao
from .test_custodia import RECOLHIMENTO, TARIFA, _custodia

SANCIONADOR = [
    ("lavratura_auto", "2026-03-13", {"infracoes": [{"infracao": "RLESTA.16.I", "autor_tipo": "proprietario"}]}),
    ("ciencia_auto", "2026-03-13", {"meio": "pessoal"}),
    ("renuncia_defesa", "2026-03-16", {}),
    ("julgamento_procedente", "2026-03-17", {"penalidades": [{"infracao": "RLESTA.16.I", "multa": "1000.00"}], "justificativa": "Navegava sem inscrição, constatado na inspeção."}),
    ("ciencia_decisao", "2026-03-17", {"meio": "pessoal"}),
]  # fmt: skip
DONO = {"nome": "João Dono", "documento": CPF_DONO, "qualidade": "proprietario"}
DECLARACAO = "Recebo no mesmo estado de conservação."


def _ate_o_leilao(api: Api, cid: int) -> dict[str, object]:
    api.ato_ok(cid, "edital_regularizacao", "2026-03-03", {"publicacao": "Quadro de avisos"})
    api.ato_ok(cid, "perdimento", "2026-06-02", {"fundamentacao": "Prazo do edital vencido."})
    api.ato_ok(cid, "edital_leilao", "2026-06-10", {"data_leilao": "2026-07-01", "local": "CPSC",
               "valor_avaliacao": "8000.00", "jornal": "Diário Catarinense"})  # fmt: skip
    api.ato_ok(cid, "designacao_leiloeiro", "2026-06-11", {
        "leiloeiro": {"nome": "Carlos Leiloeiro", "documento": "529.982.247-25"}, "portaria": "45/2026"})  # fmt: skip
    return api.ato_ok(cid, "resultado_leilao", "2026-07-01", {"valor_arrematado": "9000.00",
                      "arrematante": {"nome": "Maria Compradora", "documento": "111.444.777-35"}})  # fmt: skip


def _cadeias_integras(api: Api) -> None:
    with api.banco.unit_of_work(somente_leitura=True) as s:
        assert verificar_cadeias(s) == []


def test_multa_deduzida_do_produto_do_leilao_e_paga_no_processo_de_origem(api: Api) -> None:
    api.post("/custodia/tarifas", TARIFA)
    ap, cid = _custodia(api, "401M2026603", endereco=None)
    pid = ap["pid"]
    for tipo, data, dados in SANCIONADOR:
        api.ato_ok(pid, tipo, data, dados)
    assert api.processo(pid)["saldo"] == "1000.00"
    r = _ate_o_leilao(api, cid)
    d = r["destinacao"]
    assert (d["despesas_custodia"], d["multas"], d["saldo"]) == ("7260.00", "1000.00", "740.00")
    numero = api.processo(pid)["numero"]
    [paga] = d["multas_pagas"]
    assert (paga["processo"], paga["processo_id"], paga["valor"]) == (numero, pid, "1000.00")
    assert d["multas_nao_deduzidas"] == []
    assert f"a multa do processo {numero} (R$ 1.000,00), paga nele com o produto" in d["texto"]

    # a multa se pagou na origem: pelo ato de pagamento, com a data do leilão e a referência
    origem = api.processo(pid)
    assert origem["saldo"] == "0.00"
    pagamento = [a for a in origem["atos"] if a["tipo"] == "pagamento"]
    assert len(pagamento) == 1 and pagamento[0]["id"] == paga["ato_id"]
    assert pagamento[0]["data_ato"] == "2026-07-01"
    # o prazo de pagamento se encerrou; a pessoa não está em débito (LESTA art. 20)
    assert not [x for x in origem["prazos"] if x["etapa"] == "pagamento" and x["aberto"]]
    assert api.get(f"/situacao/{CPF_DONO}").json()["em_debito"] is False
    # o resumo (modelo de leitura) da lista acompanha o pagamento
    with api.banco.unit_of_work(somente_leitura=True) as s:
        resumo = s.get(ProcessoResumo, pid)
        assert resumo is not None
        assert (resumo.pago, resumo.em_debito, resumo.vencimento_pagamento) == (1000, False, None)
    # o extrato da custódia não cobra mais a multa
    assert api.get(f"/processos/{cid}/custodia", data="2026-07-02").json()["multas"] == []
    _cadeias_integras(api)


def test_multa_encaminhada_a_divida_ativa_nao_se_deduz_do_produto(api: Api) -> None:
    api.post("/custodia/tarifas", TARIFA)
    ap, cid = _custodia(api, "401M2026604", endereco=None)
    pid = ap["pid"]
    for tipo, data, dados in SANCIONADOR:
        api.ato_ok(pid, tipo, data, dados)
    api.ato_ok(pid, "inscricao_divida_ativa", "2026-04-02", {"documento": "Ofício 12/2026"})
    assert api.processo(pid)["estado"] == "divida_ativa"
    r = _ate_o_leilao(api, cid)
    d = r["destinacao"]
    # a cobrança é da PGFN (NORMAM-07 item 0314): nada se paga à OM nem se retém do produto
    assert (d["multas"], d["saldo"], d["multas_pagas"]) == ("0.00", "1740.00", [])
    [fora] = d["multas_nao_deduzidas"]
    assert fora["processo_id"] == pid and fora["valor"] == "1000.00"
    assert "dívida ativa" in fora["motivo"] and "dívida ativa" in d["texto"]
    assert "NORMAM-07/DPC item 0314" in fora["motivo"]
    origem = api.processo(pid)
    assert (origem["estado"], origem["saldo"]) == ("divida_ativa", "1000.00")
    assert not [a for a in origem["atos"] if a["tipo"] == "pagamento"]
    _cadeias_integras(api)


def _custodia_com_multa_em_outro_processo(
    api: Api,
    sancionador: list[tuple[str, str, dict[str, object]]] = SANCIONADOR,
    tarifa: bool = True,
) -> tuple[int, int]:
    if tarifa:
        api.post("/custodia/tarifas", TARIFA)
    corpo = inspecao(constatacoes=[{"infracao": "RLESTA.16.I"}], inscricao="401M2026702", condutor=None)  # fmt: skip
    corpo["proprietario"]["endereco"] = "Rua A, 1"
    pid1 = api.inspecionar(corpo)["processos"][0]["id"]
    for tipo, data, dados in sancionador:
        api.ato_ok(pid1, tipo, data, dados)
    assert api.processo(pid1)["saldo"] == "1000.00"
    corpo2 = inspecao(constatacoes=[{"infracao": "RLESTA.16.I"}], inscricao="401M2026703",
                      condutor=None, data_hora="2026-03-20T10:00:00-03:00")  # fmt: skip
    corpo2["proprietario"]["endereco"] = "Rua A, 1"
    pid2 = api.inspecionar(corpo2)["processos"][0]["id"]
    medidas = api.processo(pid2)["medidas"]
    med = next(m["id"] for m in medidas if m["tipo"] == "apreensao_embarcacao")
    r = api.post("/custodias", {"data_ato": "2026-03-20", "recolhimento": {
        **RECOLHIMENTO, "lacres": [], "medida_id": med}}, como="inspetor.cpsc")  # fmt: skip
    cid = r.json()["id"]
    api.ato_ok(cid, "regularizacao", "2026-03-21", {"prova": "Título de Inscrição emitido pela CPSC."})  # fmt: skip
    e = api.get(f"/processos/{cid}/custodia", data="2026-03-22").json()
    if e["total_devido"] != "0.00":  # sem tabela da OM, nada a pagar
        api.ato_ok(cid, "pagamento_custodia", "2026-03-22", {"valor": e["total_devido"], "referencia": "G"})  # fmt: skip
    return pid1, cid


def test_entrega_sustada_por_multa_do_proprietario_em_outro_processo(api: Api) -> None:
    pid1, cid = _custodia_com_multa_em_outro_processo(api)
    numero = api.processo(pid1)["numero"]
    # o extrato (a API e a página) mostra o débito que susta a entrega, antes de tentar
    e = api.get(f"/processos/{cid}/custodia", data="2026-03-22").json()
    assert e["pendencias"] == [] and e["total_devido"] == "0.00"
    assert e["debitos_do_proprietario"] == [
        {
            "descricao": f"multa do processo {numero}",
            "valor": "1000.00",
            "fundamento": "LESTA art. 20",
        }
    ]
    api.entrar_na_web("ac.cpsc")
    pagina = api.cliente.get(f"/processos/{cid}").text
    bloco = re.search(r'id="debitos-proprietario">(.*?)</div>', pagina, re.S)
    assert bloco, "a página não mostra o débito que susta a entrega"
    texto = re.sub(r"<[^>]+>", "", bloco.group(1))
    assert f"multa do processo {numero}: R$ 1.000,00" in texto and "LESTA art. 20" in texto
    r = api.ato(
        cid, "termo_de_entrega", "2026-03-22", {"recebedor": DONO, "declaracao": DECLARACAO}
    )
    assert r.status_code == 409, r.text
    detalhe = r.json()["detail"]
    assert f"multa do processo {numero}: R$ 1.000,00" in detalhe and "LESTA art. 20" in detalhe
    assert api.processo(cid)["estado"] == "a_entregar"  # nada mudou
    # quem recebe como preposto não levanta a sustação: o débito é do proprietário
    preposto = {"nome": "Pedro Preposto", "documento": "111.444.777-35", "qualidade": "preposto"}
    r = api.ato(cid, "termo_de_entrega", "2026-03-22", {"recebedor": preposto, "declaracao": DECLARACAO})  # fmt: skip
    assert r.status_code == 409 and numero in r.text

    # quitada a multa, a entrega se registra
    api.ato_ok(pid1, "pagamento", "2026-03-23", {"valor": "1000.00", "referencia": "DARF 7"})
    e = api.get(f"/processos/{cid}/custodia", data="2026-03-23").json()
    api.ato_ok(cid, "pagamento_custodia", "2026-03-23", {"valor": e["total_devido"], "referencia": "G2"})  # fmt: skip
    assert api.get(f"/processos/{cid}/custodia", data="2026-03-23").json()["debitos_do_proprietario"] == []  # fmt: skip
    api.ato_ok(cid, "termo_de_entrega", "2026-03-23", {"recebedor": DONO, "declaracao": DECLARACAO})


def test_multa_em_divida_ativa_susta_a_entrega_ate_a_baixa(api: Api) -> None:
    pid1, cid = _custodia_com_multa_em_outro_processo(api)
    api.ato_ok(pid1, "inscricao_divida_ativa", "2026-04-02", {"documento": "Ofício 12/2026"})
    e = api.get(f"/processos/{cid}/custodia", data="2026-04-02").json()  # as diárias até lá
    api.ato_ok(cid, "pagamento_custodia", "2026-04-02", {"valor": e["total_devido"], "referencia": "G2"})  # fmt: skip
    r = api.ato(
        cid, "termo_de_entrega", "2026-04-02", {"recebedor": DONO, "declaracao": DECLARACAO}
    )
    assert r.status_code == 409 and "LESTA art. 20" in r.text
    api.ato_ok(pid1, "baixa_divida_ativa", "2026-04-03",
               {"forma": "quitacao", "documento": "Ofício PGFN 3/2026"})  # fmt: skip
    e = api.get(f"/processos/{cid}/custodia", data="2026-04-03").json()
    api.ato_ok(cid, "pagamento_custodia", "2026-04-03", {"valor": e["total_devido"], "referencia": "G3"})  # fmt: skip
    api.ato_ok(cid, "termo_de_entrega", "2026-04-03", {"recebedor": DONO, "declaracao": DECLARACAO})


# --- o débito na data do ato (LESTA art. 20; NORMAM-07 item 0312) ---------------------------
# A entrega se confere com os débitos do proprietário na data dela, não nos do dia em que se
# registra: uma multa é débito na data se a decisão já fora intimada (LESTA art. 32), não fora
# paga (pagamento com data até ela), nem baixada da dívida ativa, nem tinha a exigibilidade
# suspensa. Antes, contavam os débitos de hoje.


def _pagar_a_guarda_ate(api: Api, cid: int, data: str) -> None:
    e = api.get(f"/processos/{cid}/custodia", data=data).json()
    api.ato_ok(cid, "pagamento_custodia", data, {"valor": e["total_devido"], "referencia": "G" + data})  # fmt: skip


def test_entrega_datada_antes_do_pagamento_da_multa_e_recusada_registrada_depois(api: Api) -> None:
    pid1, cid = _custodia_com_multa_em_outro_processo(api)
    numero = api.processo(pid1)["numero"]
    api.ato_ok(pid1, "pagamento", "2026-03-23", {"valor": "1000.00", "referencia": "DARF 7"})
    assert api.get(f"/situacao/{CPF_DONO}").json()["em_debito"] is False  # hoje, quitada
    # em 22/03 a multa era devida: a entrega dessa data se susta, e o extrato dessa data o mostra
    r = api.ato(cid, "termo_de_entrega", "2026-03-22", {"recebedor": DONO, "declaracao": DECLARACAO})  # fmt: skip
    assert r.status_code == 409, r.text
    detalhe = r.json()["detail"]
    assert "o legítimo proprietário está em débito" in detalhe
    assert f"multa do processo {numero}: R$ 1.000,00" in detalhe and "LESTA art. 20" in detalhe
    assert api.processo(cid)["estado"] == "a_entregar"  # nada mudou
    e = api.get(f"/processos/{cid}/custodia", data="2026-03-22").json()
    assert [x["descricao"] for x in e["debitos_do_proprietario"]] == [f"multa do processo {numero}"]  # fmt: skip


def test_entrega_datada_depois_do_pagamento_da_multa_e_aceita(api: Api) -> None:
    pid1, cid = _custodia_com_multa_em_outro_processo(api)
    api.ato_ok(pid1, "pagamento", "2026-03-23", {"valor": "1000.00", "referencia": "DARF 7"})
    _pagar_a_guarda_ate(api, cid, "2026-03-24")
    assert api.get(f"/processos/{cid}/custodia", data="2026-03-24").json()["debitos_do_proprietario"] == []  # fmt: skip
    api.ato_ok(cid, "termo_de_entrega", "2026-03-24", {"recebedor": DONO, "declaracao": DECLARACAO})


def test_multa_intimada_depois_da_data_da_entrega_nao_a_susta(api: Api) -> None:
    """O inverso: a ciência da decisão registrada antes da entrega, mas com data posterior à
    dela. Na data da entrega a multa ainda não era exigível (LESTA art. 32: "a contar da
    intimação"; commit ddce4f1); antes, a entrega era recusada pelo débito que só nasceu
    depois."""
    sem_ciencia = SANCIONADOR[:-1]
    pid1, cid = _custodia_com_multa_em_outro_processo(api, sem_ciencia)
    api.ato_ok(pid1, "ciencia_decisao", "2026-03-25", {"meio": "pessoal"})
    assert api.get(f"/situacao/{CPF_DONO}").json()["em_debito"] is True  # hoje, em débito
    e = api.get(f"/processos/{cid}/custodia", data="2026-03-22").json()
    assert e["debitos_do_proprietario"] == []
    api.ato_ok(cid, "termo_de_entrega", "2026-03-22", {"recebedor": DONO, "declaracao": DECLARACAO})


def test_baixa_da_divida_ativa_datada_depois_da_entrega_nao_a_libera(api: Api) -> None:
    pid1, cid = _custodia_com_multa_em_outro_processo(api)
    api.ato_ok(pid1, "inscricao_divida_ativa", "2026-04-02", {"documento": "Ofício 12/2026"})
    _pagar_a_guarda_ate(api, cid, "2026-04-02")
    api.ato_ok(pid1, "baixa_divida_ativa", "2026-04-03",
               {"forma": "quitacao", "documento": "Ofício PGFN 3/2026"})  # fmt: skip
    assert api.processo(pid1)["estado"] == "divida_ativa_baixada"
    # a baixa é de 03/04: em 02/04 a dívida ativa ainda contava (LESTA art. 20)
    r = api.ato(cid, "termo_de_entrega", "2026-04-02", {"recebedor": DONO, "declaracao": DECLARACAO})  # fmt: skip
    assert r.status_code == 409 and "LESTA art. 20" in r.text
    assert api.processo(pid1)["numero"] in r.text


def test_entrega_datada_antes_do_pagamento_da_multa_da_origem_e_recusada(api: Api) -> None:
    """A multa do processo de origem entra no que falta para a entrega (NORMAM-07 item 0312 a
    3) com o pagamento dela até a data da entrega: antes, a paga na origem depois da data da
    entrega já não contava."""
    api.post("/custodia/tarifas", TARIFA)
    ap, cid = _custodia(api, "401M2026605")
    pid = ap["pid"]
    for tipo, data, dados in SANCIONADOR:
        api.ato_ok(pid, tipo, data, dados)
    api.ato_ok(cid, "regularizacao", "2026-03-21", {"prova": "Título de Inscrição emitido pela CPSC."})  # fmt: skip
    e = api.get(f"/processos/{cid}/custodia", data="2026-03-22").json()
    assert e["total_devido"] == "2200.00"  # 20 diárias de R$ 60,00 e a multa da origem
    api.ato_ok(cid, "pagamento_custodia", "2026-03-22", {"valor": "1200.00", "referencia": "G"})
    numero = api.processo(pid)["numero"]
    api.ato_ok(pid, "pagamento", "2026-03-23", {"valor": "1000.00", "referencia": "DARF 8"})
    e = api.get(f"/processos/{cid}/custodia", data="2026-03-22").json()
    assert [(x["descricao"], x["valor"]) for x in e["multas"]] == [(f"multa do processo {numero}", "1000.00")]  # fmt: skip
    r = api.ato(cid, "termo_de_entrega", "2026-03-22", {"recebedor": DONO, "declaracao": DECLARACAO})  # fmt: skip
    assert r.status_code == 409, r.text
    assert f"multa do processo {numero}: R$ 1.000,00" in r.json()["detail"]
    assert api.get(f"/processos/{cid}/custodia", data="2026-03-23").json()["multas"] == []
    _pagar_a_guarda_ate(api, cid, "2026-03-23")
    api.ato_ok(cid, "termo_de_entrega", "2026-03-23", {"recebedor": DONO, "declaracao": DECLARACAO})


def test_efeito_suspensivo_concedido_depois_da_data_da_entrega_nao_a_libera(api: Api) -> None:
    """O recurso com efeito suspensivo suspende a exigibilidade desde a concessão (Lei
    9.784/1999 art. 61, parágrafo único), não antes: a entrega datada de antes dela se susta;
    a datada dela, não."""
    pid1, cid = _custodia_com_multa_em_outro_processo(api)
    api.ato_ok(pid1, "recurso", "2026-03-18", {"texto": "Recorre da multa."})
    api.ato_ok(pid1, "efeito_suspensivo", "2026-03-25",
               {"fundamentacao": "Risco de dano de difícil reparação.", "a_pedido": True},
               como="cp.cpsc")  # fmt: skip
    r = api.ato(cid, "termo_de_entrega", "2026-03-22", {"recebedor": DONO, "declaracao": DECLARACAO})  # fmt: skip
    assert r.status_code == 409 and api.processo(pid1)["numero"] in r.text
    _pagar_a_guarda_ate(api, cid, "2026-03-25")
    api.ato_ok(cid, "termo_de_entrega", "2026-03-25", {"recebedor": DONO, "declaracao": DECLARACAO})


def test_debitos_na_data_com_as_mesmas_consultas_para_qualquer_numero_de_processos(
    api: Api,
) -> None:
    """A conta na data é por conjunto: as mesmas consultas com um processo em débito ou com
    dois (antes, três por processo em débito, além da primeira)."""
    pid1, _ = _custodia_com_multa_em_outro_processo(api)
    with api.banco.unit_of_work(somente_leitura=True) as s:
        dono = s.execute(select(Pessoa).where(Pessoa.documento == so_digitos(CPF_DONO))).scalar_one()  # fmt: skip
        dono_id = dono.id

    def contar(data: dt.date) -> tuple[list[tuple[int, str, bool]], int]:
        with (
            api.banco.unit_of_work(somente_leitura=True) as s,
            comandos_sql(api.banco.engine) as comandos,
        ):
            debitos = debitos_da_pessoa(s, dono_id, data=data)
            # só as leituras (no PostgreSQL, o pool ainda repõe o statement_timeout)
            leituras = [c for c in comandos if c.startswith("SELECT")]
            return [(d.processo.id, str(d.saldo), d.suspenso) for d in debitos], len(leituras)

    # 16/03: sem decisão; 17/03: julgada e intimada no mesmo dia
    assert contar(dt.date(2026, 3, 16))[0] == []
    um, consultas = contar(dt.date(2026, 3, 17))
    assert um == [(pid1, "1000.00", False)]
    # outro processo da mesma pessoa, julgado em 17/03 e intimado só em 24/03
    corpo = inspecao(constatacoes=[{"infracao": "RLESTA.16.I"}], inscricao="401M2026704", condutor=None)  # fmt: skip
    pid3 = api.inspecionar(corpo)["processos"][0]["id"]
    for tipo, data, dados in SANCIONADOR[:-1]:
        api.ato_ok(pid3, tipo, data, dados)
    api.ato_ok(pid3, "ciencia_decisao", "2026-03-24", {"meio": "pessoal"})
    api.ato_ok(pid1, "pagamento", "2026-03-26", {"valor": "1000.00", "referencia": "DARF 9"})
    dois, consultas_com_dois = contar(dt.date(2026, 3, 25))
    assert dois == [(pid1, "1000.00", False), (pid3, "1000.00", False)]
    assert consultas_com_dois == consultas == 5
    assert contar(dt.date(2026, 3, 26))[0] == [(pid3, "1000.00", False)]
    # antes da intimação, a multa julgada é listada com a exigibilidade suspensa
    assert contar(dt.date(2026, 3, 23))[0] == [(pid1, "1000.00", False), (pid3, "1000.00", True)]


# --- a recusa da entrega e os débitos em outras OMs (LGPD art. 6º, III) --------------------
# A guarda conta todos os débitos do proprietário (LESTA art. 20), mas a mensagem da recusa (o
# 409 e o motivo do ato desabilitado na página) é lida por quem registra na OM da custódia: os
# processos de outras OMs não vão pelo número (como o extrato, commit 356625b), só pela
# quantidade e a soma. Antes, a recusa listava "multa do processo 2026/CPSP/..." à CPSC.


def _multa_na_cpsp(api: Api) -> int:
    """Um processo da CPSP (fora da jurisdição da CPSC) com multa exigível do mesmo dono."""
    corpo = inspecao(constatacoes=[{"infracao": "RLESTA.16.I"}], inscricao="401M2026790",
                     condutor=None)  # fmt: skip
    corpo["local"] = "Porto de Santos"
    pid = api.inspecionar(corpo, como="ac.cpsp")["processos"][0]["id"]
    for tipo, data, dados in SANCIONADOR:
        api.ato_ok(pid, tipo, data, dados, como="ac.cpsp")
    assert api.processo(pid, como="ac.cpsp")["saldo"] == "1000.00"
    return int(pid)


def test_recusa_da_entrega_nao_diz_o_numero_de_processo_de_outra_om(api: Api) -> None:
    pid_sp = _multa_na_cpsp(api)
    numero_sp = api.processo(pid_sp, como="ac.cpsp")["numero"]
    pid1, cid = _custodia_com_multa_em_outro_processo(api)
    numero = api.processo(pid1)["numero"]
    r = api.ato(cid, "termo_de_entrega", "2026-03-22", {"recebedor": DONO, "declaracao": DECLARACAO})  # fmt: skip
    assert r.status_code == 409, r.text
    detalhe = r.json()["detail"]
    # o da jurisdição, pelo número; o de fora, só pela quantidade e o valor; o total, de todos
    assert f"multa do processo {numero}: R$ 1.000,00" in detalhe
    assert numero_sp not in detalhe and "CPSP" not in detalhe
    assert "1 multa em processo de outra OM: R$ 1.000,00" in detalhe
    assert "total R$ 2.000,00" in detalhe and "LESTA art. 20" in detalhe
    # o motivo do ato desabilitado (página do processo e GET atos-possiveis), o mesmo: com a
    # guarda paga até hoje, a recusa de hoje é a dos débitos
    _pagar_a_guarda_ate(api, cid, hoje().isoformat())
    possiveis = api.get(f"/processos/{cid}/atos-possiveis").json()
    [entrega] = [a for a in possiveis if a["tipo"] == "termo_de_entrega"]
    assert entrega["permitido"] is False
    assert numero_sp not in entrega["motivo"] and f"multa do processo {numero}" in entrega["motivo"]


def test_entrega_sustada_so_pelo_debito_de_hoje_nao_e_oferecida_com_data_passada(api: Api) -> None:
    """A OM sem tabela de diárias (nada a pagar pela guarda) e a multa do outro processo
    intimada em 25/03, depois do último ato da custódia (21/03): em 25/03 só o débito susta a
    entrega (LESTA art. 20). A lista dos atos possíveis oferecia o Termo de Entrega com a data
    de 21/03 (`cabe_com_data`, quando o débito ainda não era exigível), e a página convidava a
    datar a entrega para antes da sustação. A data passada só se oferece quando a recusa de
    hoje inclui as diárias, que correm até a entrega (NORMAM-07 item 0311; achado 5 da revisão
    do diff); quem entregou de fato antes digita a data, e o registro confere o débito nela."""
    sem_ciencia = SANCIONADOR[:-1]
    pid1, cid = _custodia_com_multa_em_outro_processo(api, sem_ciencia, tarifa=False)
    assert api.get(f"/processos/{cid}/custodia", data="2026-03-25").json()["total_devido"] == "0.00"
    api.ato_ok(pid1, "ciencia_decisao", "2026-03-25", {"meio": "pessoal"})
    r = api.get(f"/processos/{cid}/atos-possiveis", como="ac.cpsc", hoje="2026-03-25")
    assert r.status_code == 200, r.text
    termo = next(a for a in r.json() if a["tipo"] == "termo_de_entrega")
    assert termo["permitido"] is False
    assert "LESTA art. 20" in termo["motivo"] + (termo["regra"] or "")
    assert termo["cabe_com_data"] is None
    # quem entregou de fato antes do débito registra com a data dela
    api.ato_ok(cid, "termo_de_entrega", "2026-03-22", {"recebedor": DONO, "declaracao": DECLARACAO})


def test_entrega_com_as_diarias_por_pagar_e_oferecida_com_a_data_do_ultimo_ato(api: Api) -> None:
    """O contrário: com as diárias correndo depois do último ato (22/03), a recusa de hoje
    inclui as diárias por pagar, e a data do último ato se oferece (e6a68bd), mesmo com o débito
    de hoje, que nela não era exigível."""
    sem_ciencia = SANCIONADOR[:-1]
    pid1, cid = _custodia_com_multa_em_outro_processo(api, sem_ciencia)
    api.ato_ok(pid1, "ciencia_decisao", "2026-03-25", {"meio": "pessoal"})
    r = api.get(f"/processos/{cid}/atos-possiveis", como="ac.cpsc", hoje="2026-03-25")
    termo = next(a for a in r.json() if a["tipo"] == "termo_de_entrega")
    assert (termo["permitido"], termo["cabe_com_data"]) == (False, "2026-03-22")
