"""O que a API e as páginas leem da aplicação montada: o banco e a configuração."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated

from fastapi import Depends, Request

from farol.config import Configuracao
from farol.services.unit_of_work import BancoUnitOfWork, UnitOfWork, UnitOfWorkDoPedido
from farol.store.db import Banco


def banco(request: Request) -> Banco:
    b: Banco = request.app.state.banco
    return b


def configuracao(request: Request) -> Configuracao:
    c: Configuracao = request.app.state.configuracao
    return c


def uow_da(request: Request) -> UnitOfWork:
    """A unidade de trabalho da aplicação: cada caso de uso com a sua transação; dentro de uma
    rota de uma conexão (`farol.http.rota`), a do pedido, na leitura partilhada dele."""
    partilhada: UnitOfWork | None = getattr(request.state, "uow_partilhada", None)
    return partilhada if partilhada is not None else BancoUnitOfWork(banco(request))


@contextmanager
def partilhar_no_pedido(request: Request, uow: UnitOfWorkDoPedido) -> Iterator[None]:
    """`uow_da(request)` dá `uow` enquanto o bloco roda (a rota de uma conexão)."""
    request.state.uow_partilhada = uow
    try:
        yield
    finally:
        request.state.uow_partilhada = None


async def uow_do_pedido(request: Request) -> UnitOfWorkDoPedido:
    """A unidade de trabalho de um pedido (`UnitOfWorkDoPedido`): as leituras com o prazo de um
    pedido; nas rotas com usuário, a autenticação e os casos de uso numa leitura ou escrita
    partilhada (`farol.http.rota`). Assíncrona: criá-la não toma uma thread."""
    return UnitOfWorkDoPedido(banco(request))


UowDep = Annotated[UnitOfWork, Depends(uow_do_pedido)]
"""A unidade de trabalho que a rota entrega ao serviço (a rota não abre transação)."""
UowDoPedidoDep = Annotated[UnitOfWorkDoPedido, Depends(uow_do_pedido)]
"""A mesma, com o que só a do pedido tem (`partilhando`, `encerrar`)."""
