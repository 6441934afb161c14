"""A lista de processos pela API é um pedido barato (issue 13): uma conexão do pool e uma
transação de leitura para a autenticação e o caso de uso, e quatro consultas para a página
(contagem, ids da página, linhas da página, etapas dos próximos prazos), quantos forem os
processos. Os itens, montados das linhas do Core, são os mesmos de `leitura.resumo`."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from apoio import comandos_com_parametros, hash_rapido
from fastapi.testclient import TestClient
from sqlalchemy import select, update

from farol.app import criar_app
from farol.config import Configuracao
from farol.relogio import hoje
from farol.services import consultas, demo, usuarios
from farol.services.carga_em_massa import carregar_em_massa
from farol.services.consultas import ORDENS, FiltroDeProcessos
from farol.services.demo import SENHA_DEMO
from farol.services.jurisdicao import ator_do_usuario
from farol.services.leitura import resumo
from farol.services.resultados.lista_processos import ProcessoNaLista
from farol.services.unit_of_work import BancoUnitOfWork
from farol.store.db import Banco
from farol.store.orm import Processo, Usuario

from .test_get_processo_barato import contando

API = "/api/v1"
SELECTS_DA_AUTENTICACAO = 1
"""A sessão do token e o usuário (como no GET de um processo)."""
SELECTS_DA_LISTA = 4
"""Contagem, ids da página, linhas da página, etapas dos próximos prazos."""


@pytest.fixture
def carregado(banco: Banco, monkeypatch: pytest.MonkeyPatch) -> Banco:
    """A demonstração (30 processos) e mais 90 da carga em massa: páginas cheias de 100."""
    monkeypatch.setattr(usuarios, "hash_senha", hash_rapido)
    demo.carregar_demo(banco, hoje(), log=lambda _: None)
    carregar_em_massa(banco, 90, lote=90, semanas=52, log=lambda _: None)
    return banco


@pytest.fixture
def cliente(carregado: Banco, url_banco: str, tmp_path: Path) -> Iterator[TestClient]:
    config = Configuracao(pasta_dados=tmp_path, database_url=url_banco, segredo="x" * 40)
    with TestClient(criar_app(config, carregado)) as c:
        yield c


def _token(c: TestClient, login: str) -> dict[str, str]:
    r = c.post(f"{API}/auth/token", data={"username": login, "password": SENHA_DEMO})
    assert r.status_code == 200, r.text
    return {"Authorization": f"Bearer {r.json()['access_token']}"}


@pytest.mark.parametrize(
    "params",
    [
        {"por_pagina": 100},
        {"por_pagina": 100, "pagina": 2, "ordem": "prazo"},
        {"por_pagina": 50, "ordem": "-numero", "vencidos": "true"},
        {"por_pagina": 100, "ordem": "aberto_em", "vence_de": "2000-01-01"},
        {"por_pagina": 100, "pagina": 99},  # depois da última: página vazia
    ],
)
def test_lista_pela_api_usa_uma_conexao_e_quatro_consultas(
    carregado: Banco, cliente: TestClient, params: dict[str, Any]
) -> None:
    token = _token(cliente, "dpc")
    assert cliente.get(f"{API}/processos", headers=token).status_code == 200  # aquece
    with contando(carregado) as conta:
        r = cliente.get(f"{API}/processos", params=params, headers=token)
    assert r.status_code == 200, r.text
    if params.get("pagina") != 99:
        assert r.json(), "a página deveria ter processos"
    selects = [x for x in conta["comandos"] if x.upper().startswith(("SELECT", "WITH"))]
    assert conta["conexoes"] == 1, conta
    outros = [x for x in conta["comandos"] if x not in selects]
    # além das consultas: o BEGIN (SQLite) e o prazo da leitura (PostgreSQL)
    assert len(outros) <= 1, outros
    assert all(x.startswith(("BEGIN", "SET LOCAL statement_timeout")) for x in outros)
    esperadas = SELECTS_DA_AUTENTICACAO + SELECTS_DA_LISTA
    if not r.json():  # página vazia: nem linhas nem etapas a ler
        esperadas -= 2
    elif all(x["proximo_prazo"] is None for x in r.json()):
        # nenhum prazo em curso na página (a segunda pelo prazo, com a data do dia, pode ter só
        # processos sem prazo): não há etapa a ler
        esperadas -= 1
    assert len(selects) == esperadas, selects


def test_lista_com_filtro_de_om_e_erros_na_mesma_leitura(
    carregado: Banco, cliente: TestClient
) -> None:
    token = _token(cliente, "autoridade.cpsc")
    with contando(carregado) as conta:
        r = cliente.get(f"{API}/processos", params={"om": "DELITAJAI"}, headers=token)
    assert r.status_code == 200, r.text
    assert conta["conexoes"] == 1
    with contando(carregado) as conta:
        r = cliente.get(f"{API}/processos", params={"om": "CPSP"}, headers=token)
    assert r.status_code == 404 and r.json()["campo"] == "om"
    assert conta["conexoes"] == 1
    with contando(carregado) as conta:
        r = cliente.get(f"{API}/processos", params={"estado": "inexistente"}, headers=token)
    assert r.status_code == 422
    assert conta["conexoes"] == 1
    assert carregado.engine.pool.checkedout() == 0  # type: ignore[attr-defined]
    r = cliente.get(f"{API}/processos", headers={"Authorization": "Bearer x"})
    assert r.status_code == 401


def test_itens_da_lista_sao_os_de_leitura_resumo(carregado: Banco) -> None:
    """Cada item é `leitura.resumo` do processo e o próximo prazo, em todas as ordens e para
    usuários de jurisdições diferentes; também sem autuado (custódia de bem de responsável
    desconhecido) e sem embarcação."""
    with carregado.unit_of_work() as s:
        sem_autuado = s.execute(select(Processo.id).order_by(Processo.id.desc())).scalars().first()
        s.execute(update(Processo).where(Processo.id == sem_autuado).values(autuado_id=None))
    uow = BancoUnitOfWork(carregado)
    vistos: set[int] = set()
    for login in ("dpc", "autoridade.cpsc", "delegado.itajai", "autoridade.cpsp"):
        with carregado.unit_of_work(somente_leitura=True) as s:
            usuario = s.execute(select(Usuario).where(Usuario.login == login)).scalar_one()
            ator = ator_do_usuario(s, usuario)
        for ordem, numero in ((o, n) for o in ORDENS for n in (1, 2)):
            filtro = FiltroDeProcessos(ordem=ordem, por_pagina=60, pagina=numero)
            pagina = consultas.listar_processos(uow, ator, filtro)
            assert pagina.itens or pagina.total <= 60 * (numero - 1)
            with carregado.unit_of_work(somente_leitura=True) as s:
                for item in pagina.itens:
                    p = s.get(Processo, item.id)
                    assert p is not None
                    esperado = ProcessoNaLista.model_validate(
                        {**resumo(s, p), "proximo_prazo": item.proximo_prazo}
                    )
                    assert item.model_dump(mode="json") == esperado.model_dump(mode="json")
                    vistos.add(item.id)
    with carregado.unit_of_work(somente_leitura=True) as s:
        sem_embarcacao = set(
            s.execute(select(Processo.id).where(Processo.embarcacao_id.is_(None))).scalars()
        )
    assert sem_autuado in vistos
    assert sem_embarcacao & vistos


def test_no_postgresql_a_pagina_pelo_prazo_sai_na_ordem_do_indice_sem_ordenar(
    carregado: Banco, motor: str
) -> None:
    """A página na ordem do prazo (vencimento e, no empate, o id) sai do índice
    `ix_processo_resumo_vencimento_id_om` (migração 0040) sem nó de ordenação: com o índice de
    0033 (só o vencimento e a OM), o PostgreSQL lia todos os processos dos primeiros dias de
    vencimento para desempatar (32 mil linhas por página a 1 milhão, `bench/escala.py`).
    Tabelas pequenas: a leitura sequencial e a ordenação ficam desligadas para o planejador
    mostrar se o índice dá a ordem inteira."""
    if motor != "postgresql":
        pytest.skip("o SQLite a 100 mil acha a página pelo índice da OM (bench/escala.py)")
    uow = BancoUnitOfWork(carregado)
    with carregado.unit_of_work(somente_leitura=True) as s:
        ator = ator_do_usuario(
            s, s.execute(select(Usuario).where(Usuario.login == "dpc")).scalar_one()
        )
    with comandos_com_parametros(carregado.engine) as emitidos:
        pagina = consultas.listar_processos(uow, ator, FiltroDeProcessos(ordem="prazo"))
    assert pagina.itens
    [(comando, parametros)] = [
        (c, p) for c, p in emitidos if "ORDER BY processo_resumo.proximo_vencimento" in c
    ]
    with carregado.engine.connect() as c:
        for opcao in ("enable_seqscan", "enable_sort", "enable_incremental_sort"):
            c.exec_driver_sql(f"SET LOCAL {opcao} = off")
        plano = "\n".join(c.exec_driver_sql("EXPLAIN " + comando, parametros).scalars())
    assert "ix_processo_resumo_vencimento_id_om" in plano, plano
    assert "Sort" not in plano, plano


def test_postgresql_le_as_linhas_da_pagina_pelos_indices_numa_base_de_milhares(
    banco: Banco, motor: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As linhas dos 100 processos da página buscam o autuado, a embarcação e o próximo
    vencimento pelo índice, e não leem `pessoa`, `embarcacao` e `processo_resumo` inteiras:
    juntadas à página, numa base de milhares de processos, o PostgreSQL preferia ler as tabelas
    e casá-las por hash (8–9 ms por página com 20 mil processos, contra 2,5 ms pelo índice). Só
    a tabela das OMs, pequena, pode ser lida inteira."""
    if motor != "postgresql":
        pytest.skip("o plano do PostgreSQL")
    monkeypatch.setattr(usuarios, "hash_senha", hash_rapido)
    demo.carregar_demo(banco, hoje(), log=lambda _: None)
    carregar_em_massa(banco, 5000, lote=2500, semanas=52, log=lambda _: None)
    with banco.engine.connect() as c:
        c.exec_driver_sql("ANALYZE")
        ids = list(c.execute(select(Processo.id).order_by(Processo.id).limit(100)).scalars())
        with comandos_com_parametros(banco.engine) as comandos:
            linhas = consultas._linhas_da_pagina(c, ids)
        assert [x.id for x in linhas] == ids
        ((comando, parametros),) = comandos
        plano = "\n".join(c.exec_driver_sql("EXPLAIN " + comando, parametros).scalars())
    assert set(re.findall(r"Seq Scan on (\w+)", plano)) <= {"om"}, plano
