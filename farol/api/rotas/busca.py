"""Busca de processos: a mesma da página /busca (sem acentos nem caixa)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query

from farol import entrada
from farol.api.deps import AtorAtual, RotaDaApi
from farol.http.deps import UowDep
from farol.services import busca
from farol.services.resultados.busca import ResultadoDaBusca

rotas = APIRouter(tags=["processos"], route_class=RotaDaApi)


@rotas.get("/busca", response_model=ResultadoDaBusca)
def buscar(
    ator: AtorAtual,
    uow: UowDep,
    q: Annotated[
        str,
        Query(
            min_length=1,
            max_length=entrada.TEXTO_CURTO,
            description="número do processo ou do auto, CPF/CNPJ, inscrição ou nome da "
            "embarcação, nome do autuado; sem diferença de acentos nem de maiúsculas",
        ),
    ],
) -> ResultadoDaBusca:
    """Processos da jurisdição do usuário que casam com o termo: cada palavra tem de aparecer
    no número, no auto, na embarcação ou no nome do autuado. Termo com menos de 2 letras: 422."""
    return busca.buscar(uow, ator, q)
