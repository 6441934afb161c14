"""A aplicação HTTP do Farol: monta a API (/api/v1) e as páginas (/) sobre o mesmo banco.

É o único módulo que conhece as duas bordas; nenhuma importa a outra. O que elas partilham
(erros → status, token e sessão → usuário, limite de tentativas) está em `farol.http`.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI

from farol.api.instalar import instalar as instalar_api
from farol.config import Configuracao, configuracao
from farol.http import erros
from farol.http.corpo import LimiteDaEntrada
from farol.services.limites import limitadores_padrao
from farol.services.senhas import limitar_hashes
from farol.store.db import Banco
from farol.store.migrar import preparar_banco
from farol.web.app import instalar as instalar_paginas


def criar_app(config: Configuracao | None = None, banco: Banco | None = None) -> FastAPI:
    config = config or configuracao()
    if banco is None:
        preparar_banco(config.database_url)
        banco = Banco.conectar(config.database_url, config.banco)
    app = FastAPI(
        title="Farol",
        summary="Inspeção Naval e processo administrativo (LESTA, RLESTA, NORMAM)",
        version="0.1.0",
    )
    app.state.banco = banco
    app.state.configuracao = config
    app.state.limites = limitadores_padrao(
        config.login_falhas_por_conta,
        config.login_falhas_por_endereco,
        config.login_janela_min * 60,
    )
    limitar_hashes(config.senhas_simultaneas)
    app.add_middleware(LimiteDaEntrada)  # 413 e caractere nulo antes de ler o corpo
    erros.instalar(app)
    instalar_api(app)
    instalar_paginas(app)  # páginas em /, arquivos estáticos em /estatico
    return app


def opcoes_do_servidor(config: Configuracao) -> dict[str, Any]:
    """O que o `farol serve` passa ao uvicorn sobre proxies: por padrão nenhum é confiável
    (o uvicorn, sozinho, aceitaria o `X-Forwarded-For` de 127.0.0.1, e qualquer processo
    local trocaria o endereço que o limite de login vê). Com `FAROL_PROXIES_CONFIAVEIS`
    (IPs ou redes separados por vírgula), só o cabeçalho vindo deles vale."""
    proxies = [p.strip() for p in config.proxies_confiaveis.split(",") if p.strip()]
    return {"proxy_headers": bool(proxies), "forwarded_allow_ips": proxies}
