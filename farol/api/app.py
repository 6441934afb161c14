"""A aplicação FastAPI: API REST versionada em /api/v1 (OpenAPI em /openapi.json)."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.responses import RedirectResponse

from farol.api import erros
from farol.api.rotas import auth, inspecoes, processos
from farol.config import Configuracao, configuracao
from farol.store.db import Banco
from farol.store.migrar import preparar_banco

VERSAO_API = "/api/v1"


def criar_app(config: Configuracao | None = None, banco: Banco | None = None) -> FastAPI:
    config = config or configuracao()
    if banco is None:
        preparar_banco(config.database_url)
        banco = Banco.conectar(config.database_url)
    app = FastAPI(
        title="Farol",
        summary="Inspeção Naval e processo administrativo (LESTA, RLESTA, NORMAM)",
        version="0.1.0",
    )
    app.state.banco = banco
    app.state.configuracao = config
    erros.instalar(app)
    for rotas in (auth.rotas, inspecoes.rotas, processos.rotas):
        app.include_router(rotas, prefix=VERSAO_API)

    @app.get("/", include_in_schema=False)
    def inicio() -> RedirectResponse:
        return RedirectResponse("/docs")

    return app
