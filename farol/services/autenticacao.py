"""Quem é o usuário: login por senha e o usuário (com a jurisdição) de uma credencial.

A API (token Bearer) e as páginas (o mesmo token num cookie) usam estes dois casos de uso:
uma página nunca vê mais do que a API mostraria.
"""

from __future__ import annotations

from functools import cache

from sqlalchemy import select
from sqlalchemy.orm import Session

from farol.services.jurisdicao import Ator, ator_do_usuario
from farol.services.senhas import conferir_senha, hash_senha
from farol.services.unit_of_work import caso_de_uso
from farol.store.orm import Usuario


@cache
def _hash_ficticio() -> str:
    return hash_senha("farol-login-inexistente")


@caso_de_uso()
def autenticar(s: Session, login: str, senha: str) -> Usuario | None:
    """O usuário ativo com este login e senha; None se não houver.

    Confere um hash mesmo quando o login não existe, para o tempo não revelar logins válidos.
    """
    u = s.execute(select(Usuario).where(Usuario.login == login)).scalar_one_or_none()
    ok = conferir_senha(senha, u.senha_hash if u else _hash_ficticio())
    if u is None or not ok or not u.ativo:
        return None
    return u


@caso_de_uso()
def ator_ativo(s: Session, usuario_id: int) -> Ator | None:
    """O ator do usuário ativo com este id; None se ele não existe ou foi desativado."""
    u = s.get(Usuario, usuario_id)
    if u is None or not u.ativo:
        return None
    return ator_do_usuario(s, u)
