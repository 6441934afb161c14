"""As rotas da API REST versionada em /api/v1 (OpenAPI em /openapi.json)."""

from __future__ import annotations

from fastapi import FastAPI

from farol.api.rotas import (
    acessos,
    auth,
    busca,
    cadastro,
    catalogo,
    custodia,
    documentos,
    embarcacoes,
    estatisticas,
    inspecoes,
    painel,
    procedimentos,
    processos,
)

VERSAO_API = "/api/v1"


def instalar(app: FastAPI) -> None:
    for rotas in (
        auth.rotas,
        inspecoes.rotas,
        embarcacoes.rotas,
        procedimentos.rotas,
        processos.rotas,
        custodia.rotas,
        busca.rotas,
        painel.rotas,
        documentos.rotas,
        catalogo.rotas,
        acessos.rotas,
        cadastro.rotas,
        estatisticas.rotas,
    ):
        app.include_router(rotas, prefix=VERSAO_API)
