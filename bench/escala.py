"""Bench de escala das leituras da jurisdição: estatísticas e painel com K processos a mais.

Uso: .venv/bin/python bench/escala.py [--k 10] [--massa N] [--repeticoes 3] [--url sqlite:///...]
         [--reusar] [--lentos 3] [--planos]

Cria um banco (SQLite temporário, ou o de `--url`, que deve estar vazio), carrega a
demonstração e mais K processos pelos mesmos serviços que a demonstração usa (inspeção e atos
dos seus cenários, com inícios espalhados pelos últimos meses), e mais N pela carga em massa
(`--massa`, a mesma de `farol demo --processos N`), e mede, para um usuário da
Capitania (autoridade.cpsc) e um nacional (dpc): o tempo (melhor de R) e o número de comandos
SQL das estatísticas, do painel e da lista de processos (uma página de 100, pelo registro e
pelo próximo prazo), só leitura, ao lado de uma consulta trivial (`SELECT 1`). Os três devem
ter número de comandos constante em K (issue 13; tests/integration/test_estatisticas_escala.py
e test_painel_escala.py).

`--reusar`: mede o banco de `--url` como está (já povoado, por exemplo por
`farol demo --database-url URL --processos 1000000`), sem criar nada. `--lentos N`: depois de
cada vista, os N comandos mais demorados da melhor execução, com o tempo de cada um;
`--planos`: o plano (EXPLAIN ANALYZE no PostgreSQL, EXPLAIN QUERY PLAN no SQLite) do mais
demorado.
"""

from __future__ import annotations

import argparse
import datetime as dt
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from pwdlib.hashers.argon2 import Argon2Hasher
from sqlalchemy import event, select, text
from sqlalchemy.orm import Session

from farol.erros import Conflito
from farol.relogio import hoje
from farol.services import consultas, demo, estatisticas, painel, usuarios
from farol.services.carga_em_massa import carregar_em_massa
from farol.services.jurisdicao import Ator, ator_do_usuario
from farol.store.db import Banco
from farol.store.migrar import atualizar_banco
from farol.store.orm import Processo, Usuario


def _hash_rapido(senha: str) -> str:
    return Argon2Hasher(time_cost=1, memory_cost=1024, parallelism=1).hash(senha)


def popular(banco: Banco, k: int) -> None:
    setattr(usuarios, "hash_senha", _hash_rapido)  # noqa: B010  # o bench não mede login
    demo.carregar_demo(banco, hoje(), log=lambda _: None)
    for n in range(100, 100 + k):
        esperado, infracao, passos = demo.CENARIOS[n % len(demo.CENARIOS)]
        ultimo = passos[-1].dia if passos else 0
        for semanas in range(6):  # um feriado que encurte um prazo: uma semana para trás
            inicio = hoje() - dt.timedelta(days=ultimo + 1 + (n * 17) % 150 + 7 * semanas)
            try:
                demo._cenario(banco, n, esperado, infracao, passos, inicio)
                break
            except Conflito:
                continue


LENTOS: dict[str, list[tuple[float, str, Any]]] = {}


def medir(
    banco: Banco, funcao: Callable[[Any], Any], repeticoes: int, nome: str = ""
) -> tuple[float, int]:
    """(melhor tempo em ms, comandos SQL de uma execução); em `LENTOS[nome]`, o tempo de cada
    comando da melhor execução."""
    comandos: list[tuple[float, str, Any]] = []
    inicio: list[float] = []

    def antes(*args: Any) -> None:
        inicio.append(time.perf_counter())

    def depois(*args: Any) -> None:
        comandos.append((time.perf_counter() - inicio.pop(), args[2], args[3]))

    melhor = float("inf")
    for _ in range(repeticoes):
        comandos.clear()
        event.listen(banco.engine, "before_cursor_execute", antes)
        event.listen(banco.engine, "after_cursor_execute", depois)
        try:
            with banco.unit_of_work(somente_leitura=True) as s:
                t0 = time.perf_counter()
                funcao(s)
                tempo = time.perf_counter() - t0
        finally:
            event.remove(banco.engine, "before_cursor_execute", antes)
            event.remove(banco.engine, "after_cursor_execute", depois)
        if tempo < melhor:
            melhor = tempo
            LENTOS[nome] = sorted(comandos, key=lambda c: c[0], reverse=True)
    return melhor * 1000, len(comandos)


