"""Registro de acesso a dados pessoais (LGPD art. 37): o auditor consulta quem leu os dados
completos de que pessoa, e quando."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query

from farol.api.deps import AtorAtual, RotaDaApi
from farol.http.deps import UowDep
from farol.http.erros import respostas
from farol.http.parametros import Data
from farol.services import acessos
from farol.services.resultados.acessos import AcessoRegistrado

rotas = APIRouter(tags=["registro de acesso"], route_class=RotaDaApi)


@rotas.get(
    "/acessos-a-dados-pessoais", response_model=list[AcessoRegistrado], responses=respostas(403)
)
def listar(
    ator: AtorAtual,
    uow: UowDep,
    documento: Annotated[
        str | None, Query(max_length=30, description="CPF ou CNPJ da pessoa")
    ] = None,
    de: Annotated[Data | None, Query(description="desde este dia (AAAA-MM-DD)")] = None,
    ate: Annotated[Data | None, Query(description="até este dia, inclusive")] = None,
    limite: Annotated[int, Query(ge=1, le=500)] = 100,
) -> list[AcessoRegistrado]:
    """As leituras dos dados completos de pessoas feitas por usuários da jurisdição do
    auditor (permissão `audita_acessos`; os outros papéis recebem 403), das mais recentes às
    mais antigas."""
    return acessos.listar(uow, ator, documento=documento, de=de, ate=ate, limite=limite)
