"""Cópias de segurança do banco: as operações de arquivo, sem decidir nada.

- SQLite: a API de backup online (`sqlite3.Connection.backup`) num passo só: um instantâneo
  consistente que inclui o que ainda está no WAL (uma cópia do arquivo `.sqlite3` com o banco
  em uso perde as transações confirmadas que só estão no `-wal`).
- PostgreSQL: `pg_dump -Fc` do esquema do Farol e `pg_restore` num esquema novo com o mesmo
  nome, guardando o atual com outro nome até a restauração ser aceita (ver
  `farol.services.copias`).

Quem decide se um backup pode ser restaurado (cadeias, âncoras) é `farol.services.copias`.
"""

from __future__ import annotations

import os
import re
import sqlite3
import subprocess
from contextlib import closing
from pathlib import Path

from sqlalchemy import text
from sqlalchemy.engine import URL
from sqlalchemy.pool import NullPool

from farol.erros import EntradaInvalida, ErroFarol
from farol.store.db import criar_engine, descartar_engine, normalizar_url

SQLITE = "sqlite"
POSTGRESQL = "postgresql"
_MAGICAS = {b"SQLite format 3\x00": SQLITE, b"PGDMP": POSTGRESQL}


class FalhaNaCopia(ErroFarol):
    """`pg_dump`/`pg_restore` ou a cópia do SQLite falhou (a mensagem diz a saída da ferramenta)."""


def formato_do_arquivo(arquivo: Path) -> str:
    """`sqlite` ou `postgresql`, pelos primeiros bytes do arquivo de backup."""
    try:
        with arquivo.open("rb") as f:
            inicio = f.read(16)
    except OSError as e:
        raise EntradaInvalida(
            f"não foi possível ler {arquivo}: {e.strerror or e}", campo="arquivo"
        ) from None
    for magica, formato in _MAGICAS.items():
        if inicio.startswith(magica):
            return formato
    raise EntradaInvalida(
        f"{arquivo} não é um backup do Farol (nem banco SQLite, nem arquivo do pg_dump -Fc)",
        campo="arquivo",
    )


# --- SQLite ---------------------------------------------------------------------------------


def _arquivo_privado(caminho: Path) -> None:
    """Cria (ou esvazia) `caminho` legível só pelo dono (0600): o backup traz CPFs, hashes de
    senha e sessões, como o segredo e a chave das âncoras, que já nascem assim."""
    os.close(os.open(caminho, os.O_CREAT | os.O_WRONLY | os.O_TRUNC, 0o600))
    os.chmod(caminho, 0o600)


def copiar_sqlite(origem: Path, destino: Path) -> None:
    """Copia o banco `origem` (em uso ou não) para `destino`, pela API de backup.

    Um passo só (`pages=-1`): a leitura é uma transação, o instantâneo é consistente e tem tudo
    o que foi confirmado até ela começar, inclusive o que está no WAL; quem escreve no banco
    continua escrevendo. O destino sai num arquivo só (diário `DELETE`), gravado ao lado e
    renomeado no fim: um backup interrompido nunca fica com o nome final.
    """
    if not origem.is_file():
        raise EntradaInvalida(f"banco SQLite {origem} não existe", campo="arquivo")
    parcial = destino.with_name(f".{destino.name}.parcial")
    parcial.unlink(missing_ok=True)
    try:
        _arquivo_privado(parcial)
        with (
            closing(sqlite3.connect(origem, timeout=30)) as de,
            closing(sqlite3.connect(parcial)) as para,
        ):
            de.backup(para)
            para.execute("PRAGMA journal_mode=DELETE")
        os.replace(parcial, destino)
    except sqlite3.Error as e:
        parcial.unlink(missing_ok=True)
        raise FalhaNaCopia(f"cópia do SQLite {origem} falhou: {e}", campo="arquivo") from None


def substituir_sqlite(origem: Path, alvo: Path) -> None:
    """Põe o conteúdo de `origem` no banco `alvo`, numa transação do próprio SQLite (a API de
    backup com o alvo como destino): quem abrir o alvo depois vê o banco inteiro restaurado."""
    try:
        with (
            closing(sqlite3.connect(origem, timeout=30)) as de,
            closing(sqlite3.connect(alvo, timeout=30)) as para,
        ):
            de.backup(para)
    except sqlite3.Error as e:
        raise FalhaNaCopia(f"restauração no SQLite {alvo} falhou: {e}", campo="arquivo") from None


# --- PostgreSQL -----------------------------------------------------------------------------


def _libpq(url: str | URL) -> tuple[str, dict[str, str]]:
    """A URL para as ferramentas da libpq (sem o driver) e o ambiente com a senha (PGPASSWORD,
    fora da linha de comando)."""
    u = normalizar_url(url)
    ambiente = dict(os.environ)
    if u.password:
        ambiente["PGPASSWORD"] = str(u.password)
    conexao = u.set(drivername="postgresql", password=None)
    return conexao.render_as_string(hide_password=False), ambiente


def _rodar(comando: list[str], ambiente: dict[str, str]) -> str:
    try:
        r = subprocess.run(comando, env=ambiente, capture_output=True, text=True, check=False)
    except FileNotFoundError:
        raise FalhaNaCopia(
            f"{comando[0]} não encontrado: instale o cliente do PostgreSQL (postgresql-client)",
            campo="arquivo",
        ) from None
    if r.returncode != 0:
        saida = " ".join((r.stderr or r.stdout).split())[:800]
        raise FalhaNaCopia(f"{comando[0]} falhou (saída {r.returncode}): {saida}", campo="arquivo")
    return r.stdout


