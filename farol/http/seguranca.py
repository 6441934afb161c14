"""Tokens de acesso (JWT HS256 assinado com o segredo do Farol); senhas em services.senhas.

O token leva a chave da sessão (`sid`): vale até `exp` (8 horas) só enquanto a sessão estiver
aberta e em uso (ver `farol.services.autenticacao`). Token sem `sid` não abre nada.
"""

from __future__ import annotations

import datetime as dt
import threading
import time
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


_LIDOS: dict[tuple[str, str], tuple[Credencial, float]] = {}
"""Tokens já conferidos (token, segredo) → (credencial, `exp`): cada pedido traz o mesmo token
e conferir a assinatura de novo a cada pedido é a maior parte do custo de ler o token. Um
token lido aqui continua valendo só até o seu `exp`; a sessão é conferida no banco a cada
pedido (`ator_da_sessao`), então sair ou desativar o usuário derruba o token na hora."""
_MAXIMO_DE_LIDOS = 4096
_TRAVA_LIDOS = threading.Lock()


def ler_token(token: str, segredo: str) -> Credencial | None:
    """Credencial do token, ou None se ausente, adulterado ou expirado."""
    lido = _LIDOS.get((token, segredo))
    if lido is not None:
        credencial, expira = lido
        if time.time() < expira:
            return credencial
    try:
        corpo = jwt.decode(
            token, segredo, algorithms=[ALGORITMO], options={"require": ["exp", "sub"]}
        )
        sid = corpo.get("sid")
        credencial = Credencial(
            int(corpo["sub"]),
            str(corpo["papel"]),
            int(corpo["om"]),
            sid if isinstance(sid, str) and sid else None,
        )
        expira = float(corpo["exp"])
    except (jwt.PyJWTError, KeyError, ValueError, TypeError):
        return None
    with _TRAVA_LIDOS:
        if len(_LIDOS) >= _MAXIMO_DE_LIDOS:
            _LIDOS.clear()
        _LIDOS[token, segredo] = (credencial, expira)
    return credencial
