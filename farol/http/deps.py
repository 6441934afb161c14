"""O que a API e as páginas leem da aplicação montada: o banco e a configuração."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from farol.config import Configuracao
from farol.store.db import Banco


def banco(request: Request) -> Banco:
    b: Banco = request.app.state.banco
    return b


def configuracao(request: Request) -> Configuracao:
    c: Configuracao = request.app.state.configuracao
    return c


BancoDep = Annotated[Banco, Depends(banco)]
ConfiguracaoDep = Annotated[Configuracao, Depends(configuracao)]
