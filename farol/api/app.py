"""A aplicação FastAPI: API REST versionada em /api/v1 (OpenAPI em /openapi.json)."""

from __future__ import annotations

from fastapi import FastAPI

from farol.api import erros
from farol.api.rotas import auth, documentos, inspecoes, painel, processos
from farol.config import Configuracao, configuracao
from farol.services.limites import limitadores_padrao
from farol.store.db import Banco
from farol.store.migrar import preparar_banco
from farol.web.app import instalar as instalar_paginas

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
    app.state.limites = limitadores_padrao()
    erros.instalar(app)
    for rotas in (auth.rotas, inspecoes.rotas, processos.rotas, painel.rotas, documentos.rotas):
        app.include_router(rotas, prefix=VERSAO_API)
    app.include_router(documentos.publicas)  # /verificar: página pública do QR

    instalar_paginas(app)  # páginas em /, arquivos estáticos em /estatico
    return app
