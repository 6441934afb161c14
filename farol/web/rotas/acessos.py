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
from farol.web.formularios import DATA_INVALIDA, Erros, data_digitada, erro_farol
from farol.web.sessao import AtorWeb, RotaDaPagina

rotas = APIRouter(include_in_schema=False, route_class=RotaDaPagina)
CAMPOS = ["documento", "de", "ate"]


def _data(texto: str, campo: str) -> dt.date | None:
    """O filtro de data (vazio: sem filtro), como o das estatísticas (`data_digitada`)."""
    if not texto.strip():
        return None
    try:
        return data_digitada(texto)
    except ValueError:
        raise EntradaInvalida(DATA_INVALIDA, campo=campo) from None


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
        datas = {nome: _data(valores[nome], nome) for nome in ("de", "ate")}
        # a data digitada como DD/MM/AAAA volta ao seletor de datas, que só mostra AAAA-MM-DD
        valores.update({k: v.isoformat() for k, v in datas.items() if v is not None})
        lidos = acessos.listar(
            uow_da(request),
            ator,
            documento=valores["documento"].strip() or None,
            de=datas["de"],
            ate=datas["ate"],
        )
    except EntradaInvalida as e:
        erros = erro_farol(e, CAMPOS)
        status = 422
    contexto = {**valores, "acessos": lidos, "erros": erros}
    return pagina(request, "acessos.html", contexto, status)
