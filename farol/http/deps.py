"""O que a API e as páginas leem da aplicação montada: o banco e a configuração."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from farol.config import Configuracao
from farol.services.unit_of_work import BancoUnitOfWork, UnitOfWork
from farol.store.db import Banco


def banco(request: Request) -> Banco:
    b: Banco = request.app.state.banco
    return b


def configuracao(request: Request) -> Configuracao:
    c: Configuracao = request.app.state.configuracao
    return c


def uow_da(request: Request) -> UnitOfWork:
    """A unidade de trabalho da aplicação (as rotas da API a recebem por `UowDep`)."""
    return BancoUnitOfWork(banco(request))


UowDep = Annotated[UnitOfWork, Depends(uow_da)]
"""A unidade de trabalho que a rota entrega ao serviço (a rota não abre transação)."""
