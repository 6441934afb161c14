"""Duas transações que regravam o texto de busca do mesmo processo ao mesmo tempo (uma correção
do nome do autuado e um auto novo, por exemplo), no PostgreSQL: a segunda espera a primeira na
chave e regrava a linha. Com DELETE e INSERT, a segunda não via a linha que a primeira inseriu e
esbarrava nela (UniqueViolation: um 500)."""

from __future__ import annotations

import threading
import time

import pytest
from sqlalchemy import func, select

from farol.services import texto_de_busca
from farol.store.db import Banco
from farol.store.orm import Processo, ProcessoBusca


def test_duas_regravacoes_do_mesmo_processo_ao_mesmo_tempo(banco_demo: Banco) -> None:
    if banco_demo.engine.dialect.name != "postgresql":
        pytest.skip("transações simultâneas: só no PostgreSQL (o SQLite grava uma por vez)")
    with banco_demo.unit_of_work(somente_leitura=True) as s:
        pid, texto = s.execute(
            select(ProcessoBusca.processo_id, ProcessoBusca.texto).limit(1)
        ).one()
    regravou = threading.Event()
    erros: list[BaseException] = []

    def regravar(primeira: bool) -> None:
        try:
            with banco_demo.sessoes() as s:
                if not primeira:
                    regravou.wait(5)
                texto_de_busca.atualizar(s, Processo.id == pid)
                if primeira:
                    regravou.set()
                    time.sleep(0.3)  # a segunda regrava enquanto esta ainda não gravou
                s.commit()
        except BaseException as e:
            erros.append(e)

    linhas = [threading.Thread(target=regravar, args=(i == 0,)) for i in range(2)]
    for t in linhas:
        t.start()
    for t in linhas:
        t.join(20)
    assert erros == []
    with banco_demo.unit_of_work(somente_leitura=True) as s:
        assert s.execute(
            select(func.count(), func.max(ProcessoBusca.texto)).where(
                ProcessoBusca.processo_id == pid
            )
        ).one() == (1, texto)
