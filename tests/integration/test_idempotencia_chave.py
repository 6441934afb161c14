"""Idempotency-Key no serviço (`farol.services.idempotencia`): o reenvio devolve a resposta
gravada sem refazer o caso de uso, com uma consulta só; a mesma chave em outra rota ou com outro
conteúdo é conflito; e, no PostgreSQL, o reenvio simultâneo que perde a corrida na restrição
única devolve a resposta do que ganhou."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from sqlalchemy import event, select
from sqlalchemy.orm import Session

from farol.erros import Conflito
from farol.services import idempotencia
from farol.services.unit_of_work import BancoUnitOfWork
from farol.store.db import Banco
from farol.store.orm import Idempotencia, Usuario


def _usuario(banco: Banco) -> int:
    with banco.unit_of_work(somente_leitura=True) as s:
        return s.execute(select(Usuario.id).order_by(Usuario.id).limit(1)).scalar_one()


def _contar(banco: Banco, chave: str) -> int:
    with banco.unit_of_work(somente_leitura=True) as s:
        return len(s.execute(select(Idempotencia.id).where(Idempotencia.chave == chave)).all())


def test_reenvio_com_a_mesma_chave_devolve_a_resposta_gravada_sem_refazer_o_caso_de_uso(
    banco_demo: Banco,
) -> None:
    uid = _usuario(banco_demo)
    chamadas: list[int] = []

    def fazer(_s: Session) -> tuple[int, dict[str, Any]]:
        chamadas.append(1)
        return 201, {"n": len(chamadas), "quando": "2026-03-13"}

    uow = BancoUnitOfWork(banco_demo)
    args = (uid, "chave-servico-1", "POST", "/api/v1/x", fazer, "sha-a")
    assert idempotencia.executar(uow, *args) == (201, {"n": 1, "quando": "2026-03-13"})

    comandos: list[str] = []

    def contar(*a: Any) -> None:
        comandos.append(" ".join(str(a[2]).split()))

    event.listen(banco_demo.engine, "before_cursor_execute", contar)
    try:
        assert idempotencia.executar(uow, *args) == (201, {"n": 1, "quando": "2026-03-13"})
    finally:
        event.remove(banco_demo.engine, "before_cursor_execute", contar)
    assert chamadas == [1]
    consultas = [c for c in comandos if not c.upper().startswith("BEGIN")]
    assert len(consultas) == 1 and "FROM idempotencia" in consultas[0], comandos
    assert _contar(banco_demo, "chave-servico-1") == 1


def test_mesma_chave_com_outro_conteudo_ou_outra_rota_e_conflito_e_nada_e_gravado(
    banco_demo: Banco,
) -> None:
    uid = _usuario(banco_demo)
    uow = BancoUnitOfWork(banco_demo)

    def fazer(_s: Session) -> tuple[int, dict[str, Any]]:
        return 201, {"ok": True}

    idempotencia.executar(uow, uid, "chave-servico-2", "POST", "/api/v1/x", fazer, "sha-a")
    with pytest.raises(Conflito, match="já usada em outra requisição"):
        idempotencia.executar(uow, uid, "chave-servico-2", "POST", "/api/v1/x", fazer, "sha-b")
    with pytest.raises(Conflito, match="já usada em outra requisição"):
        idempotencia.executar(uow, uid, "chave-servico-2", "POST", "/api/v1/y", fazer, "sha-a")
    assert _contar(banco_demo, "chave-servico-2") == 1


def test_reenvio_simultaneo_que_perde_a_corrida_devolve_a_resposta_do_que_ganhou(
    banco_demo: Banco, motor: str
) -> None:
    """O outro pedido grava a chave depois da consulta deste e antes do seu INSERT: este esbarra
    na restrição única, desfaz o que fez e devolve a resposta gravada. Só no PostgreSQL: no
    SQLite a escrita começa com BEGIN IMMEDIATE e o outro pedido espera este terminar."""
    if motor != "postgresql":
        pytest.skip("no SQLite as escritas não correm ao mesmo tempo (BEGIN IMMEDIATE)")
    uid = _usuario(banco_demo)
    uow = BancoUnitOfWork(banco_demo)
    chave = "chave-servico-3"

    def fazer(s: Session) -> tuple[int, dict[str, Any]]:
        with banco_demo.unit_of_work() as outro:  # o reenvio que ganhou a corrida
            outro.add(
                Idempotencia(
                    chave=chave,
                    usuario_id=uid,
                    metodo="POST",
                    rota="/api/v1/x",
                    status_code=201,
                    corpo={"quem": "primeiro"},
                    requisicao_sha256="sha-a",
                    criado_em=dt.datetime.now(dt.UTC),
                )
            )
        return 201, {"quem": "segundo"}

    assert idempotencia.executar(uow, uid, chave, "POST", "/api/v1/x", fazer, "sha-a") == (
        201,
        {"quem": "primeiro"},
    )
    assert _contar(banco_demo, chave) == 1
