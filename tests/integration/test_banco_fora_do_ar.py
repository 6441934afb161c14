"""Banco fora do ar é um 503 claro, nunca uma espera sem fim (issue 14, ponto 3).

O Farol de verdade (uvicorn numa thread, a aplicação de `criar_app` com as esperas da
configuração) fala com o PostgreSQL de teste por um proxy TCP próprio (`tests/proxy_tcp.py`),
que o teste corta (banco parado: conexão recusada) ou congela (banco travado: ninguém
responde). Exige PostgreSQL (`FAROL_TEST_DATABASE_URL`); no SQLite fica o caso da trava de
escrita, que o SQLite tem e o PostgreSQL trata de outro jeito.
"""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from apoio import hash_rapido, porta_livre
from proxy_tcp import ProxyTCP
from sqlalchemy import text
from sqlalchemy.engine import make_url

from farol.app import criar_app, opcoes_do_servidor
from farol.config import Configuracao, EsperasDoBanco
from farol.services import usuarios
from farol.store.db import Banco, BancoIndisponivel, arquivo_sqlite

URL_PG = os.environ.get("FAROL_TEST_DATABASE_URL") or None
E_PG = bool(URL_PG) and make_url(URL_PG or "sqlite://").get_backend_name() == "postgresql"
exige_postgresql = pytest.mark.skipif(
    not E_PG,
    reason="exige PostgreSQL: defina FAROL_TEST_DATABASE_URL=postgresql+psycopg://…"
    " (o proxy fica entre o Farol e o servidor)",
)

SENHA = "senha-de-teste-123"
SEGREDO = "s" * 40
# Esperas curtas para o teste: conectar 2 s (o mínimo da libpq), cada comando 1 s (o cliente
# desiste 1 s depois dele), conexão livre do pool 1 s.
ESPERAS = EsperasDoBanco(espera_conexao_s=2, espera_comando_s=1, espera_pool_s=1)
# Pior caminho de um pedido com o banco congelado: o ping da conexão do pool espera o
# comando + 1 s, e a reconexão espera a conexão: 2 + 2 s (medido: 4,1 s com a máquina
# livre). O dobro, de folga para a máquina carregada; sem as esperas, o pedido ficaria
# preso enquanto durasse a pausa (aqui, até o fim dos pedidos: o cliente desistiria em 30 s).
PRAZO_DO_503_S = 2 * (2 + 2)
SEM_BANCO = ("/estatico/farol.css", "/catalogo", "/openapi.json")


@dataclass
class Farol:
    url: str
    proxy: ProxyTCP
    cabecalhos: dict[str, str]
    cookie: dict[str, str]

    cliente: httpx.Client

    def get(self, caminho: str, **kw: Any) -> httpx.Response:
        return self.cliente.get(self.url + caminho, **kw)

    def api(self) -> httpx.Response:
        return self.get("/api/v1/processos", headers=self.cabecalhos)

    def esperar_200(self, limite_s: float = 10) -> float:
        """Segundos até a API voltar a responder 200."""
        inicio = time.monotonic()
        while True:
            r = self.api()
            if r.status_code == 200:
                return time.monotonic() - inicio
            assert time.monotonic() - inicio < limite_s, (r.status_code, r.text)
            time.sleep(0.05)


@pytest.fixture
def farol(
    url_banco: str, banco: Banco, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Farol]:
    import uvicorn

    monkeypatch.setattr(usuarios, "hash_senha", hash_rapido)
    with banco.unit_of_work() as s:
        om = usuarios.criar_om(
            s, sigla="CPSC", nome="Capitania", tipo="CP", uf="SC", municipio="Florianópolis"
        )
        usuarios.criar_usuario(
            s,
            login="ac.cpsc",
            nome="Autoridade",
            senha=SENHA,
            papel="autoridade_competente",
            om=om,
        )
    alvo = make_url(url_banco)
    with ProxyTCP((alvo.host or "127.0.0.1", alvo.port or 5432)) as proxy:
        pelo_proxy = alvo.set(host="127.0.0.1", port=proxy.porta)
        config = Configuracao(
            pasta_dados=tmp_path,
            database_url=pelo_proxy.render_as_string(hide_password=False),
            segredo=SEGREDO,
            banco=ESPERAS,
        )
        app = criar_app(config)
        porta = porta_livre()
        servidor = uvicorn.Server(
            uvicorn.Config(
                app,
                host="127.0.0.1",
                port=porta,
                log_level="critical",
                lifespan="off",
                **opcoes_do_servidor(config),
            )
        )
        thread = threading.Thread(target=servidor.run, daemon=True)
        thread.start()
        while not servidor.started:
            assert thread.is_alive(), "o servidor de teste não subiu"
            time.sleep(0.02)
        base = f"http://127.0.0.1:{porta}"
        token = httpx.post(
            f"{base}/api/v1/auth/token", data={"username": "ac.cpsc", "password": SENHA}
        ).json()["access_token"]
        limites = httpx.Limits(max_connections=100, max_keepalive_connections=0)
        cliente = httpx.Client(timeout=30, follow_redirects=False, limits=limites)
        try:
            yield Farol(
                base,
                proxy,
                {"Authorization": f"Bearer {token}"},
                {"Cookie": f"farol_sessao={token}"},
                cliente,
            )
        finally:
            cliente.close()
            proxy.restaurar()
            servidor.should_exit = True
            thread.join(timeout=10)
            app.state.banco.fechar()


