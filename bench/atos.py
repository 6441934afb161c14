"""Bench da escrita pela API (issue 13, item 5): atos registrados por segundo e comandos SQL
por ato.

Uso: .venv/bin/python bench/atos.py [--processos 2000] [--workers 2] [--segundos 5]
         [--clientes 1 8] [--login autoridade.cpsc] [--database-url URL] [--verificar 1000]
     modo curto (CI): .venv/bin/python bench/atos.py --processos 300 --segundos 1

Prepara o banco como bench/api.py (demonstração + `--processos` da carga em massa; SQLite
temporário, ou um banco de rascunho `bench_api_<pid>` no PostgreSQL de `--database-url`).

1. No processo do bench, escolhe para cada estado da jurisdição do usuário `--login` o
   primeiro ato do quadro que ele pode registrar hoje (`atos_possiveis`), com os dados que a
   demonstração usa para esse tipo (`demo.CENARIOS`), e que `registrar_ato` aceita em até
   três processos desse estado (em transações desfeitas no fim, duas vezes cada: a segunda,
   com os caches quentes, é a medida). Dessas tentativas conta os comandos SQL de cada
   `farol.services.processos.registrar_ato` (evento `before_cursor_execute`), com as funções
   do Farol que emitiram cada um, e imprime os mais frequentes e os que se repetem num mesmo
   ato; conta também o caminho inteiro de um POST (`ator_da_sessao` da autenticação e
   `processos.registrar` com Idempotency-Key, transação e commit).
2. Sobe `farol.servidor.servir` com `--workers` processos, entra pela API e, para cada número
   de `--clientes` (threads com http.client em keep-alive), durante `--segundos`: a
   referência trivial (`GET /estatico/farol.css`, o mesmo cliente) e
   `POST /api/v1/processos/{id}/atos` com Idempotency-Key. Cada cliente toma um processo e
   registra o ato do estado em que ele está, depois o do estado seguinte, até chegar a um
   estado sem ato escolhido (ou a um ato que não muda o estado); então toma outro. Antes da
   carga, a cadeia de cada processo (até `--verificar` deles) se confere com `registrar_ato`
   numa transação desfeita: o ato de um estado se escolhe pelas amostras dele, e quem chega a
   ele por outro caminho pode recusá-lo (o pagamento em `decisao_recurso_notificada` de quem
   já pagou antes do recurso: 409 "multa já está paga"); esses processos ficam de fora.

Alvo (issue 13): ≥ 300 atos/s; imprime o quanto falta e, depois da carga, a memória
residente de cada processo do servidor. É medida, não teste: termina com 0 mesmo perdendo o
alvo.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import random
import re
import statistics
import sys
import tempfile
import threading
import time
import uuid
from collections import Counter, defaultdict, deque
from dataclasses import dataclass, field
from http.client import HTTPConnection, HTTPException
from pathlib import Path
from types import FrameType
from typing import Any

from api import (
    ALVO_RSS_MB,
    CPU,
    LOGIN,
    TRIVIAL,
    acima,
    banco_do_bench,
    entrar,
    fracao,
    nome_do_banco,
    parar,
    rss_mb,
    subir,
    workers_de,
)
from sqlalchemy import event, func, select

import farol
from farol.erros import ErroFarol
from farol.relogio import agora, hoje
from farol.services import atos_possiveis, autenticacao, demo, processos
from farol.services.jurisdicao import Ator, ator_do_usuario, competente_no_processo
from farol.services.unit_of_work import BancoUnitOfWork
from farol.store.db import Banco
from farol.store.orm import Processo, Usuario

ALVO_ATOS_S = 300.0
AMOSTRAS = 3
PASTA_FAROL = str(Path(farol.__file__).parent)
OCIOSA = dt.timedelta(minutes=30)
"""A ociosidade padrão da sessão (FAROL_SESSAO_OCIOSA_MIN)."""


# --- comandos SQL -------------------------------------------------------------------------


def _origem() -> str:
    """As três funções do Farol mais internas na pilha do comando (fora de store/db.py)."""
    quadro: FrameType | None = sys._getframe(2)
    achadas: list[str] = []
    while quadro is not None and len(achadas) < 3:
        arquivo = quadro.f_code.co_filename
        if arquivo.startswith(PASTA_FAROL) and not arquivo.endswith("store/db.py"):
            achadas.append(f"{Path(arquivo).stem}.{quadro.f_code.co_name}:{quadro.f_lineno}")
        quadro = quadro.f_back
    return " ← ".join(achadas) or "?"


def _modelo(sql: str) -> str:
    """O comando sem espaços repetidos e com as listas de parâmetros de IN encurtadas."""
    sql = " ".join(sql.split())
    return re.sub(r"\((?:\?|%\(\w+\)s)(?:, (?:\?|%\(\w+\)s))+\)", "(…)", sql)


def _curto(modelo: str, largura: int = 130) -> str:
    """O modelo para ler: as listas de colunas viram a primeira e o número delas."""

    def colunas(m: re.Match[str]) -> str:
        lista = m.group(2).split(", ")
        if len(lista) <= 3:
            return m.group(0)
        return f"{m.group(1)}{lista[0]}, … ({len(lista)} colunas){m.group(3)}"

    modelo = re.sub(r"^(SELECT )(.*?)( FROM )", colunas, modelo)
    modelo = re.sub(r"^(INSERT INTO \w+ \()(.*?)(\) VALUES)", colunas, modelo)
    return modelo if len(modelo) <= largura else modelo[: largura - 1] + "…"


@dataclass
class Comandos:
    """Os comandos SQL emitidos no banco enquanto o contador está ligado."""

    banco: Banco
    lista: list[tuple[str, str]] = field(default_factory=list)

    def _contar(self, *args: Any) -> None:
        self.lista.append((_modelo(args[2]), _origem()))

    def __enter__(self) -> Comandos:
        self.lista.clear()
        event.listen(self.banco.engine, "before_cursor_execute", self._contar)
        return self

    def __exit__(self, *_: object) -> None:
        event.remove(self.banco.engine, "before_cursor_execute", self._contar)


# --- preparação: o ato de cada estado ------------------------------------------------------


Estado = tuple[str, str]
"""(regime, estado): os quadros de regimes diferentes podem ter estados homônimos."""


@dataclass
class Tentativa:
    tipo: str
    estado: Estado
    ms: float
    comandos: list[tuple[str, str]]


def dados_da_demonstracao() -> dict[str, dict[str, Any]]:
    """Os dados de cada tipo de ato, como a demonstração os registra (o primeiro de cada)."""
    dados: dict[str, dict[str, Any]] = {}
    for _, _, passos in demo.CENARIOS:
        for passo in passos:
            dados.setdefault(passo.tipo, passo.dados)
    return dados


def _tentar(
    banco: Banco, ator: Ator, pid: int, tipo: str, dados: dict[str, Any]
) -> Tentativa | str:
    """`registrar_ato` numa transação desfeita no fim, duas vezes: a segunda, com os caches do
    processo quentes (calendário da OM, quadro, catálogos), medida; ou a recusa."""
    cmd = processos.NovoAto(tipo=tipo, data_ato=hoje(), dados=dados)
    ms = 0.0
    for _ in range(2):
        with banco.sessoes() as s, Comandos(banco) as comandos:
            try:
                t0 = time.perf_counter()
                processos.registrar_ato(s, ator, pid, cmd)
                ms = (time.perf_counter() - t0) * 1000
            except ErroFarol as e:
                return str(e)
            finally:
                s.rollback()
    return Tentativa(tipo, ("", ""), ms, list(comandos.lista))


def escolher_atos(
    banco: Banco, ator: Ator, dados: dict[str, dict[str, Any]]
) -> tuple[dict[Estado, str], list[Tentativa], dict[Estado, list[int]]]:
    """O ato de cada estado da jurisdição (o primeiro do quadro que cabe hoje e que
    `registrar_ato` aceita nas amostras), as tentativas aceitas e os processos por estado. Só
    os processos em que o papel registra atos (`competente_no_processo`: a Autoridade
    Competente da sede não trata os das Delegacias)."""
    oms = [om for om in ator.oms if competente_no_processo(ator, om)]
    with banco.unit_of_work(somente_leitura=True) as s:
        linhas = s.execute(
            select(Processo.id, Processo.regime, Processo.estado)
            .where(Processo.om_id.in_(oms))
            .order_by(Processo.id)
        ).all()
    por_estado: dict[Estado, list[int]] = defaultdict(list)
    for pid, regime, estado in linhas:
        por_estado[regime, estado].append(pid)
    mapa: dict[Estado, str] = {}
    tentativas: list[Tentativa] = []
    for estado, pids in sorted(por_estado.items()):
        amostra = pids[:: max(1, len(pids) // AMOSTRAS)][:AMOSTRAS]
        with banco.unit_of_work(somente_leitura=True) as s:
            cabem = [
                a.tipo
                for a in atos_possiveis.atos_possiveis.na_sessao(s, ator, amostra[0])
                if a.permitido and a.tipo in dados
            ]
        for tipo in cabem:
            feitas = [_tentar(banco, ator, pid, tipo, dados[tipo]) for pid in amostra]
            if all(isinstance(t, Tentativa) for t in feitas):
                mapa[estado] = tipo
                for t in feitas:
                    assert isinstance(t, Tentativa)
                    t.estado = estado
                    tentativas.append(t)
                break
    return mapa, tentativas, por_estado


def cadeia_aceita(
    banco: Banco,
    ator: Ator,
    pid: int,
    estado: Estado,
    mapa: dict[Estado, str],
    dados: dict[str, dict[str, Any]],
) -> bool:
    """Se `registrar_ato` aceita a cadeia de atos que o cliente registra no processo (o ato do
    estado, o do estado seguinte...: `_registrar`), numa transação desfeita no fim. O ato de um
    estado se escolhe pelas amostras dele; quem chega a ele por outro ato pode não o aceitar (a
    multa já paga antes do recurso recusa o pagamento em `decisao_recurso_notificada`, com 409):
    esses processos ficam de fora da carga, que mede atos gravados e não recusas."""
    with banco.sessoes() as s:
        try:
            while estado in mapa:
                tipo = mapa[estado]
                cmd = processos.NovoAto(tipo=tipo, data_ato=hoje(), dados=dados[tipo])
                novo = (estado[0], processos.registrar_ato(s, ator, pid, cmd).processo.estado)
                if novo == estado:
                    break
                estado = novo
            return True
        except ErroFarol:
            return False
        finally:
            s.rollback()


def caminho_do_post(
    banco: Banco, ator: Ator, pid: int, tipo: str, dados: dict[str, Any]
) -> tuple[int, int]:
    """Comandos da autenticação de um pedido (`ator_da_sessao`) e de `processos.registrar`
    com Idempotency-Key (transação própria, com commit: o ato fica gravado)."""
    uow = BancoUnitOfWork(banco)
    assert ator.usuario_id is not None
    chave = autenticacao.abrir_sessao(uow, ator.usuario_id, agora())
    with Comandos(banco) as c:
        autenticacao.ator_da_sessao(uow, ator.usuario_id, chave, agora(), OCIOSA)
        autenticacao_n = len(c.lista)
    cmd = processos.NovoAto(tipo=tipo, data_ato=hoje(), dados=dados)
    with Comandos(banco) as c:
        processos.registrar(uow, ator, pid, cmd, chave=str(uuid.uuid4()))
        return autenticacao_n, len(c.lista)


def imprimir_comandos(tentativas: list[Tentativa], mapa: dict[Estado, str]) -> None:
    print("\ncomandos SQL por ato (registrar_ato no processo do bench, transação desfeita):")
    por_tipo: dict[str, list[Tentativa]] = defaultdict(list)
    for t in tentativas:
        por_tipo[t.tipo].append(t)
    for (regime, estado), tipo in sorted(mapa.items()):
        ts = [t for t in por_tipo[tipo] if t.estado == (regime, estado)]
        n = statistics.median(len(t.comandos) for t in ts)
        ms = statistics.median(t.ms for t in ts)
        print(
            f"  {regime + ': ' + estado:<36} → {tipo:<30} {n:5.0f} comandos  "
            f"{ms:7.1f} ms (mediana de {len(ts)})"
        )
    # o que se repete num mesmo ato: vezes no ato (máximo entre as tentativas) e de onde vem
    repete: dict[str, int] = Counter()
    onde: dict[str, Counter[str]] = defaultdict(Counter)
    tipos_com: dict[str, set[str]] = defaultdict(set)
    for t in tentativas:
        no_ato = Counter(m for m, _ in t.comandos)
        for modelo, vezes in no_ato.items():
            if vezes > 1:
                repete[modelo] = max(repete[modelo], vezes)
                tipos_com[modelo].add(t.tipo)
        for modelo, origem in t.comandos:
            if no_ato[modelo] > 1:
                onde[modelo][origem] += 1
    total = sum(len(t.comandos) for t in tentativas)
    todos = Counter(m for t in tentativas for m, _ in t.comandos)
    print(f"\nmodelos de comando mais frequentes ({total} comandos em {len(tentativas)} atos):")
    origens: dict[str, Counter[str]] = defaultdict(Counter)
    for t in tentativas:
        for modelo, origem in t.comandos:
            origens[modelo][origem] += 1
    for modelo, vezes in todos.most_common(14):
        print(f"  {vezes / len(tentativas):5.1f}/ato  {_curto(modelo)}")
        print(f"                {origens[modelo].most_common(1)[0][0]}")
    tipos = len({t.tipo for t in tentativas})
    print(
        "\nrepetidos dentro de um mesmo ato (até N× num ato, em quantos tipos de ato; "
        "de onde vêm, somando as tentativas):"
    )
    for modelo, vezes in sorted(repete.items(), key=lambda x: (-x[1], -len(tipos_com[x[0]])))[:10]:
        print(f"  {vezes}× ({len(tipos_com[modelo])} de {tipos} tipos)  {_curto(modelo)}")
        for origem, n in onde[modelo].most_common(4):
            print(f"        {n:4d}  {origem}")


# --- carga pela API -----------------------------------------------------------------------


@dataclass
class Resultado:
    latencias_ms: list[float] = field(default_factory=list)
    recusas: Counter[int] = field(default_factory=Counter)
    exemplos: dict[int, str] = field(default_factory=dict)
    processos: int = 0
    esgotou: bool = False


def _conexao(porta: int) -> HTTPConnection:
    return HTTPConnection("127.0.0.1", porta, timeout=60)


def _trivial(porta: int, ate: float, r: Resultado) -> None:
    c = _conexao(porta)
    while time.monotonic() < ate:
        t = time.perf_counter()
        c.request("GET", TRIVIAL)
        resposta = c.getresponse()
        resposta.read()
        if resposta.status == 200:
            r.latencias_ms.append((time.perf_counter() - t) * 1000)
        else:
            r.recusas[resposta.status] += 1
    c.close()


def _registrar(
    porta: int,
    token: str,
    fila: deque[tuple[int, Estado]],
    mapa: dict[Estado, str],
    dados: dict[str, dict[str, Any]],
    ate: float,
    r: Resultado,
) -> None:
    c = _conexao(porta)
    data = hoje().isoformat()
    while time.monotonic() < ate:
        try:
            pid, estado = fila.popleft()
        except IndexError:
            r.esgotou = True
            break
        r.processos += 1
        regime = estado[0]
        while estado in mapa and time.monotonic() < ate:
            tipo = mapa[estado]
            corpo = json.dumps({"tipo": tipo, "data_ato": data, "dados": dados[tipo]})
            cabecalhos = {
                "Authorization": f"Bearer {token}",
                "Content-Type": "application/json",
                "Idempotency-Key": str(uuid.uuid4()),
            }
            t = time.perf_counter()
            try:
                c.request("POST", f"/api/v1/processos/{pid}/atos", corpo, cabecalhos)
                resposta = c.getresponse()
                texto = resposta.read()
            except (OSError, HTTPException) as e:
                r.recusas[0] += 1
                r.exemplos.setdefault(0, f"{type(e).__name__}: {e}")
                c.close()
                c = _conexao(porta)
                break
            if resposta.status != 201:
                r.recusas[resposta.status] += 1
                r.exemplos.setdefault(resposta.status, f"{tipo} em {estado[1]}: {_motivo(texto)}")
                break
            r.latencias_ms.append((time.perf_counter() - t) * 1000)
            novo = (regime, json.loads(texto)["processo"]["estado"])
            if novo == estado:  # ato que não muda o estado: uma vez por processo
                break
            estado = novo
    c.close()


def _motivo(texto: bytes) -> str:
    """O `detail` da resposta de erro do Farol (ou o começo do corpo)."""
    try:
        return str(json.loads(texto)["detail"])[:160]
    except (ValueError, KeyError, TypeError):
        return repr(texto[:160])


def _rodar(alvo: Any, clientes: int, segundos: float, *args: Any) -> tuple[Resultado, float]:
    resultados = [Resultado() for _ in range(clientes)]
    ate = time.monotonic() + segundos
    fios = [
        threading.Thread(target=alvo, args=(*args, ate, resultados[i])) for i in range(clientes)
    ]
    inicio = time.monotonic()
    for f in fios:
        f.start()
    for f in fios:
        f.join()
    decorrido = time.monotonic() - inicio
    junto = Resultado()
    for r in resultados:
        junto.latencias_ms += r.latencias_ms
        junto.recusas.update(r.recusas)
        junto.exemplos.update(r.exemplos)
        junto.processos += r.processos
        junto.esgotou = junto.esgotou or r.esgotou
    return junto, decorrido


def _figuras(r: Resultado, decorrido: float) -> str:
    if not r.latencias_ms:
        return "nenhum"
    lat = sorted(r.latencias_ms)
    p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))]
    return (
        f"{len(lat) / decorrido:8.1f} /s  p50 {statistics.median(lat):8.2f} ms  "
        f"p99 {p99:8.2f} ms  ({len(lat)} em {decorrido:.1f} s)"
    )


# --- bench --------------------------------------------------------------------------------


def _erros_do_servidor(registro: Path, linhas: int = 40) -> None:
    """As últimas linhas de erro do servidor (um 500 diz só "erro interno" ao cliente)."""
    texto = registro.read_text(errors="replace") if registro.exists() else ""
    erros = [x for x in texto.splitlines() if "Error" in x or "Exception" in x or "ERRO" in x]
    if erros:
        print(f"\nerros no registro do servidor ({len(erros)} linhas; as últimas):")
        for x in erros[-linhas:]:
            print("  " + x[:300])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--processos", type=int, default=2000, help="carga em massa (farol demo)")
    ap.add_argument("--workers", type=int, default=2, help="processos do servidor")
    ap.add_argument("--segundos", type=float, default=5, help="duração de cada medida")
    ap.add_argument("--clientes", type=int, nargs="+", default=[1, 8])
    ap.add_argument("--login", default=LOGIN, help="usuário da demonstração (uma Capitania)")
    ap.add_argument("--database-url", default="", help="PostgreSQL (padrão: SQLite temporário)")
    ap.add_argument(
        "--verificar",
        type=int,
        default=1000,
        help="processos cuja cadeia de atos se confere antes da carga (os que a recusariam "
        "ficam de fora)",
    )
    a = ap.parse_args()
    with (
        tempfile.TemporaryDirectory(prefix="farol-bench-atos-") as nome,
        banco_do_bench(a.database_url, Path(nome), a.processos) as url,
    ):
        pasta = Path(nome)
        banco = Banco.conectar(url)
        try:
            with banco.unit_of_work(somente_leitura=True) as s:
                usuario = s.execute(select(Usuario).where(Usuario.login == a.login)).scalar_one()
                ator = ator_do_usuario(s, usuario)
                total = s.execute(select(func.count()).select_from(Processo)).scalar_one()
            dados = dados_da_demonstracao()
            t0 = time.perf_counter()
            mapa, tentativas, por_estado = escolher_atos(banco, ator, dados)
            print(
                f"{total} processos; {sum(map(len, por_estado.values()))} na jurisdição de "
                f"{a.login}; atos escolhidos em {time.perf_counter() - t0:.1f} s"
            )
            if not mapa:
                print(f"nenhum estado da jurisdição de {a.login} tem ato que caiba hoje")
                return
            imprimir_comandos(tentativas, mapa)
            pool = [(pid, e) for e, pids in por_estado.items() if e in mapa for pid in pids]
            random.Random(13).shuffle(pool)
            t0 = time.perf_counter()
            verificados = pool[: a.verificar]
            aceitos = [x for x in verificados if cadeia_aceita(banco, ator, *x, mapa, dados)]
            print(
                f"cadeias conferidas em {len(verificados)} processos em "
                f"{time.perf_counter() - t0:.1f} s: {len(verificados) - len(aceitos)} recusariam "
                "um ato (fora da carga)"
            )
            pool = aceitos + pool[a.verificar :]
            pid, estado = pool.pop()
            n_auth, n_post = caminho_do_post(banco, ator, pid, mapa[estado], dados[mapa[estado]])
            print(
                f"\ncaminho de um POST .../atos ({mapa[estado]}): {n_auth + n_post} comandos = "
                f"autenticação (ator_da_sessao) {n_auth} + processos.registrar com "
                f"Idempotency-Key {n_post}"
            )
        finally:
            banco.fechar()
        fila = deque(pool)
        print(
            f"\n{len(fila)} processos com ato escolhido "
            f"({', '.join(f'{e}: {len(por_estado[r, e])}' for r, e in sorted(mapa))})"
        )
        servidor, porta = subir(pasta, url, a.workers)
        try:
            token = entrar(porta, a.login)
            print(f"servidor: {a.workers} processo(s); {a.segundos:g} s por medida")
            figuras: dict[int, tuple[float, float]] = {}
            nucleos: dict[int, float] = {}
            atendem = [servidor.pid, *workers_de(servidor.pid, a.workers)]
            r, d = _rodar(_registrar, max(a.clientes), 1, porta, token, fila, mapa, dados)
            print(f"aquecimento (c={max(a.clientes)}, não conta): {_figuras(r, d)}")
            for clientes in a.clientes:
                ref, d_ref = _rodar(_trivial, clientes, a.segundos, porta)
                print(f"c={clientes:<3} GET {TRIVIAL:<26} referência {_figuras(ref, d_ref)}")
                with CPU(atendem, banco=nome_do_banco(url)) as cpu:
                    r, d = _rodar(_registrar, clientes, a.segundos, porta, token, fila, mapa, dados)
                fim = "  processos esgotados" if r.esgotou else ""
                print(
                    f"c={clientes:<3} POST .../atos{'':<20} atos       {_figuras(r, d)}"
                    f"  {r.processos} processos{fim}"
                )
                n = len(r.latencias_ms)
                print(f"      CPU por ato: {cpu.por_pedido(n)}")
                nucleos[clientes] = cpu.nucleos(n, ALVO_ATOS_S)
                for status, n in sorted(r.recusas.items()):
                    print(f"      recusados {n} com status {status}: {r.exemplos[status]}")
                figuras[clientes] = (len(r.latencias_ms) / d, len(ref.latencias_ms) / d_ref)
            rss = {p: rss_mb(p) for p in workers_de(servidor.pid, a.workers)}
        finally:
            parar(servidor)
            _erros_do_servidor(pasta / f"servidor-{porta}.log")
    print("\nalvos (issue 13):")
    for clientes, (atos_s, ref_s) in figuras.items():
        falta = (
            f"  abaixo do alvo de {ALVO_ATOS_S:.0f} atos/s: falta "
            f"{ALVO_ATOS_S / atos_s if atos_s else float('inf'):.1f}×"
            if atos_s < ALVO_ATOS_S
            else ": ok"
        )
        print(
            f"  c={clientes:<3} {atos_s:7.1f} atos/s ({fracao(atos_s, ref_s):.1%} da referência, "
            f"{ref_s:.0f} req/s){falta}; à CPU medida por ato, {ALVO_ATOS_S:.0f} atos/s ocupam "
            f"{nucleos[clientes]:.1f} núcleos (servidor e banco; esta máquina: {os.cpu_count()})"
        )
    for p, mb in sorted(rss.items()):
        print(f"  memória do processo {p:<7} VmRSS {mb:6.1f} MB{acima(mb, ALVO_RSS_MB, 'MB')}")


if __name__ == "__main__":
    main()
