"""O servidor HTTP do `farol serve`: uvicorn com um ou N processos.

Com N processos, o uvicorn abre o socket de escuta no processo supervisor e o passa aos
filhos; o socket que ele cria (`Config.bind_socket`) fica com `proto` 0, e o asyncio só liga
o TCP_NODELAY nas conexões aceitas de um socket com `proto == IPPROTO_TCP`. Sem ele, o
algoritmo de Nagle segura cada resposta de uma conexão keep-alive até o ACK atrasado do
cliente (cerca de 40 ms no Linux): Kludex/uvicorn#3149, ainda aberto no uvicorn 0.54. Aqui o
socket é reembrulhado com `IPPROTO_TCP` antes de ir aos processos (a correção proposta em
Kludex/uvicorn#3155); `bench/servidor.py` mede a diferença.

O uvicorn escolhe o analisador HTTP e o laço em C quando estão instalados (httptools e uvloop,
dependências do Farol; o uvloop fora do Windows): o GET de um processo custa ~2,3 ms de CPU do
servidor, e não ~3,4 com o h11 e o laço do asyncio (bench/api.py). O uvloop liga o TCP_NODELAY
por conta própria; a correção acima vale para o laço do asyncio (onde não há uvloop).

Cada processo monta a aplicação pronta para o primeiro pedido (`aplicacao_do_servidor`):

- carrega antes de servir os dados normativos (`carregar_dados_normativos`: quadros de estados,
  infrações, prazos, citações...), que os carregadores guardam na memória do processo na
  primeira chamada. Sem isso, o primeiro GET de um processo em cada processo do servidor lia e
  validava os YAML dentro do pedido: 0,3–0,4 s, e a 1 conexão o p99 de `bench/api.py` ia a
  0,3 s sempre que a conexão da medida caía no processo que o aquecimento não tinha usado;
- depois, tira do coletor de ciclos tudo o que já existe (`gc.freeze`): os módulos, os modelos
  e os dados da lei vivem o processo inteiro, e cada coleta completa (a geração 2) os
  percorria, ~220 mil objetos, 0,1–0,2 s com o pedido parado; a lista de 100 processos, que
  aloca o bastante para uma coleta completa a cada ~1 s, tinha o p99 em 0,1–0,3 s por isso.

No Linux, com N processos, cada um escuta no seu próprio socket (`SO_REUSEPORT`), e o kernel
reparte as conexões novas entre eles pelo endereço e porta de origem. Com o socket único do
uvicorn, o processo que acorda primeiro aceita todas as conexões que estão na fila: das 64 que o
`wrk` de `bench/api.py` abre de uma vez, o processo com mais ficava com 31 a 61 (mediana 40 em 30
medidas, 2 processos), e atendia essas conexões com a mesma CPU do outro (pela lei de Little, a
latência de cada pedido cresce com as conexões do processo: o p99 é o dele). Repartidas pelo
kernel: 30 a 41 (mediana 35). O supervisor guarda a porta num socket que não escuta
(`SocketDeCadaProcesso`); um processo que morre e volta abre o seu de novo. Fora do Linux (o
`SO_REUSEPORT` do macOS e do BSD não reparte), fica o socket único.
"""

from __future__ import annotations

import gc
import importlib
import inspect
import pkgutil
import socket
import sys
from collections.abc import Callable
from types import ModuleType
from typing import Any

import uvicorn
from fastapi import FastAPI
from uvicorn.supervisors import Multiprocess

APLICACAO = "farol.servidor:aplicacao_do_servidor"


def _carregadores(modulo: ModuleType) -> list[Callable[[], object]]:
    """As funções do módulo guardadas em cache (`functools.cache`) que não pedem argumento."""
    return [
        f
        for nome, f in vars(modulo).items()
        if hasattr(f, "cache_info")
        and getattr(f, "__module__", None) == modulo.__name__
        and callable(f)
        and not inspect.signature(f).parameters
    ]


