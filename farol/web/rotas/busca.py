"""Busca de processos: número, CPF/CNPJ, inscrição ou nome da embarcação."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from farol.erros import EntradaInvalida
from farol.http.deps import uow_da
from farol.services import busca as servico
from farol.web.ambiente import pagina
from farol.web.formularios import Erros, erro_farol
from farol.web.sessao import AtorWeb, RotaDaPagina

rotas = APIRouter(include_in_schema=False, route_class=RotaDaPagina)


@rotas.get("/busca", response_class=HTMLResponse)
def buscar(request: Request, ator: AtorWeb, q: str = "") -> HTMLResponse:
    resultado: dict[str, Any] | None = None
    erros = Erros()
    status = 200
    if q.strip():
        try:
            resultado = servico.buscar_processos(uow_da(request), ator, q[:200])
        except EntradaInvalida as e:
            erros = erro_farol(e, ["q"])
            status = 422
    return pagina(request, "busca.html", {"q": q, "r": resultado, "erros": erros}, status)
