"""Dependências da API: a sessão de leitura e o usuário autenticado pelo token."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated

from fastapi import Depends, HTTPException
from fastapi.security import OAuth2PasswordBearer
from sqlalchemy.orm import Session

from farol.config import Configuracao
from farol.http.deps import banco, configuracao
from farol.http.seguranca import ler_token
from farol.services.jurisdicao import Ator, ator_do_usuario
from farol.store.db import Banco
from farol.store.orm import Usuario

oauth2 = OAuth2PasswordBearer(tokenUrl="/api/v1/auth/token", auto_error=False)

NAO_AUTENTICADO = "não autenticado: token ausente, inválido ou expirado; entre de novo"


def sessao_leitura(b: Annotated[Banco, Depends(banco)]) -> Iterator[Session]:
    with b.unit_of_work(somente_leitura=True) as s:
        yield s


def _nao_autenticado() -> HTTPException:
    return HTTPException(401, NAO_AUTENTICADO, headers={"WWW-Authenticate": "Bearer"})


def ator_atual(
    token: Annotated[str | None, Depends(oauth2)],
    b: Annotated[Banco, Depends(banco)],
    c: Annotated[Configuracao, Depends(configuracao)],
) -> Ator:
    if not token:
        raise _nao_autenticado()
    credencial = ler_token(token, c.segredo.get_secret_value())
    if credencial is None:
        raise _nao_autenticado()
    with b.unit_of_work(somente_leitura=True) as s:
        usuario = s.get(Usuario, credencial.usuario_id)
        if usuario is None or not usuario.ativo:
            raise _nao_autenticado()
        return ator_do_usuario(s, usuario)


AtorAtual = Annotated[Ator, Depends(ator_atual)]
SessaoLeitura = Annotated[Session, Depends(sessao_leitura)]
