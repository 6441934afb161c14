"""O GET de um processo é um pedido barato (issue 13, item 4): uma conexão do pool e uma
transação de leitura para a autenticação e o caso de uso, e poucos comandos SQL. Se crescerem,
estes testes falham; a leitura do pedido tem prazo (um pedido abandonado para de trabalhar). O
POST de um ato também: a autenticação e o registro numa conexão e numa transação."""

from __future__ import annotations

import datetime as dt
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from apoio import comandos_com_parametros, comandos_sql, conexoes_do_pool, hash_rapido
from fastapi.testclient import TestClient
from semente import processo_autuado
from sqlalchemy import event, select, text
from sqlalchemy.orm import Session
from sqlalchemy.util import LRUCache

from farol.app import criar_app
from farol.config import Configuracao
from farol.relogio import hoje
from farol.services import demo, usuarios, vista_processo
from farol.services.demo import SENHA_DEMO
from farol.services.jurisdicao import ator_do_usuario
from farol.services.unit_of_work import BancoUnitOfWork, UnitOfWorkDoPedido
from farol.store.db import Banco, BancoIndisponivel
from farol.store.indices_de_busca import sem_paralelismo
from farol.store.orm import (
    OM,
    Ato,
    AutoDeInfracao,
    MedidaAdministrativa,
    Pagamento,
    Processo,
    Usuario,
)

API = "/api/v1"
SELECTS_COM_AUTO = 2
"""A sessão e o usuário; o processo, o que é um-para-um e as listas (atos, prazos, pagamentos,
penalidades, itens do auto e constatações) numa união (`farol.store.secoes`; antes, uma
consulta para o processo e uma por lista: 6)."""
SELECTS_SEM_AUTO = 2
"""Sem auto, aberto por inspeção: as constatações vêm na mesma união, com as pessoas da inspeção
na linha do processo (antes, o processo, a inspeção e as constatações pelo ORM: 8; depois, 6)."""
SELECTS_NO_MAXIMO = 6
"""Qualquer processo da demonstração (custódia, medidas, pagamentos, procuradores...)."""


@contextmanager
def contando(banco: Banco) -> Iterator[dict[str, Any]]:
    """Os comandos SQL e as conexões tiradas do pool enquanto o bloco roda."""
    conta: dict[str, Any] = {"comandos": [], "conexoes": 0}
    with comandos_sql(banco.engine) as comandos, conexoes_do_pool(banco.engine) as conexoes:
        try:
            yield conta
        finally:
            conta["comandos"], conta["conexoes"] = comandos, conexoes.tiradas


@pytest.fixture
def cliente(
    banco: Banco, url_banco: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[TestClient, dict[str, str]]]:
    monkeypatch.setattr(usuarios, "hash_senha", hash_rapido)
    demo.carregar_demo(banco, hoje(), log=lambda _: None)
    config = Configuracao(pasta_dados=tmp_path, database_url=url_banco, segredo="x" * 40)
    with TestClient(criar_app(config, banco)) as c:
        r = c.post(f"{API}/auth/token", data={"username": "dpc", "password": SENHA_DEMO})
        assert r.status_code == 200, r.text
        yield c, {"Authorization": f"Bearer {r.json()['access_token']}"}


