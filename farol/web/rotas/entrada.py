"""Início, entrar e sair."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.datastructures import FormData

from farol.http import autenticacao
from farol.http.erros import cabecalhos_de
from farol.services.limites import MuitasTentativas
from farol.web.ambiente import pagina
from farol.web.formularios import GERAL, Erros
from farol.web.sessao import (
    COOKIE_SESSAO,
    RotaDaPagina,
    abrir_sessao,
    ator_opcional,
    conferir_csrf,
    fechar_sessao,
)

rotas = APIRouter(include_in_schema=False, route_class=RotaDaPagina)


async def formulario(request: Request) -> FormData:
    return await request.form(max_files=0, max_fields=20)


Formulario = Annotated[FormData, Depends(formulario)]


def destino_seguro(proximo: str | None) -> str:
    """Só caminhos locais (nada de //outro-site ou http://...)."""
    if proximo and proximo.startswith("/") and not proximo.startswith("//") and "\\" not in proximo:
        return proximo
    return "/painel"


@rotas.get("/", response_model=None)
def inicio(request: Request) -> Response:
    return RedirectResponse("/painel" if ator_opcional(request) else "/entrar", status_code=303)


@rotas.get("/entrar", response_class=HTMLResponse)
def pagina_entrar(request: Request, proximo: str = "") -> HTMLResponse:
    return pagina(request, "entrar.html", {"proximo": proximo, "login": "", "erros": Erros()})


@rotas.post("/entrar", response_model=None)
def entrar(request: Request, form: Formulario) -> Response:
    conferir_csrf(request, form)
    login = str(form.get("login") or "").strip()
    senha = str(form.get("senha") or "")
    proximo = str(form.get("proximo") or "")
    erros = Erros()
    if not login:
        erros.adicionar("login", "informe o login")
    if not senha:
        erros.adicionar("senha", "informe a senha")
    contexto = {"proximo": proximo, "login": login, "erros": erros}
    try:
        if erros:
            autenticacao.conferir_limite(request, login)
            return pagina(request, "entrar.html", contexto, 422)
        entrada = autenticacao.entrar(request, login, senha)
    except MuitasTentativas as e:
        erros.adicionar(GERAL, e.mensagem)
        recusa = pagina(request, "entrar.html", contexto, 429)
        recusa.headers.update(cabecalhos_de(e) or {})  # Retry-After, como na API
        return recusa
    if entrada is None:
        erros.adicionar(GERAL, "login ou senha incorretos")
        return pagina(request, "entrar.html", contexto, 401)
    resposta = RedirectResponse(destino_seguro(proximo), status_code=303)
    abrir_sessao(request, resposta, entrada.token)
    return resposta


@rotas.post("/sair", response_model=None)
def sair(request: Request, form: Formulario) -> Response:
    """Encerra a sessão no servidor (o cookie antigo, ou o token dele, não abre mais nada)
    e apaga o cookie."""
    conferir_csrf(request, form)
    autenticacao.sair(request, request.cookies.get(COOKIE_SESSAO))
    resposta = RedirectResponse("/entrar", status_code=303)
    fechar_sessao(resposta)
    return resposta
