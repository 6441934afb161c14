"""O ambiente Jinja2 das páginas (modelos em farol/web/templates/) e a função que renderiza."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from fastapi import Request
from fastapi.responses import HTMLResponse
from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

from farol.domain.papeis import AUDITA_ACESSOS, INSPECIONA, pode
from farol.relogio import hoje
from farol.store.db import BancoIndisponivel
from farol.web import filtros
from farol.web.sessao import ator_opcional, gravar_cookie_csrf, token_csrf

PASTA_MODELOS = Path(__file__).parent / "templates"
PASTA_ESTATICO = Path(__file__).parent / "estatico"


@cache
def ambiente() -> Environment:
    env = Environment(
        loader=FileSystemLoader(PASTA_MODELOS),
        autoescape=select_autoescape(["html", "svg"]),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters.update(filtros.FILTROS)
    return env


def _versao_estatico() -> str:
    """Marca de versão dos arquivos estáticos (muda quando eles mudam: cache do navegador)."""
    return str(max(int(p.stat().st_mtime) for p in PASTA_ESTATICO.iterdir()))


def contexto_base(request: Request) -> dict[str, Any]:
    try:
        ator = ator_opcional(request)
    except BancoIndisponivel:
        # página pública (catálogo, consulta) com o banco fora do ar: sai sem o usuário no menu
        request.state.ator = ator = None
    return {
        "ator": ator,
        "csrf": token_csrf(request),
        "caminho": request.url.path,
        "hoje": hoje(),
        # o menu mostra o que as permissões do papel (normas/dados/papeis.yaml) permitem
        "pode_inspecionar": ator is not None and pode(ator.papel, INSPECIONA),
        "pode_auditar_acessos": ator is not None and pode(ator.papel, AUDITA_ACESSOS),
        "versao_estatico": _versao_estatico(),
    }


def renderizar_texto(nome: str, contexto: dict[str, Any]) -> str:
    return ambiente().get_template(nome).render(**contexto)


def pagina(
    request: Request, nome: str, contexto: dict[str, Any] | None = None, status: int = 200
) -> HTMLResponse:
    """Renderiza o modelo `nome` com o contexto comum (usuário, CSRF, data de hoje)."""
    dados = {**contexto_base(request), **(contexto or {})}
    resposta = HTMLResponse(renderizar_texto(nome, dados), status_code=status)
    resposta.headers["Cache-Control"] = "no-store"
    gravar_cookie_csrf(request, resposta)
    return resposta
