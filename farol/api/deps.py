"""Dependências da API: o usuário autenticado pelo token Bearer."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, HTTPException, Request
from fastapi.security import OAuth2PasswordBearer

from farol.http.autenticacao import ator_do_token
from farol.services.jurisdicao import Ator

oauth2 = OAuth2PasswordBearer(tokenUrl="/api/v1/auth/token", auto_error=False)

NAO_AUTENTICADO = "não autenticado: token ausente, inválido ou expirado; entre de novo"


def _nao_autenticado() -> HTTPException:
    return HTTPException(401, NAO_AUTENTICADO, headers={"WWW-Authenticate": "Bearer"})


def ator_atual(request: Request, token: Annotated[str | None, Depends(oauth2)]) -> Ator:
    ator = ator_do_token(request, token)
    if ator is None:
        raise _nao_autenticado()
    return ator


AtorAtual = Annotated[Ator, Depends(ator_atual)]
