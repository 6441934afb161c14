"""`farol serve --workers N`: N processos de verdade sobre o mesmo banco.

- O socket de escuta que vai aos processos declara `IPPROTO_TCP`, para que o asyncio ligue o
  TCP_NODELAY nas conexões aceitas (Kludex/uvicorn#3149; `bench/servidor.py` mede: sem isso,
  ~44 ms por pedido numa conexão keep-alive).
- Os limites de tentativas valem para o servidor inteiro: as falhas de login espalhadas pelos
  processos (cada conexão nova cai num deles) somam no mesmo contador.
- Cada processo do servidor fica pronto antes do primeiro pedido: os dados normativos já
  carregados (o primeiro GET de um processo não lê YAML; antes, 0,3–0,4 s dentro do pedido, o
  p99 de `bench/api.py` a 1 conexão) e os objetos da montagem fora do coletor de ciclos
  (`gc.freeze`: uma coleta completa os percorria com o pedido parado, 0,1–0,2 s).
"""

from __future__ import annotations

import gc
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from sqlalchemy import select

from farol.config import configuracao
from farol.servidor import carregadores_dos_dados_normativos, configuracao_do_servidor
from farol.store.db import Banco
from farol.store.orm import Processo

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="processos e sinais do Linux")


def test_socket_de_escuta_dos_processos_declara_tcp() -> None:
    config = configuracao_do_servidor("127.0.0.1", 0, 2)
    sock = config.bind_socket()
    try:
        assert sock.proto == socket.IPPROTO_TCP
        assert sock.get_inheritable()  # vai aos processos filhos
    finally:
        sock.close()


