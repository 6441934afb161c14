"""Bench do recálculo noturno dos prazos em curso (issue 13, item 7): 1.000.000 de processos
em menos de 60 s.

Uso: .venv/bin/python bench/recalculo.py [--processos 20000] [--database-url URL]

Cria um banco (SQLite temporário; com `--database-url` de um servidor PostgreSQL, um banco
descartável `bench_recalc_<pid>` nele, apagado no fim), carrega a demonstração e mais N
processos pela carga em lote (`farol demo --processos N`), registra direto na tabela
`om_fechamento`, em todas as OMs, o dia útil que mais prazos em curso alcança, e mede
`recalcular_prazos_abertos`: prazos examinados, alterados, segundos (e quanto deles foi o
modelo de leitura dos processos alterados), prazos/s e comandos SQL. Roda de novo, sem nada
a mudar (a noite comum), e extrapola as duas para 1.000.000 de processos, diante da meta de
60 s. `--processos 300`: modo curto, de segundos (CI).
"""

from __future__ import annotations

import argparse
import datetime as dt
import importlib
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from sqlalchemy import event, func, insert, select
from sqlalchemy.engine import make_url

from farol.domain.procedimento.carregar import carregar_regimes
from farol.normas.prazos import catalogo_prazos
from farol.rules import calendario
from farol.rules.calendario import obter_calendario
from farol.services import resumo_processo
from farol.services.recalculo_prazos import ResultadoRecalculo, recalcular_prazos_abertos
from farol.services.unit_of_work import BancoUnitOfWork
from farol.store.db import Banco, criar_engine
from farol.store.orm import CONTAGEM_NO_ATO, OM, OMFechamento, Prazo, Processo

META_S = 60.0
ALVO_PROCESSOS = 1_000_000
FAROL = Path(sys.executable).with_name("farol")
MOTIVO = "Ponto facultativo local (bench)"
CONSULTAS = "farol.services.consultas"
MINIMO_PARA_JULGAR = 10_000
"""Abaixo disto, o custo fixo pesa demais na extrapolação: o bench não falha por ela."""


