"""O endereço secreto da agenda de prazos (`/feeds/<token>.ics`), para os programas de
calendário que não entram com login.

Cada usuário tem no máximo um endereço ativo: criar outro revoga o anterior, e revogar faz o
endereço parar de responder na hora. O banco guarda só o SHA-256 do token (`token_agenda`): quem
lê o banco não reconstrói o endereço. O token leva o usuário e a jurisdição dele, lidos de novo
a cada pedido (um usuário desativado ou movido de OM vale na hora).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
import secrets

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from farol.relogio import agora
from farol.services.jurisdicao import Ator, ator_do_usuario
from farol.services.unit_of_work import caso_de_uso
from farol.store.orm import TokenAgenda, Usuario

FORMATO_TOKEN = re.compile(r"^[A-Za-z0-9_-]{32,64}$")


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def revogar_ativos(s: Session, usuario_id: int) -> int:
    """Revoga, na transação de quem chama, o endereço ativo do usuário (o usuário pede outro;
    desativá-lo e trocar a senha dele também revogam: `farol.services.contas`); devolve
    quantos revogou."""
    r = s.execute(
        update(TokenAgenda)
        .where(TokenAgenda.usuario_id == usuario_id, TokenAgenda.revogado_em.is_(None))
        .values(revogado_em=agora())
    )
    return int(r.rowcount or 0)  # type: ignore[attr-defined]


@caso_de_uso(escrita=True)
def criar_token(s: Session, ator: Ator) -> str:
    """Um endereço novo para o usuário (revoga o anterior); o token só aparece aqui, uma vez."""
    revogar_ativos(s, ator.usuario_id)
    token = secrets.token_urlsafe(32)
    s.add(TokenAgenda(usuario_id=ator.usuario_id, hash=_hash(token), criado_em=agora()))
    return token


@caso_de_uso(escrita=True)
def revogar_token(s: Session, ator: Ator) -> bool:
    """Revoga o endereço ativo do usuário; `False` se não havia nenhum."""
    return revogar_ativos(s, ator.usuario_id) > 0


@caso_de_uso()
def token_ativo_desde(s: Session, ator: Ator) -> dt.datetime | None:
    """Quando foi criado o endereço ativo do usuário, ou None se não há."""
    return s.execute(
        select(TokenAgenda.criado_em).where(
            TokenAgenda.usuario_id == ator.usuario_id, TokenAgenda.revogado_em.is_(None)
        )
    ).scalar_one_or_none()


@caso_de_uso()
def ator_do_token(s: Session, token: str) -> Ator | None:
    """O usuário (ativo) do endereço, com a jurisdição de agora; None se o token não existe,
    foi revogado ou o usuário foi desativado."""
    if not FORMATO_TOKEN.match(token):
        return None
    usuario = s.execute(
        select(Usuario)
        .join(TokenAgenda, TokenAgenda.usuario_id == Usuario.id)
        .where(
            TokenAgenda.hash == _hash(token),
            TokenAgenda.revogado_em.is_(None),
            Usuario.ativo.is_(True),
        )
    ).scalar_one_or_none()
    return None if usuario is None else ator_do_usuario(s, usuario)
