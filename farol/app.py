"""A aplicação HTTP do Farol: monta a API (/api/v1) e as páginas (/) sobre o mesmo banco.

É o único módulo que conhece as duas bordas; nenhuma importa a outra. O que elas partilham
(erros → status, token e sessão → usuário, limite de tentativas) está em `farol.http`.
"""

from __future__ import annotations

from fastapi import FastAPI

from farol.api.instalar import instalar as instalar_api
from farol.config import Configuracao, configuracao
from farol.http import erros
from farol.services.limites import limitadores_padrao
from farol.store.db import Banco
from farol.store.migrar import preparar_banco
from farol.web.app import instalar as instalar_paginas


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
    instalar_api(app)
    instalar_paginas(app)  # páginas em /, arquivos estáticos em /estatico
    return app
