"""Bench: a latência das leituras enquanto clientes sem login tentam senhas erradas.

Uso: .venv/bin/python bench/login_abuso.py [--atacantes 6] [--segundos 15]
         [--vagas 1 --vagas 64] [--farol-em PASTA]

Sobe um `farol serve` de verdade (processo próprio, SQLite com a demonstração numa pasta
temporária) e mede, num cliente autenticado, `GET /api/v1/processos/{id}` em sequência:
primeiro sozinho, depois com `--atacantes` processos tentando logins inexistentes sem parar
(cada tentativa custa um argon2 inteiro). Os limites de falhas de login ficam altos para que
nenhuma tentativa seja barrada antes do hash: mede-se só o custo do hash. Repete para cada
`--vagas` (`FAROL_SENHAS_SIMULTANEAS`: 64 é, na prática, sem limite).

`--farol-em PASTA` roda o Farol de outra árvore (por exemplo a revisão anterior ao limite,
extraída com `git archive 7be833c | tar -x -C /tmp/farol-antes`), para medir o antes e o
depois na mesma máquina; lá as variáveis de vagas e de limites não existem e são ignoradas
(os atacantes usam um login novo a cada tentativa, que o limite antigo, por endereço e
login, nunca barrava).
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

SENHA_DEMO = "farol2026"
LEITOR = "autoridade.cpsc"


def _porta_livre() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _farol(arvore: str | None, *argumentos: str) -> list[str]:
    """O comando `farol ...`; com `arvore`, o pacote dessa pasta no lugar do instalado (o
    instalado em modo editável tem um localizador próprio, que se tira do caminho)."""
    if not arvore:
        return [sys.executable, "-m", "farol", *argumentos]
    codigo = (
        "import sys;"
        "sys.meta_path[:] = [f for f in sys.meta_path"
        " if 'editable' not in str(getattr(f, '__module__', ''))];"
        f"sys.path.insert(0, {arvore!r});"
        f"sys.argv = ['farol', *{list(argumentos)!r}];"
        "from farol.cli.main import main; main()"
    )
    return [sys.executable, "-c", codigo]


def _ambiente(pasta: Path, vagas: int) -> dict[str, str]:
    env = {
        **os.environ,
        "FAROL_PASTA_DADOS": str(pasta),
        "FAROL_SENHAS_SIMULTANEAS": str(vagas),
        "FAROL_LOGIN_FALHAS_POR_CONTA": "1000000",
        "FAROL_LOGIN_FALHAS_POR_ENDERECO": "1000000",
    }
    env.pop("FAROL_DATABASE_URL", None)
    return env


def _subir(env: dict[str, str], arvore: str | None) -> tuple[subprocess.Popen[bytes], str]:
    porta = _porta_livre()
    processo = subprocess.Popen(
        _farol(arvore, "serve", "--porta", str(porta)),
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,  # o supervisor e os seus processos morrem juntos (killpg)
    )
    base = f"http://127.0.0.1:{porta}"
    limite = time.monotonic() + 60
    while time.monotonic() < limite:
        try:
            if httpx.get(base + "/openapi.json", timeout=2).status_code == 200:
                return processo, base
        except httpx.TransportError:
            time.sleep(0.1)
    os.killpg(processo.pid, signal.SIGKILL)
    raise SystemExit("farol serve não subiu")


def _atacar(base: str, ate: float, fila: mp.Queue) -> None:  # type: ignore[type-arg]
    n = 0
    with httpx.Client(base_url=base, timeout=60) as c:
        while time.monotonic() < ate:
            c.post(
                "/api/v1/auth/token",
                data={"username": f"ninguem-{os.getpid()}-{n}", "password": "errada"},
            )
            n += 1
    fila.put(n)


def _ler(c: httpx.Client, caminho: str, segundos: float) -> list[float]:
    tempos = []
    ate = time.monotonic() + segundos
    while time.monotonic() < ate:
        inicio = time.perf_counter()
        r = c.get(caminho)
        tempos.append((time.perf_counter() - inicio) * 1000)
        assert r.status_code == 200, r.text
    return tempos


def _resumo(tempos: list[float]) -> str:
    mediana, p95 = statistics.median(tempos), statistics.quantiles(tempos, n=20)[18]
    return f"mediana {mediana:6.1f} ms  p95 {p95:6.1f} ms  ({len(tempos)} leituras)"


def medir(vagas: int, atacantes: int, segundos: float, arvore: str | None) -> None:
    with tempfile.TemporaryDirectory(prefix="farol-bench-") as pasta:
        env = _ambiente(Path(pasta), vagas)
        subprocess.run(_farol(arvore, "demo"), env=env, check=True, capture_output=True)
        processo, base = _subir(env, arvore)
        try:
            with httpx.Client(base_url=base, timeout=60) as c:
                r = c.post("/api/v1/auth/token", data={"username": LEITOR, "password": SENHA_DEMO})
                c.headers["Authorization"] = f"Bearer {r.json()['access_token']}"
                pid = c.get("/api/v1/processos").json()[0]["id"]
                caminho = f"/api/v1/processos/{pid}"
                _ler(c, caminho, 2)  # aquece
                sozinho = _ler(c, caminho, segundos)
                fila: mp.Queue = mp.Queue()  # type: ignore[type-arg]
                ate = time.monotonic() + segundos + 1
                procs = [
                    mp.Process(target=_atacar, args=(base, ate, fila)) for _ in range(atacantes)
                ]
                for p in procs:
                    p.start()
                time.sleep(0.5)
                atacado = _ler(c, caminho, segundos)
                for p in procs:
                    p.join()
                tentativas = sum(fila.get() for _ in procs)
        finally:
            processo.terminate()
            processo.wait(timeout=20)
    rotulo = f"árvore {arvore}" if arvore else f"vagas de hash = {vagas}"
    print(f"{rotulo}")
    print(f"  sozinho:            {_resumo(sozinho)}")
    print(
        f"  com {atacantes} atacantes:   {_resumo(atacado)}"
        f"  [{tentativas / (segundos + 0.5):.1f} tentativas de login/s]"
    )


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--atacantes", type=int, default=6)
    p.add_argument("--segundos", type=float, default=15)
    p.add_argument("--vagas", type=int, action="append")
    p.add_argument("--farol-em", help="roda o Farol desta árvore (no lugar do instalado)")
    a = p.parse_args()
    print(f"{os.cpu_count()} núcleos; carga média antes: {os.getloadavg()[0]:.1f}")
    for vagas in a.vagas or ([1] if a.farol_em else [64, 1]):
        medir(vagas, a.atacantes, a.segundos, a.farol_em)


if __name__ == "__main__":
    main()
