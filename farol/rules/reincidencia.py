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

Os doze meses vêm dos dados (`regras_penalidades.yaml`, `reincidencia.janela_meses`, com a
citação do art. 10); `meses` só é informado por quem quer outra janela explicitamente.
"""

from __future__ import annotations

import calendar
import datetime as dt
from collections.abc import Iterable

from farol.erros import EntradaInvalida
from farol.normas.infracoes import catalogo

MESES_NO_ANO = 12  # calendário gregoriano, não valor legal


def subtrair_meses(data: dt.date, meses: int) -> dt.date:
    """`data` menos `meses` meses; sem o dia equivalente, o último dia do mês."""
    ano, mes = divmod(data.year * MESES_NO_ANO + (data.month - 1) - meses, MESES_NO_ANO)
    mes += 1
    dia = min(data.day, calendar.monthrange(ano, mes)[1])
    return dt.date(ano, mes, dia)


def somar_anos(data: dt.date, anos: int) -> dt.date:
    """De data a data; sem o dia equivalente, o último dia do mês (Lei 9.784 art. 66 §3º)."""
    return subtrair_meses(data, -anos * MESES_NO_ANO)


def janela_meses() -> int:
    """Os meses da janela de reincidência (RLESTA art. 10), lidos dos dados."""
    return catalogo().regras.reincidencia.janela_meses


def inicio_da_janela(data_fato: dt.date, meses: int | None = None) -> dt.date:
    """Primeiro dia em que uma prática anterior ainda conta como reincidência."""
    return subtrair_meses(data_fato, janela_meses() if meses is None else meses)


def contar_reincidencias(
    data_fato: dt.date, praticas_anteriores: Iterable[dt.date], meses: int | None = None
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