def _e_503_em_portugues(r: httpx.Response) -> None:
    assert r.status_code == 503, (r.status_code, r.text[:300])
    assert r.headers["Retry-After"] == "5"
    assert "banco de dados indisponível" in r.text
    assert "tente de novo em 5 segundos" in r.text


@exige_postgresql
def test_banco_parado_da_503_com_retry_after_em_portugues_e_volta_sozinho(farol: Farol) -> None:
    assert farol.api().status_code == 200
    farol.proxy.cortar()

    inicio = time.monotonic()
    r = farol.api()
    assert time.monotonic() - inicio < PRAZO_DO_503_S
    _e_503_em_portugues(r)
    corpo = r.json()  # o corpo de erro de sempre da API
    assert set(corpo) >= {"detail", "mensagem", "campo", "regra"}

    pagina = farol.get("/painel", headers=farol.cookie)
    _e_503_em_portugues(pagina)
    assert pagina.headers["content-type"].startswith("text/html")
    assert "Serviço temporariamente indisponível" in pagina.text

    login = farol.cliente.post(
        farol.url + "/api/v1/auth/token", data={"username": "ac.cpsc", "password": SENHA}
    )
    _e_503_em_portugues(login)

    # o que não precisa do banco continua respondendo (o catálogo até com a sessão no cookie)
    for caminho in SEM_BANCO:
        assert farol.get(caminho, headers=farol.cookie).status_code == 200, caminho

    farol.proxy.restaurar()
    assert farol.esperar_200() < 5
    assert farol.get("/painel", headers=farol.cookie).status_code == 200


@exige_postgresql
def test_banco_congelado_da_503_no_prazo_e_as_paginas_sem_banco_seguem_respondendo(
    farol: Farol,
) -> None:
    assert farol.api().status_code == 200
    for caminho in SEM_BANCO:  # a primeira vez monta o OpenAPI e compila os modelos: aquece
        assert farol.get(caminho).status_code == 200
    farol.proxy.pausar()

    # 50 pedidos ao mesmo tempo: mais que as 40 threads do servidor e que as 15 conexões do pool
    resultados: list[tuple[int, float]] = []

    def pedir() -> None:
        inicio = time.monotonic()
        r = farol.api()
        resultados.append((r.status_code, time.monotonic() - inicio))

    pedidos = [threading.Thread(target=pedir) for _ in range(50)]
    for t in pedidos:
        t.start()
    time.sleep(0.3)
    for caminho in SEM_BANCO:
        inicio = time.monotonic()
        r = farol.get(caminho)
        assert r.status_code == 200, caminho
        assert time.monotonic() - inicio < 3, (caminho, time.monotonic() - inicio)
    for t in pedidos:
        t.join(timeout=60)
    assert len(resultados) == 50
    assert {status for status, _ in resultados} == {503}
    tempos = " ".join(f"{s:.2f}" for s in sorted(s for _, s in resultados))
    assert max(s for _, s in resultados) < PRAZO_DO_503_S, tempos

    pagina = farol.get("/painel", headers=farol.cookie)
    _e_503_em_portugues(pagina)

    farol.proxy.restaurar()
    assert farol.esperar_200() < 5


