"""O procedimento ambiental da Lei 9.966/2000 (regime `poluicao`; NORMAM-401 cap. 1, itens 1.4
a 1.7; NORMAM-07 cap. 4 antes de 01/12/2023), pela API, do auto ao pagamento.

Todos os prazos em dias consecutivos, "excluindo-se o dia do começo e incluindo-se o do
vencimento" (NORMAM-401 item 1.4.1 c), prorrogados ao primeiro dia útil quando vencem em dia
sem expediente (Lei 9.784/1999 art. 66 § 1º). A OM é a CPSC (Florianópolis, SC). Os
vencimentos estão contados à mão nos comentários.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from apoio import csrf_de

from farol.store.orm import Processo

from .conftest import Api

EMPRESA = {"documento": "11.222.333/0001-81", "nome": "Navegação Atlântica Ltda."}
PESSOA_X = {"documento": "529.982.247-25", "nome": "Joaquim Barbosa da Silva"}
PESSOA_Y = {"documento": "111.444.777-35", "nome": "Maria das Graças Souza"}
NAVIO = {"inscricao": "4010012345", "nome": "NT Petrobahia", "tipo": "petroleiro"}

JUSTIFICATIVA = "LTA nível 3, volume de 1.200 litros em área de manguezal; resposta tardia."
LAUDO = {
    "numero": "LTA-045/2026",
    "signatario": "CF (T) Ana Ribeiro, Superintendência de Meio Ambiente da DPC",
    "volume_litros": "1200.00",
    "persistencia_grupo": 3,
    "sensibilidade": "ISL 10 (manguezal), carta SAO da Baía da Babitonga",
    "carta_sao": "SAO Babitonga, folha 2",
    "acao_resposta": {"tempo_resposta": 1, "material": 2, "equipe": 2},
    "nivel_impacto": 3,
}


def abrir(
    api: Api,
    data_fato: str,
    data_ato: str,
    autuado: dict[str, str] | None = None,
    embarcacao: dict[str, Any] | None = None,
) -> Any:
    corpo: dict[str, Any] = {
        "regime": "poluicao",
        "investigado": autuado or EMPRESA,
        "data_fato": data_fato,
        "data_ato": data_ato,
        "dados": {
            "descricao": "Mancha de óleo de cerca de 300 m a partir do costado do navio.",
            "local": "Baía da Babitonga, fundeadouro 3",
            "substancia": "óleo combustível marítimo (MF-380)",
            "volume_estimado_litros": "1200",
        },
    }
    if embarcacao:
        corpo["embarcacao"] = embarcacao
    return api.post("/procedimentos", corpo)


def _prazo(p: dict[str, Any], etapa: str) -> dict[str, Any]:
    return [x for x in p["prazos"] if x["etapa"] == etapa][-1]


def decisao(multa_base: str, valor_anual: str = "5000000.00") -> dict[str, Any]:
    return {
        "multa_base": multa_base,
        "situacao_economica": {"valor_anual": valor_anual, "fonte": "DRE de 2025 juntada"},
        "justificativa": JUSTIFICATIVA,
    }


def decidido_pelo_dpc_na_normam_07(api: Api, ciencia_da_decisao: str) -> int:
    """Auto de 01/06/2023 (NORMAM-07), multa de R$ 10.000,00 mantida pelo DPC em 15/08/2023 e
    a ciência dessa decisão na data dada: abre o recurso ao DGN (item 0404 d, 20 dias)."""
    pid = int(abrir(api, "2023-06-01", "2023-06-02").json()["id"])
    api.ato_ok(pid, "ciencia_auto", "2023-06-02", {"meio": "pessoal"}, como="inspetor.cpsc")
    api.ato_ok(pid, "registro_laudo", "2023-07-03", {**LAUDO, "elaborado_em": "2023-07-03"})
    api.ato_ok(pid, "ciencia_laudo", "2023-07-04", {"meio": "pessoal"}, como="inspetor.cpsc")
    api.ato_ok(pid, "defesa", "2023-07-10", {"texto": "Defesa."})
    api.ato_ok(pid, "julgamento_procedente", "2023-07-20", decisao("10000.00"))
    api.ato_ok(pid, "ciencia_decisao", "2023-07-21", {"meio": "pessoal"})
    api.ato_ok(pid, "recurso", "2023-07-31", {"texto": "Recurso ao DPC."})
    api.ato_ok(pid, "decisao_recurso_nao_provido", "2023-08-15",
               {"fundamentacao": "Razões examinadas; mantida a multa."}, como="dpc")  # fmt: skip
    api.ato_ok(pid, "ciencia_decisao_recurso", ciencia_da_decisao, {"meio": "pessoal"},
               como="ac.cpsc")  # fmt: skip
    return pid


def ate_julgamento_401(api: Api, pid: int, datas: list[str]) -> None:
    """Ciência, defesa, LTA, ciência do LTA e complementação, nas datas dadas (NORMAM-401)."""
    ciencia, defesa, laudo, ciencia_laudo, complemento = datas
    api.ato_ok(pid, "ciencia_auto", ciencia, {"meio": "pessoal"}, como="inspetor.cpsc")
    api.ato_ok(pid, "defesa", defesa, {"texto": "Defesa prévia."})
    api.ato_ok(pid, "registro_laudo", laudo, {**LAUDO, "elaborado_em": laudo})
    api.ato_ok(pid, "ciencia_laudo", ciencia_laudo, {"meio": "pessoal"}, como="inspetor.cpsc")
    api.ato_ok(pid, "complementacao_defesa", complemento, {"texto": "Complementa a defesa."})


def test_do_auto_ao_pagamento_pela_normam_401(api: Api) -> None:
    r = abrir(api, "2026-02-27", "2026-03-02")
    assert r.status_code == 201, r.text
    pid = r.json()["id"]
    p = api.processo(pid)
    assert (p["regime"], p["estado"]) == ("poluicao", "autuado")
    assert p["data_fato"] == "2026-02-27"

    api.ato_ok(pid, "ciencia_auto", "2026-03-02", {"meio": "pessoal"}, como="inspetor.cpsc")
    p = api.processo(pid)
    assert p["estado"] == "em_defesa"
    # defesa: 20 dias de 02/03/2026 → 22/03 (domingo) → segunda, 23/03 (item 1.4.2 a)
    defesa = _prazo(p, "defesa")
    assert defesa["vencimento"] == "2026-03-23"
    assert "NORMAM-401/DPC item 1.4.2 a" in defesa["fundamentos"]
    # LTA: 60 dias do fim do prazo de defesa (23/03): 22/05/2026, sexta (item 1.4.2 c)
    assert _prazo(p, "laudo")["vencimento"] == "2026-05-22"

    api.ato_ok(pid, "defesa", "2026-03-10", {"texto": "Defesa prévia."})
    p = api.processo(pid)
    assert p["estado"] == "aguardando_laudo"
    # julgamento (item 1.4.2 b): 60 dias do recebimento da defesa (10/03) → 09/05 (sábado) → 11/05
    assert _prazo(p, "julgamento")["vencimento"] == "2026-05-11"

    api.ato_ok(pid, "registro_laudo", "2026-04-15", {**LAUDO, "elaborado_em": "2026-04-14"})
    p = api.processo(pid)
    assert p["estado"] == "laudo_recebido"
    # ciência do LTA: até 10 dias do recebimento (15/04) → 25/04 (sábado) → 27/04
    assert _prazo(p, "ciencia_laudo")["vencimento"] == "2026-04-27"
    laudo = next(a for a in p["atos"] if a["tipo"] == "registro_laudo")["dados"]
    assert laudo["nivel_impacto_nome"] == "impacto ambiental grave"
    assert laudo["acao_resposta_soma"] == 5

    api.ato_ok(pid, "ciencia_laudo", "2026-04-20", {"meio": "pessoal"}, como="inspetor.cpsc")
    p = api.processo(pid)
    assert p["estado"] == "em_complemento"
    # complementação: 20 dias da ciência (20/04) → 10/05 (domingo) → 11/05
    assert _prazo(p, "complemento_defesa")["vencimento"] == "2026-05-11"

    api.ato_ok(pid, "complementacao_defesa", "2026-05-04", {"texto": "Complementa a defesa."})
    p = api.processo(pid)
    # julgamento após a complementação (item 1.4.2 e): 30 dias de 04/05 → 03/06/2026, quarta
    assert _prazo(p, "julgamento_complemento")["vencimento"] == "2026-06-03"

    r = api.ato_ok(pid, "julgamento_procedente", "2026-05-20", decisao("100000.00"))
    v = r["valoracao"]
    assert (v["multa"], v["fator_reincidencia"]) == ("100000.00", 1)
    assert v["situacao_economica"]["classe"] == "media"
    assert v["laudo"]["nivel_impacto"] == 3
    assert "NORMAM-401/DPC item 1.5.2" in v["fundamentos"]

    api.ato_ok(pid, "ciencia_decisao", "2026-05-21", {"meio": "pessoal"})
    p = api.processo(pid)
    # recurso ao DPC: 20 dias da ciência (21/05) → 10/06/2026, quarta (item 1.4.3); sem
    # prazo de pagamento antes da notificação para pagamento (item 1.6)
    assert _prazo(p, "recurso")["vencimento"] == "2026-06-10"
    assert not [x for x in p["prazos"] if x["etapa"] == "pagamento"]
    # o processo, a página e a consulta pública dizem a regra da poluição, não a da LESTA (o
    # prazo de pagamento "corre mesmo com recurso pendente", LESTA art. 24 § 1º e art. 32)
    efeito = p["efeito_do_recurso"]
    assert efeito["suspensivo"], efeito
    assert "NORMAM-401/DPC item 1.4.3" in efeito["fundamento"]
    assert "NORMAM-401/DPC item 1.6" in efeito["fundamento"]
    assert "LESTA" not in efeito["fundamento"] and "corre mesmo" not in efeito["texto"]
    api.entrar_na_web("ac.cpsc")
    pagina = api.cliente.get(f"/processos/{pid}").text
    assert "pagamento prévio" in pagina and "corre mesmo com recurso" not in pagina
    r = api.cliente.get("/consulta")
    r = api.cliente.post(
        "/consulta",
        data={"csrf": csrf_de(r.text), "numero": p["numero"], "documento": EMPRESA["documento"]},
    )
    assert r.status_code == 200, r.text
    assert "LESTA art. 32" not in r.text and "corre mesmo com recurso" not in r.text
    guia = r.text.split('id="vencimento-guia"')[1].split("</dd>")[0]
    assert "ainda sem data" in guia and "NORMAM-401/DPC item 1.6" in guia, guia
    r = api.ato(pid, "notificacao_para_pagamento", "2026-06-01", {"meio": "pessoal"})
    assert r.status_code == 409, r.text
    assert "10/06/2026" in r.json()["mensagem"]

    api.ato_ok(pid, "recurso", "2026-06-01", {"texto": "Recurso ao DPC, sem pagamento."})
    # decisão do DPC: 30 dias de 01/06 → 01/07/2026 (item 1.4.3)
    assert _prazo(api.processo(pid), "decisao_recurso")["vencimento"] == "2026-07-01"
    # os autos chegam ao DPC em 08/06: os 30 dias recomeçam → 08/07/2026 (Lei 9.784 art. 59 § 1º)
    api.ato_ok(pid, "recebimento_autos_recurso", "2026-06-08", {}, como="dpc")
    assert _prazo(api.processo(pid), "decisao_recurso")["vencimento"] == "2026-07-08"
    r = api.ato(pid, "decisao_recurso_provido_em_parte", "2026-06-20", decisao("150000.00"),
                como="dpc")  # fmt: skip
    assert r.status_code == 422 and "não pode agravar" in r.json()["mensagem"]
    # a mesma multa de antes não é provimento parcial (Lei 9.784/1999 art. 64)
    r = api.ato(pid, "decisao_recurso_provido_em_parte", "2026-06-20", decisao("100000.00"),
                como="dpc")  # fmt: skip
    assert r.status_code == 422 and r.json()["regra"] == "Lei 9.784/1999 art. 64", r.text
    r = api.ato_ok(pid, "decisao_recurso_provido_em_parte", "2026-06-20", decisao("60000.00"),
                   como="dpc")  # fmt: skip
    assert r["valoracao"]["multa"] == "60000.00"
    api.ato_ok(pid, "ciencia_decisao_recurso", "2026-06-25", {"meio": "pessoal"}, como="ac.cpsc")
    # NORMAM-401: o DPC é a última instância; o recurso ao DGN (NORMAM-07 0404 d) não cabe
    r = api.ato(pid, "recurso_final", "2026-06-26", {"texto": "Ao DGN."}, como="dpc")
    assert r.status_code == 409
    assert "última instância" in r.json()["mensagem"]

    api.ato_ok(pid, "notificacao_para_pagamento", "2026-06-26", {"meio": "pessoal"})
    p = api.processo(pid)
    # pagamento: 5 dias do recebimento da notificação (26/06) → 01/07/2026, quarta (item 1.6)
    assert _prazo(p, "pagamento")["vencimento"] == "2026-07-01"
    assert p["saldo"] == "60000.00"
    r = api.ato(pid, "pagamento", "2026-06-30", {"valor": "59000.00", "referencia": "GRU 123"})
    # o valor errado, com a regra do pagamento da poluição (não a LESTA art. 32)
    assert (r.status_code, r.json()["regra"]) == (422, "NORMAM-401/DPC item 1.6"), r.text
    api.ato_ok(pid, "pagamento", "2026-06-30", {"valor": "60000.00", "referencia": "GRU 123"})
    assert api.processo(pid)["estado"] == "quitado"


def test_intimado_que_nao_comparece_a_ciencia_do_lta_tem_a_complementacao_do_fim_da_intimacao(
    api: Api,
) -> None:
    """NORMAM-401 item 1.4.2 d: o infrator "devidamente intimado" que não comparece para a
    ciência do LTA tem o prazo correndo "ao final do prazo estipulado na intimação": o ato do
    não comparecimento tem a data desse último dia, e a complementação (20 dias) conta dele."""
    pid = abrir(api, "2026-02-27", "2026-03-02").json()["id"]
    api.ato_ok(pid, "ciencia_auto", "2026-03-02", {"meio": "pessoal"}, como="inspetor.cpsc")
    api.ato_ok(pid, "defesa", "2026-03-10", {"texto": "Defesa prévia."})
    api.ato_ok(pid, "registro_laudo", "2026-04-15", {**LAUDO, "elaborado_em": "2026-04-14"})
    antes = api.processo(pid)
    assert "nao_comparecimento_ciencia_laudo" in {t["tipo"] for t in antes["atos_permitidos"]}
    intimacao = {
        "intimacao": "Intimação nº 31/2026, por AR, comparecer em 5 dias úteis",
        "intimado_em": "2026-04-17",
        "comparecer_ate": "2026-04-24",
    }

    def recusa(data_ato: str, campo: str, **trocar: str) -> None:
        r = api.ato(pid, "nao_comparecimento_ciencia_laudo", data_ato, {**intimacao, **trocar})
        assert r.status_code == 422 and r.json()["campo"] == campo, r.text

    # intimado antes do LTA recebido; prazo que não vem depois da intimação; o ato em outra data
    # que não o último dia do prazo (no dia da intimação, a complementação correria antes do
    # fim do prazo de comparecer); sem a intimação: recusado, nada gravado
    recusa("2026-04-24", "dados.intimado_em", intimado_em="2026-04-14")
    recusa("2026-04-17", "dados.comparecer_ate", comparecer_ate="2026-04-17")
    recusa("2026-04-17", "data_ato")
    recusa("2026-04-27", "data_ato")
    r = api.ato(
        pid, "nao_comparecimento_ciencia_laudo", "2026-04-24", {"intimado_em": "2026-04-17"}
    )
    assert r.status_code == 422, r.text
    assert api.processo(pid)["versao"] == antes["versao"]

    # intimado em 17/04 para comparecer até 24/04 (sexta); não veio
    r = api.ato_ok(pid, "nao_comparecimento_ciencia_laudo", "2026-04-24", intimacao)
    assert r["processo"]["estado"] == "em_complemento"
    p = api.processo(pid)
    # complementação: 20 dias do fim da intimação (24/04) → 14/05/2026, quinta
    complemento = _prazo(p, "complemento_defesa")
    assert (complemento["inicio"], complemento["vencimento"]) == ("2026-04-24", "2026-05-14")
    assert not _prazo(p, "ciencia_laudo")["aberto"]
    assert p["atos"][-1]["dados"]["intimacao"] == intimacao["intimacao"]
    api.entrar_na_web("ac.cpsc")
    pagina = api.cliente.get(f"/processos/{pid}").text
    assert "Intimação: Intimação nº 31/2026, por AR" in pagina
    assert "intimado em 17/04/2026" in pagina


def test_no_rito_da_normam_07_o_nao_comparecimento_abre_a_defesa_e_o_rito_segue_ao_julgamento(
    api: Api,
) -> None:
    """NORMAM-07 item 0404 b: a defesa corre da ciência do LTA; o intimado que não comparece a
    tem "ao final do prazo estipulado na intimação". Depois dela, a defesa leva ao julgamento
    (não a um segundo LTA)."""
    pid = abrir(api, "2023-05-01", "2023-05-02").json()["id"]
    api.ato_ok(pid, "ciencia_auto", "2023-05-02", {"meio": "pessoal"}, como="inspetor.cpsc")
    api.ato_ok(pid, "registro_laudo", "2023-06-01", {**LAUDO, "elaborado_em": "2023-06-01"})
    r = api.ato_ok(pid, "nao_comparecimento_ciencia_laudo", "2023-06-12",
                   {"intimacao": "Intimação nº 4/2023, pessoal", "intimado_em": "2023-06-05",
                    "comparecer_ate": "2023-06-12"})  # fmt: skip
    assert r["processo"]["estado"] == "em_defesa"
    # defesa (0404 b): 20 dias de 12/06/2023 → 02/07/2023 (domingo) → 03/07/2023
    assert _prazo(api.processo(pid), "defesa")["vencimento"] == "2023-07-03"
    r = api.ato_ok(pid, "defesa", "2023-06-20", {"texto": "Defesa depois do LTA."})
    assert r["processo"]["estado"] == "aguardando_julgamento"


def test_revelia_sem_recurso_e_divida_ativa(api: Api) -> None:
    pid = abrir(api, "2026-06-28", "2026-07-01").json()["id"]
    api.ato_ok(pid, "ciencia_auto", "2026-07-01", {"meio": "AR"}, como="inspetor.cpsc")
    # defesa: 20 dias de 01/07 → 21/07/2026, terça; revelia só depois
    r = api.ato(pid, "revelia", "2026-07-21", {})
    assert r.status_code == 409
    api.ato_ok(pid, "revelia", "2026-07-22", {})
    p = api.processo(pid)
    # julgamento (1.4.2 b), do fim do prazo de defesa (21/07): 60 dias → 19/09 (sábado) → 21/09
    assert _prazo(p, "julgamento")["vencimento"] == "2026-09-21"
    api.ato_ok(pid, "registro_laudo", "2026-08-03", {**LAUDO, "elaborado_em": "2026-08-03"})
    api.ato_ok(pid, "ciencia_laudo", "2026-08-05", {"meio": "AR"}, como="inspetor.cpsc")
    # complementação: 20 dias de 05/08 → 25/08/2026, terça
    r = api.ato(pid, "sem_complemento", "2026-08-25", {})
    assert r.status_code == 409
    api.ato_ok(pid, "sem_complemento", "2026-08-26", {})
    # julgamento: 30 dias do fim do prazo de complementação (25/08) → 24/09/2026, quinta
    assert _prazo(api.processo(pid), "julgamento_complemento")["vencimento"] == "2026-09-24"
    api.ato_ok(pid, "julgamento_procedente", "2026-09-01", decisao("8000.00"))
    api.ato_ok(pid, "ciencia_decisao", "2026-09-02", {"meio": "AR"})
    # recurso não interposto: 20 dias de 02/09 → 22/09/2026; a notificação vem depois
    api.ato_ok(pid, "notificacao_para_pagamento", "2026-09-23", {"meio": "AR"})
    # pagamento: 5 dias de 23/09 → 28/09/2026, segunda
    p = api.processo(pid)
    assert _prazo(p, "pagamento")["vencimento"] == "2026-09-28"
    r = api.ato(pid, "inscricao_divida_ativa", "2026-09-28", {})
    assert r.status_code == 409
    api.ato_ok(pid, "inscricao_divida_ativa", "2026-09-29", {})
    p = api.processo(pid)
    assert (p["estado"], p["final"]) == ("divida_ativa", False)
    # devida até a baixa que a PGFN comunicar (NORMAM-07 item 0314), com o documento dela; na
    # situação da pessoa é informação: não é débito de infração à LESTA (art. 20), não susta atos
    cnpj = EMPRESA["documento"]
    situacao = api.get(f"/situacao/{cnpj}").json()
    assert (situacao["em_debito"], situacao["devido_sem_sustacao"]) == (False, "8000.00")
    r = api.ato(pid, "baixa_divida_ativa", "2026-12-01", {"forma": "extincao"})
    assert (r.status_code, r.json()["campo"]) == (422, "dados.documento"), r.text
    dados = {"forma": "extincao", "documento": "Ofício PGFN nº 77/2026 (inscrição cancelada)"}
    api.ato_ok(pid, "baixa_divida_ativa", "2026-12-01", dados)
    p = api.processo(pid)
    assert (p["estado"], p["final"], p["atos_permitidos"]) == ("divida_ativa_baixada", True, [])
    situacao = api.get(f"/situacao/{cnpj}").json()
    assert (situacao["em_debito"], situacao["total_devido"]) == (False, "0.00")
    assert (situacao["devido_sem_sustacao"], situacao["debitos"]) == ("0.00", [])


def test_multa_fora_da_faixa_do_grupo_e_e_recusada_com_a_regra(api: Api) -> None:
    pid = abrir(api, "2026-02-27", "2026-03-02").json()["id"]
    ate_julgamento_401(api, pid, ["2026-03-02", "2026-03-10", "2026-04-15", "2026-04-20",
                                  "2026-05-04"])  # fmt: skip
    r = api.ato(pid, "julgamento_procedente", "2026-05-20", decisao("50000000.01"))
    assert r.status_code == 422
    corpo = r.json()
    assert corpo["campo"] == "dados.multa_base"
    assert "R$ 50.000.000,00" in corpo["mensagem"]
    assert corpo["regra"] == "NORMAM-401/DPC item 1.5.2"
    r = api.ato(pid, "julgamento_procedente", "2026-05-20", decisao("999.99"))
    assert r.status_code == 422 and "R$ 1.000,00" in r.json()["mensagem"]
    # nada gravado: o processo segue aguardando o julgamento
    assert api.processo(pid)["estado"] == "aguardando_julgamento"


def _julgado(api: Api, autuado: dict[str, str], fato: str, datas: list[str]) -> int:
    pid = abrir(api, fato, datas[0], autuado).json()["id"]
    ate_julgamento_401(api, pid, datas[:5])
    api.ato_ok(pid, "julgamento_procedente", datas[5], decisao("10000.00", "20000.00"))
    return pid


def test_reincidencia_em_35_meses_triplica_e_em_37_nao(api: Api) -> None:
    # X: fato anterior em 10/12/2023; o novo, em 09/11/2026: 35 meses (10/12/2023 + 36 meses =
    # 10/12/2026 > 09/11/2026): reincidente, a multa triplica (item 1.5.3 b)
    anterior_x = _julgado(api, PESSOA_X, "2023-12-10", ["2023-12-11", "2023-12-12", "2024-01-20",
                          "2024-01-22", "2024-02-01", "2024-02-20"])  # fmt: skip
    novo_x = abrir(api, "2026-11-09", "2026-11-10", PESSOA_X).json()["id"]
    ate_julgamento_401(api, novo_x, ["2026-11-10", "2026-11-11", "2026-11-16", "2026-11-17",
                                     "2026-11-18"])  # fmt: skip
    r = api.ato_ok(novo_x, "julgamento_procedente", "2026-11-20", decisao("10000.00", "20000.00"))
    v = r["valoracao"]
    assert (v["fator_reincidencia"], v["multa"]) == (3, "30000.00")
    assert v["reincidencia"]["anteriores"] == [
        {"numero": api.processo(anterior_x)["numero"], "data_fato": "2023-12-10"}
    ]
    assert v["situacao_economica"]["classe"] == "isenta_ir"  # R$ 20.000,00 < R$ 28.559,70

    # Y: fato anterior em 05/10/2023 (37 meses antes de 09/11/2026: 05/10/2023 + 36 meses =
    # 05/10/2026 ≤ 09/11/2026): não reincidente; a multa é a base
    anterior_y = normam_07_ate_o_julgamento(api, PESSOA_Y)
    novo_y = abrir(api, "2026-11-09", "2026-11-10", PESSOA_Y).json()["id"]
    ate_julgamento_401(api, novo_y, ["2026-11-10", "2026-11-11", "2026-11-16", "2026-11-17",
                                     "2026-11-18"])  # fmt: skip
    r = api.ato_ok(novo_y, "julgamento_procedente", "2026-11-20", decisao("10000.00", "20000.00"))
    v = r["valoracao"]
    assert (v["fator_reincidencia"], v["multa"]) == (1, "10000.00")
    assert v["reincidencia"]["anteriores"] == []
    assert api.processo(anterior_y)["saldo"] == "10000.00"  # a anterior tem multa em vigor


def normam_07_ate_o_julgamento(api: Api, autuado: dict[str, str]) -> int:
    """Fato e auto em outubro de 2023 (NORMAM-07 cap. 4), julgamento já na NORMAM-401."""
    pid = abrir(api, "2023-10-05", "2023-10-06", autuado).json()["id"]
    api.ato_ok(pid, "ciencia_auto", "2023-10-06", {"meio": "pessoal"}, como="inspetor.cpsc")
    p = api.processo(pid)
    # NORMAM-07 item 0404 b: a defesa corre da ciência do LTA, não da autuação
    assert p["estado"] == "aguardando_laudo"
    assert not [x for x in p["prazos"] if x["etapa"] in ("defesa", "laudo")]
    api.ato_ok(pid, "registro_laudo", "2023-11-10", {**LAUDO, "elaborado_em": "2023-11-09"})
    api.ato_ok(pid, "ciencia_laudo", "2023-11-13", {"meio": "pessoal"}, como="inspetor.cpsc")
    p = api.processo(pid)
    assert p["estado"] == "em_defesa"
    # defesa (NORMAM-07 0404 b): 20 dias da ciência do LTA (13/11/2023) → 03/12/2023 (domingo)
    # → segunda, 04/12/2023; o prazo já em curso mantém a duração com que começou
    defesa = _prazo(p, "defesa")
    assert defesa["vencimento"] == "2023-12-04"
    assert "NORMAM-07/DPC item 0404 b" in defesa["fundamentos"]
    api.ato_ok(pid, "defesa", "2023-11-20", {"texto": "Defesa depois do LTA."})
    p = api.processo(pid)
    assert p["estado"] == "aguardando_julgamento"
    # julgamento (NORMAM-07 0404 b): 30 dias do recebimento da defesa (20/11/2023) → 20/12/2023
    assert _prazo(p, "julgamento_complemento")["vencimento"] == "2023-12-20"
    # julgado em 15/12/2023, já na NORMAM-401: o ato segue a norma do dia em que é praticado
    api.ato_ok(pid, "julgamento_procedente", "2023-12-15", decisao("10000.00", "20000.00"))
    return pid


def test_procedimento_iniciado_na_normam_07_continua_na_401(api: Api) -> None:
    pid = normam_07_ate_o_julgamento(api, EMPRESA)
    api.ato_ok(pid, "ciencia_decisao", "2023-12-18", {"meio": "pessoal"})
    api.ato_ok(pid, "recurso", "2023-12-20", {"texto": "Recurso ao DPC."})
    api.ato_ok(pid, "decisao_recurso_nao_provido", "2024-01-10",
               {"fundamentacao": "Razões examinadas; mantida a multa."}, como="dpc")  # fmt: skip
    # ciência da decisão do DPC em 2024: a NORMAM-401 não tem o recurso ao DGN (instância
    # extinta, dados/transicao.yaml); segue a notificação para pagamento
    api.ato_ok(pid, "ciencia_decisao_recurso", "2024-01-15", {"meio": "pessoal"}, como="ac.cpsc")
    p = api.processo(pid)
    assert not [x for x in p["prazos"] if x["etapa"] == "recurso_final"]
    api.ato_ok(pid, "notificacao_para_pagamento", "2024-01-16", {"meio": "pessoal"})
    # pagamento: 5 dias de 16/01/2024 → 21/01/2024 (domingo) → segunda, 22/01/2024
    assert _prazo(api.processo(pid), "pagamento")["vencimento"] == "2024-01-22"


def test_ciencia_da_decisao_do_dpc_ainda_na_normam_07_abre_o_recurso_ao_dgn(api: Api) -> None:
    pid = decidido_pelo_dpc_na_normam_07(api, "2023-08-17")
    # NORMAM-07 0404 d: 20 dias da notificação da decisão (17/08/2023) → 06/09/2023, quarta
    assert _prazo(api.processo(pid), "recurso_final")["vencimento"] == "2023-09-06"
    r = api.ato(pid, "notificacao_para_pagamento", "2023-09-01", {"meio": "pessoal"})
    assert r.status_code == 409
    api.ato_ok(pid, "recurso_final", "2023-09-01", {"texto": "Ao DGN."}, como="dpc")
    # os autos chegam ao DGN em 05/09/2023: os 30 dias contam daí (Lei 9.784/1999 art. 59 § 1º)
    api.ato_ok(pid, "recebimento_autos_recurso_final", "2023-09-05", {}, como="dpc")
    decisao_dgn = _prazo(api.processo(pid), "decisao_recurso_final")
    assert (decisao_dgn["inicio"], decisao_dgn["vencimento"]) == ("2023-09-05", "2023-10-05")
    api.ato_ok(pid, "decisao_recurso_final_nao_provido", "2023-09-20",
               {"fundamentacao": "Mantida a decisão recorrida."}, como="dpc")  # fmt: skip
    api.ato_ok(pid, "ciencia_decisao_recurso_final", "2023-09-25", {"meio": "pessoal"},
               como="dpc")  # fmt: skip
    api.ato_ok(pid, "notificacao_para_pagamento", "2023-09-26", {"meio": "pessoal"})
    assert api.processo(pid)["estado"] == "aguardando_pagamento"


def test_retencao_do_petroleiro_liberada_pela_caucao(api: Api) -> None:
    pid = abrir(api, "2026-02-27", "2026-03-02", embarcacao=NAVIO).json()["id"]
    r = api.ato(pid, "retencao_clc", "2026-03-02",
                {"toneladas_oleo_granel": "2000.00", "texto": "Sem o certificado a bordo."},
                como="inspetor.cpsc")  # fmt: skip
    assert r.status_code == 422
    assert "mais de 2000 toneladas" in r.json()["mensagem"]
    api.ato_ok(pid, "retencao_clc", "2026-03-02",
               {"toneladas_oleo_granel": "35000.00", "texto": "Sem o certificado a bordo."},
               como="inspetor.cpsc")  # fmt: skip
    r = api.ato(pid, "retencao_clc", "2026-03-03",
                {"toneladas_oleo_granel": "35000.00", "texto": "De novo, sem certificado."},
                como="inspetor.cpsc")  # fmt: skip
    assert r.status_code == 409 and "já está retida" in r.json()["mensagem"]
    # o painel lista o navio retido até a liberação
    retidas = api.get("/painel").json()["retidas"]
    assert [x["processo"]["id"] for x in retidas] == [pid]
    assert retidas[0]["embarcacao"]["nome"] == NAVIO["nome"]
    r = api.ato(pid, "liberacao_clc", "2026-03-04",
                {"liberacao": "caucao_depositada", "documento": "Comprovante de depósito 77"})  # fmt: skip
    assert (r.status_code, r.json()["campo"]) == (422, "dados.valor_caucao")
    api.ato_ok(pid, "liberacao_clc", "2026-03-04",
               {"liberacao": "caucao_depositada", "valor_caucao": "2500000.00",
                "documento": "Comprovante de depósito 77"})  # fmt: skip
    assert api.get("/painel").json()["retidas"] == []
    r = api.ato(pid, "liberacao_clc", "2026-03-05",
                {"liberacao": "certificado_apresentado", "documento": "CLC nº 9"})  # fmt: skip
    assert r.status_code == 409
    # a retenção corre ao lado do procedimento da multa, sem mudar o estado
    assert api.processo(pid)["estado"] == "autuado"


def test_fechamento_da_om_no_fim_da_defesa_adia_tambem_o_laudo_contado_dele(api: Api) -> None:
    """NORMAM-401 item 1.4.2 c: o LTA em 60 dias "a contar do término do prazo para
    apresentação da defesa prévia". Um fechamento da OM no último dia da defesa (23/03/2026)
    a adia para 24/03, e o laudo passa a contar dela: 60 dias → 23/05 (sábado) → 25/05/2026. O
    fechamento movia só a defesa, e `farol prazos recalcular` não via nada a mudar."""
    from sqlalchemy import update

    from farol.services.calendario_om import registrar_fechamento
    from farol.services.recalculo_prazos import recalcular_prazos_abertos
    from farol.store.orm import OMFechamento, Prazo

    pid = abrir(api, "2026-02-27", "2026-03-02").json()["id"]
    api.ato_ok(pid, "ciencia_auto", "2026-03-02", {"meio": "pessoal"}, como="inspetor.cpsc")
    p = api.processo(pid)
    assert (_prazo(p, "defesa")["vencimento"], _prazo(p, "laudo")["vencimento"]) == (
        "2026-03-23",
        "2026-05-22",
    )
    with api.banco.unit_of_work() as s:
        registrar_fechamento.na_sessao(s, "CPSC", dt.date(2026, 3, 23), "feriado municipal")
    p = api.processo(pid)
    assert _prazo(p, "defesa")["vencimento"] == "2026-03-24"
    laudo = _prazo(p, "laudo")
    assert (laudo["inicio"], laudo["vencimento"]) == ("2026-03-24", "2026-05-25")

    # o recálculo acerta o laudo de um processo em que só a defesa foi movida (o que o
    # fechamento deixava antes desta correção)
    outro = abrir(api, "2026-02-27", "2026-03-02").json()["id"]
    api.ato_ok(outro, "ciencia_auto", "2026-03-02", {"meio": "pessoal"}, como="inspetor.cpsc")
    with api.banco.unit_of_work() as s:
        om_id = s.get(Processo, outro).om_id
        s.add(OMFechamento(om_id=om_id, data=dt.date(2026, 3, 24), motivo="ponto facultativo"))
        s.execute(
            update(Prazo)
            .where(Prazo.processo_id == outro, Prazo.etapa == "defesa")
            .values(vencimento=dt.date(2026, 3, 25))
        )
    assert _prazo(api.processo(outro), "laudo")["inicio"] == "2026-03-24"  # do fechamento de 23/03
    with api.banco.unit_of_work() as s:
        r = recalcular_prazos_abertos.na_sessao(s, "CPSC")
    assert r.alterados >= 1
    laudo = _prazo(api.processo(outro), "laudo")
    # 60 dias de 25/03 → 24/05 (domingo) → 25/05/2026
    assert (laudo["inicio"], laudo["vencimento"]) == ("2026-03-25", "2026-05-25")


def test_recurso_ao_dgn_ainda_em_prazo_aberto_na_normam_07_e_aceito_depois_de_01_12_2023(
    api: Api,
) -> None:
    """Ciência da decisão do DPC em 25/11/2023 (NORMAM-07): o prazo do recurso ao DGN (item
    0404 d, 20 dias) vence em 15/12/2023 e mantém essa duração (regra de transição); enquanto
    corre, a notificação para pagamento é recusada porque "a decisão ainda pode ser recorrida".
    O recurso interposto nele, em 05/12/2023, continua cabível (dados/transicao.yaml,
    `recurso_ja_cabivel`): antes era recusado porque o prazo de decisão do DGN, extinto pela
    NORMAM-401, não se podia abrir — e o infrator perdia o recurso que o Farol dizia aberto."""
    pid = decidido_pelo_dpc_na_normam_07(api, "2023-11-25")
    # NORMAM-07 0404 d: 20 dias de 25/11/2023 → 15/12/2023, sexta
    assert _prazo(api.processo(pid), "recurso_final")["vencimento"] == "2023-12-15"
    r = api.ato(pid, "notificacao_para_pagamento", "2023-12-05", {"meio": "pessoal"})
    assert r.status_code == 409 and "ainda pode ser recorrida" in r.json()["mensagem"]
    api.ato_ok(pid, "recurso_final", "2023-12-05", {"texto": "Ao DGN."}, como="dpc")
    p = api.processo(pid)
    assert p["estado"] == "em_recurso_final"
    # a instância e o prazo de decisão dela não existem mais: nenhum prazo de decisão se abre
    assert not [x for x in p["prazos"] if x["etapa"] == "decisao_recurso_final"]
    api.ato_ok(pid, "decisao_recurso_final_nao_provido", "2023-12-20",
               {"fundamentacao": "Mantida a decisão recorrida."}, como="dpc")  # fmt: skip
    api.ato_ok(pid, "ciencia_decisao_recurso_final", "2023-12-22", {"meio": "pessoal"},
               como="dpc")  # fmt: skip
    api.ato_ok(pid, "notificacao_para_pagamento", "2023-12-26", {"meio": "pessoal"})
    assert api.processo(pid)["estado"] == "aguardando_pagamento"


def test_multa_por_poluicao_so_entra_na_situacao_de_debito_com_a_notificacao_para_pagamento(
    api: Api,
) -> None:
    """NORMAM-401 item 1.6: a multa se paga em até cinco dias "contados da data do recebimento
    da notificação para pagamento", feita depois do prazo de recurso ou da ciência da decisão
    dele; item 1.4.3: o recurso, "sem necessidade do pagamento da multa". Antes da notificação
    a multa não é exigível: a consulta de situação não a conta como débito (que susta os atos
    de interesse da pessoa), mas como de exigibilidade suspensa. Antes, a pessoa ficava em
    débito desde o julgamento, com a ciência por dar e com o recurso pendente."""
    cnpj = EMPRESA["documento"]
    pid = abrir(api, "2026-02-27", "2026-03-02").json()["id"]
    ate_julgamento_401(api, pid, ["2026-03-02", "2026-03-10", "2026-04-15", "2026-04-20",
                                  "2026-05-04"])  # fmt: skip
    api.ato_ok(pid, "julgamento_procedente", "2026-05-20", decisao("100000.00"))
    for tipo, data, dados in [
        (None, None, None),
        ("ciencia_decisao", "2026-05-21", {"meio": "pessoal"}),
        ("recurso", "2026-05-30", {"texto": "Recurso ao DPC com os fundamentos."}),
    ]:
        if tipo:
            api.ato_ok(pid, tipo, data, dados)
        s = api.get(f"/situacao/{cnpj}").json()
        assert (s["em_debito"], s["total_devido"], s["suspensos"]) == (False, "0.00", "100000.00")
        assert s["debitos"][0]["exigibilidade_suspensa"] is True
    api.ato_ok(pid, "decisao_recurso_nao_provido", "2026-06-20",
               {"fundamentacao": "Razões examinadas; mantida a multa."}, como="dpc")  # fmt: skip
    api.ato_ok(pid, "ciencia_decisao_recurso", "2026-06-22", {"meio": "pessoal"}, como="ac.cpsc")
    assert api.get(f"/situacao/{cnpj}").json()["em_debito"] is False
    api.ato_ok(pid, "notificacao_para_pagamento", "2026-06-23", {"meio": "pessoal"})
    s = api.get(f"/situacao/{cnpj}").json()
    # exigível, mas não é "débito decorrente de infração desta Lei" (LESTA art. 20): informação
    assert (s["em_debito"], s["total_devido"], s["suspensos"]) == (False, "0.00", "0.00")
    assert s["devido_sem_sustacao"] == "100000.00"
    assert s["debitos"][0]["vencimento"] == "2026-06-29"  # 5 dias de 23/06 → 28/06 (dom.) → 29/06
    assert (s["debitos"][0]["sustacao"], s["debitos"][0]["fundamento"]) == (
        False,
        "NORMAM-401/DPC item 1.6",
    )


def test_lta_recebido_com_a_defesa_correndo_e_registrado_sem_encerrar_a_defesa(api: Api) -> None:
    """NORMAM-401 item 1.4.2 c: "A DPC elaborará o LTA em até sessenta dias, a contar do término
    do prazo para apresentação da defesa prévia, e o remeterá à CP/DL/AG, que dará ciência do
    seu conteúdo ao infrator, no prazo máximo de dez dias". "Em até": o LTA pode chegar antes do
    fim da defesa. Antes, o registro era recusado (409, estado `em_defesa`) e a data real do
    recebimento se perdia; agora o processo segue no prazo de defesa, que não se encerra, e os
    dez dias da ciência correm do registro."""
    pid = abrir(api, "2026-02-27", "2026-03-02").json()["id"]
    api.ato_ok(pid, "ciencia_auto", "2026-03-02", {"meio": "pessoal"}, como="inspetor.cpsc")
    api.ato_ok(pid, "registro_laudo", "2026-03-15", {**LAUDO, "elaborado_em": "2026-03-14"})
    p = api.processo(pid)
    assert p["estado"] == "em_defesa"
    # defesa: 20 dias de 02/03 → 22/03 (domingo) → 23/03, intacta; ciência do LTA: 10 dias
    # do recebimento (15/03) → 25/03
    assert _prazo(p, "defesa")["vencimento"] == "2026-03-23"
    assert _prazo(p, "ciencia_laudo")["vencimento"] == "2026-03-25"
    r = api.ato(pid, "registro_laudo", "2026-03-16", {**LAUDO, "elaborado_em": "2026-03-14"})
    assert r.status_code in (409, 422), r.text  # um só LTA
    assert api.ato(pid, "revelia", "2026-03-16", {}).status_code == 409  # a defesa corre
    api.ato_ok(pid, "revelia", "2026-03-24", {})
    assert api.processo(pid)["estado"] == "laudo_recebido"
    api.ato_ok(pid, "ciencia_laudo", "2026-03-25", {"meio": "pessoal"}, como="inspetor.cpsc")
    p = api.processo(pid)
    assert p["estado"] == "em_complemento"
    # complementação: 20 dias de 25/03 → 14/04/2026
    assert _prazo(p, "complemento_defesa")["vencimento"] == "2026-04-14"
    api.ato_ok(pid, "sem_complemento", "2026-04-15", {})
    # julgamento: 30 dias do fim da complementação (14/04) → 14/05/2026
    assert _prazo(api.processo(pid), "julgamento_complemento")["vencimento"] == "2026-05-14"
    api.ato_ok(pid, "julgamento_procedente", "2026-05-04", decisao("8000.00"))


def test_ciencia_do_lta_dada_com_a_defesa_correndo_abre_a_complementacao_depois_dela(
    api: Api,
) -> None:
    """NORMAM-401 item 1.4.2 c: a ciência do LTA se dá "no prazo máximo de dez dias" do
    recebimento, "sendo-lhe facultado complementar a sua defesa prévia no prazo de vinte dias, a
    contar da data que tomou ciência". Dada com a defesa correndo, a defesa segue até o fim e a
    apresentação dela leva à complementação, que corre da ciência."""
    pid = abrir(api, "2026-02-27", "2026-03-02").json()["id"]
    api.ato_ok(pid, "ciencia_auto", "2026-03-02", {"meio": "pessoal"}, como="inspetor.cpsc")
    api.ato_ok(pid, "registro_laudo", "2026-03-05", {**LAUDO, "elaborado_em": "2026-03-04"})
    api.ato_ok(pid, "ciencia_laudo", "2026-03-10", {"meio": "pessoal"}, como="inspetor.cpsc")
    p = api.processo(pid)
    assert p["estado"] == "em_defesa"
    assert _prazo(p, "defesa")["vencimento"] == "2026-03-23"
    assert _prazo(p, "complemento_defesa")["vencimento"] == "2026-03-30"  # 20 dias de 10/03
    r = api.ato(pid, "ciencia_laudo", "2026-03-11", {"meio": "pessoal"}, como="inspetor.cpsc")
    assert r.status_code in (409, 422), r.text  # uma só ciência
    api.ato_ok(pid, "defesa", "2026-03-12", {"texto": "Defesa prévia, já à vista do LTA."})
    assert api.processo(pid)["estado"] == "em_complemento"
    api.ato_ok(pid, "complementacao_defesa", "2026-03-20", {"texto": "Complementa a defesa."})
    p = api.processo(pid)
    assert p["estado"] == "aguardando_julgamento"
    # 30 dias da complementação (20/03) → 19/04 (domingo); 20/04 ponto facultativo e 21/04
    # Tiradentes → 22/04/2026 (item 1.4.2 e)
    assert _prazo(p, "julgamento_complemento")["vencimento"] == "2026-04-22"
    api.ato_ok(pid, "julgamento_procedente", "2026-04-01", decisao("8000.00"))


def test_decisao_do_recurso_nao_reconta_reincidencia_com_processo_julgado_depois(api: Api) -> None:
    """NORMAM-401 item 1.5.3 b (o triplo na reincidência) e Lei 9.784/1999 art. 64, parágrafo
    único: a decisão do recurso conta só os processos que a decisão recorrida contou. Antes, o
    processo B (fato anterior, julgado depois da decisão de A) entrava na reincidência do recurso
    de A: a base reduzida a R$ 50.000,00 triplicava (R$ 150.000,00) e o provimento parcial era
    recusado como agravamento; o resultado dependia da ordem em que os processos eram julgados."""
    a = abrir(api, "2026-03-01", "2026-03-02", PESSOA_X).json()["id"]
    ate_julgamento_401(api, a, ["2026-03-02", "2026-03-10", "2026-04-15", "2026-04-20",
                                "2026-05-04"])  # fmt: skip
    v = api.ato_ok(a, "julgamento_procedente", "2026-05-20", decisao("100000.00", "20000.00"))
    assert (v["valoracao"]["fator_reincidencia"], v["valoracao"]["multa"]) == (1, "100000.00")
    api.ato_ok(a, "ciencia_decisao", "2026-05-21", {"meio": "pessoal"})
    api.ato_ok(a, "recurso", "2026-05-30", {"texto": "Recurso ao DPC com fundamentos."})
    b = abrir(api, "2026-01-10", "2026-05-22", PESSOA_X).json()["id"]
    ate_julgamento_401(api, b, ["2026-05-22", "2026-05-23", "2026-05-25", "2026-05-26",
                                "2026-05-27"])  # fmt: skip
    api.ato_ok(b, "julgamento_procedente", "2026-05-28", decisao("10000.00", "20000.00"))
    r = api.ato_ok(a, "decisao_recurso_provido_em_parte", "2026-06-20",
                   decisao("50000.00", "20000.00"), como="dpc")  # fmt: skip
    v = r["valoracao"]
    assert (v["fator_reincidencia"], v["multa"]) == (1, "50000.00")
    assert v["reincidencia"]["anteriores"] == []


def test_decisao_do_recurso_mantem_a_reincidencia_que_a_recorrida_contou(api: Api) -> None:
    """O processo que a decisão recorrida contou, ainda com multa em vigor, continua a contar
    na decisão do recurso (NORMAM-401 item 1.5.3 b: o triplo)."""
    anterior = _julgado(api, PESSOA_X, "2025-06-10", ["2025-06-11", "2025-06-12", "2025-07-20",
                        "2025-07-22", "2025-08-01", "2025-08-20"])  # fmt: skip
    a = abrir(api, "2026-03-01", "2026-03-02", PESSOA_X).json()["id"]
    ate_julgamento_401(api, a, ["2026-03-02", "2026-03-10", "2026-04-15", "2026-04-20",
                                "2026-05-04"])  # fmt: skip
    v = api.ato_ok(a, "julgamento_procedente", "2026-05-20", decisao("100000.00", "20000.00"))
    assert v["valoracao"]["fator_reincidencia"] == 3
    api.ato_ok(a, "ciencia_decisao", "2026-05-21", {"meio": "pessoal"})
    api.ato_ok(a, "recurso", "2026-05-30", {"texto": "Recurso ao DPC com fundamentos."})
    r = api.ato_ok(a, "decisao_recurso_provido_em_parte", "2026-06-20",
                   decisao("50000.00", "20000.00"), como="dpc")  # fmt: skip
    v = r["valoracao"]
    assert (v["fator_reincidencia"], v["multa"]) == (3, "150000.00")
    assert [x["numero"] for x in v["reincidencia"]["anteriores"]] == [
        api.processo(anterior)["numero"]
    ]
