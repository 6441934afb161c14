"""As estatísticas da jurisdição (GET /api/v1/estatisticas, a página /estatisticas e o CSV)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from farol.services.resultados.base import Resultado


class Contagem(Resultado):
    chave: str
    rotulo: str
    valor: int


class ContagemPorInfracao(Contagem):
    descricao: str


class MultasPorChave(Resultado):
    """Multas impostas e pagas num mês (`chave` AAAA-MM) ou numa OM (`chave` = sigla)."""

    chave: str
    rotulo: str
    impostas: Decimal
    pagas: Decimal


class MultasDoPeriodo(Resultado):
    quantidade_impostas: int
    quantidade_pagamentos: int
    impostas: Decimal
    pagas: Decimal
    por_mes: list[MultasPorChave]
    por_om: list[MultasPorChave]


class PoluicaoDoPeriodo(Resultado):
    total: int
    por_nivel: list[Contagem]
    fundamento: str


class EstatisticasDaJurisdicao(Resultado):
    de: dt.date
    ate: dt.date
    total_infracoes: int
    por_artigo: list[Contagem]
    por_infracao: list[ContagemPorInfracao]
    por_mes: list[Contagem]
    por_om: list[Contagem]
    multas: MultasDoPeriodo
    medidas: list[Contagem]
    poluicao: PoluicaoDoPeriodo
