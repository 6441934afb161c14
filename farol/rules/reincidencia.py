"""Reincidência: a mesma infração, pelo mesmo autor, em período igual ou inferior a 12 meses.

RLESTA art. 10: "A reincidência ... é a repetição da prática da mesma infração em um período
igual ou inferior a doze meses."

Interpretação do Farol (documentada em docs/penalidades.md):
- conta-se da data do FATO anterior à data do fato atual (a norma fala em "repetição da
  prática", não em decisão definitiva); o serviço do processo decide quais práticas anteriores
  entram (ex.: somente as reconhecidas por julgamento procedente);
- "igual ou inferior a doze meses": a prática anterior conta se ocorreu no mesmo dia do mês,
  doze meses antes, ou depois disso. Quando o dia não existe no mês de doze meses antes
  (29/02), usa-se o último dia daquele mês (28/02), que ainda está dentro do período.
"""

from __future__ import annotations

import calendar
import datetime as dt
from collections.abc import Iterable

from farol.erros import EntradaInvalida


def subtrair_meses(data: dt.date, meses: int) -> dt.date:
    ano, mes = divmod(data.year * 12 + (data.month - 1) - meses, 12)
    mes += 1
    dia = min(data.day, calendar.monthrange(ano, mes)[1])
    return dt.date(ano, mes, dia)


def inicio_da_janela(data_fato: dt.date, meses: int = 12) -> dt.date:
    """Primeiro dia em que uma prática anterior ainda conta como reincidência."""
    return subtrair_meses(data_fato, meses)


def contar_reincidencias(
    data_fato: dt.date, praticas_anteriores: Iterable[dt.date], meses: int = 12
) -> int:
    """Número de práticas anteriores da mesma infração dentro da janela (o multiplicador é N+1)."""
    inicio = inicio_da_janela(data_fato, meses)
    n = 0
    for anterior in praticas_anteriores:
        if anterior > data_fato:
            raise EntradaInvalida(
                f"prática anterior em {anterior:%d/%m/%Y} é posterior ao fato em "
                f"{data_fato:%d/%m/%Y}",
                campo="praticas_anteriores",
            )
        if inicio <= anterior:
            n += 1
    return n
