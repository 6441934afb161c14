"""O limite da consulta pública vale para pedidos simultâneos (revisão de segurança de
2026-12-06)."""

from __future__ import annotations

import contextlib
import re
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from farol.app import criar_app
from farol.config import Configuracao
from farol.services import consulta_publica
from farol.store.db import Banco

SIMULTANEOS = 25
LIMITE = 20  # falhas por endereço na janela (limites.limitadores_padrao, consulta_publica)


def test_consultas_publicas_simultaneas_nao_passam_do_limite(
    banco: Banco, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A vaga se reserva antes da consulta, como no login. Antes, conferir e contar em dois
    passos deixava passar quem conferia enquanto os outros ainda consultavam (80 POST
    simultâneos: 22 respostas 200 no servidor da demonstração; aqui, 25 de 25)."""
    juntos = threading.Barrier(SIMULTANEOS, timeout=3)

    def consultar_devagar(*_: object) -> None:
        # todos dentro da consulta ao mesmo tempo, se o limite deixar
        with contextlib.suppress(threading.BrokenBarrierError):
            juntos.wait()
        return None  # número e CPF que não conferem: uma falha

    monkeypatch.setattr(consulta_publica, "consultar", consultar_devagar)
    config = Configuracao(pasta_dados=tmp_path, database_url=str(banco.url), segredo="x" * 40)
    app = criar_app(config, banco)
    clientes = []
    for _ in range(SIMULTANEOS):
        c = TestClient(app)
        csrf = re.search(r'name="csrf" value="([^"]+)"', c.get("/consulta").text)
        assert csrf
        clientes.append((c, csrf.group(1)))

    def consultar(par: tuple[TestClient, str]) -> int:
        c, csrf = par
        dados = {"csrf": csrf, "numero": "2026/CPSC/000001", "documento": "529.982.247-25"}
        return c.post("/consulta", data=dados).status_code

    with ThreadPoolExecutor(SIMULTANEOS) as ex:
        status = list(ex.map(consultar, clientes))
    assert status.count(200) == LIMITE, status
    assert status.count(429) == SIMULTANEOS - LIMITE, status