def carregadores_dos_dados_normativos() -> list[Callable[[], object]]:
    """Os carregadores dos dados normativos: os de cada módulo de `farol.normas` e os dos
    quadros de estados de todos os regimes (`farol.domain.procedimento.carregar`)."""
    import farol.normas
    from farol.domain.procedimento import carregar

    modulos = [
        importlib.import_module(f"farol.normas.{m.name}")
        for m in pkgutil.iter_modules(farol.normas.__path__)
    ]
    return [f for m in [*modulos, carregar] for f in _carregadores(m)]


def carregar_dados_normativos() -> None:
    """Lê e valida agora todos os dados normativos, que ficam na memória do processo."""
    for carregador in carregadores_dos_dados_normativos():
        carregador()


def aplicacao_do_servidor() -> FastAPI:
    """A aplicação de um processo do servidor (`criar_app`, com a configuração do ambiente),
    com os dados normativos já carregados e, depois, os objetos que vivem o processo inteiro
    fora das coletas do coletor de ciclos (`gc.freeze`)."""
    from farol.app import criar_app

    app = criar_app()
    carregar_dados_normativos()
    gc.collect()  # o lixo da montagem não fica congelado
    gc.freeze()
    return app


REPARTE_NO_KERNEL = sys.platform.startswith("linux") and hasattr(socket, "SO_REUSEPORT")
"""Se o kernel reparte as conexões entre sockets na mesma porta (`SO_REUSEPORT` do Linux)."""


def _escuta_do_processo(familia: int, endereco: Any) -> socket.socket:
    """O socket de escuta de um processo do servidor, na porta do supervisor (`SO_REUSEPORT`);
    o uvicorn o põe a escutar (`listen`) ao subir."""
    sock = socket.socket(familia, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind(endereco)
    return sock


class SocketDeCadaProcesso(socket.socket):
    """O socket do supervisor: guarda a porta (ligado, sem escutar, com `SO_REUSEPORT`) e, ao
    ir a um processo do servidor (o uvicorn o passa pelo `pickle` do multiprocessing), vira lá
    um socket novo na mesma porta (`_escuta_do_processo`), e não o mesmo socket partilhado."""

    @classmethod
    def da_porta_de(cls, sock: socket.socket) -> SocketDeCadaProcesso:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        return cls(sock.family, sock.type, sock.proto, sock.detach())

    def __reduce__(self) -> tuple[Any, ...]:
        return (_escuta_do_processo, (self.family, self.getsockname()))


class ConfigComNoDelay(uvicorn.Config):
    """`uvicorn.Config` cujo socket TCP de escuta declara `IPPROTO_TCP`."""

    def bind_socket(self) -> socket.socket:
        sock = super().bind_socket()
        if sock.family in (socket.AF_INET, socket.AF_INET6) and sock.proto == 0:
            tcp = socket.socket(sock.family, sock.type, socket.IPPROTO_TCP, sock.detach())
            tcp.set_inheritable(True)
            return tcp
        return sock


def configuracao_do_servidor(
    host: str, porta: int, workers: int, *, corrigir_nodelay: bool = True, **opcoes: Any
) -> uvicorn.Config:
    classe = ConfigComNoDelay if corrigir_nodelay else uvicorn.Config
    return classe(
        APLICACAO,
        factory=True,
        host=host,
        port=porta,
        workers=workers,
        log_level="info",
        **opcoes,
    )


def servir(
    host: str, porta: int, workers: int = 1, *, corrigir_nodelay: bool = True, **opcoes: Any
) -> None:
    """Serve a aplicação (montada em cada processo por `aplicacao_do_servidor`, lendo a
    configuração do ambiente) até Ctrl+C ou SIGTERM."""
    config = configuracao_do_servidor(
        host, porta, workers, corrigir_nodelay=corrigir_nodelay, **opcoes
    )
    if workers > 1:
        sock = config.bind_socket()
        if REPARTE_NO_KERNEL and sock.family in (socket.AF_INET, socket.AF_INET6):
            sock = SocketDeCadaProcesso.da_porta_de(sock)
        Multiprocess(config, sockets=[sock]).run()
    else:
        uvicorn.Server(config).run()
