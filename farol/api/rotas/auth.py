"""Login por senha (OAuth2 password flow) e o usuário corrente."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, HTTPException, Request
from fastapi.security import OAuth2PasswordRequestForm
from sqlalchemy import select

from farol.api.deps import AtorAtual
from farol.config import Configuracao
from farol.http.deps import BancoDep, configuracao
from farol.http.seguranca import Credencial, conferir_senha, emitir_token, hash_senha
from farol.store.orm import Usuario

rotas = APIRouter(prefix="/auth", tags=["autenticação"])

# Confere um hash mesmo quando o login não existe, para o tempo não revelar logins válidos.
_HASH_FICTICIO = hash_senha("farol-login-inexistente")


@rotas.post("/token")
def entrar(
    request: Request,
    form: Annotated[OAuth2PasswordRequestForm, Depends()],
    banco: BancoDep,
    config: Annotated[Configuracao, Depends(configuracao)],
) -> dict[str, Any]:
    limite = request.app.state.limites["login"]
    ip = request.client.host if request.client else "?"
    limite.conferir(ip, form.username.lower())
    with banco.unit_of_work(somente_leitura=True) as s:
        u = s.execute(select(Usuario).where(Usuario.login == form.username)).scalar_one_or_none()
        ok = conferir_senha(form.password, u.senha_hash if u else _HASH_FICTICIO)
        if u is None or not ok or not u.ativo:
            limite.falhou(ip, form.username.lower())
            raise HTTPException(
                401, "login ou senha incorretos", headers={"WWW-Authenticate": "Bearer"}
            )
        limite.acertou(ip, form.username.lower())
        token = emitir_token(Credencial(u.id, u.papel, u.om_id), config.segredo.get_secret_value())
        return {"access_token": token, "token_type": "bearer", "papel": u.papel}


@rotas.get("/eu")
def eu(ator: AtorAtual) -> dict[str, Any]:
    return {
        "login": ator.login,
        "nome": ator.nome,
        "papel": ator.papel,
        "om": ator.om_sigla,
    }
