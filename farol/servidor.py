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
"""

from __future__ import annotations

import socket
from typing import Any

import uvicorn
from uvicorn.supervisors import Multiprocess

APLICACAO = "farol.app:criar_app"


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
    """Serve a aplicação (montada em cada processo por `criar_app`, lendo a configuração do
    ambiente) até Ctrl+C ou SIGTERM."""
    config = configuracao_do_servidor(
        host, porta, workers, corrigir_nodelay=corrigir_nodelay, **opcoes
    )
    if workers > 1:
        Multiprocess(config, sockets=[config.bind_socket()]).run()
    else:
        uvicorn.Server(config).run()
