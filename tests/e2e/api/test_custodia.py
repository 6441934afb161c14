"""Custódia de embarcação apreendida e de bem achado (regime `custodia`), pela API.

Fontes: LESTA arts. 16 § 2º, 17 e 18; NORMAM-07 itens 0205, 0308 c e 0309 a 0313; Norma de 2023
item 3.7 (notas 1 e 2). Calendário da CPSC (SC); prazos em dias corridos contados do dia seguinte
ao da notificação, prorrogados para o primeiro dia útil quando vencem sem expediente (Lei
9.784/1999 art. 66 §§ 1º e 2º). Datas conferidas à mão:

- inspeção e apreensão em 02/03/2026 (segunda-feira), RLESTA.16.I navegando: retirada de tráfego e
  apreensão (Norma de 2023 item 3.13.1 b);
- notificação para sanar em 04/03 (quarta): 90 dias → 02/06/2026 (terça-feira);
- edital para sanar publicado em 03/03 (terça): 90 dias → 01/06/2026 (segunda-feira);
- notificação para retirar em 11/03 (quarta): 15 dias → 26/03/2026 (quinta-feira);
- notificação para retirar em 20/03 (sexta): 15 dias → 04/04 (sábado) → segunda, 06/04/2026;
- bem achado recolhido em 06/03 (sexta): 30 dias → 05/04 (domingo de Páscoa; a sexta 03/04 é
  feriado) → segunda, 06/04/2026.

Tabela da CPSC desde 01/01/2026 (Portaria nº 12/2026): guarda R$ 50,00 e conservação R$ 10,00 por
dia. De 02/03 a 19/03 (entrega em 20/03, excluída) são 18 diárias: 18 × 60 = R$ 1.080,00.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from farol.services.calendario_om import registrar_fechamento
from farol.store.orm import Custodia, MedidaAdministrativa

from .conftest import BEM_ACHADO, CPF_DONO, Api, inspecao

CPF_GUARDA = "935.411.347-80"
TARIFA = {
    "vigente_desde": "2026-01-01",
    "ato": "Portaria nº 12/2026 da CPSC",
    "valores": {"guarda": "50.00", "conservacao": "10.00"},
}
RECOLHIMENTO = {
    "local_guarda": "Pátio da CPSC, Florianópolis",
    "estado_na_chegada": "Casco íntegro, motor de popa 40 HP, sem avarias aparentes.",
    # o depositário designado da OM: a guarda fica sob a responsabilidade dela e as diárias da
    # tabela correm (NORMAM-07 item 0311)
    "fiel_depositario": {
        "nome": "SG Carlos Guarda",
        "documento": CPF_GUARDA,
        "qualidade": "om",
    },
    "lacres": [
        {"numero": "L-0001", "tipo": "lacre plástico numerado", "local_aplicacao": "ignição"}
    ],
}
ENDERECO = "Rua das Gaivotas, 10, Florianópolis/SC"


def _apreender(api: Api, inscricao: str, *, endereco: str | None = ENDERECO) -> dict[str, Any]:
    corpo = inspecao(constatacoes=[{"infracao": "RLESTA.16.I"}], inscricao=inscricao, condutor=None)
    if endereco:
        corpo["proprietario"]["endereco"] = endereco
    pid = api.inspecionar(corpo)["processos"][0]["id"]
    p = api.processo(pid)
    medidas = {m["tipo"]: m for m in p["medidas"]}
    assert set(medidas) == {"retirada_de_trafego", "apreensao_embarcacao"}
    assert all(m["em_vigor"] for m in medidas.values())
    return {"pid": pid, "medidas": medidas}


def _recolher(api: Api, medida_id: int, data: str = "2026-03-02", **extra: Any) -> Any:
    corpo = {"data_ato": data, "recolhimento": {**RECOLHIMENTO, "medida_id": medida_id, **extra}}
    return api.post("/custodias", corpo, como="inspetor.cpsc")


def _custodia(api: Api, inscricao: str, **kw: Any) -> tuple[dict[str, Any], int]:
    ap = _apreender(api, inscricao, **kw)
    r = _recolher(api, ap["medidas"]["apreensao_embarcacao"]["id"])
    assert r.status_code == 201, r.text
    assert r.json()["estado"] == "sob_custodia"
    return ap, r.json()["id"]


def _prazo(api: Api, pid: int, etapa: str) -> dict[str, Any]:
    abertos = [x for x in api.processo(pid)["prazos"] if x["etapa"] == etapa]
    assert abertos, api.processo(pid)["prazos"]
    return abertos[-1]


def test_sanada_e_retirada_entrega_recusada_ate_pagar_e_apreensao_levantada(api: Api) -> None:
    assert api.post("/custodia/tarifas", TARIFA).status_code == 201
    ap, cid = _custodia(api, "401M2026501")

    c = api.processo(cid)
    assert c["regime"] == "custodia"
    assert c["custodia"]["local_guarda"] == RECOLHIMENTO["local_guarda"]
    assert c["custodia"]["lacres"][0]["numero"] == "L-0001"
    assert c["custodia"]["fiel_depositario"]["qualidade"] == "om"
    # a apreensão aponta a custódia; não se levanta por fora dela
    medida = api.processo(ap["pid"])["medidas"]
    apreensao = next(m for m in medida if m["tipo"] == "apreensao_embarcacao")
    assert apreensao["custodia_id"] == cid
    r = api.ato(
        ap["pid"],
        "levantamento_de_medida",
        "2026-03-05",
        {"medida_id": apreensao["id"], "motivo": "Registro apresentado na Capitania."},
    )
    assert r.status_code == 409 and "Termo de Entrega" in r.text

    api.ato_ok(cid, "notificacao_regularizacao", "2026-03-04", como="inspetor.cpsc")
    assert _prazo(api, cid, "regularizacao")["vencimento"] == "2026-06-02"
    api.ato_ok(
        cid,
        "regularizacao",
        "2026-03-10",
        {"prova": "Título de Inscrição emitido pela CPSC em 09/03/2026."},
    )
    api.ato_ok(cid, "notificacao_retirada", "2026-03-11", como="inspetor.cpsc")
    assert _prazo(api, cid, "retirada")["vencimento"] == "2026-03-26"
    api.ato_ok(
        cid,
        "lancamento_de_despesa",
        "2026-03-11",
        {
            "item": "recolhimento",
            "valor": "200.00",
            "descricao": "Reboque até o pátio",
            "comprovante": "NF 123",
        },
    )

    entrega = {
        "recebedor": {"nome": "João Dono", "documento": CPF_DONO, "qualidade": "proprietario"},
        "declaracao": "Recebo a embarcação no mesmo estado de conservação e com os equipamentos.",
    }
    recusa = api.ato(cid, "termo_de_entrega", "2026-03-20", entrega)
    assert recusa.status_code in (409, 422), recusa.text
    texto = recusa.json().get("detail", recusa.text)
    assert "R$ 1.280,00" in str(texto)  # 18 diárias × R$ 60,00 + reboque R$ 200,00
    assert "Guarda (18 diárias): R$ 900,00" in str(texto)
    assert "Conservação (18 diárias): R$ 180,00" in str(texto)
    assert api.processo(cid)["estado"] == "aguardando_retirada"  # nada mudou

    extrato = api.get(f"/processos/{cid}/custodia", data="2026-03-20").json()
    assert extrato["dias"] == 18
    assert extrato["total_custodia"] == "1280.00"
    assert extrato["total_devido"] == "1280.00"

    api.ato_ok(cid, "pagamento_custodia", "2026-03-20", {"valor": "1280.00", "referencia": "GRU 9"})
    r = api.ato_ok(cid, "termo_de_entrega", "2026-03-20", entrega)
    assert r["processo"]["estado"] == "entregue"

    # a guarda acabou em 20/03: as contas não crescem depois
    depois = api.get(f"/processos/{cid}/custodia", data="2026-05-01").json()
    assert depois["dias"] == 18 and depois["total_devido"] == "0.00"
    assert depois["fim"] == "2026-03-20"
    # a apreensão se levantou pelo Termo de Entrega; a retirada de tráfego segue em vigor
    medidas = {m["tipo"]: m for m in api.processo(ap["pid"])["medidas"]}
    assert not medidas["apreensao_embarcacao"]["em_vigor"]
    assert medidas["retirada_de_trafego"]["em_vigor"]
    assert medidas["apreensao_embarcacao"]["levantada_pelo_ato_id"] == r["ato"]["id"]
    painel = api.get("/painel").json()
    assert all(
        x["medida_id"] != medidas["apreensao_embarcacao"]["id"] for x in painel["apreendidas"]
    )
    # o processo sancionador segue no seu estado
    assert api.processo(ap["pid"])["estado"] == "notificado"


def test_retirada_de_trafego_levantada_no_mesmo_dia_e_nao_de_novo(api: Api) -> None:
    ap = _apreender(api, "401M2026502")
    retirada = ap["medidas"]["retirada_de_trafego"]
    motivo = {"medida_id": retirada["id"], "motivo": "Condutor habilitado assumiu o comando."}
    r = api.ato_ok(ap["pid"], "levantamento_de_medida", "2026-03-02", motivo, como="inspetor.cpsc")
    assert r["processo"]["estado"] == "notificado"  # o procedimento sancionador segue
    m = {x["tipo"]: x for x in api.processo(ap["pid"])["medidas"]}
    assert not m["retirada_de_trafego"]["em_vigor"]
    assert m["retirada_de_trafego"]["levantada_pelo_ato_id"] == r["ato"]["id"]
    de_novo = api.ato(ap["pid"], "levantamento_de_medida", "2026-03-03", motivo)
    assert de_novo.status_code == 409 and "já foi levantada" in de_novo.text
    assert api.contar(MedidaAdministrativa, MedidaAdministrativa.suspensa_em.is_(None)) == 1


def test_embarcacao_nao_fica_sob_custodia_duas_vezes(api: Api) -> None:
    ap, _cid = _custodia(api, "401M2026503")
    r = _recolher(api, ap["medidas"]["apreensao_embarcacao"]["id"])
    assert r.status_code == 409 and "custódia" in r.text
    # nova apreensão da mesma embarcação enquanto está sob guarda
    outra = _apreender(api, "401M2026503")
    r = _recolher(api, outra["medidas"]["apreensao_embarcacao"]["id"])
    assert r.status_code == 409 and "sob custódia" in r.text
    assert api.contar(Custodia) == 1
    # a mesma embarcação achada à deriva em São Paulo: recusada sem o número do processo da
    # CPSC, que a CPSP não alcança (revisão de segurança de 2026-12-06, D)
    numero = api.processo(_cid)["numero"]
    assert numero in r.json()["mensagem"]  # quem alcança o processo vê o número
    achado = {
        **BEM_ACHADO,
        "embarcacao": {"inscricao": "401M2026503", "nome": "Maré Alta"},
        "responsavel": {"documento": CPF_DONO, "nome": "João Dono"},
    }
    r = api.post("/custodias", achado, como="ac.cpsp")
    assert r.status_code == 409, r.text
    assert "já está sob custódia em outra OM" in r.json()["mensagem"], r.text
    assert numero not in r.text
    assert api.contar(Custodia) == 1


def test_proprietario_fiel_depositario_guarda_sem_as_diarias_da_om(api: Api) -> None:
    """NORMAM-07 item 0311: as diárias de guarda e conservação se cobram da embarcação "sob
    responsabilidade das CP, DL ou AG". Com o proprietário como fiel depositário (LESTA art. 17
    § 1º), a guarda é dele: a tabela da OM não corre; a despesa que a OM fez (o reboque) se
    cobra, e só ela condiciona a entrega."""
    assert api.post("/custodia/tarifas", TARIFA).status_code == 201
    ap = _apreender(api, "401M2026509")
    dono = {"nome": "João Dono", "documento": CPF_DONO, "qualidade": "proprietario"}
    # "proprietário" com o documento de outra pessoa: recusado (o inscrito é João Dono)
    r = _recolher(
        api,
        ap["medidas"]["apreensao_embarcacao"]["id"],
        fiel_depositario={**dono, "nome": "Fulano Estranho", "documento": CPF_GUARDA},
    )
    assert r.status_code == 422, r.text
    assert r.json()["campo"] == "recolhimento.fiel_depositario.documento"
    assert "João Dono" in r.json()["mensagem"]
    r = _recolher(
        api,
        ap["medidas"]["apreensao_embarcacao"]["id"],
        local_guarda="Marina do proprietário, Jurerê, Florianópolis",
        fiel_depositario=dono,
    )
    assert r.status_code == 201, r.text
    cid = r.json()["id"]
    api.ato_ok(
        cid,
        "lancamento_de_despesa",
        "2026-03-03",
        {"item": "recolhimento", "valor": "200.00", "descricao": "Reboque", "comprovante": "NF 9"},
    )
    extrato = api.get(f"/processos/{cid}/custodia", data="2026-03-20").json()
    assert (extrato["dias"], extrato["diarias"], extrato["sem_tabela"]) == (18, [], [])
    assert (extrato["total_custodia"], extrato["total_devido"]) == ("200.00", "200.00")
    assert "não está sob a responsabilidade da OM" in extrato["sem_diarias"]
    assert "NORMAM-07/DPC item 0311" in extrato["sem_diarias"]
    assert [x["descricao"] for x in extrato["pendencias"]] == [
        "Recolhimento (reboque, transporte do bem ao local de guarda): Reboque"
    ]
    # com o depositário da OM, as mesmas datas cobram as 18 diárias
    _, outra = _custodia(api, "401M2026510")
    comparado = api.get(f"/processos/{outra}/custodia", data="2026-03-20").json()
    assert comparado["sem_diarias"] is None and comparado["total_custodia"] == "1080.00"


def test_responsavel_desconhecido_edital_perdimento_e_leilao(api: Api) -> None:
    api.post("/custodia/tarifas", TARIFA)
    _, cid = _custodia(api, "401M2026504", endereco=None)
    r = api.ato(cid, "notificacao_regularizacao", "2026-03-03", como="inspetor.cpsc")
    assert r.status_code in (409, 422) and "edital" in r.text
    api.ato_ok(
        cid, "edital_regularizacao", "2026-03-03", {"publicacao": "Quadro de avisos da CPSC"}
    )
    assert _prazo(api, cid, "regularizacao_edital")["vencimento"] == "2026-06-01"

    cedo = api.ato(cid, "perdimento", "2026-06-01", {"fundamentacao": "Prazo do edital vencido."})
    assert cedo.status_code in (409, 422) and "01/06/2026" in cedo.text
    api.ato_ok(cid, "perdimento", "2026-06-02", {"fundamentacao": "Prazo do edital vencido."})
    edital = {
        "data_leilao": "2026-07-01",
        "local": "Sede da CPSC",
        "valor_avaliacao": "8000.00",
        "jornal": "Diário Catarinense",
    }
    api.ato_ok(cid, "edital_leilao", "2026-06-10", edital)
    # a NORMAM-07 (item 0313) não fixa o intervalo: o prazo da Administração vence na data que o
    # Edital anuncia (qua 01/07/2026), sem contagem nem prorrogação, e é o próximo do painel
    leilao = _prazo(api, cid, "leilao")
    assert (leilao["inicio"], leilao["vencimento"]) == ("2026-06-10", "2026-07-01")
    assert leilao["contagem"] == "no_ato" and leilao["aberto"]
    assert any("item 0313" in f for f in leilao["fundamentos"])
    na_custodia = [x for x in api.get("/painel").json()["custodias"] if x["processo"]["id"] == cid]
    assert na_custodia[0]["proximo_prazo"]["vencimento"] == "2026-07-01"
    # um dia sem expediente registrado depois não muda a data anunciada (nem quebra o recálculo)
    with api.banco.unit_of_work() as s:
        assert registrar_fechamento.na_sessao(s, "CPSC", dt.date(2026, 6, 22), "ponto local") == []
    assert _prazo(api, cid, "leilao")["vencimento"] == "2026-07-01"
    arremate = {
        "valor_arrematado": "9000.00",
        "arrematante": {"nome": "Maria Compradora", "documento": "111.444.777-35"},
    }
    sem_leiloeiro = api.ato(cid, "resultado_leilao", "2026-07-01", arremate)
    assert sem_leiloeiro.status_code in (409, 422)
    api.ato_ok(
        cid,
        "designacao_leiloeiro",
        "2026-06-11",
        # sem matrícula na Junta Comercial: o leiloeiro público é o preferido, não o único
        # (NORMAM-07 item 0313, "preferencialmente, um Leiloeiro Público")
        {
            "leiloeiro": {"nome": "Carlos Leiloeiro", "documento": "529.982.247-25"},
            "portaria": "45/2026",
        },
    )
    portaria = api.post(f"/processos/{cid}/documentos", {"tipo": "portaria_leiloeiro"})
    assert portaria.status_code == 201, portaria.text
    antes = api.ato(cid, "resultado_leilao", "2026-06-30", arremate)
    assert antes.status_code in (409, 422) and "01/07/2026" in antes.text
    r = api.ato_ok(cid, "resultado_leilao", "2026-07-01", arremate)
    assert r["processo"]["estado"] == "alienada"
    leilao = _prazo(api, cid, "leilao")
    assert leilao["encerrado_em"] == "2026-07-01" and not leilao["aberto"]
    # 02/03 a 30/06: 121 diárias × R$ 60,00 = R$ 7.260,00; saldo de R$ 1.740,00 ao proprietário
    destino = r["destinacao"]
    assert destino["despesas_custodia"] == "7260.00"
    assert destino["saldo"] == "1740.00"


def test_bem_achado_reclamado_e_nao_reclamado(api: Api) -> None:
    achado = BEM_ACHADO
    r = api.post("/custodias", achado, como="inspetor.cpsc")
    assert r.status_code == 201, r.text
    reclamado = r.json()["id"]
    assert _prazo(api, reclamado, "reclamacao")["vencimento"] == "2026-04-06"
    lacre = api.ato(
        reclamado, "aplicacao_de_lacres", "2026-03-06", {"lacres": RECOLHIMENTO["lacres"]}
    )
    assert lacre.status_code in (409, 422) and "achado" in lacre.text
    api.ato_ok(
        reclamado,
        "reclamacao_do_bem",
        "2026-03-20",
        {
            "reclamante": {
                "nome": "Ana Pescadora",
                "documento": "111.444.777-35",
                "endereco": "Rua do Porto, 5, Florianópolis/SC",
            },
            "prova": "Nota fiscal de compra do bote, em nome da reclamante.",
        },
    )
    p = api.processo(reclamado)
    assert p["autuado"]["nome"] == "Ana Pescadora" and p["estado"] == "a_entregar"
    api.ato_ok(reclamado, "notificacao_retirada", "2026-03-20", como="inspetor.cpsc")
    assert _prazo(api, reclamado, "retirada")["vencimento"] == "2026-04-06"

    r = api.post("/custodias", {**achado, "data_ato": "2026-03-06"}, como="inspetor.cpsc")
    esquecido = r.json()["id"]
    assert api.processo(esquecido)["autuado"] is None
    cedo = api.ato(esquecido, "perdimento", "2026-04-06", {"fundamentacao": "Não reclamado."})
    assert cedo.status_code in (409, 422) and "06/04/2026" in cedo.text
    api.ato_ok(
        esquecido, "perdimento", "2026-04-07", {"fundamentacao": "Não reclamado em 30 dias."}
    )
    r = api.ato_ok(
        esquecido, "incorporacao_uniao", "2026-04-10", {"fundamentacao": "Bem sem valor comercial."}
    )
    assert r["processo"]["estado"] == "incorporada"
    assert api.get(f"/processos/{esquecido}/custodia").json()["fim"] == "2026-04-10"


def test_levantamento_so_aparece_enquanto_ha_medida_fora_da_custodia(api: Api) -> None:
    # A retirada de tráfego em vigor pode ser levantada; a apreensão sob custódia não (sai pelo
    # Termo de Entrega). Levantada a retirada, o ato deixa de caber e a lista diz por quê.
    ap, _cid = _custodia(api, "401M2026509")

    def levantamento() -> dict[str, Any]:
        r = api.get(f"/processos/{ap['pid']}/atos-possiveis", como="inspetor.cpsc")
        assert r.status_code == 200, r.text
        (x,) = [a for a in r.json() if a["tipo"] == "levantamento_de_medida"]
        return x

    assert levantamento()["permitido"] is True
    retirada = ap["medidas"]["retirada_de_trafego"]["id"]
    motivo = {"medida_id": retirada, "motivo": "Condutor habilitado assumiu o comando."}
    api.ato_ok(ap["pid"], "levantamento_de_medida", "2026-03-02", motivo, como="inspetor.cpsc")
    depois = levantamento()
    assert depois["permitido"] is False
    assert depois["campo"] == "dados.medida_id"
    assert "não há medida administrativa em vigor" in depois["motivo"]
    apreensao = ap["medidas"]["apreensao_embarcacao"]["id"]
    r = api.ato(
        ap["pid"], "levantamento_de_medida", "2026-03-03", {**motivo, "medida_id": apreensao}
    )
    assert r.status_code == 409 and "não há medida administrativa em vigor" in r.text


def test_so_a_autoridade_da_om_registra_a_tabela_de_valores(api: Api) -> None:
    # o inspetor consulta as tabelas, mas não fixa os valores da OM (papeis.yaml:
    # fixa_tarifas_custodia; NORMAM-07 item 0311)
    antes = api.get("/custodia/tarifas", como="inspetor.cpsc").json()
    r = api.post("/custodia/tarifas", TARIFA, como="inspetor.cpsc")
    assert r.status_code == 403, r.text
    assert r.json()["campo"] == "papel"
    assert "cabe a: Autoridade Competente ou Capitão dos Portos" in r.json()["mensagem"]
    assert "fixa_tarifas_custodia" not in r.json()["mensagem"]
    assert api.get("/custodia/tarifas", como="inspetor.cpsc").json() == antes
    assert api.post("/custodia/tarifas", TARIFA, como="ac.cpsc").status_code == 201


def test_o_pagamento_da_custodia_nao_leva_a_multa_do_processo_de_origem(api: Api) -> None:
    """A multa do processo de origem entra no que falta para a entrega (NORMAM-07 item 0312 a,
    3), mas se paga no processo dela: o "pagamento da custódia" que a incluía ficava todo na
    custódia (pago a maior) e a multa seguia devida, com dívida ativa, na origem."""
    assert api.post("/custodia/tarifas", TARIFA).status_code == 201
    ap, cid = _custodia(api, "401M2026509")
    pid = ap["pid"]
    for tipo, data, dados in [
        ("lavratura_auto", "2026-03-13", {"infracoes": [{"infracao": "RLESTA.16.I", "autor_tipo": "proprietario"}]}),
        ("ciencia_auto", "2026-03-13", {"meio": "pessoal"}),
        ("renuncia_defesa", "2026-03-16", {}),
        ("julgamento_procedente", "2026-03-17", {"penalidades": [{"infracao": "RLESTA.16.I", "multa": "1000.00"}], "justificativa": "Navegava sem inscrição, constatado na inspeção."}),
        ("ciencia_decisao", "2026-03-17", {"meio": "pessoal"}),
    ]:  # fmt: skip
        api.ato_ok(pid, tipo, data, dados)
    # 02/03 a 19/03: 18 diárias × R$ 60,00 = R$ 1.080,00, mais a multa de R$ 1.000,00
    extrato = api.get(f"/processos/{cid}/custodia", data="2026-03-20").json()
    assert (extrato["total_custodia"], extrato["total_devido"]) == ("1080.00", "2080.00")

    r = api.ato(
        cid, "pagamento_custodia", "2026-03-20", {"valor": "2080.00", "referencia": "GRU 1"}
    )
    assert r.status_code == 422, r.text
    erro = r.json()
    assert erro["campo"] == "dados.valor" and "NORMAM-07" in erro["regra"]
    assert "R$ 1.080,00" in erro["mensagem"] and "processo de origem" in erro["mensagem"]
    api.ato_ok(cid, "pagamento_custodia", "2026-03-20", {"valor": "1080.00", "referencia": "GRU 1"})

    # falta só a multa, que se paga na origem; paga lá, nada falta para a entrega
    extrato = api.get(f"/processos/{cid}/custodia", data="2026-03-20").json()
    assert (extrato["pago"], extrato["total_devido"]) == ("1080.00", "1000.00")
    api.ato_ok(pid, "pagamento", "2026-03-20", {"valor": "1000.00", "referencia": "GRU 2"})
    extrato = api.get(f"/processos/{cid}/custodia", data="2026-03-20").json()
    assert extrato["total_devido"] == "0.00"


def test_material_estrangeiro_nao_reclamado_vai_ao_perdimento_da_receita_federal(api: Api) -> None:
    """NORMAM-07 item 0205: "No caso de material devidamente identificado como estrangeiro e
    não reclamado, deverá ser solicitado à Superintendência Regional da Receita Federal o
    processo de perdimento para a União Federal, com destino à MB". O perdimento da OM, com o
    leilão, era oferecido como para qualquer achado, e a marca não aparecia."""
    achado = {**BEM_ACHADO, "recolhimento": {**BEM_ACHADO["recolhimento"], "estrangeiro": True}}
    r = api.post("/custodias", achado, como="inspetor.cpsc")
    assert r.status_code == 201, r.text
    cid = r.json()["id"]
    assert api.processo(cid)["custodia"]["estrangeiro"] is True
    api.entrar_na_web("ac.cpsc")
    assert 'id="custodia-estrangeiro"' in api.cliente.get(f"/processos/{cid}").text

    r = api.ato(cid, "perdimento", "2026-04-07", {"fundamentacao": "Não reclamado em 30 dias."})
    assert r.status_code == 409 and "Receita Federal" in r.json()["mensagem"], r.text
    cedo = api.ato(cid, "solicitacao_perdimento_receita", "2026-04-06",
                   {"documento": "Ofício nº 12/2026 à SRRF 9ª RF"})  # fmt: skip
    assert cedo.status_code == 409  # o prazo de reclamação (até 06/04/2026) ainda corre
    r = api.ato_ok(cid, "solicitacao_perdimento_receita", "2026-04-07",
                   {"documento": "Ofício nº 12/2026 à SRRF 9ª RF"})  # fmt: skip
    assert r["processo"]["estado"] == "perdimento_na_receita"
    assert r["ato"]["fundamentos"] == ["NORMAM-07/DPC item 0205"]
    r = api.ato_ok(cid, "perdimento_pela_receita", "2026-05-20",
                   {"documento": "Ato Declaratório de perdimento nº 45/2026"})  # fmt: skip
    assert r["processo"]["estado"] == "perdida"
    r = api.ato_ok(cid, "incorporacao_uniao", "2026-05-25", {"fundamentacao": "Destino à MB."})
    assert r["processo"]["estado"] == "incorporada"

    # o achado que não é estrangeiro não vai à Receita
    outro = api.post("/custodias", BEM_ACHADO, como="inspetor.cpsc").json()["id"]
    r = api.ato(outro, "solicitacao_perdimento_receita", "2026-04-07", {})
    assert r.status_code == 409 and "estrangeiro" in r.json()["mensagem"]