def esquema_atual(url: str | URL) -> str:
    """O esquema onde estão as tabelas do Farol (o primeiro do `search_path` da conexão)."""
    engine = criar_engine(url, poolclass=NullPool)
    try:
        with engine.connect() as c:
            return str(c.execute(text("SELECT current_schema()")).scalar_one())
    finally:
        descartar_engine(engine)


def dump_pg(url: str | URL, destino: Path) -> str:
    """`pg_dump -Fc` só do esquema do Farol (outros esquemas do mesmo banco ficam de fora).
    Devolve o nome do esquema."""
    esquema = esquema_atual(url)
    conexao, ambiente = _libpq(url)
    parcial = destino.with_name(f".{destino.name}.parcial")
    try:
        _arquivo_privado(parcial)
        _rodar(["pg_dump", "-Fc", "-n", esquema, "-f", str(parcial), "-d", conexao], ambiente)
        os.replace(parcial, destino)
    finally:
        parcial.unlink(missing_ok=True)
    return esquema


def esquemas_do_dump(arquivo: Path) -> set[str]:
    """Os esquemas que o arquivo do pg_dump cria ou cujas tabelas tem (pelo índice, `-l`)."""
    indice = _rodar(["pg_restore", "-l", str(arquivo)], dict(os.environ))
    return {
        m.group(1)
        for linha in indice.splitlines()
        if (m := re.match(r"^\d+; \d+ \d+ (?:SCHEMA - |TABLE DATA |TABLE )(\S+)", linha))
    }


def _executar(url: str | URL, *comandos: str) -> None:
    engine = criar_engine(url, poolclass=NullPool)
    try:
        with engine.begin() as c:
            for comando in comandos:
                c.exec_driver_sql(comando)
    finally:
        descartar_engine(engine)


def _nome(esquema: str) -> str:
    return '"' + esquema.replace('"', '""') + '"'


def renomear_esquema(url: str | URL, de: str, para: str) -> None:
    _executar(url, f"ALTER SCHEMA {_nome(de)} RENAME TO {_nome(para)}")


def apagar_esquema(url: str | URL, esquema: str) -> None:
    _executar(url, f"DROP SCHEMA IF EXISTS {_nome(esquema)} CASCADE")


def mover_extensoes(url: str | URL, de: str, para: str) -> list[str]:
    """Leva as extensões instaladas no esquema `de` (a pg_trgm, quando o esquema do Farol é o
    `public`) para o esquema `para`; devolve os nomes. O `ALTER SCHEMA ... RENAME` da
    restauração as leva junto com o esquema antigo, e o dump refere a classe de operadores dos
    índices de trigramas pelo esquema do Farol (`public.gin_trgm_ops`)."""
    nomes = _extensoes_em(url, de)
    _levar_extensoes(url, nomes, para)
    return nomes


def _levar_extensoes(url: str | URL, nomes: list[str], para: str) -> None:
    if nomes:
        _executar(url, *(f"ALTER EXTENSION {_nome(n)} SET SCHEMA {_nome(para)}" for n in nomes))


def restaurar_pg(url: str | URL, arquivo: Path, esquema: str, reserva: str | None = None) -> None:
    """`pg_restore` do arquivo num esquema `esquema` que ainda não existe, numa transação só.
    Os objetos ficam de quem restaura (o papel das migrações, `--no-owner`); as permissões
    gravadas no dump (as do papel da aplicação) voltam com eles. `reserva`: o esquema antigo,
    renomeado; as extensões que foram com ele voltam para o `esquema` antes da restauração
    (quem desfaz a restauração as devolve: `mover_extensoes`)."""
    conexao, ambiente = _libpq(url)
    criados = _esquemas_criados(arquivo)
    extensoes = _extensoes_em(url, reserva) if reserva else []
    if esquema not in criados or extensoes:
        _executar(url, f"CREATE SCHEMA {_nome(esquema)}")
    lista: Path | None = None
    if extensoes:
        _levar_extensoes(url, extensoes, esquema)
        if esquema in criados:  # o esquema já existe: o pg_restore não o cria de novo
            indice = _rodar(["pg_restore", "-l", str(arquivo)], dict(os.environ))
            lista = arquivo.with_name(f".{arquivo.name}.lista")
            lista.write_text(
                "\n".join(
                    x for x in indice.splitlines() if not re.match(r"^\d+; \d+ \d+ SCHEMA - ", x)
                )
            )
    try:
        _rodar(
            [
                "pg_restore",
                "--no-owner",
                "--exit-on-error",
                "--single-transaction",
                *(["-L", str(lista)] if lista else []),
                "-d",
                conexao,
                str(arquivo),
            ],
            ambiente,
        )
    finally:
        if lista is not None:
            lista.unlink(missing_ok=True)


def _extensoes_em(url: str | URL, esquema: str) -> list[str]:
    engine = criar_engine(url, poolclass=NullPool)
    try:
        with engine.connect() as c:
            return [
                str(x)
                for x in c.execute(
                    text(
                        "SELECT e.extname FROM pg_extension e JOIN pg_namespace n "
                        "ON n.oid = e.extnamespace WHERE n.nspname = :esquema"
                    ),
                    {"esquema": esquema},
                ).scalars()
            ]
    finally:
        descartar_engine(engine)


def _esquemas_criados(arquivo: Path) -> set[str]:
    indice = _rodar(["pg_restore", "-l", str(arquivo)], dict(os.environ))
    return {
        m.group(1)
        for linha in indice.splitlines()
        if (m := re.match(r"^\d+; \d+ \d+ SCHEMA - (\S+)", linha))
    }