@exige_postgresql
def test_conexao_parada_do_pool_desiste_no_tempo_de_conectar_nao_no_do_comando(
    url_banco: str,
) -> None:
    """Com a espera de comando longa (a de produção, 30 s), o ping que testa a conexão
    parada do pool antes de entregá-la espera só o tempo de conectar: com o servidor
    congelado, o pedido desiste em segundos (ping 2 s + reconexão 2 s), não em 31 s."""
    alvo = make_url(url_banco)
    with ProxyTCP((alvo.host or "127.0.0.1", alvo.port or 5432)) as proxy:
        esperas = EsperasDoBanco(espera_conexao_s=2, espera_comando_s=30, espera_pool_s=1)
        banco = Banco.conectar(alvo.set(host="127.0.0.1", port=proxy.porta), esperas)
        try:
            with banco.unit_of_work(somente_leitura=True) as s:  # deixa uma conexão no pool
                assert s.execute(text("SELECT 1")).scalar_one() == 1
            proxy.pausar()
            inicio = time.monotonic()
            with (
                pytest.raises(BancoIndisponivel, match="sem conexão"),
                banco.unit_of_work(somente_leitura=True) as s,
            ):
                s.execute(text("SELECT 1"))
            assert time.monotonic() - inicio < 2 * (2 + 2)
            assert banco.disjuntor.aberto
            proxy.restaurar()
            with banco.unit_of_work(somente_leitura=True) as s:  # a sonda fecha o disjuntor
                assert s.execute(text("SELECT 1")).scalar_one() == 1
            assert not banco.disjuntor.aberto
        finally:
            proxy.restaurar()
            banco.fechar()


@exige_postgresql
def test_comando_que_passa_do_tempo_e_503_sem_derrubar_o_banco(url_banco: str) -> None:
    """Um comando lento num servidor que responde: o PostgreSQL o cancela no
    `statement_timeout`; é 503 (tente de novo), e o disjuntor não abre: o pedido seguinte
    vai ao banco normalmente."""
    banco = Banco.conectar(url_banco, ESPERAS)
    try:
        inicio = time.monotonic()
        with (
            pytest.raises(BancoIndisponivel, match="o comando passou do tempo"),
            banco.unit_of_work(somente_leitura=True) as s,
        ):
            s.execute(text("SELECT pg_sleep(5)"))
        assert time.monotonic() - inicio < 2.5
        assert not banco.disjuntor.aberto
        with banco.unit_of_work(somente_leitura=True) as s:
            assert s.execute(text("SELECT 1")).scalar_one() == 1
    finally:
        banco.fechar()


def test_trava_de_escrita_do_sqlite_alem_da_espera_e_503(url_banco: str, motor: str) -> None:
    """No SQLite o limite do comando é a espera pela trava de escrita (`busy_timeout`)."""
    if motor != "sqlite":
        pytest.skip("trava de arquivo: só no SQLite")
    arquivo = arquivo_sqlite(url_banco)
    assert arquivo
    banco = Banco.conectar(
        url_banco, EsperasDoBanco(espera_conexao_s=2, espera_comando_s=0.3, espera_pool_s=1)
    )
    outro = sqlite3.connect(arquivo, isolation_level=None)
    try:
        outro.execute("BEGIN IMMEDIATE")  # outra gravação segura a trava
        inicio = time.monotonic()
        with pytest.raises(BancoIndisponivel, match="banco ocupado"), banco.unit_of_work() as s:
            s.execute(text("SELECT 1"))
        assert 0.25 < time.monotonic() - inicio < 2
        assert not banco.disjuntor.aberto
        outro.execute("ROLLBACK")
        with banco.unit_of_work() as s:
            assert s.execute(text("SELECT 1")).scalar_one() == 1
    finally:
        outro.close()
        banco.fechar()


def test_esperas_vem_do_ambiente_e_sao_documentadas(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FAROL_BANCO_ESPERA_CONEXAO_S", "3")
    monkeypatch.setenv("FAROL_BANCO_ESPERA_COMANDO_S", "12")
    monkeypatch.setenv("FAROL_BANCO_ESPERA_POOL_S", "4")
    e = Configuracao(pasta_dados=Path("/nao/usado"), database_url="sqlite://", segredo="x").banco
    assert (e.espera_conexao_s, e.espera_comando_s, e.espera_pool_s) == (3, 12, 4)
    docs = (Path(__file__).resolve().parents[2] / "docs" / "banco.md").read_text()
    for nome in ("FAROL_BANCO_ESPERA_CONEXAO_S", "FAROL_BANCO_ESPERA_COMANDO_S",
                 "FAROL_BANCO_ESPERA_POOL_S", "503", "Retry-After"):  # fmt: skip
        assert nome in docs, nome