def test_get_de_um_processo_usa_uma_conexao_e_poucos_comandos(
    banco: Banco, cliente: tuple[TestClient, dict[str, str]]
) -> None:
    c, token = cliente
    with banco.unit_of_work(somente_leitura=True) as s:
        ids = list(s.execute(select(Processo.id).order_by(Processo.id)).scalars())
        com_auto = s.execute(select(AutoDeInfracao.processo_id).limit(1)).scalar_one()
        sem_auto = s.execute(
            select(Processo.id)
            .where(
                Processo.inspecao_id.is_not(None),
                Processo.id.not_in(select(AutoDeInfracao.processo_id)),
                Processo.id.not_in(
                    select(MedidaAdministrativa.processo_id).where(
                        MedidaAdministrativa.processo_id.is_not(None)
                    )
                ),
                Processo.id.not_in(select(Pagamento.processo_id)),
            )
            .limit(1)
        ).scalar_one()
    assert c.get(f"{API}/processos/{com_auto}", headers=token).status_code == 200  # aquece
    for pid in ids:
        with contando(banco) as conta:
            r = c.get(f"{API}/processos/{pid}", headers=token)
        assert r.status_code == 200, r.text
        selects = [x for x in conta["comandos"] if x.upper().startswith(("SELECT", "WITH"))]
        assert conta["conexoes"] == 1, (pid, conta)
        assert len([x for x in conta["comandos"] if x.upper().startswith("BEGIN")]) <= 1
        assert len(selects) <= SELECTS_NO_MAXIMO, (pid, selects)
        if pid == sem_auto:
            assert len(selects) == SELECTS_SEM_AUTO, selects
            assert r.json()["infracoes"], r.json()  # as constatações do autuado
        if pid == com_auto:
            assert len(selects) == SELECTS_COM_AUTO, selects
            # além das consultas, só o BEGIN do SQLite: no PostgreSQL, a conexão já está com o
            # prazo do pedido (o do pedido anterior), e não o troca de novo
            outros = [x for x in conta["comandos"] if x not in selects]
            assert all(x.startswith("BEGIN") for x in outros), outros


def _elementos(chave: Any) -> int:
    """Os elementos de uma chave do cache de compilação (tuplas aninhadas), todos os níveis."""
    return 1 + sum(_elementos(x) for x in chave) if isinstance(chave, tuple) else 1


