"""Filtros Jinja2 das páginas: datas DD/MM/AAAA, dinheiro R$ 1.234,56, papéis e medidas.

Funções puras; recebem o que os serviços devolvem (datas ISO em texto, valores em texto com
ponto decimal, `Decimal`) e devolvem o texto que a pessoa lê.
"""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal, InvalidOperation

from farol.domain.papeis import nome_do_papel
from farol.normas.medidas import carregar_tabela
from farol.normas.prazos import catalogo_prazos
from farol.relogio import fuso, hoje

VAZIO = "—"

MESES = (
    "janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto",
    "setembro", "outubro", "novembro", "dezembro",
)  # fmt: skip


def _como_data(valor: object) -> dt.date | None:
    if valor is None or valor == "":
        return None
    if isinstance(valor, dt.datetime):
        return valor.astimezone(fuso()).date() if valor.tzinfo else valor.date()
    if isinstance(valor, dt.date):
        return valor
    texto = str(valor)
    try:
        if len(texto) > 10:
            return _como_data(dt.datetime.fromisoformat(texto))
        return dt.date.fromisoformat(texto)
    except ValueError:
        return None


def data(valor: object) -> str:
    """'2026-03-02' ou date -> '02/03/2026'; instantes com fuso vão para o horário de Brasília."""
    d = _como_data(valor)
    return VAZIO if d is None else f"{d:%d/%m/%Y}"


def data_extenso(valor: object) -> str:
    d = _como_data(valor)
    return VAZIO if d is None else f"{d.day} de {MESES[d.month - 1]} de {d.year}"


def data_hora(valor: object) -> str:
    """Instante ISO (UTC) -> '02/03/2026 10:15' no horário de Brasília."""
    if valor is None or valor == "":
        return VAZIO
    try:
        instante = (
            valor if isinstance(valor, dt.datetime) else dt.datetime.fromisoformat(str(valor))
        )
    except ValueError:
        return str(valor)
    if instante.tzinfo is None:
        instante = instante.replace(tzinfo=dt.UTC)
    return f"{instante.astimezone(fuso()):%d/%m/%Y %H:%M}"


def dinheiro(valor: object) -> str:
    """Decimal ou '1234.5' -> 'R$ 1.234,50'; None -> '—'."""
    if valor is None or valor == "":
        return VAZIO
    try:
        v = Decimal(str(valor)).quantize(Decimal("0.01"))
    except InvalidOperation:
        return str(valor)
    sinal = "-" if v < 0 else ""
    inteiro, _, centavos = f"{abs(v):,.2f}".partition(".")
    return f"{sinal}R$ {inteiro.replace(',', '.')},{centavos}"


def valor_de_campo(valor: object) -> str:
    """Decimal ou '1234.5' -> '1.234,50' para pôr de volta num campo de formulário."""
    texto = dinheiro(valor)
    return "" if texto == VAZIO else texto.removeprefix("R$ ").removeprefix("-R$ ")


def numero(valor: object) -> str:
    """1234 -> '1.234'."""
    try:
        return f"{int(str(valor)):,}".replace(",", ".")
    except ValueError:
        return str(valor)


def papel(valor: object) -> str:
    """'dpc' -> 'Diretor de Portos e Costas' (normas/dados/papeis.yaml)."""
    return nome_do_papel(str(valor), desconhecido=str(valor).replace("_", " "))


def duracao(valor: object) -> str:
    """'P60D' -> '60 dias'; 'P12M' -> '12 meses'."""
    m = re.fullmatch(r"P(\d+)([DM])", str(valor or ""))
    if not m:
        return VAZIO
    n = int(m.group(1))
    if m.group(2) == "D":
        return f"{n} dia" if n == 1 else f"{n} dias"
    return f"{n} mês" if n == 1 else f"{n} meses"


def medida(valor: object) -> str:
    m = carregar_tabela().medidas.get(str(valor))
    return m.nome if m else str(valor).replace("_", " ")


def autor(valor: object) -> str:
    a = carregar_tabela().autores.get(str(valor))
    return a.nome if a else str(valor).replace("_", " ")


def documento_formulario(valor: object) -> str:
    d = carregar_tabela().documentos.get(str(valor))
    return d.nome if d else str(valor).replace("_", " ")


def nome_prazo(etapa: object, regime: object = "lesta") -> str:
    """'defesa' -> 'Defesa contra o Auto de Infração' (descrição da regra de prazo)."""
    return catalogo_prazos().nome_da_etapa(str(regime), str(etapa))


def contagem(valor: object) -> str:
    return {"uteis": "dias úteis", "corridos": "dias corridos"}.get(str(valor), str(valor))


def dias_desde(valor: object) -> int:
    """Dias de `valor` (data) até hoje, no horário de Brasília (positivo se já passou)."""
    d = _como_data(valor)
    return 0 if d is None else (hoje() - d).days


def dias_ate(valor: object) -> int:
    """Dias de hoje até `valor` (positivo se ainda vai chegar)."""
    return -dias_desde(valor)


def plural(n: int, singular: str, plural_: str | None = None) -> str:
    return f"{numero(n)} {singular if n == 1 else (plural_ or singular + 's')}"


FILTROS = {
    "data": data,
    "data_extenso": data_extenso,
    "data_hora": data_hora,
    "dinheiro": dinheiro,
    "valor_de_campo": valor_de_campo,
    "numero": numero,
    "papel": papel,
    "duracao": duracao,
    "medida": medida,
    "autor": autor,
    "documento_formulario": documento_formulario,
    "contagem": contagem,
    "nome_prazo": nome_prazo,
    "plural": plural,
    "dias_desde": dias_desde,
    "dias_ate": dias_ate,
}
