"""Réplica de leitura (issue 13, item 9): com `FAROL_DATABASE_URL_REPLICA`, as estatísticas e o
painel leem na réplica; o resto (o processo que o usuário acabou de gravar) lê no principal.

A réplica aqui é uma cópia do SQLite tirada num instante (a API de backup): o principal segue
recebendo processos, a cópia fica como estava — como uma réplica atrasada. Assim se vê por
onde cada leitura passou."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from apoio import hash_rapido
from semente import atores

from farol.relogio import hoje
from farol.services import consultas, demo, estatisticas, usuarios
from farol.services.unit_of_work import BancoUnitOfWork, UnitOfWorkDoPedido, caso_de_uso
from farol.store.db import Banco, arquivo_sqlite

from .test_estatisticas_escala import mais_processos


def test_estatisticas_leem_na_replica_e_a_lista_no_principal(
    banco: Banco, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    arquivo = arquivo_sqlite(banco.url)
    if arquivo is None:
        pytest.skip("a réplica do teste é uma cópia do arquivo SQLite")
    monkeypatch.setattr(usuarios, "hash_senha", hash_rapido)
    demo.carregar_demo(banco, hoje(), log=lambda _: None)
    copia = tmp_path / "replica.sqlite3"
    with sqlite3.connect(arquivo) as origem, sqlite3.connect(copia) as destino:
        origem.backup(destino)
    mais_processos(banco, 2)  # o principal anda; a réplica fica para trás

    com_replica = Banco.conectar(banco.url, replica=f"sqlite:///{copia}")
    so_replica = Banco.conectar(f"sqlite:///{copia}")
    try:
        ator = atores(banco)["dpc"]
        periodo = estatisticas.periodo_padrao(hoje())

        def figuras(b: Banco) -> object:
            return estatisticas.calcular(BancoUnitOfWork(b), ator, *periodo)

        assert figuras(com_replica) == figuras(so_replica)
        assert figuras(com_replica) != figuras(banco)
        # a lista de processos (leitura comum) segue no principal
        lista = consultas.listar_processos(BancoUnitOfWork(com_replica), ator)
        assert lista.total == consultas.listar_processos(BancoUnitOfWork(banco), ator).total
        assert lista.total > consultas.listar_processos(BancoUnitOfWork(so_replica), ator).total
        # numa leitura partilhada de um pedido (as páginas e a API), a mesma divisão: as
        # estatísticas na réplica, a lista no principal
        uow = UnitOfWorkDoPedido(com_replica)
        with uow.partilhando():
            assert estatisticas.calcular(uow, ator, *periodo) == figuras(so_replica)
            assert consultas.listar_processos(uow, ator).total == lista.total
    finally:
        com_replica.fechar()
        so_replica.fechar()


def test_caso_de_uso_que_grava_nao_le_na_replica() -> None:
    with pytest.raises(ValueError, match="não lê na réplica"):
        caso_de_uso(escrita=True, replica=True)
