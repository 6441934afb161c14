"""Papéis e jurisdição: quem vê quais processos, e quem só lê."""

from __future__ import annotations

import pytest

from farol.domain.procedimento.carregar import carregar_regime
from farol.store.orm import Ato, Inspecao

from .conftest import CPF_DONO, ROTEIRO, USUARIOS, Api, inspecao

VISIVEIS = {
    "inspetor.cpsc": {"CPSC", "DELITAJAI"},
    "ac.cpsc": {"CPSC", "DELITAJAI"},
    "cp.cpsc": {"CPSC", "DELITAJAI"},
    "auditor.cpsc": {"CPSC", "DELITAJAI"},
    "consulta.cpsc": {"CPSC", "DELITAJAI"},
    "ac.delitajai": {"DELITAJAI"},
    "ac.cpsp": {"CPSP"},
    "dpc": {"CPSC", "DELITAJAI", "CPSP"},
}
SO_LEITURA = ("auditor.cpsc", "consulta.cpsc")


@pytest.fixture
def um_por_om(api: Api) -> dict[str, int]:
    """Um processo em cada OM que inspeciona: CPSC, DELITAJAI (subordinada à CPSC) e CPSP."""
    return {
        "CPSC": api.novo_processo(inspecao(inscricao="SC-1"), como="inspetor.cpsc"),
        "DELITAJAI": api.novo_processo(inspecao(inscricao="SC-2"), como="ac.delitajai"),
        "CPSP": api.novo_processo(inspecao(inscricao="SP-1"), como="ac.cpsp"),
    }


def test_a_matriz_cobre_todos_os_usuarios_semeados() -> None:
    assert set(VISIVEIS) == set(USUARIOS)


@pytest.mark.parametrize("login", sorted(VISIVEIS))
def test_cada_usuario_ve_so_os_processos_da_sua_om_e_das_subordinadas(
    api: Api, um_por_om: dict[str, int], login: str
) -> None:
    lista = api.get("/processos", como=login).json()
    assert {p["om"]["sigla"] for p in lista} == VISIVEIS[login]
    assert {p["id"] for p in lista} == {um_por_om[om] for om in VISIVEIS[login]}
    for om, pid in um_por_om.items():
        r = api.get(f"/processos/{pid}", como=login)
        assert r.status_code == (200 if om in VISIVEIS[login] else 404), (login, om)


def test_o_numero_do_processo_leva_a_sigla_da_om_que_inspecionou(
    api: Api, um_por_om: dict[str, int]
) -> None:
    numeros = {om: api.processo(pid, como="dpc")["numero"] for om, pid in um_por_om.items()}
    assert numeros == {
        "CPSC": "2026/CPSC/000001",
        "DELITAJAI": "2026/DELITAJAI/000001",
        "CPSP": "2026/CPSP/000001",
    }


