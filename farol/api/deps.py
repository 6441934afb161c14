"""Dependências da API: o usuário autenticado pelo token Bearer, e a rota da API
(`RotaDaApi`), que o lê na conexão do caso de uso."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, HTTPException, Request
from fastapi.security import OAuth2PasswordBearer

from farol.http.autenticacao import ator_do_token, credencial_do_token
from farol.http.rota import Autenticacao, RotaDoPedido
from farol.services.jurisdicao import Ator
from farol.services.unit_of_work import UnitOfWork

oauth2 = OAuth2PasswordBearer(tokenUrl="/api/v1/auth/token", auto_error=False)

NAO_AUTENTICADO = "não autenticado: token ausente, inválido ou expirado; entre de novo"


def _nao_autenticado() -> HTTPException:
    return HTTPException(401, NAO_AUTENTICADO, headers={"WWW-Authenticate": "Bearer"})


def ator_atual(request: Request, token: Annotated[str | None, Depends(oauth2)]) -> Ator:
    """O usuário do token. Numa rota de `RotaDaApi` (as da API), quem declara `AtorAtual` o
    recebe lido na conexão dos seus casos de uso, e esta dependência não roda; fora dela, a
    sessão é lida numa leitura só dela, que devolve a conexão antes da rota (outra thread)."""
    ator = ator_do_token(request, token)
    if ator is None:
        raise _nao_autenticado()
    return ator


AtorAtual = Annotated[Ator, Depends(ator_atual)]


async def token_assinado(request: Request, token: Annotated[str | None, Depends(oauth2)]) -> str:
    """O token, se veio e a assinatura e a validade conferem (sem ir ao banco: não toma thread
    nem conexão); senão 401, antes de validar o resto do pedido, como `ator_atual`. A sessão do
    token é conferida depois, por `ator_no_pedido`, na rota."""
    if not token or credencial_do_token(request, token) is None:
        raise _nao_autenticado()
    return token


TokenAssinado = Annotated[str, Depends(token_assinado)]


async def token_do_pedido(request: Request) -> str:
    """`token_assinado` só com o pedido (o cabeçalho `Authorization`), fora da injeção do
    FastAPI: o pedido recusado antes da rota confere a credencial por ele (`farol.http.rota`)."""
    return await token_assinado(request, await oauth2(request))


def ator_no_pedido(request: Request, token: str, uow: UnitOfWork) -> Ator:
    """O usuário do token (como `ator_atual`), lido dentro da rota: numa leitura partilhada
    (`uow.partilhando()`), a autenticação e o caso de uso usam a mesma transação e conexão."""
    ator = ator_do_token(request, token, uow)
    if ator is None:
        raise _nao_autenticado()
    return ator


class RotaDaApi(RotaDoPedido):
    """A `route_class` dos roteadores da API: a rota que declara `ator: AtorAtual` confere a
    assinatura do token antes (`TokenAssinado`, 401) e lê a sessão dele na conexão dos seus
    casos de uso (`farol.http.rota`)."""

    autenticacao = Autenticacao(ator_atual, TokenAssinado, ator_no_pedido, token_do_pedido)
    recusa_parametros_desconhecidos = True
