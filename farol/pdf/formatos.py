"""Como valores, datas e documentos aparecem impressos: R$ 1.600,00, 05/03/2025, 14h30.

Datas de atos são guardadas em UTC e impressas no horário de Brasília (America/Sao_Paulo);
um `datetime` sem fuso é recusado, nunca adivinhado.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from farol.erros import EntradaInvalida
from farol.pdf.extenso import validar_valor, valor_por_extenso
from farol.relogio import fuso

MESES = (
    "janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto",
    "setembro", "outubro", "novembro", "dezembro",
)  # fmt: skip


def formatar_reais(valor: Decimal) -> str:
    """`Decimal('1600')` -> "R$ 1.600,00"."""
    valor = validar_valor(valor)
    inteiro, _, centavos = f"{valor:,.2f}".partition(".")
    return f"R$ {inteiro.replace(',', '.')},{centavos}"


def reais_com_extenso(valor: Decimal) -> str:
    """ "R$ 1.600,00 (mil e seiscentos reais)" — a forma dos atos."""
    return f"{formatar_reais(valor)} ({valor_por_extenso(valor)})"


def local(momento: dt.datetime) -> dt.datetime:
    """O instante no horário de Brasília; recusa `datetime` sem fuso."""
    if momento.tzinfo is None or momento.utcoffset() is None:
        raise EntradaInvalida(
            f"data e hora {momento.isoformat()} sem fuso horário: informe em UTC", campo="data_hora"
        )
    return momento.astimezone(fuso())


def formatar_data(data: dt.date) -> str:
    """DD/MM/AAAA; um `datetime` é primeiro convertido para o horário de Brasília."""
    if isinstance(data, dt.datetime):
        data = local(data).date()
    return f"{data.day:02d}/{data.month:02d}/{data.year:04d}"


def formatar_data_hora(momento: dt.datetime) -> str:
    """ "05/03/2025, às 14h30" no horário de Brasília."""
    return f"{formatar_data(momento)}, às {formatar_hora(momento)}"


def formatar_hora(momento: dt.datetime) -> str:
    """ "14h30" no horário de Brasília."""
    m = local(momento)
    return f"{m.hour:02d}h{m.minute:02d}"


def data_por_extenso(data: dt.date) -> str:
    """ "1º de março de 2025" (ordinal no dia primeiro, como nos atos oficiais)."""
    if isinstance(data, dt.datetime):
        data = local(data).date()
    dia = "1º" if data.day == 1 else str(data.day)
    return f"{dia} de {MESES[data.month - 1]} de {data.year}"


def formatar_documento(documento: str) -> str:
    """CPF ou CNPJ só com dígitos recebe a máscara; qualquer outro texto fica como veio."""
    d = documento.strip()
    if d.isascii() and d.isdigit():
        if len(d) == 11:
            return f"{d[:3]}.{d[3:6]}.{d[6:9]}-{d[9:]}"
        if len(d) == 14:
            return f"{d[:2]}.{d[2:5]}.{d[5:8]}/{d[8:12]}-{d[12:]}"
    return d