def test_servidor_usa_o_analisador_http_e_o_laco_em_c(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """httptools (o analisador HTTP em C) e uvloop, as dependências que o uvicorn escolhe
    quando estão instaladas: com o h11 e o laço do asyncio, o GET de um processo custava 3,4 ms
    de CPU do servidor, e não 2,3 (bench/api.py, 64 conexões). A aplicação se monta numa pasta
    de dados temporária (não no banco da pasta do usuário de quem roda os testes)."""
    monkeypatch.setenv("FAROL_PASTA_DADOS", str(tmp_path))
    monkeypatch.delenv("FAROL_DATABASE_URL", raising=False)
    configuracao.cache_clear()
    config = configuracao_do_servidor("127.0.0.1", 0, 1)
    try:
        config.load()
    finally:
        gc.unfreeze()  # a montagem congela os objetos do processo (o do pytest, aqui)
        configuracao.cache_clear()
    assert config.http_protocol_class.__module__ == "uvicorn.protocols.http.httptools_impl"
    assert config.get_loop_factory().__module__.startswith("uvloop")


PRIMEIROS_PEDIDOS = """
import gc, json, pathlib, sys
from fastapi.testclient import TestClient
from farol.servidor import configuracao_do_servidor
from farol.services.demo import SENHA_DEMO

config = configuracao_do_servidor("127.0.0.1", 0, 1)
config.load()  # a aplicação montada como o uvicorn a monta em cada processo do servidor
congelados = gc.get_freeze_count()
lidos = []
abrir = pathlib.Path.open

def abrir_contando(self, *args, **kwargs):
    if self.suffix == ".yaml":
        lidos.append(self.name)
    return abrir(self, *args, **kwargs)

pathlib.Path.open = abrir_contando
status = []
with TestClient(config.loaded_app) as c:
    r = c.post("/api/v1/auth/token", data={"username": "dpc", "password": SENHA_DEMO})
    h = {"Authorization": "Bearer " + r.json()["access_token"]}
    status.append(c.get("/api/v1/processos", headers=h).status_code)
    for pid in sys.argv[1:]:
        status.append(c.get(f"/api/v1/processos/{pid}", headers=h).status_code)
print(json.dumps({"congelados": congelados, "yaml": lidos, "status": status}))
"""


def test_processo_do_servidor_atende_o_primeiro_pedido_com_a_lei_ja_carregada(
    banco_demo: Banco, url_banco_modulo: str, tmp_path: Path
) -> None:
    """A aplicação de cada processo (a que o uvicorn monta, num interpretador novo) já tem os
    dados normativos carregados: a lista e o GET de cada processo da demonstração (todos os
    regimes e estados) não abrem nenhum YAML; e os objetos da montagem estão congelados."""
    with banco_demo.unit_of_work(somente_leitura=True) as s:
        ids = [str(i) for i in s.execute(select(Processo.id).order_by(Processo.id)).scalars()]
    env = {
        **os.environ,
        "FAROL_PASTA_DADOS": str(tmp_path),
        "FAROL_DATABASE_URL": url_banco_modulo,
    }
    r = subprocess.run(
        [sys.executable, "-c", PRIMEIROS_PEDIDOS, *ids],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert r.returncode == 0, r.stderr[-3000:]
    saida = json.loads(r.stdout.strip().splitlines()[-1])
    assert saida["status"] == [200] * (len(ids) + 1), saida["status"]
    assert saida["yaml"] == [], "lidos dentro dos pedidos, não ao montar a aplicação"
    assert saida["congelados"] > 0


def test_os_carregadores_da_lei_incluem_os_quadros_e_os_catalogos() -> None:
    nomes = {f"{f.__module__}.{f.__name__}" for f in carregadores_dos_dados_normativos()}
    assert {
        "farol.domain.procedimento.carregar.carregar_regimes",
        "farol.normas.infracoes.catalogo",
        "farol.normas.prazos.catalogo_prazos",
        "farol.normas.citacoes.catalogo_citacoes",
        "farol.normas.atos_do_sistema.atos_do_sistema",
    } <= nomes
    # só os sem argumento (`carregar_regime(regime)` vem por `carregar_regimes`)
    assert "farol.domain.procedimento.carregar.carregar_regime" not in nomes


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


def _sockets_na_porta(porta: int) -> dict[int, str]:
    """Os sockets TCP desta máquina com a porta local `porta`: inode → estado ("0A" escutando,
    "01" conexão estabelecida), de /proc/net/tcp e tcp6."""
    sockets = {}
    for arquivo in ("/proc/net/tcp", "/proc/net/tcp6"):
        for linha in Path(arquivo).read_text().splitlines()[1:]:
            campos = linha.split()
            if int(campos[1].rsplit(":", 1)[1], 16) == porta:
                sockets[int(campos[9])] = campos[3]
    return sockets


def _inodes_dos_sockets(pid: int) -> set[int]:
    inodes = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            alvo = os.readlink(fd)
        except OSError:
            continue
        if alvo.startswith("socket:["):
            inodes.add(int(alvo[8:-1]))
    return inodes


def _processos_do_servidor(pid: int) -> list[int]:
    """Os processos que atendem (os filhos do supervisor, sem o `resource_tracker`)."""
    return [
        f
        for f in _filhos(pid)
        if b"resource_tracker" not in Path(f"/proc/{f}/cmdline").read_bytes()
    ]


def test_farol_serve_com_dois_processos_reparte_as_conexoes_entre_eles(tmp_path: Path) -> None:
    """Cada processo escuta no seu socket (`SO_REUSEPORT`) e o kernel reparte as conexões
    novas entre eles: 64 conexões abertas de uma vez (como o `wrk` de `bench/api.py`) não vão
    quase todas ao processo que acordou primeiro (no socket único do uvicorn, até 61/3)."""
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
    conexoes: list[socket.socket] = []
    try:
        limite = time.monotonic() + 90
        while len(_processos_do_servidor(servidor.pid)) < 2 or not _escutando(porta):
            assert servidor.poll() is None, (
                servidor.stderr.read().decode() if servidor.stderr else ""
            )
            assert time.monotonic() < limite, "o servidor não subiu"
            time.sleep(0.3)
        processos = _processos_do_servidor(servidor.pid)
        assert len(processos) == 2

        def de_cada() -> list[set[int]]:
            escutando = {i for i, estado in _sockets_na_porta(porta).items() if estado == "0A"}
            return [_inodes_dos_sockets(p) & escutando for p in processos]

        # o segundo processo pode subir depois que o primeiro já escuta (com a máquina cheia)
        while not all(de_cada()) and time.monotonic() < limite:
            time.sleep(0.3)
        # um socket de escuta em cada processo (o socket único do uvicorn: o mesmo nos dois)
        socketes = de_cada()
        assert all(len(x) == 1 for x in socketes) and socketes[0] != socketes[1], socketes
        for _ in range(64):
            conexoes.append(socket.create_connection(("127.0.0.1", porta), timeout=10))
        for c in conexoes:  # cada uma atendida (aceita) antes de contar
            c.sendall(b"GET /estatico/farol.css HTTP/1.1\r\nHost: farol\r\n\r\n")
        for c in conexoes:
            assert c.recv(12).startswith(b"HTTP/1.1 200")
        abertas = {i for i, estado in _sockets_na_porta(porta).items() if estado == "01"}
        por_processo = [len(_inodes_dos_sockets(p) & abertas) for p in processos]
        assert sum(por_processo) == 64, por_processo
        # pelo endereço de origem, como uma moeda: mais de 48 num só é 1 em 20 mil
        assert min(por_processo) >= 16, por_processo
    finally:
        for c in conexoes:
            c.close()
        os.killpg(servidor.pid, signal.SIGTERM)
        try:
            servidor.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(servidor.pid, signal.SIGKILL)
            servidor.wait()
    assert servidor.returncode == 0


def _escutando(porta: int) -> bool:
    try:
        return httpx.get(f"http://127.0.0.1:{porta}/estatico/farol.css", timeout=2).is_success
    except httpx.HTTPError:
        return False
