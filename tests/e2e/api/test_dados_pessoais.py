"""Dados pessoais por necessidade (issue 14, ponto 8; revisão de 30/11/2026, achado F11).

Antes, `GET /situacao/{cpf}` dava o nome da pessoa a qualquer papel de qualquer OM, sem
limite: o papel consulta da CPSC lia o nome de quem só tem processo na CPSP, e quem tivesse
login varria os CPFs do banco. Agora:

- só os papéis com a permissão `ve_dados_pessoais` (normas/dados/papeis.yaml) veem os dados
  completos (o nome e os débitos de todas as OMs); os outros, só a própria jurisdição;
- cada leitura dos dados completos fica no registro de acesso a dados pessoais, que o auditor
  (permissão `audita_acessos`) consulta na API e na página /acessos; os outros papéis, 403;
- cada usuário faz no máximo 60 consultas por hora (429 com `Retry-After`).
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest
from sqlalchemy import select

from farol.domain.papeis import AUDITA_ACESSOS, VE_DADOS_PESSOAIS, papeis_com
from farol.relogio import hoje
from farol.services import usuarios
from farol.store.orm import OM, AcessoDadoPessoal

from .conftest import CPF_DONO, ROTEIRO, SENHA, Api, cpf, inspecao

REGISTRO = "/acessos-a-dados-pessoais"


@pytest.fixture
def multa_em_santos(api: Api) -> int:
    """Um processo só na CPSP, com multa de R$ 1.000,00 já notificada, do CPF_DONO."""
    pid = api.novo_processo(inspecao(inscricao="SP-1"), como="ac.cpsp")
    for tipo, data, dados, _ in ROTEIRO[:5]:
        api.ato_ok(pid, tipo, data, dados, como="ac.cpsp")
    return pid


def _registro(api: Api, como: str = "auditor.cpsc", **filtros: Any) -> list[dict[str, Any]]:
    r = api.get(REGISTRO, como=como, **filtros)
    assert r.status_code == 200, r.text
    return list(r.json())


def test_as_permissoes_vem_dos_dados_dos_papeis() -> None:
    assert papeis_com(VE_DADOS_PESSOAIS) == (
        "inspetor",
        "autoridade_competente",
        "capitao_dos_portos",
        "dpc",
    )
    assert papeis_com(AUDITA_ACESSOS) == ("auditor",)


def test_papel_consulta_de_outra_om_nao_ve_o_nome_nem_os_debitos_de_la(
    api: Api, multa_em_santos: int
) -> None:
    for login in ("consulta.cpsc", "auditor.cpsc"):
        r = api.get(f"/situacao/{CPF_DONO}", como=login).json()
        assert (r["nome"], r["abrangencia"], r["em_debito"], r["total_devido"]) == (
            None,
            "jurisdicao",
            False,
            "0.00",
        ), login
        assert (r["debitos"], r["debitos_em_outras_oms"]) == ([], None)
    completo = api.get(f"/situacao/{CPF_DONO}", como="ac.cpsc").json()
    assert (completo["nome"], completo["abrangencia"], completo["total_devido"]) == (
        "João Dono",
        "nacional",
        "1000.00",
    )
    assert completo["debitos_em_outras_oms"] == "1000.00"
    # na própria jurisdição, o papel consulta vê o débito (não o nome)
    de_la = api.get(f"/situacao/{CPF_DONO}", como="ac.cpsp").json()
    assert [d["id"] for d in de_la["debitos"]] == [multa_em_santos]


def test_cada_leitura_dos_dados_completos_fica_no_registro_e_o_auditor_a_ve(
    api: Api, multa_em_santos: int
) -> None:
    desconhecido = cpf(123456789)
    assert api.get(f"/situacao/{CPF_DONO}", como="ac.cpsc").status_code == 200
    assert api.get(f"/situacao/{desconhecido}", como="inspetor.cpsc").status_code == 200
    assert api.get(f"/situacao/{CPF_DONO}", como="consulta.cpsc").status_code == 200  # sem nome
    assert api.get(f"/situacao/{CPF_DONO}", como="ac.cpsp").status_code == 200  # outra OM
    assert api.contar(AcessoDadoPessoal) == 3

    lidos = _registro(api)
    assert [
        (x["login"], x["papel"], x["om"], x["documento"], x["pessoa_cadastrada"]) for x in lidos
    ] == [
        ("inspetor.cpsc", "inspetor", "CPSC", desconhecido, False),
        ("ac.cpsc", "autoridade_competente", "CPSC", CPF_DONO, True),
    ]
    assert {x["consulta"] for x in lidos} == {"situacao"}
    assert [x["login"] for x in _registro(api, documento=CPF_DONO)] == ["ac.cpsc"]
    d = hoje().isoformat()
    assert len(_registro(api, de=d, ate=d)) == 2
    assert _registro(api, ate="2020-01-01") == []

    # o auditor da CPSP vê só a leitura feita de lá
    with api.banco.unit_of_work() as s:
        cpsp = s.query(OM).filter_by(sigla="CPSP").one()
        usuarios.criar_usuario(
            s, login="auditor.cpsp", nome="Auditor CPSP", senha=SENHA, papel="auditor", om=cpsp
        )
    assert [x["login"] for x in _registro(api, como="auditor.cpsp")] == ["ac.cpsp"]


def test_sugestao_de_embarcacao_so_da_o_proprietario_a_quem_ve_dados_pessoais_e_registra(
    api: Api,
) -> None:
    """Revisão de 05/12: a busca da nova inspeção (`/inspecoes/embarcacoes?q=`) dava o nome e o
    CPF do proprietário de embarcações do país inteiro a qualquer papel, sem registro."""
    api.novo_processo(inspecao(inscricao="SC-77"), como="ac.cpsc")
    api.entrar_na_web("consulta.cpsc")
    r = api.cliente.get("/inspecoes/embarcacoes", params={"q": "SC-77"})
    assert r.status_code == 200 and r.json(), r.text
    assert all(e["proprietario"] is None for e in r.json())
    assert CPF_DONO[:3] not in r.text
    assert api.contar(AcessoDadoPessoal) == 0

    api.entrar_na_web("inspetor.cpsc")
    r = api.cliente.get("/inspecoes/embarcacoes", params={"q": "SC-77"})
    assert [e["proprietario"]["documento"] for e in r.json()] == [CPF_DONO]
    lidos = _registro(api)
    assert [(x["login"], x["documento"], x["consulta"]) for x in lidos] == [
        ("inspetor.cpsc", CPF_DONO, "busca_de_embarcacao")
    ]


def test_a_busca_que_grava_a_leitura_so_atende_a_pagina_do_proprio_farol(api: Api) -> None:
    """Revisão de segurança de 06/12, G: um link ou formulário de outro site, com o cookie da
    sessão (SameSite=Lax), fazia o navegador do inspetor gravar leituras de dados pessoais em
    nome dele. O navegador diz de onde vem o pedido (`Sec-Fetch-Site`)."""
    api.novo_processo(inspecao(inscricao="SC-78"), como="ac.cpsc")
    api.entrar_na_web("inspetor.cpsc")
    for caminho, params in (("/inspecoes/embarcacoes", {"q": "SC-78"}),
                            ("/inspecoes/embarcacao", {"inscricao": "SC-78"})):  # fmt: skip
        for origem in ("cross-site", "same-site"):
            r = api.cliente.get(caminho, params=params, headers={"Sec-Fetch-Site": origem})
            assert r.status_code == 403, r.text
            assert "pedido vindo de outro site recusado" in r.text
        assert api.contar(AcessoDadoPessoal) == 0
    r = api.cliente.get(
        "/inspecoes/embarcacoes", params={"q": "SC-78"}, headers={"Sec-Fetch-Site": "same-origin"}
    )
    assert r.status_code == 200 and r.json()
    assert api.contar(AcessoDadoPessoal) == 1


@pytest.mark.parametrize(
    "login", ["inspetor.cpsc", "ac.cpsc", "cp.cpsc", "consulta.cpsc", "dpc", "ac.cpsp"]
)
def test_outro_papel_nao_ve_o_registro(api: Api, login: str) -> None:
    api.get(f"/situacao/{CPF_DONO}", como="ac.cpsc")
    r = api.get(REGISTRO, como=login)
    assert r.status_code == 403
    assert r.json()["mensagem"].startswith("o registro de acesso a dados pessoais é consultado")


def test_a_pagina_do_registro_e_do_auditor(api: Api) -> None:
    api.get(f"/situacao/{CPF_DONO}", como="ac.cpsc")
    api.entrar_na_web("consulta.cpsc")
    r = api.cliente.get("/acessos")
    # quem consulta, pelo nome do papel; a permissão interna (`audita_acessos`) não aparece
    assert r.status_code == 403 and "é consultado por Auditor" in r.text
    assert "audita_acessos" not in r.text
    assert 'href="/acessos"' not in api.cliente.get("/painel").text
    api.entrar_na_web("auditor.cpsc")
    r = api.cliente.get("/acessos")
    assert r.status_code == 200
    assert re.findall(r'data-login="([^"]+)" data-documento="([^"]+)"', r.text) == [
        ("ac.cpsc", CPF_DONO)
    ]
    assert 'href="/acessos"' in api.cliente.get("/painel").text
    r = api.cliente.get("/acessos", params={"documento": "123"})
    assert r.status_code == 422 and "CPF (11 dígitos) ou CNPJ (14 dígitos)" in r.text


def test_o_periodo_do_registro_aceita_a_data_como_as_paginas_a_mostram(api: Api) -> None:
    """O filtro de datas do registro só aceitava AAAA-MM-DD ("data inválida" para 05/12/2026,
    a data como a página a mostra), e as estatísticas aceitavam as duas: o mesmo leitor."""
    api.get(f"/situacao/{CPF_DONO}", como="ac.cpsc")
    api.entrar_na_web("auditor.cpsc")
    amanha = hoje() + dt.timedelta(days=1)

    def linhas(**filtro: str) -> list[str]:
        r = api.cliente.get("/acessos", params=filtro)
        assert r.status_code == 200, r.text
        return re.findall(r'data-documento="([^"]+)"', r.text)

    assert linhas(de=f"{hoje():%d/%m/%Y}") == [CPF_DONO]
    assert linhas(de=f"{amanha:%d/%m/%Y}") == []
    assert linhas(de=amanha.isoformat()) == []
    # a data digitada volta ao seletor de datas como ele a lê (AAAA-MM-DD)
    r = api.cliente.get("/acessos", params={"ate": f"{hoje():%d/%m/%Y}"})
    assert f'value="{hoje().isoformat()}"' in r.text
    r = api.cliente.get("/acessos", params={"de": "31/02/2026"})
    assert r.status_code == 422 and "data inválida: use DD/MM/AAAA" in r.text


def test_o_limite_de_consultas_da_situacao_da_429_por_usuario(api: Api) -> None:
    for _ in range(60):
        assert api.get(f"/situacao/{CPF_DONO}", como="ac.cpsc").status_code == 200
    r = api.get(f"/situacao/{CPF_DONO}", como="ac.cpsc")
    assert r.status_code == 429
    assert r.json()["mensagem"].startswith("consultas demais: no máximo 60 a cada 60 minutos")
    assert int(r.headers["Retry-After"]) > 3000
    assert api.contar(AcessoDadoPessoal) == 60  # a consulta recusada não leu nada
    assert api.get(f"/situacao/{CPF_DONO}", como="inspetor.cpsc").status_code == 200


def test_o_cadastro_mostrado_na_divergencia_fica_no_registro(api: Api) -> None:
    """Revisão de segurança de 06/12, C: abrir uma apuração com o CPF de uma pessoa cadastrada
    por outra OM e dados quaisquer devolvia o cadastro dela (nome, endereço) nas divergências,
    sem registro; `GET /pessoas/{id}` dá 404 fora da jurisdição. Agora a leitura fica no
    registro, como a da situação."""
    corpo = inspecao(inscricao="SC-79")
    corpo["proprietario"]["endereco"] = "Rua das Gaivotas, 141, Florianópolis/SC"
    api.novo_processo(corpo, como="ac.cpsc")
    antes = api.contar(AcessoDadoPessoal)
    r = api.post(
        "/procedimentos",
        {
            "regime": "apuracao",
            "investigado": {"documento": CPF_DONO, "nome": "??", "endereco": "?"},
            "data_fato": (hoje() - dt.timedelta(days=20)).isoformat(),
            "data_ato": hoje().isoformat(),
            "dados": {"texto": "Notícia do fato."},
        },
        como="ac.cpsp",
    )
    assert r.status_code == 201, r.text
    mostrados = {d["campo"]: d["cadastro"] for d in r.json()["divergencias"]}
    assert mostrados["investigado.endereco"] == "Rua das Gaivotas, 141, Florianópolis/SC"
    assert api.contar(AcessoDadoPessoal) == antes + 1
    with api.banco.unit_of_work(somente_leitura=True) as s:
        ultimo = s.execute(
            select(AcessoDadoPessoal).order_by(AcessoDadoPessoal.id.desc()).limit(1)
        ).scalar_one()
        assert (ultimo.consulta, ultimo.documento) == (
            "divergencia_do_cadastro",
            re.sub(r"\D", "", CPF_DONO),
        )