def test_a_capitania_age_nos_processos_da_delegacia_subordinada_e_a_delegacia_nao_nos_dela(
    api: Api, um_por_om: dict[str, int]
) -> None:
    """O inspetor da Capitania colhe os esclarecimentos no processo da Delegacia; a Autoridade
    Competente da sede não trata os autos da Delegacia, que são do Delegado (Norma de 2023,
    item 3.5 a I): 403 com o porquê, e nenhum ato oferecido; o Capitão dos Portos decide os
    recursos dela (item 3.5 a II)."""
    delegacia = um_por_om["DELITAJAI"]
    r = api.ato(delegacia, "esclarecimentos_prestados", "2026-03-05", {"texto": "x"},
                como="ac.cpsc")  # fmt: skip
    assert r.status_code == 403, r.text
    erro = r.json()
    assert "da DELITAJAI" in erro["mensagem"] and "Autoridade Competente" in erro["mensagem"]
    assert erro["regra"] == "NORMAM (Port. 110/2023) item 3.5 a I"
    assert api.processo(delegacia, como="ac.cpsc")["atos_permitidos"] == []
    assert api.get(f"/processos/{delegacia}/atos-possiveis", como="ac.cpsc").json() == []
    api.entrar_na_web("ac.cpsc")
    pagina = api.cliente.get(f"/processos/{delegacia}").text
    assert 'id="outra-autoridade"' in pagina and "da DELITAJAI" in pagina
    r = api.ato(delegacia, "esclarecimentos_prestados", "2026-03-05", {"texto": "x"},
                como="inspetor.cpsc")  # fmt: skip
    assert r.status_code == 201, r.text
    # o Capitão dos Portos não pratica na Delegacia os atos do Delegado (item 3.5 a I): nem a
    # lavratura, nem o sobrestamento; nenhum deles lhe é oferecido
    assert api.get(f"/processos/{delegacia}/atos-possiveis", como="cp.cpsc").json() == []
    r = api.ato(delegacia, "lavratura_auto", "2026-03-13", ROTEIRO[0][2], como="cp.cpsc")
    assert r.status_code == 403 and r.json()["campo"] == "tipo", r.text
    assert "registra nele só os atos que a Autoridade Competente não registra" in r.text
    assert "NORMAM (Port. 110/2023) item 3.5 a I" in r.json()["regra"]
    for tipo, data, dados, _ in ROTEIRO[:6]:  # até o recurso, pelo Delegado
        if tipo != "esclarecimentos_prestados":
            api.ato_ok(delegacia, tipo, data, dados, como="ac.delitajai")
    assert api.processo(delegacia, como="cp.cpsc")["estado"] == "em_recurso"
    # no recurso, sim: oferecidos a ele os atos do recurso (a decisão, o recebimento dos autos)
    oferecidos = {
        t["tipo"] for t in api.get(f"/processos/{delegacia}/atos-possiveis", como="cp.cpsc").json()
    }
    assert {"decisao_recurso_nao_provido", "recebimento_autos_recurso"} <= oferecidos
    assert "pagamento" not in oferecidos
    r = api.ato(delegacia, "decisao_recurso_nao_provido", "2026-04-30",
                {"fundamentacao": "As razões do recurso não afastam a infração."},
                como="cp.cpsc")  # fmt: skip
    assert r.status_code == 201, r.text
    # corrige a sua decisão; não a lavratura do Delegado
    oferecidos = api.get(f"/processos/{delegacia}/atos-possiveis", como="cp.cpsc").json()
    assert "correcao" in {t["tipo"] for t in oferecidos}
    lavratura = next(a for a in api.processo(delegacia)["atos"] if a["tipo"] == "lavratura_auto")
    r = api.ato(delegacia, "correcao", "2026-04-30", {"motivo": "Número do auto errado."},
                como="cp.cpsc", corrige_ato_id=lavratura["id"])  # fmt: skip
    assert r.status_code == 403, r.text

    r = api.ato(
        um_por_om["CPSC"],
        "esclarecimentos_prestados",
        "2026-03-05",
        {"texto": "x"},
        como="ac.delitajai",
    )
    assert r.status_code == 404
    r = api.ato(
        delegacia,
        "esclarecimentos_prestados",
        "2026-03-05",
        {"texto": "x"},
        como="ac.cpsp",
    )
    assert r.status_code == 404


@pytest.mark.parametrize("login", SO_LEITURA)
def test_auditor_e_consulta_leem_mas_todo_ato_que_tentam_e_recusado(api: Api, login: str) -> None:
    pid = api.novo_processo()
    antes = api.processo(pid, como=login)
    assert antes["atos_permitidos"] == []
    assert api.processo(pid, como="ac.cpsc")["atos_permitidos"] != []

    tipos = sorted({t.tipo_ato for t in carregar_regime("lesta").transicoes})
    notificacao = antes["atos"][0]["id"]
    for tipo in tipos:
        extra = {"corrige_ato_id": notificacao} if tipo == "correcao" else {}
        r = api.ato(pid, tipo, "2026-03-13", {}, como=login, **extra)
        assert r.status_code == 409, (tipo, r.text)
    r = api.post("/inspecoes", inspecao(inscricao="SC-9"), como=login)
    assert r.status_code == 409
    assert api.contar(Inspecao) == 1
    assert api.contar(Ato) == 1
    assert api.processo(pid, como=login) == antes


def test_auditor_le_as_consultas_da_om(api: Api) -> None:
    pid = api.novo_processo()
    api.levar_ate(pid, "decisao_notificada")
    for rota, params in [
        ("/divida-ativa", {"hoje": "2026-05-05"}),
        ("/multas-vencidas", {"hoje": "2026-05-05"}),
    ]:
        r = api.get(rota, como="auditor.cpsc", **params)
        assert (r.status_code, [x["id"] for x in r.json()]) == (200, [pid])
    # último ato em 14/04/2026: a intercorrente (3 anos parado) vence em 14/04/2029
    r = api.get("/prescricao", como="consulta.cpsc", hoje="2029-04-15", dias=0)
    assert r.status_code == 200
    assert [(x["id"], x["tipo"], x["prescreve_em"], x["prescrito"]) for x in r.json()] == [
        (pid, "intercorrente", "2029-04-14", True)
    ]


