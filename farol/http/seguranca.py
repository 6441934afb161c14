"""Tokens de acesso (JWT HS256 assinado com o segredo do Farol); senhas em services.senhas.

O token leva a chave da sessão (`sid`): vale até `exp` (8 horas) só enquanto a sessão estiver
aberta e em uso (ver `farol.services.autenticacao`). Token sem `sid` não abre nada.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

import jwt

VALIDADE_TOKEN = dt.timedelta(hours=8)
ALGORITMO = "HS256"


@dataclass(frozen=True)
class Credencial:
    usuario_id: int
    papel: str
    om_id: int
    sessao: str | None = None


def emitir_token(c: Credencial, segredo: str, agora: dt.datetime | None = None) -> str:
    agora = agora or dt.datetime.now(dt.UTC)
    corpo = {
        "sub": str(c.usuario_id),
        "papel": c.papel,
        "om": c.om_id,
        "iat": int(agora.timestamp()),
        "exp": int((agora + VALIDADE_TOKEN).timestamp()),
    }
    if c.sessao:
        corpo["sid"] = c.sessao
    return jwt.encode(corpo, segredo, algorithm=ALGORITMO)


def ler_token(token: str, segredo: str) -> Credencial | None:
    """Credencial do token, ou None se ausente, adulterado ou expirado."""
    try:
        corpo = jwt.decode(
            token, segredo, algorithms=[ALGORITMO], options={"require": ["exp", "sub"]}
        )
        sid = corpo.get("sid")
        return Credencial(
            int(corpo["sub"]),
            str(corpo["papel"]),
            int(corpo["om"]),
            sid if isinstance(sid, str) and sid else None,
        )
    except (jwt.PyJWTError, KeyError, ValueError, TypeError):
        return None
