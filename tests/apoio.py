"""Peças comuns aos testes: hash de senha barato e cópia do banco-modelo SQLite."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from pwdlib.hashers.argon2 import Argon2Hasher


def hash_rapido(senha: str) -> str:
    """Argon2 com custo mínimo: o login real confere este hash em ~1 ms."""
    return Argon2Hasher(time_cost=1, memory_cost=1024, parallelism=1).hash(senha)


def copiar_sqlite(origem: Path, destino: Path) -> None:
    with sqlite3.connect(origem) as de, sqlite3.connect(destino) as para:
        de.backup(para)
    de.close()
    para.close()
