"""Bench: `farol serve` com 1 e N processos, com e sem a correção do TCP_NODELAY.

Uso: .venv/bin/python bench/servidor.py [--workers 2] [--pedidos 200] [--segundos 5]

Sobe o servidor de `farol.servidor.servir` num processo próprio (SQLite numa pasta temporária,
criado e migrado na primeira execução) em três arranjos: 1 processo; N processos como o
uvicorn os monta (`corrigir_nodelay=False`: o socket de escuta sem `IPPROTO_TCP`,
Kludex/uvicorn#3149); N processos como o Farol os monta. Em cada um mede, numa conexão
keep-alive, a latência de `GET /estatico/farol.css` (um arquivo estático: o custo é o do
servidor, não o do banco) em sequência (mediana e p99 de `--pedidos`) e, se o `wrk` do
Debian estiver instalado, a vazão com 8 conexões durante `--segundos`.

Sem a correção, cada pedido depois do primeiro numa conexão keep-alive espera o ACK atrasado
do cliente (~40 ms no Linux); com ela, fica como o processo único. Isso vale para o laço do
asyncio: com o uvloop (dependência do Farol fora do Windows), que liga o TCP_NODELAY por conta
própria, os três arranjos ficam iguais.
"""

from __future__ import annotations

import argparse
import http.client
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CAMINHO = "/estatico/farol.css"


def _porta_livre() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _subir(pasta: Path, workers: int, corrigir: bool) -> tuple[subprocess.Popen[bytes], int]:
    porta = _porta_livre()
    env = {
        **os.environ,
        "FAROL_PASTA_DADOS": str(pasta),
        "FAROL_DATABASE_URL": f"sqlite:///{pasta / 'farol.db'}",
    }
    codigo = (
        "from farol.servidor import servir; "
        f"servir('127.0.0.1', {porta}, {workers}, corrigir_nodelay={corrigir}, access_log=False)"
    )
    processo = subprocess.Popen(
        [sys.executable, "-c", codigo],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    limite = time.monotonic() + 60
    while time.monotonic() < limite:
        try:
            c = http.client.HTTPConnection("127.0.0.1", porta, timeout=2)
            c.request("GET", CAMINHO)
            if c.getresponse().status == 200:
                c.close()
                return processo, porta
        except OSError:
            time.sleep(0.2)
    processo.kill()
    raise SystemExit("o servidor não subiu em 60 s")


def _parar(processo: subprocess.Popen[bytes]) -> None:
    os.killpg(processo.pid, signal.SIGTERM)
    try:
        processo.wait(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(processo.pid, signal.SIGKILL)


def _latencias(porta: int, pedidos: int) -> list[float]:
    c = http.client.HTTPConnection("127.0.0.1", porta, timeout=10)
    tempos = []
    for _ in range(pedidos):
        t = time.perf_counter()
        c.request("GET", CAMINHO)
        r = c.getresponse()
        r.read()
        tempos.append((time.perf_counter() - t) * 1000)
    c.close()
    return tempos[1:]  # o primeiro abre a conexão


def _wrk(porta: int, segundos: int) -> str:
    if not shutil.which("wrk"):
        return "wrk ausente"
    saida = subprocess.run(
        ["wrk", "-t2", "-c8", f"-d{segundos}s", f"http://127.0.0.1:{porta}{CAMINHO}"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    m = re.search(r"Requests/sec:\s*([\d.]+)", saida)
    return f"{float(m.group(1)):8.0f} req/s" if m else "?"


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--pedidos", type=int, default=200)
    p.add_argument("--segundos", type=int, default=5)
    a = p.parse_args()
    arranjos = [
        ("1 processo", 1, True),
        (f"{a.workers} processos, uvicorn sem correção", a.workers, False),
        (f"{a.workers} processos, farol serve", a.workers, True),
    ]
    print(f"GET {CAMINHO}, keep-alive, {a.pedidos} pedidos em sequência; wrk -c8 {a.segundos}s")
    with tempfile.TemporaryDirectory(prefix="farol-bench-servidor-") as pasta:
        for nome, workers, corrigir in arranjos:
            processo, porta = _subir(Path(pasta), workers, corrigir)
            try:
                tempos = sorted(_latencias(porta, a.pedidos))
                p99 = tempos[min(len(tempos) - 1, int(len(tempos) * 0.99))]
                print(
                    f"{nome:<40} mediana {statistics.median(tempos):7.2f} ms  "
                    f"p99 {p99:7.2f} ms  {_wrk(porta, a.segundos)}"
                )
            finally:
                _parar(processo)


if __name__ == "__main__":
    main()