def _imprimir_lentos(banco: Banco, nome: str, n: int, planos: bool) -> None:
    """Os `n` comandos mais demorados da vista; com `planos`, o EXPLAIN ANALYZE do primeiro
    (pelo cursor do driver, com os mesmos parâmetros)."""
    lentos = LENTOS.get(nome, [])
    for segundos, comando, _ in lentos[:n]:
        print(f"    {segundos * 1000:8.2f} ms  {' '.join(comando.split())[:150]}")
    if planos and lentos:
        _, comando, parametros = lentos[0]
        prefixo = (
            "EXPLAIN (ANALYZE, BUFFERS) "
            if banco.engine.dialect.name == "postgresql"
            else ("EXPLAIN QUERY PLAN ")
        )
        conexao = banco.engine.raw_connection()
        try:
            cursor = conexao.cursor()
            cursor.execute(prefixo + comando, parametros)
            for linha in cursor.fetchall():
                print("      | " + " ".join(str(x) for x in linha))
        finally:
            conexao.close()


def _estatisticas(s: Session, ator: Ator) -> Any:
    return estatisticas.calcular.na_sessao(s, ator, *estatisticas.periodo_padrao(hoje()))


def _painel(s: Session, ator: Ator) -> Any:
    return painel.figuras.na_sessao(s, ator, hoje())


def _lista(s: Session, ator: Ator, ordem: consultas.Ordem) -> Any:
    filtro = consultas.FiltroDeProcessos(ordem=ordem, por_pagina=100)
    return consultas.listar_processos.na_sessao(s, ator, filtro)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--k", type=int, default=10, help="processos a mais que a demonstração")
    ap.add_argument("--repeticoes", type=int, default=3)
    ap.add_argument("--url", default="", help="banco vazio (padrão: SQLite temporário)")
    ap.add_argument("--reusar", action="store_true", help="mede o banco de --url como está")
    ap.add_argument("--lentos", type=int, default=0, help="os N comandos mais lentos de cada vista")
    ap.add_argument("--planos", action="store_true", help="o plano do mais lento de cada vista")
    ap.add_argument(
        "--massa",
        type=int,
        default=0,
        help="processos a mais pela carga em massa (farol demo --processos), depois dos K",
    )
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as pasta:
        url = args.url or f"sqlite:///{Path(pasta) / 'escala.sqlite3'}"
        atualizar_banco(url)
        banco = Banco.conectar(url)
        t0 = time.perf_counter()
        if not args.reusar:
            popular(banco, args.k)
            if args.massa:
                carregar_em_massa(banco, args.massa, lote=2000, semanas=52, log=lambda _: None)
        criacao = time.perf_counter() - t0
        with banco.unit_of_work(somente_leitura=True) as s:
            total = len(s.execute(select(Processo.id)).all())
            atores = {
                u.login: ator_do_usuario(s, u)
                for u in s.execute(select(Usuario)).scalars()
                if u.login in ("autoridade.cpsc", "dpc")
            }
        print(f"banco: {banco.engine.dialect.name}; {total} processos ({criacao:.1f} s para criar)")
        ms, n = medir(banco, lambda s: s.execute(text("SELECT 1")).scalar_one(), args.repeticoes)
        print(f"{'consulta trivial':<38} {ms:9.2f} ms {n:6d} comandos SQL")
        for login, ator in sorted(atores.items()):
            vistas: list[tuple[str, Callable[[Any], Any]]] = [
                ("estatísticas " + login, partial(_estatisticas, ator=ator)),
                ("painel " + login, partial(_painel, ator=ator)),
                *(
                    (f"processos {ordem} {login}", partial(_lista, ator=ator, ordem=ordem))
                    for ordem in ("-aberto_em", "prazo")
                ),
            ]
            for nome, funcao in vistas:
                ms, n = medir(banco, funcao, args.repeticoes, nome)
                print(f"{nome:<38} {ms:9.2f} ms {n:6d} comandos SQL")
                _imprimir_lentos(banco, nome, args.lentos, args.planos)
        banco.engine.dispose()


if __name__ == "__main__":
    main()
