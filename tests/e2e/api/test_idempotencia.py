"""Idempotency-Key: o reenvio do inspetor no mar devolve a primeira resposta e não grava de novo."""

from __future__ import annotations

from farol.store.orm import (
    Ato,
    AutoDeInfracao,
    Idempotencia,
    Inspecao,
    MedidaAdministrativa,
    Notificacao,
    Numeracao,
    Prazo,
    Processo,
)

from .conftest import Api, inspecao, lavratura


def test_mesma_inspecao_reenviada_com_a_mesma_chave_grava_uma_vez_so(api: Api) -> None:
    corpo = inspecao(constatacoes=[{"infracao": "RLESTA.11"}])  # notifica condutor e proprietário
    primeira = api.post("/inspecoes", corpo, como="inspetor.cpsc", chave="insp-0001")
    segunda = api.post("/inspecoes", corpo, como="inspetor.cpsc", chave="insp-0001")
    assert (primeira.status_code, segunda.status_code) == (201, 201)
    assert segunda.json() == primeira.json()
    assert len(primeira.json()["processos"]) == 2

    assert api.contar(Inspecao) == 1
    assert api.contar(Processo) == 2
    assert api.contar(Notificacao) == 2
    assert api.contar(Ato) == 2
    assert api.contar(MedidaAdministrativa) == 2  # retirada de tráfego e apreensão
    assert api.contar(Numeracao, Numeracao.tipo == "processo", Numeracao.ultimo == 2) == 1
    assert api.contar(Idempotencia) == 1

    outra = api.post("/inspecoes", corpo, como="inspetor.cpsc", chave="insp-0002")
    assert outra.status_code == 201
    assert [p["numero"] for p in outra.json()["processos"]] == [
        "2026/CPSC/000003",
        "2026/CPSC/000004",
    ]


def test_mesmo_ato_reenviado_com_a_mesma_chave_grava_uma_vez_so(api: Api) -> None:
    pid = api.novo_processo()
    primeira = api.ato(pid, "lavratura_auto", "2026-03-13", lavratura(), chave="auto-1")
    segunda = api.ato(pid, "lavratura_auto", "2026-03-13", lavratura(), chave="auto-1")
    assert (primeira.status_code, segunda.status_code) == (201, 201)
    assert segunda.json() == primeira.json()
    assert primeira.json()["auto"]["numero"] == "2026/CPSC/000001"

    p = api.processo(pid)
    assert [a["tipo"] for a in p["atos"]] == ["notificacao_comparecimento", "lavratura_auto"]
    assert api.contar(AutoDeInfracao) == 1
    assert api.contar(Ato, Ato.processo_id == pid) == 2

    # sem a chave, o mesmo corpo é outro pedido: agora fora de ordem
    assert api.ato(pid, "lavratura_auto", "2026-03-13", lavratura()).status_code == 409


def test_mesma_chave_em_outra_rota_e_conflito_e_nada_e_gravado(api: Api) -> None:
    pid = api.novo_processo()
    outro = api.novo_processo(inspecao(inscricao="SC-2", proprietario="11.222.333/0001-81"))
    api.ato_ok(pid, "lavratura_auto", "2026-03-13", lavratura(), chave="k-1")
    prazos = api.contar(Prazo)

    r = api.ato(outro, "lavratura_auto", "2026-03-13", lavratura(), chave="k-1")
    assert r.status_code == 409
    assert r.json()["campo"] == "Idempotency-Key"
    assert "já usada em outra requisição" in r.json()["mensagem"]
    r = api.post("/inspecoes", inspecao(inscricao="SC-3"), como="ac.cpsc", chave="k-1")
    assert r.status_code == 409

    assert api.processo(outro)["estado"] == "notificado"
    assert api.contar(AutoDeInfracao) == 1
    assert api.contar(Inspecao) == 2
    assert api.contar(Prazo) == prazos


def test_a_chave_e_de_cada_usuario(api: Api) -> None:
    pid = api.novo_processo()
    api.ato_ok(
        pid,
        "esclarecimentos_prestados",
        "2026-03-05",
        {"texto": "a"},
        como="inspetor.cpsc",
        chave="k",
    )
    r = api.ato(
        pid, "esclarecimentos_prestados", "2026-03-05", {"texto": "b"}, como="ac.cpsc", chave="k"
    )
    assert r.status_code == 201
    assert [a["dados"].get("texto") for a in api.processo(pid)["atos"][1:]] == ["a", "b"]


def test_pedido_recusado_nao_gasta_a_chave_e_o_reenvio_corrigido_e_aceito(api: Api) -> None:
    pid = api.novo_processo()
    r = api.ato(pid, "lavratura_auto", "2027-03-13", lavratura(), chave="k-2")
    assert r.status_code == 422
    assert api.contar(Idempotencia) == 0
    r = api.ato(pid, "lavratura_auto", "2026-03-13", lavratura(), chave="k-2")
    assert r.status_code == 201
    assert api.processo(pid)["estado"] == "autuado"


def test_mesma_chave_com_outro_conteudo_na_mesma_rota_e_conflito(api: Api) -> None:
    corpo = inspecao(constatacoes=[{"infracao": "RLESTA.11"}])
    assert api.post("/inspecoes", corpo, como="inspetor.cpsc", chave="insp-x").status_code == 201
    outro = inspecao(constatacoes=[{"infracao": "RLESTA.16.I"}])
    r = api.post("/inspecoes", outro, como="inspetor.cpsc", chave="insp-x")
    assert r.status_code == 409 and r.json()["campo"] == "Idempotency-Key"
    assert api.contar(Inspecao) == 1
