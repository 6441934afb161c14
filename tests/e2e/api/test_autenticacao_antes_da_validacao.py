"""A autenticação vem antes da validação do pedido, em toda rota com usuário.

Antes: com um token de sessão encerrada (assinatura e validade em ordem, mas revogado por
`/auth/sair`, pela ociosidade ou pela desativação do usuário), um parâmetro malformado — data
impossível na consulta ou no corpo, id que não é número no caminho, filtro desconhecido, JSON
truncado — devolvia o 422 com o campo e a regra: quem não está autenticado aprendia a forma da
validação. O JSON truncado dava 422 até sem token nenhum (o FastAPI lê o corpo antes das
dependências). A sessão só se lia dentro da rota, depois da validação (`farol.http.rota`).
Agora: 401 primeiro; autenticado, o mesmo 422 de antes. As páginas passam pelo mesmo ponto
(`RotaDoPedido`): o cookie de sessão encerrada vai para /entrar, não para a recusa.
"""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from apoio import csrf_de
from fastapi.testclient import TestClient

from farol import entrada

from .conftest import API, SENHA, Api


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _token_revogado(api: Api) -> str:
    r = api.entrar("ac.cpsc")
    assert r.status_code == 200, r.text
    token = str(r.json()["access_token"])
    assert api.cliente.post(f"{API}/auth/sair", headers=_bearer(token)).status_code == 204
    return token


def _malformados(pid: int) -> dict[str, dict[str, Any]]:
    """Pedidos com um parâmetro malformado, cada um recusado com 422 a quem está autenticado."""
    return {
        "data impossível na consulta": {
            "method": "GET",
            "url": f"{API}/processos/{pid}/atos-possiveis",
            "params": {"hoje": "2026-02-30"},
        },
        "data impossível no corpo": {
            "method": "POST",
            "url": f"{API}/processos/{pid}/atos",
            "json": {"tipo": "ciencia_auto", "data_ato": "2026-02-30", "dados": {}},
        },
        "id que não é número no caminho": {"method": "GET", "url": f"{API}/processos/abc"},
        "parâmetro de consulta desconhecido": {
            "method": "GET",
            "url": f"{API}/processos",
            "params": {"estdo": "arquivado"},
        },
        "caractere nulo na consulta": {"method": "GET", "url": f"{API}/processos?estado=a%00b"},
        "caractere nulo no caminho": {
            "method": "GET",
            "url": f"{API}/processos/{pid}%00/atos-possiveis",
        },
        "JSON truncado": {
            "method": "POST",
            "url": f"{API}/processos/{pid}/atos",
            "content": b'{"tipo": "ciencia_auto", "data_ato": ',
            "headers": {"Content-Type": "application/json"},
        },
    }


def _ilegiveis(pid: int) -> dict[str, tuple[dict[str, Any], int]]:
    """Pedidos cujo corpo nem se lê (400) ou passa do limite (413), com o status de quem está
    autenticado."""
    pedido = {
        "method": "POST",
        "url": f"{API}/processos/{pid}/atos",
        "headers": {"Content-Type": "application/json"},
    }
    return {
        "UTF-8 inválido": ({**pedido, "content": b'{"tipo": "\xff\xfe"}'}, 400),
        "corpo acima do limite": ({**pedido, "content": b" " * (entrada.CORPO_JSON + 1)}, 413),
    }


def _pedir(api: Api, pedido: dict[str, Any], cabecalhos: dict[str, str]) -> httpx.Response:
    opcoes = dict(pedido)
    opcoes["headers"] = {**opcoes.get("headers", {}), **cabecalhos}
    return api.cliente.request(**opcoes)


@pytest.mark.parametrize(
    "caso",
    [
        "data impossível na consulta",
        "data impossível no corpo",
        "id que não é número no caminho",
        "parâmetro de consulta desconhecido",
        "caractere nulo na consulta",
        "caractere nulo no caminho",
        "JSON truncado",
    ],
)
def test_token_revogado_com_parametro_malformado_recebe_401_e_nao_a_recusa_do_parametro(
    api: Api, caso: str
) -> None:
    pid = api.novo_processo()
    pedido = _malformados(pid)[caso]
    autenticado = _pedir(api, pedido, api.cabecalhos("ac.cpsc"))
    assert autenticado.status_code == 422, autenticado.text  # autenticado: a recusa de sempre

    r = _pedir(api, pedido, _bearer(_token_revogado(api)))
    assert r.status_code == 401, (caso, r.text)
    assert r.headers["WWW-Authenticate"] == "Bearer"
    corpo = r.json()
    assert "não autenticado" in corpo["mensagem"]
    assert corpo["campo"] is None and "erros" not in corpo  # nada da forma da validação


