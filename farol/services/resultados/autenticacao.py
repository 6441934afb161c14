"""Entrar (OAuth2 password flow) e o usuário corrente."""

from __future__ import annotations

from pydantic import Field

from farol.services.resultados.base import Resultado


class Token(Resultado):
    access_token: str
    token_type: str = Field(description="sempre bearer")
    papel: str


class Eu(Resultado):
    login: str
    nome: str
    papel: str
    om: str = Field(description="sigla da OM do usuário")
