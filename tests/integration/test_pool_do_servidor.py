"""O pool de conexões do tamanho das threads que o usam (issue 13, item 4): cada processo do
servidor atende ao mesmo tempo tantos pedidos quantas as conexões (`FAROL_BANCO_CONEXOES`), e
um pico de pedidos simultâneos não abre conexões além delas. Com as 40 threads do anyio e o
pool padrão do SQLAlchemy (5 e 10 de folga), as de folga se abriam e fechavam sem parar sob
carga (no SQLite, cada abertura refaz as pragmas e o modo WAL)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from apoio import hash_rapido
from fastapi.testclient import TestClient
from sqlalchemy import event, select

from farol.app import criar_app
from farol.config import Configuracao, EsperasDoBanco
from farol.relogio import hoje
from farol.services import demo, usuarios
from farol.services.demo import SENHA_DEMO
from farol.store.db import Banco
from farol.store.orm import Processo

API = "/api/v1"
CONEXOES = 3
PEDIDOS_SIMULTANEOS = 12


def test_pico_de_pedidos_nao_abre_conexoes_alem_do_pool(
    banco: Banco, url_banco: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(usuarios, "hash_senha", hash_rapido)
    demo.carregar_demo(banco, hoje(), log=lambda _: None)
    with banco.unit_of_work(somente_leitura=True) as s:
        ids = list(s.execute(select(Processo.id).order_by(Processo.id)).scalars())
    esperas = EsperasDoBanco(conexoes=CONEXOES)
    proprio = Banco.conectar(url_banco, esperas)
    abertas: list[Any] = []
    event.listen(proprio.engine, "connect", lambda *_: abertas.append(1))
    config = Configuracao(
        pasta_dados=tmp_path, database_url=url_banco, segredo="x" * 40, banco=esperas
    )
    try:
        assert proprio.engine.pool.size() == CONEXOES  # type: ignore[attr-defined]
        with TestClient(criar_app(config, proprio)) as c:
            r = c.post(f"{API}/auth/token", data={"username": "dpc", "password": SENHA_DEMO})
            assert r.status_code == 200, r.text
            token = {"Authorization": f"Bearer {r.json()['access_token']}"}

            def ler(pid: int) -> int:
                return c.get(f"{API}/processos/{pid}", headers=token).status_code

            with ThreadPoolExecutor(PEDIDOS_SIMULTANEOS) as executor:
                status = list(executor.map(ler, ids * 2))
    finally:
        proprio.fechar()
    assert set(status) == {200}
    # o limite das threads do servidor é o pool: o pico não abre conexões de folga
    assert len(abertas) <= CONEXOES, len(abertas)
