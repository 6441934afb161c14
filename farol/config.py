"""Configuração do Farol, lida do ambiente (prefixo `FAROL_`).

| variável | padrão |
| --- | --- |
| `FAROL_PASTA_DADOS` | pasta de dados do usuário (`platformdirs.user_data_dir("farol")`) |
| `FAROL_DATABASE_URL` | SQLite `farol.sqlite3` na pasta de dados |
| `FAROL_SEGREDO` | gerado na primeira execução e guardado em `<pasta de dados>/segredo` |
| `FAROL_FUSO` | `America/Sao_Paulo`: o "hoje" dos prazos e o fuso das horas, em toda entrada |
| `FAROL_URL_PUBLICA` | `http://127.0.0.1:8000` (endereço impresso no QR dos documentos) |

A pasta de dados só é criada quando um padrão precisa dela.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import tempfile
from functools import cache
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from platformdirs import user_data_dir
from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from farol.relogio import FUSO_PADRAO, zona

ARQUIVO_BANCO = "farol.sqlite3"
ARQUIVO_SEGREDO = "segredo"


def pasta_padrao() -> Path:
    return Path(user_data_dir("farol", appauthor=False))


def _criar_pasta(pasta: Path) -> Path:
    pasta.mkdir(parents=True, exist_ok=True)
    return pasta


def url_sqlite_padrao(pasta: Path) -> str:
    return f"sqlite:///{_criar_pasta(pasta) / ARQUIVO_BANCO}"


def segredo_persistido(pasta: Path) -> SecretStr:
    """Lê o segredo da pasta de dados; na primeira vez gera e grava (modo 0600).

    Grava num arquivo temporário e o liga ao nome definitivo (`os.link` falha se já
    existir): dois processos que comecem juntos acabam com o mesmo segredo.
    """
    caminho = _criar_pasta(pasta) / ARQUIVO_SEGREDO
    if not caminho.exists():
        fd, temporario = tempfile.mkstemp(dir=pasta, prefix=".segredo-")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(secrets.token_urlsafe(48) + "\n")
            with contextlib.suppress(FileExistsError):
                os.link(temporario, caminho)
        finally:
            os.unlink(temporario)
    return SecretStr(caminho.read_text(encoding="utf-8").strip())


def _url_padrao(dados: dict[str, Any]) -> str:
    return url_sqlite_padrao(dados["pasta_dados"])


def _segredo_padrao(dados: dict[str, Any]) -> SecretStr:
    return segredo_persistido(dados["pasta_dados"])


class Configuracao(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="FAROL_", extra="ignore", frozen=True)

    pasta_dados: Path = Field(default_factory=pasta_padrao)
    database_url: str = Field(default_factory=_url_padrao)
    segredo: SecretStr = Field(default_factory=_segredo_padrao)
    fuso: str = FUSO_PADRAO
    url_publica: str = "http://127.0.0.1:8000"
    """Endereço público do Farol: vai no QR dos documentos (página /verificar/<código>)."""

    @field_validator("fuso")
    @classmethod
    def _fuso_conhecido(cls, v: str) -> str:
        zona(v)
        return v

    @property
    def zona(self) -> ZoneInfo:
        return zona(self.fuso)


@cache
def configuracao() -> Configuracao:
    """A configuração do processo, lida uma vez do ambiente."""
    return Configuracao()
