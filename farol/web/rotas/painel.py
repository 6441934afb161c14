"""Painel da OM: os mesmos números de GET /api/v1/painel (`farol.services.painel`)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from farol import entrada
from farol.http.deps import uow_da
from farol.relogio import hoje
from farol.services import painel as servico
from farol.web.ambiente import pagina
from farol.web.sessao import AtorWeb, RotaDaPagina

rotas = APIRouter(include_in_schema=False, route_class=RotaDaPagina)


def _limite(pedido: str | None) -> int:
    """Itens de cada lista (`?limite=`, o endereço de "ver todos"); fora de 1 a
    `POR_PAGINA_MAXIMO`, ou não numérico, o mais próximo (ou o padrão)."""
    try:
        return min(max(int(pedido or ""), 1), entrada.POR_PAGINA_MAXIMO)
    except ValueError:
        return servico.ITENS_POR_LISTA


@rotas.get("/painel", response_class=HTMLResponse)
def painel(request: Request, ator: AtorWeb) -> HTMLResponse:
    # a sessão do cookie e as figuras numa leitura e numa conexão (`RotaDaPagina`; com réplica,
    # as figuras leem nela)
    limite = _limite(request.query_params.get("limite"))
    f = servico.figuras(uow_da(request), ator, hoje(), limite)
    return pagina(request, "painel.html", {"f": f, "limite_maximo": entrada.POR_PAGINA_MAXIMO})
