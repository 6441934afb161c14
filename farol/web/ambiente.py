"""O ambiente Jinja2 das páginas (modelos em farol/web/templates/) e a função que renderiza."""

from __future__ import annotations

import hashlib
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


@cache
def versao_dos_estaticos() -> str:
    """A versão dos arquivos estáticos (o JS, o CSS, o service worker): o hash do conteúdo deles,
    lido uma vez por processo (mudam só com uma versão nova do Farol instalada, que reinicia o
    servidor). Vai no `?v=` de cada estático das páginas (o navegador busca o arquivo novo) e no
    nome do cache do service worker (`rotas.offline.nome_do_cache`); a mesma em toda instância
    do servidor com o mesmo código, ao contrário da data de modificação dos arquivos."""
    h = hashlib.sha256()
    for arquivo in sorted(PASTA_ESTATICO.rglob("*")):
        if arquivo.is_file():
            h.update(arquivo.relative_to(PASTA_ESTATICO).as_posix().encode())
            h.update(arquivo.read_bytes())
    return h.hexdigest()[:12]


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
        "versao_estatico": versao_dos_estaticos(),
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
