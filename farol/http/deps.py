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


BancoDep = Annotated[Banco, Depends(banco)]
ConfiguracaoDep = Annotated[Configuracao, Depends(configuracao)]


def unit_of_work(b: BancoDep) -> UnitOfWork:
    """A unidade de trabalho que a rota entrega ao serviço (ela não abre transação)."""
    return BancoUnitOfWork(b)


UowDep = Annotated[UnitOfWork, Depends(unit_of_work)]


def uow_da(request: Request) -> UnitOfWork:
    """A unidade de trabalho da aplicação, para quem tem só o `Request` (as páginas)."""
    return BancoUnitOfWork(banco(request))
