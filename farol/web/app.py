"""Liga as páginas à aplicação FastAPI da API: rotas, arquivos estáticos e páginas de erro.

As páginas usam os mesmos serviços e a mesma jurisdição da API. Os erros das páginas viram
páginas HTML em português; os da API (/api, /docs, /openapi.json) continuam JSON, tratados
pelos manipuladores de `farol.http.erros`.
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from farol.erros import ErroFarol
from farol.http.erros import (
    ERRO_INTERNO,
    cabecalhos_de,
    cabecalhos_http,
    mensagem_http,
    status_de,
)
from farol.store.db import BancoIndisponivel
from farol.web.ambiente import PASTA_ESTATICO, pagina
from farol.web.formularios import longe_do_campo, mensagem_de_validacao, texto_na_pagina
from farol.web.rotas import (
    acessos,
    busca,
    cadastro,
    catalogo,
    custodia,
    entrada,
    estatisticas,
    feeds,
    inspecao,
    offline,
    painel,
    procedimentos,
    processo,
    publica,
    verificacao,
)
from farol.web.sessao import MENSAGEM_SESSAO_EXPIRADA, CsrfInvalido, PrecisaEntrar, url_entrar

Manipulador = Callable[[Request, Any], Awaitable[Response]]
PREFIXOS_API = ("/api/", "/docs", "/redoc", "/openapi.json")
TITULOS = {
    400: "Requisição inválida",
    403: "Acesso negado",
    404: "Página não encontrada",
    405: "Método não permitido",
    409: "Ato não permitido agora",
    413: "Envio grande demais",
    422: "Dados inválidos",
    429: "Tentativas demais",
    500: "Erro interno",
    503: "Serviço temporariamente indisponível",
}


def e_da_api(request: Request) -> bool:
    return request.url.path.startswith(PREFIXOS_API) or request.url.path == "/api"


def _pagina_erro(request: Request, status: int, mensagem: str) -> Response:
    return pagina(
        request,
        "erro.html",
        {"titulo": TITULOS.get(status, "Erro"), "mensagem": mensagem, "status": status},
        status,
    )


def _envolver(app: FastAPI, tipo: type[Exception], na_pagina: Manipulador) -> None:
    """Erros das páginas viram HTML; os da API seguem para o manipulador que já existia."""
    anterior = app.exception_handlers.get(tipo)

    async def manipular(request: Request, e: Exception) -> Response:
        if e_da_api(request) and anterior is not None:
            resposta = anterior(request, e)
            if inspect.isawaitable(resposta):
                resposta = await resposta
            assert isinstance(resposta, Response)
            return resposta
        return await na_pagina(request, e)

    app.add_exception_handler(tipo, manipular)


def instalar(app: FastAPI) -> None:
    app.mount("/estatico", StaticFiles(directory=PASTA_ESTATICO), name="estatico")
    for modulo in (
        entrada,
        painel,
        inspecao,
        processo,
        procedimentos,
        busca,
        publica,
        verificacao,
        estatisticas,
        catalogo,
        acessos,
        feeds,
        cadastro,
        custodia,
        offline,
    ):
        app.include_router(modulo.rotas)

    async def precisa_entrar(request: Request, e: Exception) -> Response:
        assert isinstance(e, PrecisaEntrar)
        if request.headers.get("sec-fetch-mode", "navigate") != "navigate":
            # o pedido de um script (fetch da prévia das medidas, da busca de embarcações),
            # não a navegação da pessoa: 401, sem seguir para a página de login, que gravaria
            # outro cookie CSRF por cima do formulário de login aberto na aba ao mesmo tempo
            return JSONResponse(
                {"mensagem": MENSAGEM_SESSAO_EXPIRADA},
                status_code=401,
                headers={"Cache-Control": "no-store"},
            )
        return RedirectResponse(url_entrar(e.proximo), status_code=303)

    async def csrf(request: Request, e: Exception) -> Response:
        return _pagina_erro(
            request,
            403,
            "o formulário expirou ou veio de outra página: recarregue a página e envie de novo",
        )

    async def farol(request: Request, e: Exception) -> Response:
        assert isinstance(e, ErroFarol)
        if isinstance(e, BancoIndisponivel):
            request.state.ator = None  # a página de erro não volta ao banco para o menu
        resposta = _pagina_erro(request, status_de(e), texto_na_pagina(e))
        resposta.headers.update(cabecalhos_de(e) or {})
        return resposta

    async def http(request: Request, e: Exception) -> Response:
        assert isinstance(e, StarletteHTTPException)
        mensagens = {404: "o endereço não existe ou não está na sua jurisdição"}
        texto = mensagens.get(e.status_code) or mensagem_http(e.status_code, e.detail)
        resposta = _pagina_erro(request, e.status_code, texto)
        resposta.headers.update(cabecalhos_http(request, e) or {})
        return resposta

    async def validacao(request: Request, e: Exception) -> Response:
        assert isinstance(e, RequestValidationError)
        erros = e.errors()
        if not erros or any(x.get("loc", ("path",))[0] == "path" for x in erros):
            return _pagina_erro(request, 404, "o endereço não existe ou não está na sua jurisdição")
        campo = ".".join(str(p) for p in erros[0].get("loc", ())[1:])
        texto = mensagem_de_validacao(erros[0], campo)
        return _pagina_erro(request, 422, longe_do_campo(texto, campo, da_validacao=True))

    async def interno(request: Request, e: Exception) -> Response:
        request.state.ator = None  # a página de erro não volta ao banco para o menu
        try:
            return _pagina_erro(request, 500, ERRO_INTERNO)
        except Exception:  # nem a página de erro se montou: o texto, sem o modelo
            texto = f"<!doctype html><title>Erro interno</title><p>{ERRO_INTERNO}</p>"
            return HTMLResponse(texto, 500)

    app.add_exception_handler(PrecisaEntrar, precisa_entrar)
    app.add_exception_handler(CsrfInvalido, csrf)
    _envolver(app, ErroFarol, farol)
    _envolver(app, StarletteHTTPException, http)
    _envolver(app, RequestValidationError, validacao)
    _envolver(app, Exception, interno)
