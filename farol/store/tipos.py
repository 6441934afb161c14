"""Tipos de coluna: instante UTC com fuso, dinheiro exato, JSON (JSONB no PostgreSQL)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from sqlalchemy import JSON, DateTime, Dialect, Numeric
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.types import TypeDecorator, TypeEngine

from farol.erros import EntradaInvalida

UTC = dt.UTC
CENTAVO = Decimal("0.01")

Json = JSON().with_variant(JSONB(), "postgresql")


class InstanteUTC(TypeDecorator[dt.datetime]):
    """`timestamp with time zone`; recusa datetime sem fuso e devolve sempre em UTC.

    O SQLite não guarda fuso: grava-se o instante já em UTC e, na leitura, marca-se UTC.
    """

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: dt.datetime | None, dialect: Dialect) -> Any:
        if value is None:
            return None
        if value.tzinfo is None or value.utcoffset() is None:
            raise EntradaInvalida(
                f"instante sem fuso horário: {value.isoformat()} (atos são gravados em UTC)"
            )
        utc = value.astimezone(UTC)
        return utc.replace(tzinfo=None) if dialect.name == "sqlite" else utc

    def process_result_value(self, value: Any, dialect: Dialect) -> dt.datetime | None:
        if value is None:
            return None
        assert isinstance(value, dt.datetime)
        if value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value.astimezone(UTC)


class Dinheiro(TypeDecorator[Decimal]):
    """`numeric(14, 2)` como `Decimal` com dois decimais; recusa float e centavos fracionados."""

    impl = Numeric(14, 2)
    cache_ok = True
    DIGITOS = 14

    def load_dialect_impl(self, dialect: Dialect) -> TypeEngine[Any]:
        # O SQLite não tem decimal nativo: lê-se o número e converte-se aqui, sem aviso.
        if dialect.name == "sqlite":
            return dialect.type_descriptor(Numeric(self.DIGITOS, 2, asdecimal=False))
        return dialect.type_descriptor(Numeric(self.DIGITOS, 2))

    def process_bind_param(self, value: Decimal | None, dialect: Dialect) -> Any:
        if value is None:
            return None
        if not isinstance(value, Decimal | int) or isinstance(value, bool):
            raise EntradaInvalida(f"valor em dinheiro deve ser Decimal, recebido {value!r}")
        valor = Decimal(value)
        if valor != valor.quantize(CENTAVO):
            raise EntradaInvalida(f"valor em dinheiro com fração de centavo: {valor}")
        valor = valor.quantize(CENTAVO)
        return str(valor) if dialect.name == "sqlite" else valor

    def process_result_value(self, value: Any, dialect: Dialect) -> Decimal | None:
        if value is None:
            return None
        if isinstance(value, float):
            return Decimal(f"{value:.2f}")
        return Decimal(value).quantize(CENTAVO)


class SomaDeDinheiro(Dinheiro):
    """`numeric(20, 2)`: a soma de valores em `Dinheiro` (o pago de um processo, os pagamentos
    de um mês), que passa dos 14 dígitos de cada valor."""

    impl = Numeric(20, 2)
    cache_ok = True
    DIGITOS = 20