@contextmanager
def banco_descartavel(url_servidor: str | None) -> Iterator[str]:
    """SQLite num diretório temporário ou `bench_recalc_<pid>` no servidor PostgreSQL."""
    if not url_servidor:
        with tempfile.TemporaryDirectory() as pasta:
            yield f"sqlite:///{Path(pasta) / 'recalculo.sqlite3'}"
        return
    base = make_url(url_servidor)
    if base.get_backend_name() != "postgresql":
        raise SystemExit("--database-url: só PostgreSQL (o padrão é um SQLite temporário)")
    nome = f"bench_recalc_{os.getpid()}"
    admin = criar_engine(base.render_as_string(hide_password=False), isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.exec_driver_sql(f'CREATE DATABASE "{nome}"')
    try:
        yield base.set(database=nome).render_as_string(hide_password=False)
    finally:
        with admin.connect() as c:
            c.exec_driver_sql(f'DROP DATABASE IF EXISTS "{nome}" WITH (FORCE)')
        admin.dispose()


def carregar(url: str, processos: int) -> float:
    """`farol demo --processos N`; devolve os segundos."""
    t0 = time.perf_counter()
    subprocess.run(
        [str(FAROL), "demo", "--database-url", url, "--processos", str(processos)],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return time.perf_counter() - t0


def dia_que_mais_alcanca(banco: Banco) -> tuple[dt.date, int]:
    """O dia útil (no calendário nacional) cujo fechamento mais adia prazos em curso: dentro da
    contagem dos em dias úteis ou no vencimento dos demais (estimativa, sem a UF)."""
    with banco.unit_of_work(somente_leitura=True) as s:
        linhas = s.execute(
            select(Prazo.inicio, Prazo.vencimento, Prazo.contagem).where(
                Prazo.encerrado_em.is_(None), Prazo.contagem != CONTAGEM_NO_ATO
            )
        ).all()
    inicios = np.array([x[0] for x in linhas], dtype="datetime64[D]")
    vencimentos = np.array([x[1] for x in linhas], dtype="datetime64[D]")
    uteis = np.array([x[2] == "uteis" for x in linhas])
    primeiro = inicios.min()
    tamanho = int((vencimentos.max() - primeiro).astype(int)) + 2
    alcance = np.zeros(tamanho, dtype=np.int64)  # diferenças: +1 no 1º dia, -1 depois do último
    de = (inicios[uteis] - primeiro).astype(int) + 1
    ate = (vencimentos[uteis] - primeiro).astype(int) + 1
    np.add.at(alcance, de, 1)
    np.add.at(alcance, ate, -1)
    alcance = np.cumsum(alcance)
    np.add.at(alcance, (vencimentos[~uteis] - primeiro).astype(int), 1)
    cal = obter_calendario()
    for d in np.argsort(-alcance, kind="stable"):
        dia = (primeiro + int(d)).astype(dt.date)
        if cal.vencivel[cal.indice(dia)]:
            return dia, int(alcance[d])
    raise SystemExit("nenhum dia útil alcança prazo em curso")


def fechar_em_todas(banco: Banco, dia: dt.date) -> int:
    """O fechamento direto na tabela, em cada OM que ainda não o tem (sem recalcular nada)."""
    with banco.unit_of_work() as s:
        ja = set(s.execute(select(OMFechamento.om_id).where(OMFechamento.data == dia)).scalars())
        oms = [o for o in s.execute(select(OM.id)).scalars() if o not in ja]
        if oms:
            s.execute(
                insert(OMFechamento),
                [
                    {"om_id": o, "data": dia, "motivo": "Ponto facultativo local (bench)"}
                    for o in oms
                ],
            )
    return len(oms)


@dataclass
class Medida:
    r: ResultadoRecalculo
    segundos: float
    resumo_s: float  # o modelo de leitura (processo_resumo) dos processos alterados
    calendarios_s: float  # montar os calendários (um por UF e fechamentos): não cresce com N
    calendarios: int
    comandos: int


def medir(banco: Banco) -> Medida:
    """Uma execução a frio (sem calendário em cache, como a da CLI toda noite)."""
    comandos: list[str] = []
    tempos = {"resumo": 0.0, "calendarios": 0.0}
    montados = [0]
    atualizar_original = resumo_processo.atualizar
    construir_original = calendario._construir

    def contar(*args: Any) -> None:
        comandos.append(args[2])

    def atualizar(*args: Any, **kwargs: Any) -> int:
        t = time.perf_counter()
        try:
            return atualizar_original(*args, **kwargs)
        finally:
            tempos["resumo"] += time.perf_counter() - t

    def construir(*args: Any, **kwargs: Any) -> Any:
        antes = construir_original.cache_info().misses
        t = time.perf_counter()
        try:
            return construir_original(*args, **kwargs)
        finally:
            tempos["calendarios"] += time.perf_counter() - t
            montados[0] += construir_original.cache_info().misses - antes

    construir_original.cache_clear()
    event.listen(banco.engine, "before_cursor_execute", contar)
    setattr(resumo_processo, "atualizar", atualizar)  # noqa: B010
    setattr(calendario, "_construir", construir)  # noqa: B010
    try:
        t0 = time.perf_counter()
        r = recalcular_prazos_abertos(BancoUnitOfWork(banco))
        segundos = time.perf_counter() - t0
    finally:
        setattr(calendario, "_construir", construir_original)  # noqa: B010
        setattr(resumo_processo, "atualizar", atualizar_original)  # noqa: B010
        event.remove(banco.engine, "before_cursor_execute", contar)
    return Medida(r, segundos, tempos["resumo"], tempos["calendarios"], montados[0], len(comandos))


def relatar(rotulo: str, m: Medida, n: int) -> bool:
    """Imprime a medida e a extrapolação: os calendários são custo fixo (um por UF e conjunto
    de fechamentos, não por processo); o resto cresce com os prazos, na razão dos processos."""
    r = m.r
    por_s = r.examinados / m.segundos if m.segundos else float("inf")
    variavel = m.segundos - m.calendarios_s
    extrapolado = m.calendarios_s + variavel * ALVO_PROCESSOS / n
    ok = extrapolado < META_S
    print(
        f"{rotulo}: {r.examinados} examinados, {r.alterados} alterados em {m.segundos:.2f} s "
        f"({por_s:.0f} prazos/s; {m.comandos} comandos SQL)"
    )
    print(
        f"    calendários: {m.calendarios} em {m.calendarios_s:.2f} s; modelo de leitura dos "
        f"processos alterados: {m.resumo_s:.2f} s"
    )
    print(
        f"    1.000.000 de processos: ~{extrapolado:.1f} s ({m.calendarios_s:.1f} s fixos + "
        f"{variavel:.2f} s x {ALVO_PROCESSOS / n:.1f}): "
        f"{'dentro' if ok else 'ACIMA'} da meta de {META_S:.0f} s"
    )
    for x in r.nao_recalculados[:3]:
        print(f"    não recalculado: {x}")
    return ok


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--processos", type=int, default=20_000, help="processos da carga em lote")
    ap.add_argument(
        "--database-url",
        default="",
        help="servidor PostgreSQL (ex.: postgresql+psycopg://postgres@127.0.0.1:5432/postgres);"
        " cria e apaga bench_recalc_<pid> nele. Padrão: SQLite temporário",
    )
    args = ap.parse_args()
    with banco_descartavel(args.database_url or None) as url:
        carga = carregar(url, args.processos)
        banco = Banco.conectar(url)
        try:
            # estatísticas do planejador depois da carga (no PostgreSQL, e o VACUUM que o
            # autovacuum faria durante a medida)
            comando = "VACUUM ANALYZE" if banco.engine.dialect.name == "postgresql" else "ANALYZE"
            with banco.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as c:
                c.exec_driver_sql(comando)
            with banco.unit_of_work(somente_leitura=True) as s:
                n = s.execute(select(func.count()).select_from(Processo)).scalar_one()
                abertos = s.execute(
                    select(func.count()).where(Prazo.encerrado_em.is_(None))
                ).scalar_one()
            print(
                f"banco: {banco.engine.dialect.name}; {n} processos, {abertos} prazos em curso "
                f"(carga: {carga:.1f} s)"
            )
            t0 = time.perf_counter()
            # uma vez por processo, como na CLI: os dados normativos e os módulos do modelo de
            # leitura (farol.services.consultas), fora da medida que se extrapola
            carregar_regimes(), catalogo_prazos(), importlib.import_module(CONSULTAS)
            print(f"dados normativos e módulos: {time.perf_counter() - t0:.2f} s (uma vez)")
            dia, estimados = dia_que_mais_alcanca(banco)
            oms = fechar_em_todas(banco, dia)
            print(f"fechamento de {dia:%d/%m/%Y} em {oms} OMs (alcança ~{estimados} prazos)")
            ok = relatar("depois do fechamento", medir(banco), n)
            ok &= relatar("sem mudança (a noite comum)", medir(banco), n)
            if n < MINIMO_PARA_JULGAR:
                print(f"modo curto (< {MINIMO_PARA_JULGAR} processos): extrapolação indicativa")
                ok = True
        finally:
            banco.fechar()
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
