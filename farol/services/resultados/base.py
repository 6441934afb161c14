"""O que os resultados dos casos de uso têm em comum.

Um resultado declara todos os seus campos: um campo que o serviço monte e o modelo não
declare é erro (`extra="forbid"`), não some calado da resposta. Datas são `date` (ISO no
JSON), dinheiro é `Decimal` (texto com duas casas no JSON) e instantes gravados em UTC saem
como `datetime.isoformat()` ("2026-03-02T13:00:00+00:00"), como a API sempre respondeu.
"""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, PlainSerializer, WithJsonSchema


class Resultado(BaseModel):
    """Base dos resultados: só os campos declarados."""

    model_config = ConfigDict(extra="forbid")


def _iso(instante: dt.datetime) -> str:
    return instante.isoformat()


Instante = Annotated[
    dt.datetime,
    PlainSerializer(_iso, return_type=str, when_used="json"),
    WithJsonSchema({"type": "string", "format": "date-time"}),
]
"""Instante com fuso (UTC no banco); no JSON, `isoformat()` ("+00:00", não "Z")."""


def _ausente(valor: Any) -> bool:
    return valor is None


def so_quando_houver() -> Any:
    """Campo que só aparece na resposta quando o ato o produz (ex.: `auto` na lavratura)."""
    return Field(default=None, exclude_if=_ausente)
