"""O relógio do Farol: um só "hoje" e um só fuso para todas as entradas (API, páginas, CLI).

Os atos guardam o instante em UTC; a data civil que conta para prazos, para recusar datas
futuras e para mostrar horas é a do fuso `FAROL_FUSO` (padrão `America/Sao_Paulo`, o de
Brasília, em que as OMs contam os prazos). Um fuso desconhecido é recusado ao ler.
"""

from __future__ import annotations

import datetime as dt
import os
from functools import cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from farol.erros import EntradaInvalida

FUSO_PADRAO = "America/Sao_Paulo"
VARIAVEL = "FAROL_FUSO"


def zona(nome: str) -> ZoneInfo:
    """O fuso pelo nome IANA; `ValueError` em português se não existir."""
    try:
        return ZoneInfo(nome)
    except (ZoneInfoNotFoundError, ValueError) as e:
        raise ValueError(f"fuso horário desconhecido: {nome!r}") from e


@cache
def _fuso(nome: str) -> ZoneInfo:
    return zona(nome)


def fuso() -> ZoneInfo:
    """O fuso de `FAROL_FUSO`, lido a cada chamada (barato: as zonas ficam em cache); um nome
    desconhecido é `EntradaInvalida` no campo da variável (a CLI diz qual, sem traceback)."""
    try:
        return _fuso(os.environ.get(VARIAVEL) or FUSO_PADRAO)
    except ValueError as e:
        raise EntradaInvalida(str(e), campo=VARIAVEL) from None


def agora() -> dt.datetime:
    """O instante atual, em UTC (é assim que se grava)."""
    return dt.datetime.now(dt.UTC)


def hoje() -> dt.date:
    """A data civil no fuso do Farol: é ela que conta para prazos e para recusar datas futuras."""
    return agora().astimezone(fuso()).date()


def data_local(instante: dt.datetime) -> dt.date:
    """A data civil de um instante gravado (UTC), no fuso do Farol."""
    return instante.astimezone(fuso()).date()


def hora_local(instante: dt.datetime) -> dt.datetime:
    """O instante gravado, no fuso do Farol (para mostrar)."""
    return instante.astimezone(fuso())
