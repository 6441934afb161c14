"""A busca ignora acentos e maiúsculas, no SQLite e no PostgreSQL (a mesma coluna `nome_busca`
nos dois), na API, na página e na sugestão de embarcações da nova inspeção; o catálogo acha as
infrações por palavras do dia a dia e pelo artigo."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import select

from farol.store.orm import Pessoa

from .conftest import BEM_ACHADO, Api, cpf, inspecao

CPF_MARCIO = cpf(123456780)
CPF_JOANA = cpf(234567891)


def _numeros(api: Api, termo: str, como: str = "ac.cpsc") -> set[str]:
    r = api.get("/busca", como=como, q=termo)
    assert r.status_code == 200, r.text
    return {p["numero"] for p in r.json()["processos"]}


@pytest.fixture
def processos(api: Api) -> dict[str, str]:
    """Dois processos: o de Márcio Guimarães (na Maré Mansa) e o de Joana Souza (na Gaivota)."""
    numeros = {}
    for chave, documento, nome, barco, inscricao in (
        ("marcio", CPF_MARCIO, "Márcio Guimarães", "Maré Mansa", "401M2026101"),
        ("joana", CPF_JOANA, "Joana Souza", "Gaivota", "401M2026102"),
    ):
        corpo = inspecao(proprietario=documento, condutor=None, inscricao=inscricao)
        corpo["proprietario"]["nome"] = nome
        corpo["embarcacao"]["nome"] = barco
        (p,) = api.inspecionar(corpo)["processos"]
        numeros[chave] = p["numero"]
    return numeros


@pytest.mark.parametrize(
    "termo", ["Marcio", "MARCIO", "márcio", "MÁRCIO", "marcio guimaraes", "GUIMARÃES márcio"]
)
def test_nome_do_autuado_sem_acento_nem_caixa(
    api: Api, processos: dict[str, str], termo: str
) -> None:
    assert _numeros(api, termo) == {processos["marcio"]}


@pytest.mark.parametrize("termo", ["mare mansa", "MARE", "Maré", "marcio mare"])
def test_nome_da_embarcacao_sem_acento_e_palavras_de_campos_diferentes(
    api: Api, processos: dict[str, str], termo: str
) -> None:
    assert _numeros(api, termo) == {processos["marcio"]}


def test_palavra_que_nao_esta_em_nenhum_campo_nao_acha_nada(
    api: Api, processos: dict[str, str]
) -> None:
    assert _numeros(api, "marcio souza") == set()
    assert _numeros(api, "joana") == {processos["joana"]}


def test_outra_jurisdicao_nao_ve_o_processo(api: Api, processos: dict[str, str]) -> None:
    assert _numeros(api, "marcio", como="ac.cpsp") == set()


def test_termo_curto_e_recusado_com_o_campo(api: Api) -> None:
    r = api.get("/busca", q="M")
    assert r.status_code == 422
    assert "2 caracteres" in r.text and "q" in r.text


def test_a_pagina_de_busca_da_a_mesma_resposta(api: Api, processos: dict[str, str]) -> None:
    api.entrar_na_web("ac.cpsc")
    pagina = api.cliente.get("/busca", params={"q": "MARCIO"}).text
    assert processos["marcio"] in pagina and processos["joana"] not in pagina


def test_sugestao_de_embarcacao_da_nova_inspecao_ignora_acentos(
    api: Api, processos: dict[str, str]
) -> None:
    """A busca do cadastro que levou a cadastros duplicados ("mare mansa" não achava)."""
    api.entrar_na_web("inspetor.cpsc")
    r = api.cliente.get("/inspecoes/embarcacoes", params={"q": "mare mansa"})
    assert r.status_code == 200
    assert [e["nome"] for e in r.json()] == ["Maré Mansa"]


def test_nome_corrigido_pelo_orm_e_buscado_pelo_nome_novo(
    api: Api, processos: dict[str, str]
) -> None:
    with api.banco.unit_of_work() as s:
        joana = s.execute(select(Pessoa).where(Pessoa.nome == "Joana Souza")).scalar_one()
        joana.nome = "Núbia Souza"
    assert _numeros(api, "NUBIA") == {processos["joana"]}
    assert _numeros(api, "joana") == set()


def _codigos(api: Api, busca: str) -> list[str]:
    r = api.get("/infracoes", busca=busca)
    assert r.status_code == 200, r.text
    return [i["codigo"] for i in r.json()]


DOTACAO = ["RLESTA.15.I", "RLESTA.15.II", "RLESTA.15.III"]


@pytest.mark.parametrize(
    ("busca", "esperado"),
    [
        ("colete", DOTACAO),
        ("COLETES", DOTACAO),
        ("salva-vidas", DOTACAO),
        ("art. 15", DOTACAO),
        ("artigo 15", DOTACAO),
        ("Art 15", DOTACAO),
        ("15", DOTACAO),
        ("art. 15, II", ["RLESTA.15.II"]),
        ("RLESTA.15.III", ["RLESTA.15.III"]),
        ("art. 4º-A", ["LESTA.4-A"]),
        ("art. 99", []),
        ("embriaguez", ["RLESTA.23.I"]),
        ("bebida", ["RLESTA.23.I"]),
    ],
)
def test_catalogo_por_palavra_do_dia_a_dia_e_por_artigo(
    api: Api, busca: str, esperado: list[str]
) -> None:
    assert _codigos(api, busca) == esperado


def test_extintor_acha_a_dotacao_e_o_combate_a_incendio(api: Api) -> None:
    assert _codigos(api, "EXTINTOR") == [*DOTACAO, "RLESTA.21.II"]


def test_habilitacao_acha_as_infracoes_de_habilitacao_e_nao_todas_as_com_suspensao(
    api: Api,
) -> None:
    achadas: list[Any] = _codigos(api, "HABILITAÇÃO")
    assert achadas == _codigos(api, "habilitacao")
    assert achadas == ["RLESTA.11", "RLESTA.12.I", "RLESTA.12.II", "RLESTA.12.III"]


def test_interessado_da_custodia_trocado_pela_reclamacao_e_achado_pelo_nome(api: Api) -> None:
    """O bem achado não tem responsável; a reclamação põe o reclamante como interessado, e a
    busca passa a achar o processo pelo nome dele (o texto de busca acompanha, na transação)."""
    r = api.post("/custodias", BEM_ACHADO, como="inspetor.cpsc")
    assert r.status_code == 201, r.text
    pid = r.json()["id"]
    numero = api.processo(pid)["numero"]
    assert numero not in _numeros(api, "Iracema Pescadora")
    api.ato_ok(
        pid,
        "reclamacao_do_bem",
        "2026-03-20",
        {
            "reclamante": {
                "nome": "Iracema Pescadora",
                "documento": "111.444.777-35",
                "endereco": "Rua do Porto, 5, Florianópolis/SC",
            },
            "prova": "Nota fiscal de compra do bote, em nome da reclamante.",
        },
    )
    assert numero in _numeros(api, "IRACEMA pescadora")
