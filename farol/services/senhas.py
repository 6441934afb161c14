"""Senhas com argon2 (pwdlib): só o hash é guardado."""

from __future__ import annotations

from functools import cache

from pwdlib import PasswordHash


@cache
def _hasher() -> PasswordHash:
    return PasswordHash.recommended()


def hash_senha(senha: str) -> str:
    return _hasher().hash(senha)


def conferir_senha(senha: str, hash_guardado: str) -> bool:
    try:
        return _hasher().verify(senha, hash_guardado)
    except Exception:  # hash corrompido ou de outro esquema: nunca autentica
        return False
