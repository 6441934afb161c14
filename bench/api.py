"""Bench da leitura pela API em escala (issue 13, itens 3 e 4): GET de um processo e a lista.

Uso: .venv/bin/python bench/api.py [--processos 2000] [--workers 2] [--segundos 5]
         [--conexoes 1 64] [--login autoridade.cpsc] [--database-url URL]
     modo curto (CI): .venv/bin/python bench/api.py --processos 300 --segundos 1

Cria um banco (SQLite numa pasta temporária; com `--database-url` de um PostgreSQL, um banco
de rascunho `bench_api_<pid>` no mesmo servidor, apagado no fim), carrega a demonstração e
`--processos` processos pela carga em massa (`farol demo --processos N`), sobe o servidor de
`farol.servidor.servir` com `--workers` processos, entra pela API (POST /api/v1/auth/token,
usuário da Capitania `--login`) e mede com o `wrk` do Debian (roteiro
bench/wrk_processo.lua), para cada número de `--conexoes`, durante `--segundos`:

- `GET /estatico/farol.css`: a referência trivial (o custo é o do servidor, não o do banco);
- `GET /api/v1/auth/eu`: só a autenticação (o token e a sessão), sem processo;
- `GET /api/v1/processos/{id}`: um processo da jurisdição sorteado a cada pedido;
- `GET /api/v1/processos`: a primeira página da lista (100 processos).

Imprime pedidos/s, p50 e p99 de cada um ao lado da referência trivial da mesma execução, a CPU
por pedido, quantas das conexões do wrk cada processo do servidor atende (no meio da medida) e,
depois da carga, a memória residente (VmRSS) de cada processo do servidor. Alvos (issue 13):
GET do processo com ≥ 40 % da vazão da referência, p99 < 50 ms com 64 conexões (processo e
lista) e < 300 MB por processo; cada alvo perdido sai com o quanto falta. É medida, não
teste: termina com 0 mesmo perdendo alvos (e sem o `wrk`, avisa e termina com 0).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from sqlalchemy import create_engine, make_url, select

from farol.services.demo import SENHA_DEMO
from farol.services.jurisdicao import ator_do_usuario
from farol.store.db import Banco
from farol.store.orm import Processo, Usuario

LOGIN = "autoridade.cpsc"
TRIVIAL = "/estatico/farol.css"
EU = "/api/v1/auth/eu"
PROCESSO = "/api/v1/processos/{id}"
LISTA = "/api/v1/processos"
ROTEIRO = Path(__file__).with_name("wrk_processo.lua")
ALVO_FRACAO = 0.40
ALVO_P99_MS = 50.0
ALVO_RSS_MB = 300.0


# --- banco --------------------------------------------------------------------------------


@contextmanager
def banco_do_bench(database_url: str, pasta: Path, processos: int) -> Iterator[str]:
    """A URL de um banco novo com a demonstração e `processos` processos da carga em massa:
    SQLite em `pasta`, ou um banco de rascunho `bench_api_<pid>` no PostgreSQL de
    `database_url` (criado aqui e apagado na saída; o banco da URL não é tocado)."""
    if not database_url:
        url = f"sqlite:///{pasta / 'farol.sqlite3'}"
        _carregar(url, pasta, processos)
        yield url
        return
    original = make_url(database_url)
    nome = f"bench_api_{os.getpid()}"
    admin = create_engine(original, isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.exec_driver_sql(f'DROP DATABASE IF EXISTS "{nome}"')
        c.exec_driver_sql(f'CREATE DATABASE "{nome}"')
    try:
        url = original.set(database=nome).render_as_string(hide_password=False)
        _carregar(url, pasta, processos)
        yield url
    finally:
        with admin.connect() as c:
            c.exec_driver_sql(f'DROP DATABASE IF EXISTS "{nome}" WITH (FORCE)')
        admin.dispose()


def _carregar(url: str, pasta: Path, processos: int) -> None:
    inicio = time.perf_counter()
    r = subprocess.run(
        [sys.executable, "-m", "farol", "demo", "--database-url", url]
        + (["--processos", str(processos)] if processos else []),
        env=ambiente(pasta, url),
        capture_output=True,
        text=True,
    )
    if r.returncode != 0:
        raise SystemExit(f"farol demo falhou:\n{r.stdout[-2000:]}\n{r.stderr[-2000:]}")
    carga = [linha for linha in r.stdout.splitlines() if "processos em" in linha]
    print(
        f"banco: {make_url(url).get_backend_name()}; demonstração + {processos} processos em "
        f"{time.perf_counter() - inicio:.1f} s ({'; '.join(carga)})"
    )


def ids_da_jurisdicao(url: str, login: str) -> tuple[list[int], int]:
    """Os ids dos processos na jurisdição do usuário `login` e o total de processos."""
    banco = Banco.conectar(url)
    try:
        with banco.unit_of_work(somente_leitura=True) as s:
            usuario = s.execute(select(Usuario).where(Usuario.login == login)).scalar_one()
            ator = ator_do_usuario(s, usuario)
            ids = s.execute(select(Processo.id).where(Processo.om_id.in_(ator.oms))).scalars()
            total = len(s.execute(select(Processo.id)).all())
            return sorted(ids), total
    finally:
        banco.fechar()


# --- servidor -----------------------------------------------------------------------------


def ambiente(pasta: Path, url: str) -> dict[str, str]:
    """O ambiente do Farol do bench: o banco e a pasta de dados dele e um segredo comum a
    todos os processos do servidor."""
    return {
        **os.environ,
        "FAROL_PASTA_DADOS": str(pasta),
        "FAROL_DATABASE_URL": url,
        "FAROL_SEGREDO": os.environ.get("FAROL_SEGREDO") or secrets.token_hex(32),
    }


def _porta_livre() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def subir(pasta: Path, url: str, workers: int) -> tuple[subprocess.Popen[bytes], int]:
    """`farol.servidor.servir` num processo próprio (sessão própria, para parar o grupo)."""
    porta = _porta_livre()
    codigo = (
        "from farol.servidor import servir; "
        f"servir('127.0.0.1', {porta}, {workers}, access_log=False)"
    )
    registro = open(pasta / f"servidor-{porta}.log", "wb")  # noqa: SIM115  # fica com o filho
    processo = subprocess.Popen(
        [sys.executable, "-c", codigo],
        env=ambiente(pasta, url),
        stdout=registro,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    registro.close()
    limite = time.monotonic() + 60
    while time.monotonic() < limite and processo.poll() is None:
        try:
            status, _ = pedir(porta, "GET", TRIVIAL)
            if status == 200 and len(workers_de(processo.pid, workers)) == workers:
                return processo, porta
        except OSError:
            pass
        time.sleep(0.2)
    parar(processo)
    log = (pasta / f"servidor-{porta}.log").read_text(errors="replace")
    raise SystemExit(f"o servidor não subiu em 60 s:\n{log[-3000:]}")


def parar(processo: subprocess.Popen[bytes]) -> None:
    try:
        os.killpg(processo.pid, signal.SIGTERM)
        processo.wait(timeout=15)
    except ProcessLookupError:
        return
    except subprocess.TimeoutExpired:
        os.killpg(processo.pid, signal.SIGKILL)
        processo.wait()


def workers_de(pid: int, workers: int) -> list[int]:
    """Os processos que atendem: o próprio, com 1; os filhos do supervisor, com N."""
    if workers == 1:
        return [pid]
    try:
        filhos = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return []
    return [int(f) for f in filhos if "resource_tracker" not in _linha_de_comando(f)]


def _linha_de_comando(pid: str) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace")
    except OSError:
        return ""


def rss_mb(pid: int) -> float:
    """VmRSS de /proc/<pid>/status, em MB."""
    for linha in Path(f"/proc/{pid}/status").read_text().splitlines():
        if linha.startswith("VmRSS:"):
            return int(linha.split()[1]) / 1024
    return float("nan")


TIQUES_S = os.sysconf("SC_CLK_TCK")


def nome_do_banco(url: str) -> str | None:
    """O banco de uma URL do PostgreSQL (None no SQLite)."""
    u = make_url(url)
    return u.database if u.get_backend_name() == "postgresql" else None


def cpu_s(pids: list[int]) -> float:
    """Tempo de CPU (usuário + sistema) gasto até agora pelos processos, em segundos (de
    /proc/<pid>/stat; um processo que já terminou conta 0)."""
    total = 0
    for pid in pids:
        try:
            campos = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(campos[11]) + int(campos[12])  # utime e stime, depois de ") estado"
    return total / TIQUES_S


def pids_do_postgres(banco: str | None = None) -> list[int]:
    """Os processos do PostgreSQL desta máquina (o servidor do bench, quando é local); com
    `banco`, só os que atendem conexões a ele."""
    pids = []
    for pasta in Path("/proc").iterdir():
        if pasta.name.isdigit():
            try:
                if (pasta / "comm").read_text().strip() != "postgres":
                    continue
                linha = (pasta / "cmdline").read_bytes().decode(errors="replace").split()
            except OSError:
                continue
            # "postgres: [cluster:] usuário banco endereço estado"
            campos = [x for x in linha[1:] if not x.endswith(":")]
            if banco is None or campos[1:2] == [banco]:
                pids.append(int(pasta.name))
    return pids


@dataclass
class CPU:
    """A CPU gasta durante uma medida, por parte: o servidor do Farol (os seus processos), o
    PostgreSQL local (as conexões ao banco do bench e, à parte, o fundo: checkpointer, WAL e
    outros bancos, que não contam nos núcleos) e o próprio bench (as suas threads e o wrk)."""

    servidor: list[int]
    banco: str | None
    """O nome do banco do bench no PostgreSQL local (None: SQLite)."""
    inicio: dict[str, float] = field(default_factory=dict)
    gasto: dict[str, float] = field(default_factory=dict)

    def _agora(self) -> dict[str, float]:
        filhos = os.times()  # o wrk, depois de terminar, conta nos filhos do bench
        clientes = cpu_s([os.getpid()]) + filhos.children_user + filhos.children_system
        partes = {"servidor": cpu_s(self.servidor), "bench": clientes}
        if self.banco:
            do_banco = set(pids_do_postgres(self.banco))
            partes["PostgreSQL"] = cpu_s(sorted(do_banco))
            partes["PostgreSQL (fundo)"] = cpu_s(
                [p for p in pids_do_postgres() if p not in do_banco]
            )
        return partes

    def __enter__(self) -> CPU:
        self.inicio = self._agora()
        return self

    def __exit__(self, *_: object) -> None:
        fim = self._agora()
        self.gasto = {k: fim[k] - self.inicio[k] for k in fim}

    def por_pedido(self, pedidos: int) -> str:
        """A CPU de cada parte por pedido, em ms."""
        if not pedidos:
            return "sem pedidos"
        return "  ".join(f"{k} {1000 * v / pedidos:.2f} ms" for k, v in self.gasto.items())

    def nucleos(self, pedidos: int, alvo_s: float) -> float:
        """Núcleos ocupados pelo servidor e pelo banco a `alvo_s` pedidos/s, à CPU medida."""
        so_servico = sum(
            v for k, v in self.gasto.items() if k not in ("bench", "PostgreSQL (fundo)")
        )
        return so_servico / pedidos * alvo_s if pedidos else float("inf")


def pedir(
    porta: int,
    metodo: str,
    caminho: str,
    corpo: bytes | None = None,
    cabecalhos: dict[str, str] | None = None,
) -> tuple[int, bytes]:
    c = http.client.HTTPConnection("127.0.0.1", porta, timeout=30)
    try:
        c.request(metodo, caminho, body=corpo, headers=cabecalhos or {})
        r = c.getresponse()
        return r.status, r.read()
    finally:
        c.close()


def esperar_ocioso(porta: int, limite_s: float = 120) -> float:
    """Espera o servidor terminar os pedidos que o wrk deixou em curso ao parar (o servidor
    não abandona um pedido quando a conexão cai): até a referência trivial responder em
    menos de 20 ms. Devolve quanto esperou, em segundos."""
    inicio = time.monotonic()
    while time.monotonic() - inicio < limite_s:
        t = time.perf_counter()
        pedir(porta, "GET", TRIVIAL)
        if time.perf_counter() - t < 0.02:
            break
        time.sleep(0.1)
    return time.monotonic() - inicio


def entrar(porta: int, login: str) -> str:
    """O token Bearer do usuário (POST /api/v1/auth/token, senha da demonstração)."""
    corpo = urllib.parse.urlencode({"username": login, "password": SENHA_DEMO}).encode()
    status, resposta = pedir(
        porta,
        "POST",
        "/api/v1/auth/token",
        corpo,
        {"Content-Type": "application/x-www-form-urlencoded"},
    )
    if status != 200:
        raise SystemExit(f"login de {login} recusado ({status}): {resposta[:300]!r}")
    return str(json.loads(resposta)["access_token"])


# --- wrk ----------------------------------------------------------------------------------


@dataclass
class Medida:
    pedidos_s: float
    p50_ms: float
    p99_ms: float
    erros: dict[str, int]
    por_processo: list[int] = field(default_factory=list)
    """As conexões do wrk em cada processo do servidor, no meio da medida."""

    def texto(self) -> str:
        erros = ", ".join(f"{n} {k}" for k, n in self.erros.items() if n)
        if self.pedidos_s == 0:
            figuras = f"{0:8.1f} req/s  nenhum pedido terminou dentro da medida"
        else:
            figuras = (
                f"{self.pedidos_s:8.1f} req/s  p50 {self.p50_ms:8.2f} ms  p99 {self.p99_ms:8.2f} ms"
            )
        return figuras + (f"  ERROS: {erros}" if erros else "")


def conexoes_por_processo(porta: int, processos: list[int]) -> list[int]:
    """As conexões estabelecidas na `porta` que cada processo tem abertas (de /proc/net/tcp e
    dos descritores de cada processo)."""
    abertas = set()
    for arquivo in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            linhas = Path(arquivo).read_text().splitlines()[1:]
        except OSError:
            continue
        for linha in linhas:
            campos = linha.split()
            if campos[3] == "01" and int(campos[1].rsplit(":", 1)[1], 16) == porta:
                abertas.add(campos[9])
    contas = []
    for pid in processos:
        alvos = []
        try:
            descritores = list(Path(f"/proc/{pid}/fd").iterdir())
        except OSError:
            descritores = []
        for fd in descritores:
            try:  # o descritor pode fechar entre a lista e a leitura
                alvos.append(os.readlink(fd))
            except OSError:
                continue
        contas.append(sum(1 for a in alvos if a.startswith("socket:[") and a[8:-1] in abertas))
    return contas


def medir_wrk(
    porta: int,
    caminho: str,
    token: str,
    conexoes: int,
    segundos: int,
    ids: Path | None,
    processos: list[int] | None = None,
) -> Medida:
    comando = [
        "wrk",
        f"-t{min(2, conexoes)}",
        f"-c{conexoes}",
        f"-d{segundos}s",
        "--timeout",
        "30s",
        "-s",
        str(ROTEIRO),
        f"http://127.0.0.1:{porta}",
        "--",
        token,
        caminho,
        str(ids) if ids else "",
    ]
    wrk = subprocess.Popen(comando, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    por_processo = []
    if processos:
        time.sleep(min(1.0, segundos / 2))
        por_processo = conexoes_por_processo(porta, processos)
    saida, erro = wrk.communicate()
    if wrk.returncode != 0:
        raise SystemExit(f"wrk falhou ({wrk.returncode}):\n{erro}")
    esperar_ocioso(porta)
    m = re.search(r"^farol: (.*)$", saida, re.MULTILINE)
    if m is None:
        raise SystemExit(f"saída do wrk sem a linha do roteiro:\n{saida}")
    v = {k: int(x) for k, x in (par.split("=") for par in m.group(1).split())}
    nenhum = float("inf") if v["pedidos"] == 0 else 0.0  # a latência passou da medida inteira
    return Medida(
        pedidos_s=v["pedidos"] / (v["duracao_us"] / 1e6),
        p50_ms=max(v["p50_us"] / 1000, nenhum),
        p99_ms=max(v["p99_us"] / 1000, nenhum),
        erros={k: v[k] for k in ("status", "conexao", "leitura", "escrita", "timeout")},
        por_processo=por_processo,
    )


def fracao(valor: float, referencia: float) -> float:
    return valor / referencia if referencia else float("nan")


def falta_fracao(valor: float, referencia: float, alvo: float) -> str:
    """'' no alvo; senão o quanto falta para `alvo` (fração da referência)."""
    if referencia <= 0 or valor >= alvo * referencia:
        return ""
    return (
        f"  abaixo do alvo de {alvo:.0%} da referência: falta {alvo * referencia / valor:.1f}× "
        f"({alvo * referencia:.0f} req/s)"
    )


def acima(valor: float, alvo: float, unidade: str) -> str:
    """'' no alvo; senão por quanto `valor` passa do teto `alvo`."""
    if valor < alvo:
        return f"  (alvo < {alvo:.0f} {unidade}: ok)"
    if valor == float("inf"):
        return f"  acima do alvo de {alvo:.0f} {unidade} (nenhum pedido terminou na medida)"
    return f"  acima do alvo de {alvo:.0f} {unidade} ({valor / alvo:.1f}×)"


# --- bench --------------------------------------------------------------------------------


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--processos", type=int, default=2000, help="carga em massa (farol demo)")
    ap.add_argument("--workers", type=int, default=2, help="processos do servidor")
    ap.add_argument("--segundos", type=int, default=5, help="duração de cada medida do wrk")
    ap.add_argument("--conexoes", type=int, nargs="+", default=[1, 64])
    ap.add_argument("--login", default=LOGIN, help="usuário da demonstração (uma Capitania)")
    ap.add_argument("--database-url", default="", help="PostgreSQL (padrão: SQLite temporário)")
    a = ap.parse_args()
    if not shutil.which("wrk"):
        print("wrk ausente (apt-get install wrk): bench/api.py não mede nada")
        return
    with (
        tempfile.TemporaryDirectory(prefix="farol-bench-api-") as nome,
        banco_do_bench(a.database_url, Path(nome), a.processos) as url,
    ):
        pasta = Path(nome)
        ids, total = ids_da_jurisdicao(url, a.login)
        arquivo_ids = pasta / "ids.txt"
        arquivo_ids.write_text("".join(f"{i}\n" for i in ids))
        print(f"{total} processos; {len(ids)} na jurisdição de {a.login}")
        servidor, porta = subir(pasta, url, a.workers)
        try:
            token = entrar(porta, a.login)
            caminhos = [
                ("referência trivial", TRIVIAL, None),
                ("só a autenticação", EU, None),
                ("um processo", PROCESSO, arquivo_ids),
                ("a lista (100)", LISTA, None),
            ]
            print(
                f"servidor: {a.workers} processo(s); wrk {a.segundos} s por medida, "
                f"{ROTEIRO.name}, usuário {a.login}"
            )
            medir_wrk(porta, PROCESSO, token, max(a.conexoes), 1, arquivo_ids)  # aquecimento
            medidas: dict[tuple[int, str], Medida] = {}
            nucleos: dict[tuple[int, str], float] = {}
            atendem = [servidor.pid, *workers_de(servidor.pid, a.workers)]
            for conexoes in a.conexoes:
                for rotulo, caminho, arquivo in caminhos:
                    with CPU(atendem, banco=nome_do_banco(url)) as cpu:
                        m = medir_wrk(
                            porta, caminho, token, conexoes, a.segundos, arquivo, atendem[1:]
                        )
                    medidas[conexoes, caminho] = m
                    ref = medidas[conexoes, TRIVIAL]
                    relativo = (
                        "" if caminho == TRIVIAL else f"  {fracao(m.pedidos_s, ref.pedidos_s):6.1%}"
                    )
                    print(
                        f"c={conexoes:<3} {'GET ' + caminho:<28} {rotulo:<19} {m.texto()}{relativo}"
                    )
                    pedidos = round(m.pedidos_s * a.segundos)
                    repartidas = (
                        f"; conexões por processo: {'/'.join(map(str, m.por_processo))}"
                        if a.workers > 1 and conexoes > 1
                        else ""
                    )
                    print(f"      CPU por pedido: {cpu.por_pedido(pedidos)}{repartidas}")
                    nucleos[conexoes, caminho] = cpu.nucleos(
                        pedidos, conexoes / (ALVO_P99_MS / 1000)
                    )
            rss = {pid: rss_mb(pid) for pid in workers_de(servidor.pid, a.workers)}
        finally:
            parar(servidor)
    print("\nalvos (issue 13):")
    for conexoes in a.conexoes:
        ref, m = medidas[conexoes, TRIVIAL], medidas[conexoes, PROCESSO]
        parte = fracao(m.pedidos_s, ref.pedidos_s)
        print(
            f"  GET processo c={conexoes:<3} {parte:6.1%} da referência "
            f"({m.pedidos_s:.0f} de {ref.pedidos_s:.0f} req/s; alvo ≥ {ALVO_FRACAO:.0%})"
            f"{falta_fracao(m.pedidos_s, ref.pedidos_s, ALVO_FRACAO) or ': ok'}"
        )
    c = max(a.conexoes)
    # lei de Little: com c conexões sempre ocupadas, a latência média é c / vazão; um p99
    # abaixo do alvo pede ao menos c / alvo pedidos por segundo
    minimo_s = c / (ALVO_P99_MS / 1000)
    # o teto que o servidor e a máquina põem: o p99 da referência trivial (um arquivo estático,
    # sem banco nem usuário), medido na mesma execução e com as mesmas conexões
    ref = medidas[c, TRIVIAL]
    print(
        f"  referência   c={c:<3} p99 {ref.p99_ms:8.2f} ms{acima(ref.p99_ms, ALVO_P99_MS, 'ms')}"
        + (
            ": nem o arquivo estático, no mesmo servidor, cabe no alvo nesta máquina"
            if ref.p99_ms >= ALVO_P99_MS
            else ""
        )
    )
    for rotulo, caminho in (("GET processo", PROCESSO), ("GET lista   ", LISTA)):
        m = medidas[c, caminho]
        print(f"  {rotulo} c={c:<3} p99 {m.p99_ms:8.2f} ms{acima(m.p99_ms, ALVO_P99_MS, 'ms')}")
        print(
            f"      p99 < {ALVO_P99_MS:.0f} ms a {c} conexões pede ≥ {minimo_s:.0f} req/s (lei de "
            f"Little); à CPU medida por pedido, {nucleos[c, caminho]:.1f} núcleos para o "
            f"servidor e o banco (esta máquina: {os.cpu_count()}, com o wrk)"
        )
    for pid, mb in sorted(rss.items()):
        print(f"  memória do processo {pid:<7} VmRSS {mb:6.1f} MB{acima(mb, ALVO_RSS_MB, 'MB')}")


if __name__ == "__main__":
    main()
