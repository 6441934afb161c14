"""Painel da OM: os mesmos números de GET /api/v1/painel (`farol.services.painel`)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse

from farol.http.deps import uow_da
from farol.relogio import hoje
from farol.services import painel as servico
from farol.services.jurisdicao import Ator
from farol.web.ambiente import pagina
from farol.web.sessao import ator_obrigatorio

rotas = APIRouter(include_in_schema=False)
AtorWeb = Annotated[Ator, Depends(ator_obrigatorio)]


@rotas.get("/painel", response_class=HTMLResponse)
def painel(request: Request, ator: AtorWeb) -> HTMLResponse:
    f = servico.figuras(uow_da(request), ator, hoje())
    return pagina(request, "painel.html", {"f": f})
