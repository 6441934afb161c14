"""Entrar e saber quem pede, igual na API e nas páginas.

- `entrar`: confere o limite de tentativas (por endereço e login), a senha, e devolve o
  usuário e o token; o mesmo caminho para POST /api/v1/auth/token e POST /entrar.
- `ator_do_token`: o usuário (com a jurisdição) de um token, ou None.
"""

from __future__ import annotations

from dataclasses import dataclass

from fastapi import Request

from farol.http.deps import configuracao, uow_da
from farol.http.seguranca import Credencial, emitir_token, ler_token
from farol.services import autenticacao
from farol.services.jurisdicao import Ator
from farol.services.limites import Limitador
from farol.store.orm import Usuario


@dataclass(frozen=True)
class Entrada:
    usuario: Usuario
    token: str


def segredo(request: Request) -> str:
    """O segredo que assina os tokens (e o CSRF das páginas)."""
    return configuracao(request).segredo.get_secret_value()


def limitador_de_login(request: Request) -> Limitador:
    limite: Limitador = request.app.state.limites["login"]
    return limite


def endereco(request: Request) -> str:
    return request.client.host if request.client else "?"


def conferir_limite(request: Request, login: str) -> None:
    """`MuitasTentativas` (HTTP 429) se o endereço e o login passaram do limite de falhas."""
    limitador_de_login(request).conferir(endereco(request), login.lower())


def entrar(request: Request, login: str, senha: str) -> Entrada | None:
    """Login e senha conferidos sob o limite de tentativas; None se não conferem."""
    limite = limitador_de_login(request)
    chave = (endereco(request), login.lower())
    limite.conferir(*chave)
    u = autenticacao.autenticar(uow_da(request), login, senha)
    if u is None:
        limite.falhou(*chave)
        return None
    limite.acertou(*chave)
    token = emitir_token(Credencial(u.id, u.papel, u.om_id), segredo(request))
    return Entrada(u, token)


def ator_do_token(request: Request, token: str | None) -> Ator | None:
    """O usuário ativo do token (assinado e dentro da validade), ou None."""
    credencial = ler_token(token, segredo(request)) if token else None
    if credencial is None:
        return None
    return autenticacao.ator_ativo(uow_da(request), credencial.usuario_id)