@pytest.mark.parametrize("caso", ["UTF-8 inválido", "corpo acima do limite"])
def test_token_revogado_com_corpo_ilegivel_ou_grande_demais_recebe_401(api: Api, caso: str) -> None:
    pid = api.novo_processo()
    pedido, status = _ilegiveis(pid)[caso]
    assert _pedir(api, pedido, api.cabecalhos("ac.cpsc")).status_code == status
    r = _pedir(api, pedido, _bearer(_token_revogado(api)))
    assert r.status_code == 401, (caso, r.text)
    assert _pedir(api, pedido, {}).status_code == 401


@pytest.mark.parametrize("caso", ["JSON truncado", "caractere nulo na consulta"])
@pytest.mark.parametrize("cabecalhos", [{}, _bearer("nao-e-um-jwt")], ids=["sem token", "lixo"])
def test_sem_token_valido_o_json_truncado_ou_o_nulo_no_endereco_recebe_401(
    api: Api, cabecalhos: dict[str, str], caso: str
) -> None:
    pid = api.novo_processo()
    r = _pedir(api, _malformados(pid)[caso], cabecalhos)
    assert r.status_code == 401, r.text
    assert r.headers["WWW-Authenticate"] == "Bearer"


def test_nulo_no_endereco_de_rota_publica_ou_inexistente_continua_422(api: Api) -> None:
    """Sem usuário a conferir (a verificação pública de documentos, o endereço de rota
    nenhuma), a recusa do caractere nulo segue antes de tudo."""
    for caminho in (f"{API}/verificacao/AAAA%00", f"{API}/nao-existe%00"):
        r = api.cliente.get(caminho)
        assert (r.status_code, r.json()["campo"]) == (422, "caminho"), caminho


def test_token_revogado_com_pedido_bem_formado_continua_401_e_nada_se_grava(api: Api) -> None:
    pid = api.novo_processo()
    antes = api.processo(pid)
    r = api.cliente.post(
        f"{API}/processos/{pid}/atos",
        json={"tipo": "ciencia_auto", "data_ato": "2026-03-03", "dados": {"meio": "pessoal"}},
        headers=_bearer(_token_revogado(api)),
    )
    assert r.status_code == 401, r.text
    assert api.processo(pid) == antes


def test_pagina_com_cookie_de_sessao_encerrada_e_endereco_malformado_vai_para_entrar(
    api: Api, app_farol: object
) -> None:
    pid = api.novo_processo()
    c = TestClient(app_farol, follow_redirects=False)  # type: ignore[arg-type]
    r = c.post("/entrar", data={"csrf": csrf_de(c.get("/entrar").text), "login": "ac.cpsc",
                                "senha": SENHA})  # fmt: skip
    assert r.status_code == 303, r.text
    cookie = {"Cookie": f"farol_sessao={c.cookies['farol_sessao']}"}
    anonimo = TestClient(app_farol, follow_redirects=False)  # type: ignore[arg-type]
    # com a sessão aberta, o id que não é número no caminho é a página de erro (404)
    assert anonimo.get("/processos/abc", headers=cookie).status_code == 404
    assert anonimo.get(f"/processos/{pid}", headers=cookie).status_code == 200
    assert anonimo.get("/busca?q=a%00b", headers=cookie).status_code == 422

    r = c.post("/sair", data={"csrf": csrf_de(c.get("/painel").text)})
    assert r.status_code == 303
    for caminho in ("/processos/abc", "/busca?q=a%00b"):
        r = anonimo.get(caminho, headers=cookie)
        assert r.status_code == 303, (caminho, r.text)
        assert r.headers["location"].startswith("/entrar")