def test_get_de_um_processo_nao_procura_as_consultas_grandes_no_cache_do_sqlalchemy(
    banco: Banco, cliente: tuple[TestClient, dict[str, str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A união das seções do processo e a consulta da sessão executam com o SQL compilado
    guardado nelas (`farol.store.consulta_fixa`): procurá-las no cache do SQLAlchemy calculava a
    cada pedido o hash da estrutura inteira de cada uma (~5.000 e ~860 elementos), 5 % das
    instruções do GET. As respostas são as mesmas: os testes da API conferem o corpo."""
    c, token = cliente
    with banco.unit_of_work(somente_leitura=True) as s:
        pid = s.execute(select(AutoDeInfracao.processo_id).limit(1)).scalar_one()
    assert c.get(f"{API}/processos/{pid}", headers=token).status_code == 200  # compila
    procuradas: list[int] = []
    procurar = LRUCache.get

    def contando(cache: LRUCache[Any, Any], chave: Any, padrao: Any = None) -> Any:
        procuradas.append(_elementos(chave))
        return procurar(cache, chave, padrao)

    monkeypatch.setattr(LRUCache, "get", contando)  # o cache de compilação do SQLAlchemy
    with comandos_sql(banco.engine) as comandos:
        r = c.get(f"{API}/processos/{pid}", headers=token)
    assert r.status_code == 200, r.text
    assert r.json()["id"] == pid and r.json()["atos"]
    selects = [x for x in comandos if x.upper().startswith(("SELECT", "WITH"))]
    assert len(selects) == SELECTS_COM_AUTO  # as duas consultas foram ao banco
    assert all(n < 500 for n in procuradas), procuradas


@contextmanager
def situacoes_da_transacao(banco: Banco) -> Iterator[list[tuple[str, Any, str]]]:
    """Para cada comando do bloco (PostgreSQL): a primeira palavra, se a conexão estava numa
    transação depois dele (o `transaction_status` do psycopg) e o `statement_timeout` dela."""
    situacoes: list[tuple[str, Any, str]] = []

    def depois(conexao: Any, _cursor: Any, comando: str, *_: Any) -> None:
        dbapi = conexao.connection.dbapi_connection
        prazo = dbapi.execute(
            "SELECT setting FROM pg_settings WHERE name = 'statement_timeout'"
        ).fetchone()[0]
        situacoes.append((comando.split()[0], dbapi.info.transaction_status, prazo))

    event.listen(banco.engine, "after_cursor_execute", depois)
    try:
        yield situacoes
    finally:
        event.remove(banco.engine, "after_cursor_execute", depois)


def test_postgresql_le_o_get_de_um_processo_sem_transacao(
    banco: Banco, cliente: tuple[TestClient, dict[str, str]]
) -> None:
    """No PostgreSQL, a leitura partilhada do pedido roda sem transação (`autocommit`): cada
    comando com o seu instantâneo, como em READ COMMITTED, sem as duas idas ao banco do BEGIN e
    do COMMIT; com o prazo do pedido. A escrita seguinte na mesma conexão volta a ter transação,
    e a busca sem workers paralelos troca o ajuste da sessão e o desfaz no fim."""
    if banco.engine.dialect.name != "postgresql":
        pytest.skip("autocommit: PostgreSQL (o SQLite abre a transação com BEGIN)")
    from psycopg.pq import TransactionStatus

    c, token = cliente
    with banco.unit_of_work(somente_leitura=True) as s:
        pid = s.execute(select(Processo.id).limit(1)).scalar_one()
    with situacoes_da_transacao(banco) as situacoes:
        assert c.get(f"{API}/processos/{pid}", headers=token).status_code == 200
    assert situacoes, "o GET não passou pelo banco"
    assert {(st, prazo) for _, st, prazo in situacoes} == {
        (TransactionStatus.IDLE, str(round(banco.limite_leitura_s * 1000)))
    }, situacoes
    with banco.escrita_do_pedido() as s:  # a mesma conexão (LIFO), agora numa transação
        s.execute(text("SELECT 1"))
        dbapi = s.connection().connection.dbapi_connection
        assert dbapi.info.transaction_status == TransactionStatus.INTRANS  # type: ignore[union-attr]
    uow = UnitOfWorkDoPedido(banco)
    paralelos = "SHOW max_parallel_workers_per_gather"
    with uow.partilhando(), uow.leitura() as s:
        padrao = s.execute(text(paralelos)).scalar()
        with sem_paralelismo(s):
            assert s.execute(text(paralelos)).scalar() == "0"
        assert s.execute(text(paralelos)).scalar() == padrao != "0"
        with pytest.raises(ZeroDivisionError), sem_paralelismo(s):
            _ = 1 / 0  # a busca que falha também devolve a conexão como veio
        assert s.execute(text(paralelos)).scalar() == padrao


def test_postgresql_as_outras_rotas_leem_sem_transacao(
    banco: Banco, cliente: tuple[TestClient, dict[str, str]]
) -> None:
    """As rotas com o usuário (`farol.http.rota`) leem a sessão do token e o caso de uso na
    leitura partilhada, sem transação; a busca, sem workers paralelos, troca o ajuste da sessão
    (`SET`) e o desfaz no fim (`RESET`): a conexão volta ao pool como veio."""
    if banco.engine.dialect.name != "postgresql":
        pytest.skip("autocommit: PostgreSQL")
    from psycopg.pq import TransactionStatus

    c, token = cliente
    with situacoes_da_transacao(banco) as situacoes:
        assert c.get(f"{API}/auth/eu", headers=token).status_code == 200
    assert {st for _, st, _ in situacoes} == {TransactionStatus.IDLE}, situacoes
    assert [x for x, _, _ in situacoes].count("SELECT") == 1, situacoes
    with situacoes_da_transacao(banco) as situacoes:
        r = c.get(f"{API}/busca", params={"q": "Maria"}, headers=token)
    assert r.status_code == 200, r.text
    assert {st for _, st, _ in situacoes} == {TransactionStatus.IDLE}, situacoes
    comandos = [x for x, _, _ in situacoes]
    assert comandos.index("SET") < comandos.index("RESET") == len(comandos) - 1, comandos


def test_get_de_processo_fora_da_jurisdicao_e_404_na_mesma_leitura(
    banco: Banco, cliente: tuple[TestClient, dict[str, str]]
) -> None:
    c, token = cliente
    with contando(banco) as conta:
        r = c.get(f"{API}/processos/999999", headers=token)
    assert r.status_code == 404
    assert r.json()["campo"] == "id"
    assert conta["conexoes"] == 1


def test_escrita_no_pedido_encerra_a_leitura_partilhada(banco: Banco) -> None:
    """Uma escrita no meio do pedido não segura duas conexões, e a leitura seguinte vê o que
    ela gravou."""
    uow = UnitOfWorkDoPedido(banco)
    with uow.partilhando():
        with uow.leitura() as s:
            antes = s.execute(select(OM.id)).all()
        with uow.leitura() as s2:
            assert s2 is s  # a mesma sessão e transação
        assert uow.aberta
        with uow.escrita() as s:
            assert not uow.aberta
            s.add(OM(sigla="CPTESTE", nome="Capitania de Teste", tipo="CP", uf="SC",
                     municipio="Itajaí"))  # fmt: skip
            s.flush()
            assert banco.engine.pool.checkedout() == 1  # type: ignore[attr-defined]
        with uow.leitura() as s:
            depois = s.execute(select(OM.id)).all()
    assert not uow.aberta
    assert len(depois) == len(antes) + 1
    assert banco.engine.pool.checkedout() == 0  # type: ignore[attr-defined]


def _demorada(banco: Banco) -> str:
    if banco.engine.dialect.name == "postgresql":
        return "SELECT pg_sleep(5)"
    return (
        "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 1000000000)"
        " SELECT count(*) FROM c"
    )


def test_leitura_do_pedido_para_no_prazo(banco: Banco) -> None:
    """A leitura de um pedido tem prazo (`Banco.limite_leitura_s`): SQLite pelo progress
    handler, PostgreSQL por `SET LOCAL statement_timeout`; passou, é 503 (tente de novo) sem
    ligar o disjuntor, e a conexão volta ao pool sem o prazo."""
    curto = Banco(banco.engine, limite_leitura_s=0.2)
    uow = UnitOfWorkDoPedido(curto)
    inicio = time.monotonic()
    with pytest.raises(BancoIndisponivel, match="passou do tempo"), uow.leitura() as s:
        s.execute(text(_demorada(banco))).scalar()
    with (
        pytest.raises(BancoIndisponivel, match="passou do tempo"),
        uow.partilhando(),
        uow.leitura() as s,
    ):
        s.execute(text(_demorada(banco))).scalar()
    assert time.monotonic() - inicio < 6
    assert not uow.aberta and not curto.disjuntor.aberto
    # a mesma conexão, fora do pedido: sem prazo de leitura
    with banco.unit_of_work(somente_leitura=True) as s:
        if banco.engine.dialect.name == "postgresql":
            assert s.execute(text("SHOW statement_timeout")).scalar() != "200ms"
        assert s.execute(text("SELECT count(*) FROM om")).scalar() is not None
    with banco.unit_of_work() as s:  # uma escrita na conexão que teve o prazo
        s.add(
            OM(sigla="CPPRAZO", nome="Capitania do Prazo", tipo="CP", uf="SC", municipio="Itajaí")
        )


def test_postgresql_guarda_as_consultas_preparadas_entre_pedidos(
    banco: Banco, cliente: tuple[TestClient, dict[str, str]]
) -> None:
    """A leitura partilhada do pedido termina com COMMIT: num ROLLBACK o psycopg descarta os
    comandos preparados da conexão, e o PostgreSQL planejava de novo cada consulta de cada GET
    (2,4 ms de CPU do banco por pedido, bench/api.py)."""
    if banco.engine.dialect.name != "postgresql":
        pytest.skip("comandos preparados: os do psycopg no PostgreSQL")
    c, token = cliente
    with banco.unit_of_work(somente_leitura=True) as s:
        pid = s.execute(select(Processo.id).limit(1)).scalar_one()
    for _ in range(8):  # o psycopg prepara um comando na 5ª execução na mesma conexão
        assert c.get(f"{API}/processos/{pid}", headers=token).status_code == 200
    # o pool entrega primeiro a conexão devolvida por último (LIFO): a dos pedidos acima
    with banco.engine.connect() as conexao:
        preparados = list(
            conexao.execute(text("SELECT statement FROM pg_prepared_statements")).scalars()
        )
    assert any("FROM processo" in x for x in preparados), preparados


def _preparados(banco: Banco) -> list[str]:
    """Os comandos preparados da conexão que o pool entrega agora: a devolvida por último
    (LIFO), a do pedido de antes."""
    with banco.engine.connect() as conexao:
        return list(conexao.execute(text("SELECT statement FROM pg_prepared_statements")).scalars())


def test_postgresql_um_ato_recusado_desfaz_a_transacao_e_guarda_as_consultas_preparadas(
    banco: Banco, cliente: tuple[TestClient, dict[str, str]]
) -> None:
    """Um ato recusado no meio da transação (o processo já travado) termina em ROLLBACK, que o
    psycopg acompanha de DEALLOCATE ALL: o banco planejava de novo cada consulta dos ~10 pedidos
    seguintes nessa conexão (0,4 ms de CPU do banco por ato com 2 % de recusas, bench/atos.py).
    O ROLLBACK desfaz o que a transação gravou e guarda os preparados."""
    if banco.engine.dialect.name != "postgresql":
        pytest.skip("comandos preparados: os do psycopg no PostgreSQL")
    c, _ = cliente
    r = c.post(f"{API}/auth/token", data={"username": "autoridade.cpsc", "password": SENHA_DEMO})
    token = {"Authorization": f"Bearer {r.json()['access_token']}"}
    pid, _ = processo_autuado(banco, inscricao="4410777003", dias_atras=40)
    for _ in range(8):  # o psycopg prepara um comando na 5ª execução na mesma conexão
        assert c.get(f"{API}/processos/{pid}", headers=token).status_code == 200
    assert any("FROM processo" in x for x in _preparados(banco))
    fora_de_ordem = {"tipo": "defesa", "data_ato": hoje().isoformat(), "dados": {}}
    r = c.post(f"{API}/processos/{pid}/atos", json=fora_de_ordem, headers=token)
    assert r.status_code == 409, r.text
    assert any("FROM processo" in x for x in _preparados(banco))

    # o ROLLBACK desfaz o que a transação gravou
    with banco.engine.connect() as conexao:
        conexao.execute(
            OM.__table__.insert().values(
                sigla="CPDESFEITA", nome="Capitania Desfeita", tipo="CP", uf="SC",
                municipio="Itajaí",
            )
        )  # fmt: skip
        conexao.rollback()
    with banco.unit_of_work(somente_leitura=True) as s:
        assert s.execute(select(OM.id).where(OM.sigla == "CPDESFEITA")).first() is None
    assert any("FROM processo" in x for x in _preparados(banco))


def _prazo_ms(s: Session) -> int:
    return int(
        s.execute(text("SELECT setting FROM pg_settings WHERE name = 'statement_timeout'")).scalar()
    )


def test_postgresql_troca_o_prazo_da_conexao_so_quando_muda_e_o_rollback_o_desfaz(
    banco: Banco,
) -> None:
    """O `statement_timeout` do pedido fica na conexão: pedido atrás de pedido, nenhum SET a
    mais; uma transação de fora do pedido volta ao da conexão; um ROLLBACK desfaz o SET feito
    nele, e a conexão não o dá por feito."""
    if banco.engine.dialect.name != "postgresql":
        pytest.skip("statement_timeout: PostgreSQL")
    do_pedido = round(banco.limite_leitura_s * 1000)
    with banco.unit_of_work(somente_leitura=True) as s:
        da_conexao = _prazo_ms(s)
    assert da_conexao != do_pedido
    with banco.leitura_do_pedido() as s:
        assert _prazo_ms(s) == do_pedido
    for abrir in (banco.leitura_do_pedido, banco.escrita_do_pedido):
        with contando(banco) as conta, abrir() as s:
            assert _prazo_ms(s) == do_pedido
        assert not [x for x in conta["comandos"] if "statement_timeout =" in x], conta
    with banco.unit_of_work() as s:
        assert _prazo_ms(s) == da_conexao
    with pytest.raises(ZeroDivisionError), banco.leitura_do_pedido() as s:
        assert _prazo_ms(s) == do_pedido
        _ = 1 / 0  # ROLLBACK: o SET desta transação não fica, e a conexão não o dá por feito
    with banco.leitura_do_pedido() as s:
        assert _prazo_ms(s) == do_pedido
    with banco.unit_of_work() as s:
        assert _prazo_ms(s) == da_conexao


def test_post_de_um_ato_autentica_e_registra_numa_conexao_e_numa_transacao(
    banco: Banco, cliente: tuple[TestClient, dict[str, str]]
) -> None:
    """A autenticação abre a transação de escrita e o registro a continua: uma conexão do pool,
    um COMMIT (antes: uma transação para a autenticação e outra para o ato, cada uma com o
    ping do pool, o BEGIN e o COMMIT); um erro do registro desfaz tudo e não deixa o pedido
    seguinte com a conexão presa."""
    c, _ = cliente
    r = c.post(f"{API}/auth/token", data={"username": "autoridade.cpsc", "password": SENHA_DEMO})
    token = {"Authorization": f"Bearer {r.json()['access_token']}"}
    pid, _ = processo_autuado(banco, inscricao="4410777002", dias_atras=40)
    ciencia = {"tipo": "ciencia_auto", "data_ato": (hoje() - dt.timedelta(days=20)).isoformat(),
               "dados": {"meio": "pessoal"}}  # fmt: skip
    commits: list[str] = []

    def commit(*_: Any) -> None:
        commits.append("COMMIT")

    event.listen(banco.engine, "commit", commit)
    try:
        with contando(banco) as conta:
            r = c.post(
                f"{API}/processos/{pid}/atos",
                json=ciencia,
                headers={**token, "Idempotency-Key": str(uuid.uuid4())},
            )
    finally:
        event.remove(banco.engine, "commit", commit)
    assert r.status_code == 201, r.text
    assert conta["conexoes"] == 1, conta
    assert len([x for x in conta["comandos"] if x.upper().startswith("BEGIN")]) <= 1
    assert commits == ["COMMIT"], commits
    assert any("FROM sessao" in x for x in conta["comandos"])  # a autenticação, na mesma
    # o mesmo ato de novo (outra chave): recusado pelo quadro, nada gravado, conexão devolvida
    with contando(banco) as conta:
        r = c.post(
            f"{API}/processos/{pid}/atos",
            json=ciencia,
            headers={**token, "Idempotency-Key": str(uuid.uuid4())},
        )
    assert r.status_code in (409, 422), r.text
    assert conta["conexoes"] == 1, conta
    assert banco.engine.pool.checkedout() == 0  # type: ignore[attr-defined]
    with banco.unit_of_work(somente_leitura=True) as s:
        atos = s.execute(select(Ato.tipo).where(Ato.processo_id == pid)).scalars().all()
    assert atos.count("ciencia_auto") == 1, atos


def test_pagina_do_processo_le_o_processo_e_a_inspecao_uma_vez(banco: Banco) -> None:
    """Cada seção da página do processo (anexos, documentos, medidas, partes, registro de campo)
    carrega o processo; a vista os mantém no mapa de identidade da sessão, e o banco lê cada um
    (o processo, a sua origem, a inspeção) uma vez por página (antes: o processo 4 vezes e a
    inspeção 2)."""
    demo.carregar_demo(banco, hoje(), log=lambda _: None)
    with banco.unit_of_work(somente_leitura=True) as s:
        ids = list(s.execute(select(Processo.id).order_by(Processo.id)).scalars())
        usuario = s.execute(select(Usuario).where(Usuario.login == "dpc")).scalar_one()
        dpc = ator_do_usuario(s, usuario)
    for pid in ids:
        with comandos_com_parametros(banco.engine) as lista:
            vista_processo.vista(BancoUnitOfWork(banco), dpc, pid)
        lidos = [
            (" ".join(sql.split()), str(parametros))
            for sql, parametros in lista
            if sql.lstrip().startswith(("SELECT processo.id AS", "SELECT inspecao.id AS"))
        ]
        assert lidos, pid
        assert len(lidos) == len(set(lidos)), (pid, lidos)
