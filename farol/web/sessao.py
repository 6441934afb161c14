"""Sessão das páginas: o mesmo JWT da API num cookie HttpOnly (SameSite=Lax) e o token CSRF.

- Entrar: POST /entrar confere login e senha como POST /api/v1/auth/token e grava o token
  no cookie `farol_sessao`. O usuário e a jurisdição saem do token a cada requisição, pelo
  mesmo caminho da API (`ator_do_usuario`): uma página nunca vê mais do que a API mostraria.
- CSRF: além do SameSite=Lax, todo POST leva o campo `csrf`. Com sessão, ele é o HMAC do
  token da sessão (um por sessão, sem estado no servidor). Sem sessão (entrar, consulta
  pública), é o valor de um cookie próprio repetido no formulário (double submit).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Annotated, Any
from urllib.parse import quote

from fastapi import Depends, Request, Response

from farol.http.autenticacao import ator_do_token, credencial_do_token, segredo
from farol.http.rota import Autenticacao, RotaDoPedido
from farol.services.jurisdicao import Ator
from farol.services.unit_of_work import UnitOfWork

COOKIE_SESSAO = "farol_sessao"
COOKIE_CSRF = "farol_csrf"
CAMPO_CSRF = "csrf"
DURACAO_SESSAO_S = 8 * 3600


MENSAGEM_SESSAO_EXPIRADA = (
    "sua sessão expirou: entre de novo (o que está preenchido nesta página continua aqui)"
)


def url_entrar(proximo: str) -> str:
    """A página de login, que volta a `proximo` depois de entrar."""
    return f"/entrar?proximo={quote(proximo)}"


class PrecisaEntrar(Exception):
    """A página exige login: redireciona para /entrar e volta depois."""

    def __init__(self, proximo: str) -> None:
        self.proximo = proximo
        super().__init__(proximo)


class CsrfInvalido(Exception):
    """POST sem o token CSRF certo (formulário antigo, de outra aba ou de outro site)."""


def _seguro(request: Request) -> bool:
    return request.url.scheme == "https"


def abrir_sessao(request: Request, response: Response, token: str) -> None:
    response.set_cookie(
        COOKIE_SESSAO,
        token,
        max_age=DURACAO_SESSAO_S,
        httponly=True,
        samesite="lax",
        secure=_seguro(request),
        path="/",
    )


def fechar_sessao(response: Response) -> None:
    response.delete_cookie(COOKIE_SESSAO, path="/")


def ator_opcional(request: Request) -> Ator | None:
    """O usuário da sessão (e a sua jurisdição), ou None sem sessão válida."""
    return _ator_da_sessao(request, None)


def ator_obrigatorio(request: Request) -> Ator:
    """Dependência das páginas com login: sem sessão, vai para /entrar. Numa rota de
    `RotaDaPagina` (as das páginas), o usuário vem lido na conexão dos casos de uso da página,
    e esta dependência não roda (`farol.http.rota`)."""
    return ator_da_pagina(request, None)


AtorWeb = Annotated[Ator, Depends(ator_obrigatorio)]
"""O usuário da sessão de uma página com login (numa rota de `RotaDaPagina`, lido na conexão
dos casos de uso da página)."""


def ator_da_pagina(request: Request, uow: UnitOfWork | None) -> Ator:
    """`ator_obrigatorio` chamado na rota, com a `uow` do pedido: a sessão do cookie é lida na
    mesma leitura da página (`UnitOfWorkDoPedido.partilhando`)."""
    ator = _ator_da_sessao(request, uow)
    if ator is None:
        raise _precisa_entrar(request)
    return ator


def _precisa_entrar(request: Request) -> PrecisaEntrar:
    proximo = request.url.path + (f"?{request.url.query}" if request.url.query else "")
    return PrecisaEntrar(proximo if request.method == "GET" else request.url.path)


async def sessao_assinada(request: Request) -> str:
    """O cookie da sessão, se veio e a assinatura e a validade do token conferem (sem ir ao
    banco: não toma thread nem conexão); senão vai para /entrar, antes de validar o resto do
    pedido, como `ator_obrigatorio`. A sessão é conferida depois, na rota (`RotaDaPagina`)."""
    token = request.cookies.get(COOKIE_SESSAO)
    if not token or credencial_do_token(request, token) is None:
        raise _precisa_entrar(request)
    return token


SessaoAssinada = Annotated[str, Depends(sessao_assinada)]


def _ator_da_pagina(request: Request, _token: str, uow: UnitOfWork) -> Ator:
    return ator_da_pagina(request, uow)


class RotaDaPagina(RotaDoPedido):
    """A `route_class` dos roteadores das páginas: a página que declara o usuário obrigatório
    (`Depends(ator_obrigatorio)`) confere o cookie antes (`SessaoAssinada`, /entrar) e lê a
    sessão dele na conexão dos seus casos de uso (`farol.http.rota`)."""

    autenticacao = Autenticacao(ator_obrigatorio, SessaoAssinada, _ator_da_pagina, sessao_assinada)


def _ator_da_sessao(request: Request, uow: UnitOfWork | None) -> Ator | None:
    if hasattr(request.state, "ator"):
        atual: Ator | None = request.state.ator
        return atual
    ator = ator_do_token(request, request.cookies.get(COOKIE_SESSAO), uow)
    request.state.ator = ator
    return ator


def token_csrf(request: Request) -> str:
    """O token CSRF para os formulários desta página."""
    sessao = request.cookies.get(COOKIE_SESSAO)
    if sessao and ator_opcional(request) is not None:
        return hmac.new(
            segredo(request).encode(), b"csrf:" + sessao.encode(), hashlib.sha256
        ).hexdigest()[:40]
    anonimo = request.cookies.get(COOKIE_CSRF) or getattr(request.state, "csrf_novo", None)
    if not anonimo:
        anonimo = secrets.token_urlsafe(24)
        request.state.csrf_novo = anonimo
    return anonimo


def gravar_cookie_csrf(request: Request, response: Response) -> None:
    """Grava o cookie do token anônimo se a página acabou de criá-lo."""
    novo = getattr(request.state, "csrf_novo", None)
    if novo:
        response.set_cookie(
            COOKIE_CSRF, novo, httponly=True, samesite="lax", secure=_seguro(request), path="/"
        )


def conferir_csrf(request: Request, formulario: Any) -> None:
    """Recusa o POST cujo campo `csrf` não confere com o esperado para esta sessão."""
    enviado = str(formulario.get(CAMPO_CSRF) or "")
    sessao = request.cookies.get(COOKIE_SESSAO)
    if sessao and ator_opcional(request) is not None:
        esperado = token_csrf(request)
    else:
        esperado = request.cookies.get(COOKIE_CSRF) or ""
    if not esperado or not hmac.compare_digest(enviado, esperado):
        raise CsrfInvalido()
