"""Comandos SQL do registro de um ato (issue 13, item 5): o processo é lido uma vez por ato (os
atos, as penalidades em vigor, os pagamentos e os prazos numa consulta), nenhum SELECT
se repete num mesmo ato e o `processo_resumo` se regrava com uma consulta e um INSERT que
substitui a linha. Os tetos são os medidos (SQLite; no PostgreSQL o BEGIN não passa pelo cursor): um
comando a mais num registro é uma leitura que alguém acrescentou; leia-a do que já foi lido."""

from __future__ import annotations

import datetime as dt
import re
import uuid
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from apoio import comandos_sql
from semente import atores, processo_autuado
from sqlalchemy import event
from sqlalchemy.orm import Session

from farol.relogio import hoje
from farol.services import atos_possiveis, processos
from farol.services.processos import NovoAto
from farol.services.unit_of_work import BancoUnitOfWork
from farol.store.db import Banco

TETO_CIENCIA = 6
"""`registrar_ato` da ciência do auto (abre o prazo de defesa): BEGIN, o processo lido e
travado (um SELECT ... FOR UPDATE no PostgreSQL), os atos, penalidades, pagamentos e prazos com
os fatos de fora dos atos (cabeça da cadeia, medidas levantáveis, custódia, inspeção, marca do
calendário da OM) numa consulta, INSERT do ato, INSERT do prazo e UPDATE do processo. O
calendário da OM vem do cache (a marca não mudou desde o ato anterior da OM). Antes da issue 13:
20; depois da leitura única do processo: 14; com os prazos numa consulta à parte: 7."""
TETO_DEFESA = 7
"""`registrar_ato` da defesa (encerra o prazo de defesa e abre o de julgamento): o mesmo da
ciência, com o UPDATE do prazo encerrado."""
TETO_POST = 10
"""`processos.registrar` com Idempotency-Key e commit (o caminho de um POST .../atos): o
registro, a chave (SELECT e INSERT), o `processo_resumo` (SELECT e INSERT ... ON CONFLICT); o
procurador constituído só se lê no ato que o constitui; o COMMIT não passa pelo cursor. Antes:
19; com os prazos numa consulta à parte: 11."""
SEM_LEITURA = ("FROM om ", "FROM om_fechamento", "FROM inspecao", "FROM custodia", "FROM medida")
"""Tabelas que o registro de um ato comum não lê em consulta própria: a OM e os fechamentos (o
calendário), a inspeção (a data do fato), a custódia e as medidas vêm na consulta dos prazos."""


NA_HORA = frozenset({"CACHE_MISS", "NO_CACHE_KEY", "CACHING_DISABLED"})


@contextmanager
def compilados(banco: Banco) -> Iterator[list[str]]:
    """Os comandos que o SQLAlchemy compilou na hora, em vez de tirar do cache de compilação
    (`CACHE_MISS`, ou `NO_CACHE_KEY` de uma construção que não tem chave de cache); o BEGIN,
    texto do driver, fica de fora."""
    lista: list[str] = []

    def ver(_conexao: Any, _cursor: Any, sql: str, _p: Any, contexto: Any, _varios: Any) -> None:
        compilado = contexto is not None and contexto.compiled is not None
        if compilado and contexto.cache_hit.name in NA_HORA:
            lista.append(f"{contexto.cache_hit.name}: {' '.join(sql.split())[:160]}")

    event.listen(banco.engine, "after_cursor_execute", ver)
    try:
        yield lista
    finally:
        event.remove(banco.engine, "after_cursor_execute", ver)


def _selects_repetidos(lista: list[str]) -> list[str]:
    vezes = Counter(c for c in lista if re.match(r"(?i)\s*SELECT", c))
    return [c for c, n in vezes.items() if n > 1]


def _consultas_proprias(lista: list[str]) -> list[str]:
    """As consultas que começam lendo uma das tabelas de `SEM_LEITURA` (não as subconsultas)."""
    return [
        c
        for c in lista
        if re.match(r"(?i)\s*SELECT", c)
        and any(re.split(r"(?i)\bWHERE\b", c)[0].rstrip().endswith(t.strip()) for t in SEM_LEITURA)
    ]


def _registrar_desfeito(
    banco: Banco, pid: int, tipo: str, data: dt.date, **dados: Any
) -> list[str]:
    """Os comandos de `registrar_ato`, numa transação desfeita no fim."""
    ator = atores(banco)["autoridade.cpsc"]
    with banco.sessoes() as s, comandos_sql(banco.engine) as lista:
        try:
            processos.registrar_ato(s, ator, pid, NovoAto(tipo=tipo, data_ato=data, dados=dados))
            s.flush()
        finally:
            s.rollback()
    return lista


def _registrar(banco: Banco, pid: int, tipo: str, data: dt.date, **dados: Any) -> list[str]:
    """Os comandos de `processos.registrar` com Idempotency-Key (transação própria, commit)."""
    ator = atores(banco)["autoridade.cpsc"]
    cmd = NovoAto(tipo=tipo, data_ato=data, dados=dados)
    with comandos_sql(banco.engine) as lista:
        processos.registrar(BancoUnitOfWork(banco), ator, pid, cmd, chave=str(uuid.uuid4()))
    return lista


