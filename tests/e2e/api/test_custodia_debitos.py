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

import re

from farol.store.auditoria import verificar_cadeias
from farol.store.orm import ProcessoResumo

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


def _custodia_com_multa_em_outro_processo(api: Api) -> tuple[int, int]:
    api.post("/custodia/tarifas", TARIFA)
    corpo = inspecao(constatacoes=[{"infracao": "RLESTA.16.I"}], inscricao="401M2026702", condutor=None)  # fmt: skip
    corpo["proprietario"]["endereco"] = "Rua A, 1"
    pid1 = api.inspecionar(corpo)["processos"][0]["id"]
    for tipo, data, dados in SANCIONADOR:
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
