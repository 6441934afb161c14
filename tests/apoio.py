"""Peças comuns aos testes: hash de senha barato, cópia do banco-modelo SQLite, uma porta TCP
livre, o token CSRF de uma página e o formulário de um ato com os seus campos ocultos, os comandos SQL que um bloco emite e as conexões que ele tira
do pool."""

from __future__ import annotations

import html as html_
import re
import socket
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pwdlib.hashers.argon2 import Argon2Hasher
from sqlalchemy import Engine, event


def hash_rapido(senha: str) -> str:
    """Argon2 com custo mínimo: o login real confere este hash em ~1 ms."""
    return Argon2Hasher(time_cost=1, memory_cost=1024, parallelism=1).hash(senha)


def copiar_sqlite(origem: Path, destino: Path) -> None:
    with sqlite3.connect(origem) as de, sqlite3.connect(destino) as para:
        de.backup(para)
    de.close()
    para.close()


def porta_livre() -> int:
    """Uma porta TCP livre em 127.0.0.1 (para subir um servidor ou um proxy no teste)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def csrf_de(html: str) -> str:
    """O token CSRF do formulário da página."""
    m = re.search(r'name="csrf" value="([^"]+)"', html)
    assert m, "página sem token CSRF"
    return m.group(1)


def formulario_do_ato(pagina: str, tipo: str) -> str:
    """O miolo do formulário do ato `tipo` na página do processo."""
    m = re.search(rf'<form [^>]*data-form-ato="{tipo}">(.*?)</form>', pagina, re.S)
    assert m, f"a página não oferece o formulário de {tipo}"
    return m.group(1)


def campos_ocultos(form: str) -> dict[str, str]:
    """Os campos ocultos do formulário (csrf, chave, versão...), como o navegador os envia."""
    return {
        n: html_.unescape(v)
        for n, v in re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form)
    }


@contextmanager
def comandos_sql(engine: Engine) -> Iterator[list[str]]:
    """Os comandos SQL que a engine emite enquanto o bloco roda, com os espaços juntados."""
    lista: list[str] = []

    def anotar(*args: Any) -> None:
        lista.append(" ".join(str(args[2]).split()))

    event.listen(engine, "before_cursor_execute", anotar)
    try:
        yield lista
    finally:
        event.remove(engine, "before_cursor_execute", anotar)


@contextmanager
def comandos_com_parametros(engine: Engine) -> Iterator[list[tuple[str, Any]]]:
    """Os comandos SQL que a engine emite enquanto o bloco roda, como foram ao driver (texto e
    parâmetros), para um EXPLAIN do mesmo comando."""
    lista: list[tuple[str, Any]] = []

    def anotar(_c: Any, _cur: Any, comando: str, parametros: Any, *_: Any) -> None:
        lista.append((comando, parametros))

    event.listen(engine, "before_cursor_execute", anotar)
    try:
        yield lista
    finally:
        event.remove(engine, "before_cursor_execute", anotar)


@dataclass
class ConexoesDoPool:
    """As conexões que um bloco tirou do pool (`tiradas`) e quantas esteve com ele ao mesmo
    tempo, no máximo (`no_maximo`)."""

    tiradas: int = 0
    abertas: int = 0
    no_maximo: int = 0


@contextmanager
def conexoes_do_pool(engine: Engine) -> Iterator[ConexoesDoPool]:
    """As conexões tiradas do pool da engine enquanto o bloco roda (`ConexoesDoPool`)."""
    conta = ConexoesDoPool()

    def tirada(*_: Any) -> None:
        conta.tiradas += 1
        conta.abertas += 1
        conta.no_maximo = max(conta.no_maximo, conta.abertas)

    def devolvida(*_: Any) -> None:
        conta.abertas -= 1

    event.listen(engine.pool, "checkout", tirada)
    event.listen(engine.pool, "checkin", devolvida)
    try:
        yield conta
    finally:
        event.remove(engine.pool, "checkout", tirada)
        event.remove(engine.pool, "checkin", devolvida)
