"""Duas transações que somam à mesma célula do agregado mensal (a mesma OM e o mesmo mês) ao
mesmo tempo, no PostgreSQL: a segunda espera a primeira na linha da célula e soma ao que ela
gravou. Uma conta que lesse a célula e a regravasse sem trava perdia o pagamento da primeira ou
esbarrava na chave que a primeira gravou (UniqueViolation: um 500 na gravação de atos a 8
clientes, bench/atos.py)."""

from __future__ import annotations

import threading
import time
from decimal import Decimal

import pytest
from sqlalchemy import select

from farol.relogio import hoje
from farol.services import estatistica_mensal
from farol.services.unit_of_work import BancoUnitOfWork
from farol.store.db import Banco
from farol.store.orm import Pagamento, Processo


def test_dois_pagamentos_da_mesma_om_e_mes_ao_mesmo_tempo(banco_demo: Banco) -> None:
    if banco_demo.engine.dialect.name != "postgresql":
        pytest.skip("transações simultâneas: só no PostgreSQL (o SQLite grava uma por vez)")
    with banco_demo.unit_of_work(somente_leitura=True) as s:
        om_id, *_ = s.execute(select(Processo.om_id).limit(1)).one()
        pids = list(
            s.execute(select(Processo.id).where(Processo.om_id == om_id).limit(2)).scalars()
        )
    assert len(pids) == 2
    contou = threading.Event()
    erros: list[BaseException] = []

    def pagar(pid: int, primeira: bool) -> None:
        try:
            with banco_demo.sessoes() as s:
                if not primeira:
                    contou.wait(5)
                s.add(Pagamento(processo_id=pid, valor=Decimal("10.00"), data=hoje(),
                                referencia=f"teste {pid}"))  # fmt: skip
                s.flush()
                assert estatistica_mensal.somar_pendentes(s) == 1
                if primeira:
                    contou.set()
                    time.sleep(0.3)  # a segunda soma enquanto esta ainda não gravou
                s.commit()
        except BaseException as e:
            erros.append(e)

    linhas = [threading.Thread(target=pagar, args=(p, i == 0)) for i, p in enumerate(pids)]
    for t in linhas:
        t.start()
    for t in linhas:
        t.join(20)
    assert erros == []
    assert estatistica_mensal.conferir_estatisticas(BancoUnitOfWork(banco_demo)) == []