def test_o_registro_de_um_ato_le_o_processo_uma_vez_e_nao_repete_comandos(
    banco_demo: Banco,
) -> None:
    pid, _ = processo_autuado(banco_demo, inscricao="4410777001", dias_atras=40)
    ciencia = hoje() - dt.timedelta(days=20)
    desfeito = _registrar_desfeito(banco_demo, pid, "ciencia_auto", ciencia, meio="pessoal")
    assert len(desfeito) <= TETO_CIENCIA, "\n".join(desfeito)
    assert _selects_repetidos(desfeito) == []
    assert _consultas_proprias(desfeito) == []
    travas = [c for c in desfeito if re.search(r"(?i)\bFROM processo WHERE", c)]
    assert len(travas) == 1, travas  # o processo lido e travado numa consulta

    post = _registrar(banco_demo, pid, "ciencia_auto", ciencia, meio="pessoal")
    assert len(post) <= TETO_POST, "\n".join(post)
    assert _selects_repetidos(post) == []
    resumo = [c for c in post if "processo_resumo" in c]
    assert [c.split()[0].upper() for c in resumo] == ["INSERT"], resumo

    defesa = _registrar_desfeito(banco_demo, pid, "defesa", ciencia + dt.timedelta(days=3))
    assert len(defesa) <= TETO_DEFESA, "\n".join(defesa)
    assert _selects_repetidos(defesa) == []
    assert _consultas_proprias(defesa) == []


def test_o_post_de_um_ato_nao_compila_comando_nenhum_depois_do_primeiro(banco_demo: Banco) -> None:
    """Cada comando do POST .../atos sai do cache de compilação do SQLAlchemy: compilar de novo
    a cada ato custava ~1 ms (o INSERT ... ON CONFLICT do `processo_resumo`, que o SQLAlchemy 2.0
    não guarda em cache como construção; por isso vai em texto, `resumo_processo._upsert`)."""
    ciencia = hoje() - dt.timedelta(days=20)
    pids = [
        processo_autuado(banco_demo, inscricao=f"44107770{n}2", dias_atras=40)[0] for n in (1, 2)
    ]
    _registrar(banco_demo, pids[0], "ciencia_auto", ciencia, meio="pessoal")  # o primeiro compila
    with compilados(banco_demo) as lista:
        post = _registrar(banco_demo, pids[1], "ciencia_auto", ciencia, meio="pessoal")
    assert any(c.startswith("INSERT INTO processo_resumo") for c in post), post
    assert lista == [], "\n".join(lista)


FLUSHES_DO_POST = 1
"""Os flushes do ORM com o que gravar num POST .../atos com Idempotency-Key: o do caso de uso (o
processo, os prazos, as penalidades). O ato entra pelo Core (`auditoria.registrar_ato`, um
INSERT ... RETURNING) e a resposta da chave também (`idempotencia.executar`): cada flush a mais
era a volta inteira do ORM (a ordem das tabelas, os eventos, o estado dos objetos) por um
INSERT só. Antes: 3."""


def test_o_post_de_um_ato_grava_num_flush_do_orm_so(banco_demo: Banco) -> None:
    pid, _ = processo_autuado(banco_demo, inscricao="4410777004", dias_atras=40)
    ciencia = hoje() - dt.timedelta(days=20)
    flushes: list[int] = []

    def contar(_s: Session, *_: Any) -> None:
        flushes.append(1)

    event.listen(Session, "before_flush", contar)
    try:
        post = _registrar(banco_demo, pid, "ciencia_auto", ciencia, meio="pessoal")
    finally:
        event.remove(Session, "before_flush", contar)
    assert any(c.startswith("INSERT INTO ato ") for c in post), post
    assert any(c.startswith("INSERT INTO idempotencia ") for c in post), post
    assert len(flushes) == FLUSHES_DO_POST


def test_os_atos_possiveis_leem_o_processo_uma_vez_para_todos_os_atos_e_datas(
    banco_demo: Banco,
) -> None:
    """O que cabe registrar agora (a página do processo e GET .../atos-possiveis) avalia as
    guardas de cada ato do estado, hoje e nos dias seguintes a cada vencimento, com uma leitura
    do processo (antes: as duas consultas do registro por ato e por data avaliada)."""
    pid, _ = processo_autuado(banco_demo, inscricao="4410777003", dias_atras=40)
    ator = atores(banco_demo)["autoridade.cpsc"]
    with comandos_sql(banco_demo.engine) as lista:
        possiveis = atos_possiveis.atos_possiveis(BancoUnitOfWork(banco_demo), ator, pid)
    assert len(possiveis) >= 2, possiveis  # mais de um ato: a leitura serviu a todos
    fatos = [c for c in lista if "levantaveis" in c]  # a consulta dos prazos e dos fatos
    assert len(fatos) == 1, "\n".join(lista)
    assert _selects_repetidos(lista) == [], "\n".join(lista)
