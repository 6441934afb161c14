"""Sessões terminam (issue 14, ponto 7): sair revoga o cookie e o token na hora, a sessão
ociosa vence, e desativar o usuário derruba todas as sessões dele de uma vez.

Antes: o JWT guardado antes de `/sair` continuava abrindo `/painel` e `/api/v1/auth/eu`
por mais 8 horas.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import httpx
from apoio import csrf_de
from fastapi.testclient import TestClient
from sqlalchemy import select, update

from farol.app import criar_app
from farol.config import Configuracao
from farol.store.db import Banco
from farol.store.orm import Sessao, Usuario

from .conftest import API, SEGREDO, SENHA, Api


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _token(api: Api, login: str = "ac.cpsc") -> str:
    r = api.entrar(login)
    assert r.status_code == 200, r.text
    return str(r.json()["access_token"])


def _eu(cliente: TestClient, token: str) -> int:
    return cliente.get(f"{API}/auth/eu", headers=_bearer(token)).status_code


def _entrar_na_pagina(app: object, login: str = "ac.cpsc") -> TestClient:
    c = TestClient(app, follow_redirects=False)  # type: ignore[arg-type]
    csrf = csrf_de(c.get("/entrar").text)
    r = c.post("/entrar", data={"csrf": csrf, "login": login, "senha": SENHA})
    assert r.status_code == 303 and r.headers["location"] == "/painel", r.text
    return c


def _painel(app: object, cookie: str) -> httpx.Response:
    c = TestClient(app, follow_redirects=False)  # type: ignore[arg-type]
    return c.get("/painel", headers={"Cookie": f"farol_sessao={cookie}"})


def _parada_ha(banco: Banco, minutos: float) -> None:
    """Faz todas as sessões parecerem sem uso há `minutos` (o tempo passou)."""
    antes = dt.datetime.now(dt.UTC) - dt.timedelta(minutes=minutos)
    with banco.unit_of_work() as s:
        s.execute(update(Sessao).values(usada_em=antes))


def test_sair_pela_api_revoga_o_token_na_hora_e_so_aquela_sessao(api: Api) -> None:
    token, outro = _token(api), _token(api)  # dois logins do mesmo usuário
    assert _eu(api.cliente, token) == 200
    r = api.cliente.post(f"{API}/auth/sair", headers=_bearer(token))
    assert r.status_code == 204
    assert _eu(api.cliente, token) == 401
    r = api.cliente.post(f"{API}/auth/sair", headers=_bearer(token))
    assert r.status_code == 401 and "entre de novo" in r.json()["mensagem"]
    assert _eu(api.cliente, outro) == 200  # a outra sessão (outro aparelho) segue aberta


def test_sair_pela_pagina_revoga_o_cookie_e_o_mesmo_token_na_api(
    api: Api, app_farol: object
) -> None:
    c = _entrar_na_pagina(app_farol)
    cookie = c.cookies["farol_sessao"]
    assert _painel(app_farol, cookie).status_code == 200
    assert _eu(api.cliente, cookie) == 200  # o cookie é o mesmo JWT da API

    csrf = csrf_de(c.get("/painel").text)
    r = c.post("/sair", data={"csrf": csrf})
    assert r.status_code == 303 and r.headers["location"] == "/entrar"

    # quem guardou o cookie antigo não entra mais, nem pela página nem pela API
    depois = _painel(app_farol, cookie)
    assert depois.status_code == 303 and depois.headers["location"].startswith("/entrar")
    assert _eu(api.cliente, cookie) == 401


def test_sessao_ociosa_alem_do_limite_vence(api: Api, app_farol: object) -> None:
    token = _token(api)
    cookie = _entrar_na_pagina(app_farol).cookies["farol_sessao"]
    _parada_ha(api.banco, 31)  # padrão: 30 minutos
    assert _eu(api.cliente, token) == 401
    r = _painel(app_farol, cookie)
    assert r.status_code == 303 and r.headers["location"].startswith("/entrar")


def test_usar_a_sessao_a_mantem_aberta(api: Api) -> None:
    token = _token(api)
    _parada_ha(api.banco, 29)
    assert _eu(api.cliente, token) == 200  # ainda no limite: o uso renova
    _parada_ha(api.banco, 0)
    with api.banco.unit_of_work(somente_leitura=True) as s:
        usada_antes = s.execute(select(Sessao.usada_em)).scalars().all()
    assert _eu(api.cliente, token) == 200
    with api.banco.unit_of_work(somente_leitura=True) as s:
        # usada há segundos: a leitura não grava de novo (no máximo uma vez por minuto)
        assert s.execute(select(Sessao.usada_em)).scalars().all() == usada_antes


def test_uso_renova_o_relogio_da_ociosidade(api: Api) -> None:
    token = _token(api)
    _parada_ha(api.banco, 20)
    assert _eu(api.cliente, token) == 200
    with api.banco.unit_of_work(somente_leitura=True) as s:
        usada = s.execute(select(Sessao.usada_em)).scalar_one()
    assert dt.datetime.now(dt.UTC) - usada < dt.timedelta(minutes=1)


def test_limite_de_ociosidade_vem_da_configuracao(
    api: Api, banco: Banco, url_banco: str, tmp_path: Path
) -> None:
    config = Configuracao(
        pasta_dados=tmp_path, database_url=url_banco, segredo=SEGREDO, sessao_ociosa_min=5
    )
    cliente = TestClient(criar_app(config, banco))
    r = cliente.post(f"{API}/auth/token", data={"username": "ac.cpsc", "password": SENHA})
    token = r.json()["access_token"]
    _parada_ha(banco, 4)
    assert _eu(cliente, token) == 200
    _parada_ha(banco, 6)
    assert _eu(cliente, token) == 401


def test_desativar_o_usuario_derruba_todas_as_sessoes_de_uma_vez(
    api: Api, app_farol: object
) -> None:
    tokens = [_token(api), _token(api)]
    cookie = _entrar_na_pagina(app_farol).cookies["farol_sessao"]
    assert [_eu(api.cliente, t) for t in [*tokens, cookie]] == [200, 200, 200]
    with api.banco.unit_of_work() as s:
        s.execute(update(Usuario).where(Usuario.login == "ac.cpsc").values(ativo=False))
    assert [_eu(api.cliente, t) for t in [*tokens, cookie]] == [401, 401, 401]
    r = _painel(app_farol, cookie)
    assert r.status_code == 303 and r.headers["location"].startswith("/entrar")
    assert api.entrar("ac.cpsc").status_code == 401
    assert _eu(api.cliente, _token(api, "cp.cpsc")) == 200  # os outros usuários seguem
