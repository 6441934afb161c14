"""Login por senha (OAuth2 password flow) e o usuário corrente."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, HTTPException, Request, Response
from fastapi.security import OAuth2PasswordRequestForm

from farol.api.deps import AtorAtual, RotaDaApi, oauth2
from farol.http import autenticacao
from farol.http.erros import respostas
from farol.services.resultados.autenticacao import Eu, Token

rotas = APIRouter(prefix="/auth", tags=["autenticação"], route_class=RotaDaApi)


@rotas.post("/token", response_model=Token, responses=respostas(401, 429))
def entrar(request: Request, form: Annotated[OAuth2PasswordRequestForm, Depends()]) -> Token:
    entrada = autenticacao.entrar(request, form.username, form.password)
    if entrada is None:
        raise HTTPException(
            401, "login ou senha incorretos", headers={"WWW-Authenticate": "Bearer"}
        )
    return Token(access_token=entrada.token, token_type="bearer", papel=entrada.usuario.papel)


@rotas.post("/sair", status_code=204, response_class=Response)
def sair(
    request: Request, _ator: AtorAtual, token: Annotated[str | None, Depends(oauth2)]
) -> Response:
    """Encerra a sessão deste token: daí em diante ele responde 401 (entre de novo)."""
    autenticacao.sair(request, token)
    return Response(status_code=204)


@rotas.get("/eu", response_model=Eu)
def eu(ator: AtorAtual) -> Eu:
    return Eu(login=ator.login, nome=ator.nome, papel=ator.papel, om=ator.om_sigla)
