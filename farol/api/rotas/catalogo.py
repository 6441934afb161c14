"""Catálogo de infrações: o texto, a penalidade e os autores materiais admitidos de cada uma."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query

from farol.api.deps import AtorAtual, RotaDaApi
from farol.services import catalogo
from farol.services.resultados.catalogo import InfracaoDoCatalogo

rotas = APIRouter(tags=["catálogo"], route_class=RotaDaApi)


@rotas.get("/infracoes", response_model=list[InfracaoDoCatalogo])
def infracoes(
    ator: AtorAtual,
    busca: Annotated[str | None, Query(max_length=100, description="texto a procurar")] = None,
) -> list[InfracaoDoCatalogo]:
    """As infrações do RLESTA e da LESTA com a penalidade e os autores admitidos: o
    `autor_tipo` da lavratura tem de ser um deles (omitido, vale o único admitido)."""
    return catalogo.listar_infracoes(busca)
