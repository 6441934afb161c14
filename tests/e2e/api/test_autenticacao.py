"""Login por senha e token: sem token válido, nenhuma rota responde outra coisa além de 401."""

from __future__ import annotations

import datetime as dt

import pytest

from farol.http.seguranca import Credencial, emitir_token
from farol.store.orm import Usuario

from .conftest import API, SEGREDO, Api, inspecao

ROTAS = [
    ("GET", "/auth/eu"),
    ("GET", "/processos"),
    ("GET", "/processos/1"),
    ("GET", "/prazos?de=2026-03-01&ate=2026-03-31"),
    ("GET", "/situacao/52998224725"),
    ("GET", "/divida-ativa"),
    ("GET", "/multas-vencidas"),
    ("GET", "/prescricao"),
    ("GET", "/infracoes"),
    ("POST", "/inspecoes"),
    ("POST", "/processos/1/atos"),
]


def _credencial(api: Api, login: str) -> Credencial:
    with api.banco.unit_of_work(somente_leitura=True) as s:
        u = s.query(Usuario).filter_by(login=login).one()
        return Credencial(u.id, u.papel, u.om_id)


def test_login_devolve_token_e_eu_mostra_o_usuario(api: Api) -> None:
    r = api.entrar("cp.cpsc")
    assert r.status_code == 200
    assert (r.json()["token_type"], r.json()["papel"]) == ("bearer", "capitao_dos_portos")
    eu = api.get("/auth/eu", como="cp.cpsc").json()
    assert eu == {
        "login": "cp.cpsc",
        "nome": "Usuário cp.cpsc",
        "papel": "capitao_dos_portos",
        "om": "CPSC",
    }


@pytest.mark.parametrize(
    ("login", "senha"), [("ac.cpsc", "errada"), ("ninguem", "senha-de-teste-123")]
)
def test_login_com_senha_errada_ou_usuario_inexistente_e_401_sem_dizer_qual(
    api: Api, login: str, senha: str
) -> None:
    r = api.entrar(login, senha)
    assert r.status_code == 401
    assert r.json()["detail"] == "login ou senha incorretos"


def _tokens_invalidos(api: Api) -> dict[str, dict[str, str]]:
    cred = _credencial(api, "ac.cpsc")
    expirado = emitir_token(cred, SEGREDO, agora=dt.datetime(2020, 1, 1, tzinfo=dt.UTC))
    outro_segredo = emitir_token(cred, "y" * 40)
    valido = api.cabecalhos("ac.cpsc")["Authorization"]
    return {
        "ausente": {},
        "lixo": {"Authorization": "Bearer nao-e-um-jwt"},
        "expirado": {"Authorization": f"Bearer {expirado}"},
        "outro_segredo": {"Authorization": f"Bearer {outro_segredo}"},
        "adulterado": {
            "Authorization": valido[:-3] + ("AAA" if not valido.endswith("AAA") else "BBB")
        },
        "sem_bearer": {"Authorization": valido.removeprefix("Bearer ")},
    }


def test_sem_token_valido_toda_rota_responde_401_e_nada_e_gravado(api: Api) -> None:
    pid = api.novo_processo()
    processos_antes = api.get("/processos").json()
    for nome, cab in _tokens_invalidos(api).items():
        for metodo, rota in ROTAS:
            corpo = (
                inspecao()
                if rota == "/inspecoes"
                else {"tipo": "lavratura_auto", "data_ato": "2026-03-13", "dados": {}}
            )
            r = api.cliente.request(
                metodo,
                f"{API}{rota.replace('/1', f'/{pid}')}",
                headers=cab,
                json=corpo if metodo == "POST" else None,
            )
            assert r.status_code == 401, (nome, rota, r.text)
            assert r.headers["WWW-Authenticate"] == "Bearer"
            assert "não autenticado" in r.json()["detail"]
    assert api.get("/processos").json() == processos_antes


def test_token_de_usuario_desativado_deixa_de_valer(api: Api) -> None:
    assert api.get("/auth/eu", como="ac.cpsc").status_code == 200
    with api.banco.unit_of_work() as s:
        s.query(Usuario).filter_by(login="ac.cpsc").one().ativo = False
    assert api.get("/auth/eu", como="ac.cpsc").status_code == 401
    assert api.entrar("ac.cpsc").status_code == 401
