"""A aplicação HTTP do Farol: monta a API (/api/v1) e as páginas (/) sobre o mesmo banco.

É o único módulo que conhece as duas bordas; nenhuma importa a outra. O que elas partilham
(erros → status, token e sessão → usuário, limite de tentativas) está em `farol.http`.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib.resources import files
from typing import Any

from anyio import to_thread
from fastapi import FastAPI
from fastapi.openapi.docs import (
    get_redoc_html,
    get_swagger_ui_html,
    get_swagger_ui_oauth2_redirect_html,
)
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

from farol.api.esquemas import instalar as instalar_esquemas_dos_atos
from farol.api.instalar import instalar as instalar_api
from farol.config import Configuracao, configuracao
from farol.http import erros
from farol.http.cabecalhos import CabecalhosDeSeguranca
from farol.http.corpo import LimiteDaEntrada
from farol.services.limites import limitadores_no_banco
from farol.services.senhas import limitar_hashes
from farol.store.db import Banco
from farol.store.migrar import preparar_banco
from farol.web.app import instalar as instalar_paginas


def criar_app(config: Configuracao | None = None, banco: Banco | None = None) -> FastAPI:
    config = config or configuracao()
    if banco is None:
        preparar_banco(config.database_url)
        banco = Banco.conectar(
            config.database_url, config.banco, replica=config.database_url_replica
        )
    threads = config.banco.conexoes

    @asynccontextmanager
    async def ciclo(_app: FastAPI) -> AsyncIterator[None]:
        # as rotas e dependências síncronas rodam nas threads do anyio (40 por padrão): tantas
        # quantas as conexões do pool, para que nenhuma espere conexão (e menos threads
        # disputando o GIL de um processo que já ocupa o seu núcleo)
        to_thread.current_default_thread_limiter().total_tokens = threads
        yield

    app = FastAPI(
        lifespan=ciclo,
        title="Farol",
        summary="Inspeção Naval e processo administrativo (LESTA, RLESTA, NORMAM)",
        version="0.1.0",
        docs_url=None,  # as páginas padrão buscam o Swagger UI e o ReDoc num CDN:
        redoc_url=None,  # as de `instalar_documentacao` usam os arquivos locais
    )
    app.state.banco = banco
    app.state.configuracao = config
    app.state.limites = limitadores_no_banco(  # comuns a todos os processos do servidor
        banco,
        config.login_falhas_por_conta,
        config.login_falhas_por_endereco,
        config.login_janela_min * 60,
    )
    limitar_hashes(config.senhas_simultaneas)
    app.add_middleware(LimiteDaEntrada)  # 413 e caractere nulo antes de ler o corpo
    app.add_middleware(CabecalhosDeSeguranca)  # nosniff, CSP, quadros, Referer, HSTS
    erros.instalar(app)
    instalar_api(app)
    instalar_esquemas_dos_atos(app)  # os dados de cada tipo de ato em components/schemas
    instalar_paginas(app)  # páginas em /, arquivos estáticos em /estatico
    instalar_documentacao(app)
    return app


# --- documentação interativa da API, sem internet ------------------------------------------
# O Swagger UI e o ReDoc vêm do pacote fastapi-offline (PyPI, mantido; Swagger UI 5, que lê o
# OpenAPI 3.1 do FastAPI): os arquivos são servidos pelo próprio Farol em /docs/estatico.
DOCS = "/docs"
REDOC = "/redoc"
ESTATICO_DOCS = "/docs/estatico"


def instalar_documentacao(app: FastAPI) -> None:
    """/docs (Swagger UI) e /redoc (ReDoc) com JavaScript e CSS locais, nada de CDN."""
    app.mount(
        ESTATICO_DOCS,
        StaticFiles(directory=str(files("fastapi_offline") / "static")),
        name="estatico-docs",
    )
    openapi = app.openapi_url or "/openapi.json"
    redirecionamento = app.swagger_ui_oauth2_redirect_url or f"{DOCS}/oauth2-redirect"
    icone = "/estatico/farol.svg"

    @app.get(DOCS, include_in_schema=False)
    def swagger() -> HTMLResponse:
        return get_swagger_ui_html(
            openapi_url=openapi,
            title=f"{app.title} — API (Swagger UI)",
            oauth2_redirect_url=redirecionamento,
            swagger_js_url=f"{ESTATICO_DOCS}/swagger-ui-bundle.js",
            swagger_css_url=f"{ESTATICO_DOCS}/swagger-ui.css",
            swagger_favicon_url=icone,
            swagger_ui_parameters=app.swagger_ui_parameters,
        )

    @app.get(redirecionamento, include_in_schema=False)
    def swagger_redirecionamento() -> HTMLResponse:
        return get_swagger_ui_oauth2_redirect_html()

    @app.get(REDOC, include_in_schema=False)
    def redoc() -> HTMLResponse:
        return get_redoc_html(
            openapi_url=openapi,
            title=f"{app.title} — API (ReDoc)",
            redoc_js_url=f"{ESTATICO_DOCS}/redoc.standalone.js",
            redoc_favicon_url=icone,
            with_google_fonts=False,
        )


def opcoes_do_servidor(config: Configuracao) -> dict[str, Any]:
    """O que o `farol serve` passa ao uvicorn sobre proxies: por padrão nenhum é confiável
    (o uvicorn, sozinho, aceitaria o `X-Forwarded-For` de 127.0.0.1, e qualquer processo
    local trocaria o endereço que o limite de login vê). Com `FAROL_PROXIES_CONFIAVEIS`
    (IPs ou redes separados por vírgula), só o cabeçalho vindo deles vale."""
    proxies = [p.strip() for p in config.proxies_confiaveis.split(",") if p.strip()]
    return {"proxy_headers": bool(proxies), "forwarded_allow_ips": proxies}
