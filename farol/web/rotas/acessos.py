"""Registro de acesso a dados pessoais, para o auditor (LGPD art. 37): quem leu os dados
completos de que pessoa, e quando. Outros papéis recebem a página 403."""

from __future__ import annotations

import datetime as dt

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from farol.erros import EntradaInvalida
from farol.http.deps import uow_da
from farol.services import acessos
from farol.web.ambiente import pagina
from farol.web.formularios import Erros, erro_farol
from farol.web.sessao import AtorWeb, RotaDaPagina

rotas = APIRouter(include_in_schema=False, route_class=RotaDaPagina)
CAMPOS = ["documento", "de", "ate"]


def _data(texto: str, campo: str) -> dt.date | None:
    if not texto.strip():
        return None
    try:
        return dt.date.fromisoformat(texto.strip())
    except ValueError:
        raise EntradaInvalida("data inválida: use AAAA-MM-DD", campo=campo) from None


@rotas.get("/acessos", response_class=HTMLResponse)
def registro(
    request: Request, ator: AtorWeb, documento: str = "", de: str = "", ate: str = ""
) -> HTMLResponse:
    acessos.exigir_auditor(ator)  # 403 para os outros papéis, antes de ler qualquer filtro
    valores = {"documento": documento[:30], "de": de[:10], "ate": ate[:10]}
    erros = Erros()
    status = 200
    lidos: list[acessos.AcessoRegistrado] = []
    try:
        lidos = acessos.listar(
            uow_da(request),
            ator,
            documento=valores["documento"].strip() or None,
            de=_data(valores["de"], "de"),
            ate=_data(valores["ate"], "ate"),
        )
    except EntradaInvalida as e:
        erros = erro_farol(e, CAMPOS)
        status = 422
    contexto = {**valores, "acessos": lidos, "erros": erros}
    return pagina(request, "acessos.html", contexto, status)
