"""Painel da OM: as mesmas figuras que a página /painel mostra."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query

from farol import entrada
from farol.api.deps import AtorAtual, RotaDaApi
from farol.http.deps import UowDep
from farol.http.parametros import Data
from farol.relogio import hoje as hoje_em_brasilia
from farol.services import painel
from farol.services.resultados.painel import FigurasDoPainel

rotas = APIRouter(tags=["painel"], route_class=RotaDaApi)


@rotas.get("/painel", response_model=FigurasDoPainel)
def figuras(
    ator: AtorAtual,
    uow: UowDep,
    hoje: Data | None = None,
    limite: Annotated[
        int,
        Query(
            ge=1,
            le=entrada.POR_PAGINA_MAXIMO,
            description="itens de cada lista (as contagens são sempre inteiras)",
        ),
    ] = painel.ITENS_POR_LISTA,
) -> FigurasDoPainel:
    """Processos por estado, prazos de hoje / da semana / vencidos, embarcações apreendidas,
    multas vencidas e alertas de prescrição, na jurisdição do usuário: as contagens inteiras
    e os primeiros `limite` itens de cada lista."""
    # a autenticação e as figuras numa leitura e numa conexão (`RotaDaApi`; com réplica, as
    # figuras leem nela)
    return painel.figuras(uow, ator, hoje or hoje_em_brasilia(), limite)
