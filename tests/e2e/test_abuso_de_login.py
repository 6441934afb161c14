"""Abuso de login (issue 14, ponto 6): quem espalha tentativas por contas ou por endereços é
barrado, e o `X-Forwarded-For` só vale vindo de um proxy configurado.

Antes: o limite era por (endereço, login); 81 tentativas em 9 contas passavam, e um
`X-Forwarded-For` que muda a cada pedido, vindo do próprio computador, o contornava.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest
from apoio import hash_rapido, porta_livre
from fastapi import FastAPI
from fastapi.testclient import TestClient

from farol.app import criar_app
from farol.config import Configuracao
from farol.services import usuarios
from farol.store.db import Banco

SENHA = "senha-certa-123"
CONTAS = [f"inspetor{i}" for i in range(1, 10)]  # 9 contas de verdade
TOKEN = "/api/v1/auth/token"


@pytest.fixture
def contas(banco: Banco, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    monkeypatch.setattr(usuarios, "hash_senha", hash_rapido)
    with banco.unit_of_work() as s:
        om = usuarios.criar_om(
            s, sigla="CPSC", nome="Capitania", tipo="CP", uf="SC", municipio="Florianópolis"
        )
        for login in CONTAS:
            usuarios.criar_usuario(s, login=login, nome=login, senha=SENHA, papel="inspetor", om=om)
    return CONTAS


@pytest.fixture
def app(banco: Banco, url_banco: str, tmp_path: Path, contas: list[str]) -> FastAPI:
    config = Configuracao(pasta_dados=tmp_path, database_url=url_banco, segredo="x" * 40)
    return criar_app(config, banco)


def _de(app: FastAPI, endereco: str) -> TestClient:
    return TestClient(app, client=(endereco, 40000))


def _entrar(c: TestClient, login: str, senha: str = "errada") -> int:
    return c.post(TOKEN, data={"username": login, "password": senha}).status_code


def test_nove_contas_com_nove_tentativas_do_mesmo_endereco_sao_barradas_antes_do_fim(
    app: FastAPI,
) -> None:
    c = _de(app, "198.51.100.7")
    respostas = [_entrar(c, login) for _ in range(9) for login in CONTAS]
    assert len(respostas) == 81
    # o endereço tem 30 falhas em 15 minutos, somadas todas as contas
    assert respostas[:30] == [401] * 30
    assert respostas[30:] == [429] * 51
    r = c.post(TOKEN, data={"username": CONTAS[0], "password": SENHA})
    assert r.status_code == 429  # nem a senha certa passa deste endereço
    assert "muitas tentativas" in r.json()["mensagem"]
    assert int(r.headers["Retry-After"]) > 0
    # outro endereço entra normalmente nas mesmas contas
    assert _entrar(_de(app, "198.51.100.8"), CONTAS[0], SENHA) == 200


def test_a_mesma_conta_tentada_de_varios_enderecos_e_barrada(app: FastAPI) -> None:
    respostas = [_entrar(_de(app, f"203.0.113.{i}"), "inspetor1") for i in range(1, 13)]
    # a conta tem 10 falhas em 15 minutos, somados todos os endereços
    assert respostas == [401] * 10 + [429] * 2
    assert _entrar(_de(app, "203.0.113.200"), "inspetor1", SENHA) == 429
    assert _entrar(_de(app, "203.0.113.200"), "inspetor2", SENHA) == 200  # as outras não


def test_entrar_na_propria_conta_nao_devolve_ao_endereco_as_tentativas_nas_outras(
    app: FastAPI,
) -> None:
    c = _de(app, "192.0.2.10")
    for i in range(29):
        assert _entrar(c, CONTAS[1 + i % 8]) == 401
    assert _entrar(c, CONTAS[0], SENHA) == 200
    assert _entrar(c, CONTAS[1]) == 401  # 30ª falha do endereço
    assert _entrar(c, CONTAS[2]) == 429


def test_a_pagina_de_entrar_soma_no_mesmo_limite_do_endereco(app: FastAPI) -> None:
    c = _de(app, "192.0.2.20")
    for i in range(30):
        assert _entrar(c, CONTAS[i % 9]) == 401
    pagina = c.get("/entrar").text
    csrf = re.search(r'name="csrf" value="([^"]+)"', pagina)
    assert csrf
    r = c.post(
        "/entrar",
        data={"csrf": csrf.group(1), "login": CONTAS[0], "senha": SENHA},
        follow_redirects=False,
    )
    assert r.status_code == 429 and "muitas tentativas" in r.text
    # quando tentar de novo, como na API (docs/web.md)
    assert 60 <= int(r.headers["Retry-After"]) <= 15 * 60


# --- X-Forwarded-For: o `farol serve` de verdade, como processo --------------------------


@contextmanager
def _farol_serve(url_banco: str, pasta: Path, **ambiente: str) -> Iterator[str]:
    porta = porta_livre()
    env = {
        **os.environ,
        "FAROL_DATABASE_URL": url_banco,
        "FAROL_PASTA_DADOS": str(pasta),
        "FAROL_SEGREDO": "y" * 40,
        **ambiente,
    }
    env.pop("FORWARDED_ALLOW_IPS", None)  # o padrão do uvicorn não pode decidir
    processo = subprocess.Popen(
        [sys.executable, "-m", "farol", "serve", "--porta", str(porta)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    base = f"http://127.0.0.1:{porta}"
    try:
        limite = time.monotonic() + 60
        while True:
            assert processo.poll() is None, processo.stderr.read() if processo.stderr else ""
            try:
                if httpx.get(base + "/openapi.json", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert time.monotonic() < limite, "farol serve não subiu"
            time.sleep(0.1)
        yield base
    finally:
        processo.terminate()
        processo.wait(timeout=20)


def _tentativas_com_xff_rotativo(base: str, n: int) -> list[int]:
    """`n` logins errados do mesmo computador, cada um dizendo vir de outro endereço e
    espalhados pelas contas (para não esbarrar no limite de uma conta)."""
    with httpx.Client(base_url=base, timeout=30) as c:
        return [
            c.post(
                TOKEN,
                data={"username": CONTAS[i % 9], "password": "errada"},
                headers={"X-Forwarded-For": f"10.{i // 250}.{i % 250}.1"},
            ).status_code
            for i in range(n)
        ]


def test_x_forwarded_for_rotativo_nao_muda_o_endereco_sem_proxy_confiavel(
    url_banco: str, contas: list[str], tmp_path: Path
) -> None:
    with _farol_serve(url_banco, tmp_path) as base:
        respostas = _tentativas_com_xff_rotativo(base, 36)
    # todas contam para 127.0.0.1: o limite do endereço (30) barra as seguintes
    assert respostas == [401] * 30 + [429] * 6


def test_x_forwarded_for_vale_quando_vem_de_proxy_configurado(
    url_banco: str, contas: list[str], tmp_path: Path
) -> None:
    with _farol_serve(url_banco, tmp_path, FAROL_PROXIES_CONFIAVEIS="127.0.0.1") as base:
        respostas = _tentativas_com_xff_rotativo(base, 36)
    # atrás do proxy confiável, cada endereço encaminhado é um cliente diferente
    assert respostas == [401] * 36


def test_rajada_simultanea_de_senhas_erradas_nao_passa_do_limite_da_conta(
    url_banco: str, contas: list[str], tmp_path: Path
) -> None:
    """40 logins errados na mesma conta ao mesmo tempo, cada um de outro endereço (atrás do
    proxy confiável), no `farol serve` de vários processos: só 10 chegam a conferir a senha. O
    limite era conferido antes do hash e a falha contada depois: os pedidos que conferiam antes
    de a décima falha ser gravada passavam todos (13 de 60 na revisão de 05/12)."""

    def tentar(base: str, i: int) -> int:
        r = httpx.post(
            base + TOKEN,
            data={"username": CONTAS[0], "password": "errada"},
            headers={"X-Forwarded-For": f"10.9.{i}.1"},
            timeout=60,
        )
        return r.status_code

    with (
        _farol_serve(url_banco, tmp_path, FAROL_PROXIES_CONFIAVEIS="127.0.0.1") as base,
        ThreadPoolExecutor(40) as pool,
    ):
        respostas = list(pool.map(lambda i: tentar(base, i), range(40)))
    assert sorted(respostas) == [401] * 10 + [429] * 30, respostas