def test_situacao_soma_debitos_de_outras_oms_sem_mostrar_os_processos_delas(api: Api) -> None:
    santos = api.novo_processo(inspecao(inscricao="SP-1"), como="ac.cpsp")
    for tipo, data, dados, _ in ROTEIRO[:5]:  # até a ciência da decisão que impôs a multa
        api.ato_ok(santos, tipo, data, dados, como="ac.cpsp")

    daqui = api.get(f"/situacao/{CPF_DONO}", como="ac.cpsc").json()
    assert (daqui["em_debito"], daqui["total_devido"], daqui["debitos"]) == (True, "1000.00", [])
    assert daqui["debitos_em_outras_oms"] == "1000.00"
    de_la = api.get(f"/situacao/{CPF_DONO}", como="ac.cpsp").json()
    assert [(d["id"], d["saldo"], d["vencimento"]) for d in de_la["debitos"]] == [
        (santos, "1000.00", "2026-04-29")
    ]
    assert de_la["debitos_em_outras_oms"] == "0.00"


def test_situacao_aceita_cnpj_formatado_com_barra(api: Api) -> None:
    api.novo_processo(inspecao(proprietario="11.222.333/0001-81"))
    for doc in ("11.222.333/0001-81", "11222333000181"):
        r = api.get(f"/situacao/{doc}")
        assert r.status_code == 200, doc
        assert (r.json()["documento"], r.json()["nome"]) == ("11.222.333/0001-81", "João Dono")
    r = api.get("/situacao/529.982.247-26")
    assert (r.status_code, r.json()["campo"]) == (422, "documento")


def test_situacao_de_documento_com_letras_cita_o_digitado_sem_as_aspas_do_python(api: Api) -> None:
    """Antes: "'52998224X25' não é um CPF nem um CNPJ" (o `repr` do Python)."""
    r = api.get("/situacao/52998224X25")
    assert (r.status_code, r.json()["campo"]) == (422, "documento")
    assert r.json()["mensagem"] == (
        "“52998224X25” não é um CPF nem um CNPJ: use só dígitos, pontos, barra e traço"
    )
    r = api.get("/situacao/5299822472")
    assert r.json()["mensagem"] == (
        "o documento é CPF (11 dígitos) ou CNPJ (14 dígitos), e o informado tem 10 dígitos"
    )


def test_a_apreensao_da_delegacia_se_recolhe_a_custodia_da_delegacia(api: Api) -> None:
    """A custódia é ato sobre a medida administrativa: na área da Delegacia, do Delegado (Norma
    de 2023 item 3.5 a I). A Autoridade Competente da sede abria a custódia na CPSC, tirando a
    apreensão do Delegado; agora 403, e o formulário não aparece. O inspetor da Capitania que
    recolhe a apreensão da Delegacia abre a custódia na Delegacia."""
    corpo = inspecao(constatacoes=[{"infracao": "RLESTA.16.I"}], inscricao="SC-7", condutor=None)
    pid = api.inspecionar(corpo, como="ac.delitajai")["processos"][0]["id"]
    medida = next(
        m for m in api.processo(pid, como="ac.delitajai")["medidas"]
        if m["tipo"] == "apreensao_embarcacao"
    )  # fmt: skip
    recolhimento = {
        "data_ato": "2026-03-02",
        "recolhimento": {
            "medida_id": medida["id"],
            "local_guarda": "Pátio da DELITAJAI",
            "estado_na_chegada": "Casco íntegro, sem avarias aparentes.",
        },
    }
    r = api.post("/custodias", recolhimento, como="ac.cpsc")
    assert r.status_code == 403, r.text
    api.entrar_na_web("ac.cpsc")
    assert (
        f'action="/processos/{pid}/recolhimento"' not in api.cliente.get(f"/processos/{pid}").text
    )
    r = api.post("/custodias", recolhimento, como="inspetor.cpsc")
    assert r.status_code == 201, r.text
    assert r.json()["numero"].split("/")[1] == "DELITAJAI"
    assert api.processo(r.json()["id"], como="ac.delitajai")["regime"] == "custodia"
