"""Prazos: gravados quando o ato é registrado, com vencimento exato e os dias pulados explicados."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from sqlalchemy import select

from farol.services.calendario_om import registrar_fechamento
from farol.services.recalculo_prazos import recalcular_prazos_abertos
from farol.services.unit_of_work import BancoUnitOfWork
from farol.store.orm import OM, OMFechamento

from .conftest import Api, inspecao


def _prazo(p: dict[str, Any], etapa: str) -> dict[str, Any]:
    (x,) = [x for x in p["prazos"] if x["etapa"] == etapa]
    return x


def _pulados(prazo: dict[str, Any]) -> list[tuple[str, str]]:
    return [(d["data"], d["motivo"]) for d in prazo["dias_nao_uteis"]]


def test_cada_ato_grava_os_seus_prazos_com_vencimento_e_dias_pulados(api: Api) -> None:
    pid = api.novo_processo()  # notificação em 02/03/2026 (segunda-feira)
    p = api.processo(pid)
    comparecimento = _prazo(p, "comparecimento")
    assert {
        k: comparecimento[k] for k in ("inicio", "vencimento", "contagem", "dias", "aberto")
    } == {
        "inicio": "2026-03-02",
        "vencimento": "2026-03-12",  # 8 dias úteis a partir de 03/03
        "contagem": "uteis",
        "dias": 8,
        "aberto": True,
    }
    assert _pulados(comparecimento) == [("2026-03-07", "sábado"), ("2026-03-08", "domingo")]
    assert "NORMAM (Port. 110/2023) item 3.6.1" in comparecimento["fundamentos"]

    p = api.levar_ate(pid, "decisao_notificada")
    defesa = _prazo(
        p, "defesa"
    )  # ciência do auto em 16/03: 15 dias úteis, Sexta-feira Santa no meio
    assert (defesa["inicio"], defesa["vencimento"], defesa["dias"]) == (
        "2026-03-16",
        "2026-04-07",
        15,
    )
    assert ("2026-04-03", "Sexta-feira Santa (feriado nacional)") in _pulados(defesa)
    assert len(_pulados(defesa)) == 7  # três fins de semana e a Sexta-feira Santa
    assert (defesa["aberto"], defesa["encerrado_em"], defesa["cumprido"]) == (
        False,
        "2026-03-20",
        True,
    )

    julgamento = _prazo(p, "julgamento")  # 30 dias corridos da expiração do prazo de defesa
    assert (julgamento["inicio"], julgamento["vencimento"], julgamento["contagem"]) == (
        "2026-04-07",
        "2026-05-07",
        "corridos",
    )
    assert julgamento["dias_nao_uteis"] == []

    # ciência da decisão em 14/04: 5 dias úteis (15, 16, 17, 22, 23); no meio, o fim de semana, o
    # ponto facultativo de dia inteiro de 20/04 (Portaria MGI 11.460/2025) e Tiradentes
    recurso = _prazo(p, "recurso")
    assert (recurso["inicio"], recurso["vencimento"], recurso["aberto"]) == (
        "2026-04-14",
        "2026-04-23",
        True,
    )
    assert _pulados(recurso) == [
        ("2026-04-18", "sábado"),
        ("2026-04-19", "domingo"),
        ("2026-04-20", "Dia anterior a Tiradentes (ponto facultativo)"),
        ("2026-04-21", "Tiradentes (feriado nacional)"),
    ]
    # cada dia pulado traz a sua base legal: o ato anual do ponto facultativo, a lei do feriado
    bases = {
        d["data"]: [f["referencia"] for f in d["fundamentos"]] for d in recurso["dias_nao_uteis"]
    }
    assert bases["2026-04-20"] == ["Portaria MGI 11.460/2025 art. 1º"]
    assert bases["2026-04-21"] == ["Lei 662/1949 art. 1º (redação da Lei 10.607/2002)"]
    pagamento = _prazo(p, "pagamento")  # 15 dias corridos
    assert (pagamento["inicio"], pagamento["vencimento"], pagamento["dias"]) == (
        "2026-04-14",
        "2026-04-29",
        15,
    )
    assert pagamento["dias_nao_uteis"] == []
    assert "LESTA art. 32" in pagamento["fundamentos"]


def test_vencimento_em_feriado_e_fim_de_semana_e_prorrogado_ao_dia_util_seguinte(api: Api) -> None:
    pid = api.novo_processo()
    api.levar_ate(pid, "julgado_procedente")
    # ciência em 05/11/2026: 15 dias corridos caem em 20/11 (Consciência Negra), depois sábado e domingo
    api.ato_ok(pid, "ciencia_decisao", "2026-11-05", {"meio": "AR"})
    pagamento = _prazo(api.processo(pid), "pagamento")
    assert (pagamento["inicio"], pagamento["vencimento"]) == ("2026-11-05", "2026-11-23")
    assert _pulados(pagamento) == [
        ("2026-11-20", "Dia Nacional de Zumbi e da Consciência Negra (feriado nacional)"),
        ("2026-11-21", "sábado"),
        ("2026-11-22", "domingo"),
    ]
    assert "Lei 9.784/1999 art. 66 §1º" in pagamento["fundamentos"]
    assert any("14.759" in f for f in pagamento["fundamentos"])  # a lei do feriado


def test_prazos_do_periodo_listam_os_vencimentos_da_om_e_das_subordinadas(api: Api) -> None:
    cpsc = api.novo_processo(inspecao(inscricao="SC-1"))
    em_defesa = api.novo_processo(inspecao(inscricao="SC-2"))
    api.levar_ate(em_defesa, "em_defesa")
    itajai = api.novo_processo(inspecao(inscricao="SC-3"), como="ac.delitajai")
    santos = api.novo_processo(inspecao(inscricao="SP-1"), como="ac.cpsp")

    def prazos(como: str = "ac.cpsc", **params: Any) -> list[tuple[int, str, str]]:
        r = api.get("/prazos", como=como, **params)
        assert r.status_code == 200, r.text
        return [(x["processo"]["id"], x["etapa"], x["vencimento"]) for x in r.json()]

    marco = {"de": "2026-03-01", "ate": "2026-03-31"}
    assert prazos(**marco) == [
        (cpsc, "comparecimento", "2026-03-12"),
        (itajai, "comparecimento", "2026-03-12"),
    ]
    assert prazos(**marco, om="DELITAJAI") == [(itajai, "comparecimento", "2026-03-12")]
    assert prazos(**marco, om="CPSC", abertos="false") == [
        (cpsc, "comparecimento", "2026-03-12"),
        (em_defesa, "comparecimento", "2026-03-12"),
        (itajai, "comparecimento", "2026-03-12"),
    ]
    assert prazos(de="2026-04-01", ate="2026-04-30") == [(em_defesa, "defesa", "2026-04-07")]
    assert prazos(de="2026-03-13", ate="2026-04-06") == []
    assert prazos(como="ac.cpsp", **marco) == [(santos, "comparecimento", "2026-03-12")]
    assert prazos(como="ac.delitajai", **marco) == [(itajai, "comparecimento", "2026-03-12")]

    r = api.get("/prazos", como="ac.cpsp", om="CPSC", **marco)
    assert r.status_code == 404
    r = api.get("/prazos", de="2026-03-31", ate="2026-03-01")
    assert (r.status_code, r.json()["campo"]) == (422, "ate")
    r = api.get("/prazos", de="31/03/2026", ate="2026-04-01")
    assert (r.status_code, r.json()["campo"]) == (422, "de")


def test_ato_fora_do_prazo_e_aceito_marcado_intempestivo_e_o_prazo_fica_descumprido(
    api: Api,
) -> None:
    pid = api.novo_processo()
    api.levar_ate(pid, "decisao_notificada")  # recurso até 23/04/2026 (20/04 ponto facultativo)
    r = api.ato_ok(pid, "recurso", "2026-04-24", {"texto": "Recurso tardio."})
    assert (r["ato"]["intempestivo"], r["ato"]["sinalizadores"]) == (True, ["intempestivo"])
    p = api.processo(pid)
    assert p["atos"][-1]["intempestivo"] is True
    recurso = _prazo(p, "recurso")
    assert (recurso["encerrado_em"], recurso["cumprido"]) == ("2026-04-24", False)


def test_julgamento_depois_dos_30_dias_e_sinalizado_prazo_extrapolado(api: Api) -> None:
    pid = api.novo_processo()
    api.levar_ate(pid, "aguardando_julgamento")  # julgamento até 07/05/2026
    r = api.ato_ok(
        pid,
        "julgamento_improcedente",
        "2026-05-08",
        {"fundamentacao": "Decisão motivada, fora do prazo."},
    )
    assert r["ato"]["sinalizadores"] == ["prazo_extrapolado"]
    assert r["ato"]["intempestivo"] is False  # o prazo é da Administração: sinaliza, não invalida
    assert _prazo(api.processo(pid), "julgamento")["cumprido"] is True


def test_prazo_de_pagamento_encerrado_pela_divida_ativa_nao_aparece_como_cumprido(api: Api) -> None:
    pid = api.novo_processo()
    api.levar_ate(pid, "decisao_notificada")
    api.ato_ok(pid, "inscricao_divida_ativa", "2026-04-30")
    pagamento = _prazo(api.processo(pid), "pagamento")
    assert pagamento["encerrado_em"] == "2026-04-30"
    assert pagamento["cumprido"] is False, "multa não paga e prazo de pagamento 'cumprido'"


def test_prazo_de_defesa_encerrado_pela_revelia_nao_aparece_como_cumprido(api: Api) -> None:
    pid = api.novo_processo()
    api.levar_ate(pid, "em_defesa")
    api.ato_ok(pid, "revelia", "2026-04-08")
    assert _prazo(api.processo(pid), "defesa")["cumprido"] is False, (
        "revel e prazo de defesa 'cumprido'"
    )


def test_levantamento_do_sobrestamento_reinicia_o_prazo_de_julgamento_na_data_do_levantamento(
    api: Api,
) -> None:
    pid = api.novo_processo()
    api.levar_ate(pid, "aguardando_julgamento")  # julgamento até 07/05/2026
    api.ato_ok(pid, "sobrestamento", "2026-03-25", {"inquerito": "IAFN nº 14/2026"})
    api.ato_ok(pid, "levantamento_sobrestamento", "2026-07-01",
               {"numero": "Acórdão TM nº 8/2026", "publicado_em": "2026-06-26"})  # fmt: skip
    julgamento = api.processo(pid)["prazos"][-1]
    assert (julgamento["etapa"], julgamento["aberto"]) == ("julgamento", True)
    assert (julgamento["inicio"], julgamento["vencimento"]) == ("2026-07-01", "2026-07-31")


def test_recebimento_dos_autos_pelo_capitao_dos_portos_recomeca_os_30_dias_da_decisao(
    api: Api,
) -> None:
    """Lei 9.784/1999 art. 59 § 1º: o recurso se decide em trinta dias "a partir do
    recebimento dos autos pelo órgão competente"; ele se apresenta à autoridade que decidiu,
    que o encaminha (Norma de 2023 item 3.6.4 c). Até o registro, o prazo conta da
    interposição (16/04/2026 → 16/05, sábado → 18/05); recebidos os autos em 24/04, de 24/04:
    24/05 (domingo) → 25/05/2026."""
    pid = api.novo_processo()
    api.levar_ate(pid, "em_recurso")
    decisao = [x for x in api.processo(pid)["prazos"] if x["etapa"] == "decisao_recurso"][-1]
    assert (decisao["inicio"], decisao["vencimento"]) == ("2026-04-16", "2026-05-18")
    # quem registra é o Capitão dos Portos, que recebe os autos; a Autoridade Competente, não
    r = api.ato(pid, "recebimento_autos_recurso", "2026-04-24", {}, como="ac.cpsc")
    assert r.status_code == 409 and r.json()["campo"] == "papel", r.text
    api.ato_ok(pid, "recebimento_autos_recurso", "2026-04-24", {"documento": "Ofício 12/2026"},
               como="cp.cpsc")  # fmt: skip
    p = api.processo(pid)
    assert p["estado"] == "em_recurso"
    decisoes = [x for x in p["prazos"] if x["etapa"] == "decisao_recurso"]
    assert [(x["inicio"], x["vencimento"], x["aberto"]) for x in decisoes] == [
        ("2026-04-16", "2026-05-18", False),
        ("2026-04-24", "2026-05-25", True),
    ]
    r = api.ato(pid, "recebimento_autos_recurso", "2026-04-27", {}, como="cp.cpsc")
    assert r.status_code == 409 and "já foram recebidos" in r.json()["mensagem"], r.text
    api.entrar_na_web("cp.cpsc")
    pagina = api.cliente.get(f"/processos/{pid}").text
    linha = re.search(
        r'<li id="ato-\d+" data-tipo="recebimento_autos_recurso">(.*?)</li>', pagina, re.S
    )
    assert linha and "Documento: Ofício 12/2026" in linha.group(1)


def _corrigir(api: Api, pid: int, ato_id: int, data: str, como: str) -> Any:
    return api.ato(pid, "correcao", "2026-05-26",
                   {"motivo": "Data registrada errada", "dados_corrigidos": {"data_ato": data}},
                   como=como, corrige_ato_id=ato_id)  # fmt: skip


def test_correcoes_seguidas_da_data_do_recebimento_nao_escapam_da_conferencia(api: Api) -> None:
    """A decisão em 25/05 foi no prazo contado do recebimento (24/04 → 25/05). Contado de 22/04,
    teria vencido em 22/05: a correção é recusada (Lei 9.784/1999 art. 55). A de 25/04 não muda
    o vencimento (25/05) e passa; a seguinte, de novo para 22/04, também é recusada (antes
    passava: o prazo encerrado ainda contava de 24/04 e a conferência só via a data de hoje)."""
    pid = api.novo_processo()
    api.levar_ate(pid, "em_recurso")
    r = api.ato_ok(pid, "recebimento_autos_recurso", "2026-04-24", {}, como="cp.cpsc")
    recebimento = r["ato"]["id"]
    api.ato_ok(pid, "decisao_recurso_nao_provido", "2026-05-25",
               {"fundamentacao": "Mantida a decisão."}, como="cp.cpsc")  # fmt: skip
    assert _corrigir(api, pid, recebimento, "2026-04-22", "cp.cpsc").status_code == 409
    assert _corrigir(api, pid, recebimento, "2026-04-25", "cp.cpsc").status_code == 201
    # a linha do tempo diz o que a correção corrigiu (o ato e a data nova), não só o motivo
    api.entrar_na_web("cp.cpsc")
    pagina = api.cliente.get(f"/processos/{pid}").text
    linha = re.search(r'<li id="ato-\d+" data-tipo="correcao">(.*?)</li>', pagina, re.S)
    assert linha, pagina
    texto = " ".join(re.sub(r"<[^>]+>", " ", linha.group(1)).split())
    assert "Recebimento dos autos do recurso pelo Capitão dos Portos" in texto
    assert "data do ato passa a 25/04/2026" in texto
    r = _corrigir(api, pid, recebimento, "2026-04-22", "cp.cpsc")
    assert r.status_code == 409, r.text
    assert "a correção mudaria o que o ato que o encerrou decidiu" in r.json()["mensagem"]


def test_a_data_do_recurso_se_corrige_depois_do_recebimento_dos_autos(api: Api) -> None:
    """O prazo de decisão aberto na interposição foi só substituído pelo do recebimento: o
    recebimento não decidiu nada pelo vencimento dele, e a data do recurso (a tempestividade
    do recorrente) continua corrigível."""
    pid = api.novo_processo()
    p = api.levar_ate(pid, "em_recurso")
    recurso = next(a for a in p["atos"] if a["tipo"] == "recurso")
    api.ato_ok(pid, "recebimento_autos_recurso", "2026-04-24", {}, como="cp.cpsc")
    r = _corrigir(api, pid, recurso["id"], "2026-04-15", "ac.cpsc")
    assert r.status_code == 201, r.text
    vigente = [x for x in api.processo(pid)["prazos"] if x["etapa"] == "decisao_recurso"][-1]
    assert (vigente["inicio"], vigente["aberto"]) == ("2026-04-24", True)


def test_correcao_da_data_do_recebimento_move_o_encerramento_do_prazo_que_ele_substituiu(
    api: Api,
) -> None:
    """O recebimento dos autos (24/04) encerrou o prazo de decisão aberto na interposição
    (16/04) e abriu o seu. Corrigida a data do recebimento para 25/04, o prazo dele se reconta
    de 25/04 (24/05, domingo → 25/05) e o substituído se encerra em 25/04, a data que o ato que
    o encerrou passou a ter. Antes, ficava encerrado em 24/04: entre 24 e 25/04 o processo não
    tinha prazo de decisão em curso, e a página dizia um encerramento por um ato de 25/04 na
    véspera dele (a correção é ato novo que aponta o corrigido; Lei 9.784/1999 art. 55)."""
    pid = api.novo_processo()
    api.levar_ate(pid, "em_recurso")
    r = api.ato_ok(pid, "recebimento_autos_recurso", "2026-04-24", {}, como="cp.cpsc")
    recebimento = r["ato"]["id"]
    r = _corrigir(api, pid, recebimento, "2026-04-25", "cp.cpsc")
    assert r.status_code == 201, r.text
    decisoes = [x for x in api.processo(pid)["prazos"] if x["etapa"] == "decisao_recurso"]
    assert [(x["inicio"], x["vencimento"], x["encerrado_em"]) for x in decisoes] == [
        ("2026-04-16", "2026-05-18", "2026-04-25"),
        ("2026-04-25", "2026-05-25", None),
    ]
    assert decisoes[0]["cumprido"] is False  # substituído, não cumprido


def test_correcao_que_leva_a_defesa_para_depois_do_prazo_a_marca_intempestiva(api: Api) -> None:
    """A defesa registrada em 20/03 cumpriu o prazo (ciência em 16/03, até 07/04). Corrigida a
    data dela para 08/04, a defesa foi apresentada fora do prazo: a correção era aceita e o
    prazo seguia "cumprido em 20/03", sem sinal nenhum. Agora o prazo não está cumprido, se
    encerra em 08/04, e a correção leva o sinal de intempestivo que o registro da defesa
    naquela data levaria; a decisão sobre ela fica com a autoridade (Lei 9.784/1999 art. 63)."""
    pid = api.novo_processo()
    api.levar_ate(pid, "aguardando_julgamento")
    defesa = _prazo(api.processo(pid), "defesa")
    assert (defesa["vencimento"], defesa["cumprido"]) == ("2026-04-07", True)
    defesa_id = next(a["id"] for a in api.processo(pid)["atos"] if a["tipo"] == "defesa")
    r = api.ato(pid, "correcao", "2026-04-09",
                {"motivo": "A defesa foi protocolada em 08/04", "dados_corrigidos": {"data_ato": "2026-04-08"}},
                corrige_ato_id=defesa_id)  # fmt: skip
    assert r.status_code == 201, r.text
    assert r.json()["ato"]["intempestivo"] is True
    assert r.json()["ato"]["sinalizadores"] == ["intempestivo"]
    defesa = _prazo(api.processo(pid), "defesa")
    assert (defesa["encerrado_em"], defesa["cumprido"]) == ("2026-04-08", False)
    # corrigida de novo para 06/04 (a data certa era essa), o prazo volta a estar cumprido
    r = api.ato(pid, "correcao", "2026-04-09",
                {"motivo": "Protocolo de 06/04", "dados_corrigidos": {"data_ato": "2026-04-06"}},
                corrige_ato_id=defesa_id)  # fmt: skip
    assert r.status_code == 201, r.text
    assert r.json()["ato"]["intempestivo"] is False
    defesa = _prazo(api.processo(pid), "defesa")
    assert (defesa["encerrado_em"], defesa["cumprido"]) == ("2026-04-06", True)
    # a correção para uma data ainda no prazo não muda nada disso
    outro = api.novo_processo(inspecao(inscricao="SC-3"))
    api.levar_ate(outro, "aguardando_julgamento")
    defesa_id = next(a["id"] for a in api.processo(outro)["atos"] if a["tipo"] == "defesa")
    r = api.ato(outro, "correcao", "2026-04-09",
                {"motivo": "Dia errado", "dados_corrigidos": {"data_ato": "2026-04-07"}},
                corrige_ato_id=defesa_id)  # fmt: skip
    assert r.status_code == 201, r.text
    assert r.json()["ato"]["intempestivo"] is False
    assert _prazo(api.processo(outro), "defesa")["cumprido"] is True


def _fechar(api: Api, sigla: str, dia: str) -> list[int]:
    """Registra um dia sem expediente na OM; devolve os processos cujos prazos mudaram."""
    with api.banco.unit_of_work() as s:
        mudaram = registrar_fechamento.na_sessao(
            s, sigla, dt.date.fromisoformat(dia), f"Fechamento de teste da {sigla}"
        )
        return [x.processo_id for x in mudaram]


def test_a_decisao_do_recurso_se_prorroga_pelo_expediente_de_quem_decide(api: Api) -> None:
    """Lei 9.784/1999 art. 66 § 1º: o prazo se prorroga se vence em dia "em que não houver
    expediente" — o da repartição que decide. O recurso da Delegacia (interposto em 16/04/2026)
    é decidido pelo Capitão dos Portos (Norma de 2023 item 3.6.4 a): 30 dias, 16/05 (sábado) →
    18/05; fechada a CPSC em 18/05, vence em 19/05; fechada só a Delegacia, não muda. O recurso
    em última instância (08/05) é do DPC (item 3.6.5): 07/06 (domingo) → 08/06; fechado o DPC
    em 08/06, 09/06; fechada a CPSC, não muda."""
    pid = api.novo_processo(inspecao(inscricao="SC-9"), como="ac.delitajai")
    api.levar_ate(pid, "em_recurso", como="ac.delitajai")
    decisao = _prazo(api.processo(pid, como="cp.cpsc"), "decisao_recurso")
    assert (decisao["vencimento"], decisao["expediente"]["om"]) == ("2026-05-18", "CPSC")
    assert decisao["expediente"]["fundamento"] == "Lei 9.784/1999 art. 66 §1º"
    # o dia sem expediente da Delegacia não prorroga a decisão da Capitania
    assert _fechar(api, "DELITAJAI", "2026-05-18") == []
    assert _prazo(api.processo(pid, como="cp.cpsc"), "decisao_recurso")["vencimento"] == (
        "2026-05-18"
    )
    assert _fechar(api, "CPSC", "2026-05-18") == [pid]
    decisao = _prazo(api.processo(pid, como="cp.cpsc"), "decisao_recurso")
    assert decisao["vencimento"] == "2026-05-19"
    assert ("2026-05-18", "Fechamento de teste da CPSC") in _pulados(decisao)
    # o recebimento dos autos (17/04) abre o prazo já pelo calendário da CPSC: 17/05 (domingo),
    # 18/05 fechada → 19/05
    api.ato_ok(pid, "recebimento_autos_recurso", "2026-04-17", {}, como="cp.cpsc")
    vigente = [x for x in api.processo(pid, como="cp.cpsc")["prazos"]
               if x["etapa"] == "decisao_recurso"][-1]  # fmt: skip
    assert (vigente["inicio"], vigente["vencimento"]) == ("2026-04-17", "2026-05-19")
    api.entrar_na_web("cp.cpsc")
    pagina = api.cliente.get(f"/processos/{pid}").text
    assert "Prorroga-se pelo expediente da CPSC, que decide o recurso" in pagina
    # o recálculo noturno (`farol prazos recalcular`): um fechamento da CPSC gravado sem
    # recalcular (19/05) adia a decisão no recálculo da CPSC, não no da Delegacia
    with api.banco.unit_of_work() as s:
        cpsc = s.execute(select(OM).where(OM.sigla == "CPSC")).scalar_one()
        s.add(OMFechamento(om_id=cpsc.id, data=dt.date(2026, 5, 19), motivo="Ponto da CPSC"))
    uow = BancoUnitOfWork(api.banco)
    assert recalcular_prazos_abertos(uow, "DELITAJAI").alterados == 0
    r = recalcular_prazos_abertos(uow, "CPSC")
    assert [(x.om, x.alterados) for x in r.por_om] == [("CPSC", 1)]
    vigente = [x for x in api.processo(pid, como="cp.cpsc")["prazos"]
               if x["etapa"] == "decisao_recurso"][-1]  # fmt: skip
    assert vigente["vencimento"] == "2026-05-20"
    assert recalcular_prazos_abertos(uow).alterados == 0

    # o da Capitania: quem decide está na própria OM, nada a dizer
    sede = api.novo_processo(inspecao(inscricao="SC-8"))
    api.levar_ate(sede, "em_recurso_final")
    p = api.processo(sede)
    assert _prazo(p, "decisao_recurso")["expediente"] is None
    final = _prazo(p, "decisao_recurso_final")
    assert (final["vencimento"], final["expediente"]["om"]) == ("2026-06-08", "DPC")
    assert _fechar(api, "CPSC", "2026-06-08") == []
    assert _fechar(api, "DPC", "2026-06-08") == [sede]
    assert _prazo(api.processo(sede), "decisao_recurso_final")["vencimento"] == "2026-06-09"


def test_correcao_da_decisao_para_depois_do_prazo_de_julgamento_nao_a_marca_intempestiva(
    api: Api,
) -> None:
    """O prazo de julgamento é da autoridade: a decisão registrada depois dele leva o sinal
    `prazo_extrapolado` (exige motivação) e o prazo fica cumprido. A correção que levava a data
    da decisão para depois do vencimento dele a marcava "intempestiva" (o sinal do ato do
    interessado fora do prazo, que a consulta pública mostra) e dava o prazo da autoridade por
    não cumprido — o que o registro da decisão naquela data não faria."""
    pid = api.novo_processo()
    api.levar_ate(pid, "julgado_procedente")
    julgamento = _prazo(api.processo(pid), "julgamento")
    assert julgamento["cumprido"] is True
    depois = dt.date.fromisoformat(julgamento["vencimento"]) + dt.timedelta(days=3)
    decisao_id = next(
        a["id"] for a in api.processo(pid)["atos"] if a["tipo"] == "julgamento_procedente"
    )
    r = api.ato(pid, "correcao", (depois + dt.timedelta(days=1)).isoformat(),
                {"motivo": "A decisão foi assinada depois", "dados_corrigidos": {"data_ato": depois.isoformat()}},
                corrige_ato_id=decisao_id)  # fmt: skip
    assert r.status_code == 201, r.text
    assert r.json()["ato"]["intempestivo"] is False
    assert _prazo(api.processo(pid), "julgamento")["cumprido"] is True
    # o sinal que o registro da decisão naquela data levaria (exige motivação): a correção o leva
    assert r.json()["ato"]["sinalizadores"] == ["prazo_extrapolado"]
