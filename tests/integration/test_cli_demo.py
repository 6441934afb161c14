"""`farol demo` só carrega a demonstração; `farol serve --demo` carrega num banco vazio e serve."""

from __future__ import annotations

from typing import Any

import pytest
from apoio import hash_rapido
from cli_util import rodar
from sqlalchemy import func, select

from farol import servidor
from farol.services import usuarios
from farol.store.db import Banco
from farol.store.orm import OM


@pytest.fixture
def servidor_falso(monkeypatch: pytest.MonkeyPatch, url_banco_vazio: str) -> list[dict[str, Any]]:
    """`farol.servidor.servir` só anota a chamada (o servidor de verdade sobe em
    test_servidor.py); senhas com hash barato."""
    chamadas: list[dict[str, Any]] = []
    monkeypatch.setattr(usuarios, "hash_senha", hash_rapido)
    monkeypatch.setattr(
        servidor,
        "servir",
        lambda host, porta, workers, **kw: chamadas.append(
            {"host": host, "port": porta, "workers": workers, **kw}
        ),
    )
    monkeypatch.setenv("FAROL_DATABASE_URL", "sqlite:///nao-usar.sqlite3")  # restaurada no fim
    return chamadas


def _oms(url: str) -> int:
    banco = Banco.conectar(url)
    with banco.unit_of_work(somente_leitura=True) as s:
        n = int(s.execute(select(func.count()).select_from(OM)).scalar_one())
    banco.fechar()
    return n


def test_farol_demo_carrega_a_demonstracao_e_nao_serve(
    servidor_falso: list[dict[str, Any]],
    url_banco_vazio: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    r = rodar(capsys, monkeypatch, "demo", "--database-url", url_banco_vazio)
    assert r.codigo == 0, r.stderr
    assert "Usuários da demonstração" in r.stdout
    assert _oms(url_banco_vazio) > 0
    assert servidor_falso == []


def test_farol_serve_demo_carrega_num_banco_vazio_e_serve(
    servidor_falso: list[dict[str, Any]],
    url_banco_vazio: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    argumentos = ["serve", "--demo", "--database-url", url_banco_vazio, "--porta", "8123"]
    argumentos += ["--workers", "3"]
    r = rodar(capsys, monkeypatch, *argumentos)
    assert r.codigo == 0, r.stderr
    assert "Usuários da demonstração" in r.stdout
    assert "Farol em http://127.0.0.1:8123/" in r.stdout
    # nenhum proxy confiável por padrão: X-Forwarded-For não troca o endereço do cliente
    sem_proxy = {"proxy_headers": False, "forwarded_allow_ips": []}
    assert servidor_falso == [{"host": "127.0.0.1", "port": 8123, "workers": 3, **sem_proxy}]
    assert "3 processos" in r.stdout
    oms = _oms(url_banco_vazio)
    assert oms > 0

    r = rodar(capsys, monkeypatch, *argumentos)
    assert r.codigo == 0, r.stderr
    assert "o banco já tem dados: demonstração não recarregada" in r.stdout
    assert (len(servidor_falso), _oms(url_banco_vazio)) == (2, oms)


def test_farol_demo_nao_tem_mais_servir(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    r = rodar(capsys, monkeypatch, "demo", "--servir")
    assert r.codigo == 2
    assert "opção desconhecida" in r.stderr and "--servir" in r.stderr


def test_farol_serve_sem_url_publica_poe_no_qr_a_porta_em_que_escuta(
    servidor_falso: list[dict[str, Any]],
    url_banco_vazio: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Antes, `farol serve --demo --port 8123` emitia documentos cujo QR e endereço de
    verificação levavam a http://127.0.0.1:8000/verificar/..., onde nada responde."""
    from farol.config import configuracao

    monkeypatch.setenv("FAROL_URL_PUBLICA", "")  # restaurada (ausente) no fim
    monkeypatch.delenv("FAROL_URL_PUBLICA")
    configuracao.cache_clear()
    try:
        argumentos = ["serve", "--demo", "--database-url", url_banco_vazio, "--porta", "8123"]
        r = rodar(capsys, monkeypatch, *argumentos, "--workers", "1")
        assert r.codigo == 0, r.stderr
        assert configuracao().url_publica == "http://127.0.0.1:8123"
    finally:
        configuracao.cache_clear()
