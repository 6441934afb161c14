"""`farol serve --workers N`: N processos de verdade sobre o mesmo banco.

- O socket de escuta que vai aos processos declara `IPPROTO_TCP`, para que o asyncio ligue o
  TCP_NODELAY nas conexões aceitas (Kludex/uvicorn#3149; `bench/servidor.py` mede: sem isso,
  ~44 ms por pedido numa conexão keep-alive).
- Os limites de tentativas valem para o servidor inteiro: as falhas de login espalhadas pelos
  processos (cada conexão nova cai num deles) somam no mesmo contador.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from farol.servidor import configuracao_do_servidor

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="processos e sinais do Linux")


def test_socket_de_escuta_dos_processos_declara_tcp() -> None:
    config = configuracao_do_servidor("127.0.0.1", 0, 2)
    sock = config.bind_socket()
    try:
        assert sock.proto == socket.IPPROTO_TCP
        assert sock.get_inheritable()  # vai aos processos filhos
    finally:
        sock.close()


def test_servidor_usa_o_analisador_http_e_o_laco_em_c() -> None:
    """httptools (o analisador HTTP em C) e uvloop, as dependências que o uvicorn escolhe
    quando estão instaladas: com o h11 e o laço do asyncio, o GET de um processo custava 3,4 ms
    de CPU do servidor, e não 2,3 (bench/api.py, 64 conexões)."""
    config = configuracao_do_servidor("127.0.0.1", 0, 1)
    config.load()
    assert config.http_protocol_class.__module__ == "uvicorn.protocols.http.httptools_impl"
    assert config.get_loop_factory().__module__.startswith("uvloop")


def _porta_livre() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _filhos(pid: int) -> set[int]:
    filhos: set[int] = set()
    for tarefa in Path(f"/proc/{pid}/task").iterdir():
        texto = (tarefa / "children").read_text().split()
        filhos |= {int(x) for x in texto}
    return filhos


def test_farol_serve_com_dois_processos_partilha_o_limite_de_login(tmp_path: Path) -> None:
    porta = _porta_livre()
    env = {
        **os.environ,
        "FAROL_PASTA_DADOS": str(tmp_path),
        "FAROL_DATABASE_URL": f"sqlite:///{tmp_path / 'farol.db'}",
    }
    farol = Path(sys.executable).with_name("farol")
    servidor = subprocess.Popen(
        [str(farol), "serve", "--workers", "2", "--porta", str(porta)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{porta}"
    try:
        limite = time.monotonic() + 90
        while True:
            try:
                if httpx.get(f"{url}/entrar", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert servidor.poll() is None, (
                servidor.stderr.read().decode() if servidor.stderr else ""
            )
            assert time.monotonic() < limite, "o servidor não subiu"
            time.sleep(0.3)
        assert len(_filhos(servidor.pid)) >= 2  # o supervisor e os seus dois processos
        # cada pedido numa conexão nova: o kernel os reparte entre os processos
        for _ in range(10):
            r = httpx.post(
                f"{url}/api/v1/auth/token",
                data={"username": "ninguem", "password": "errada"},
                headers={"Connection": "close"},
            )
            assert r.status_code == 401, r.text
        r = httpx.post(f"{url}/api/v1/auth/token", data={"username": "ninguem", "password": "x"})
        assert r.status_code == 429 and "muitas tentativas" in r.json()["mensagem"]
    finally:
        os.killpg(servidor.pid, signal.SIGTERM)
        try:
            servidor.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(servidor.pid, signal.SIGKILL)
            servidor.wait()
    assert servidor.returncode == 0
