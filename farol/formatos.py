"""Como o Farol escreve para pessoas: R$ 3.200,00, 10/03/2024, 12 meses, 14h30.

Uma só fonte para o texto da CLI, as páginas, os PDFs e as mensagens dos motores (regras,
quadro de estados, serviços). Funções puras, sem E/S, importáveis de qualquer camada.

O JSON (respostas da API, `--json` da CLI) não passa por aqui: guarda datas ISO
("2024-03-10"), valores em texto com ponto ("3200.00") e durações ISO-8601 ("P12M").

Instantes (`datetime`) são gravados em UTC e mostrados no fuso do Farol (`farol.relogio`,
America/Sao_Paulo); um `datetime` sem fuso é recusado, nunca adivinhado.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

from farol.erros import EntradaInvalida
from farol.relogio import fuso

CENTAVO = Decimal("0.01")

MESES = (
    "janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto",
    "setembro", "outubro", "novembro", "dezembro",
)  # fmt: skip

# Duração ISO-8601 só com a parte de datas (a lei conta anos, meses, semanas e dias).
_DURACAO = re.compile(r"P(?!$)(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?")
_UNIDADES = (("ano", "anos"), ("mês", "meses"), ("semana", "semanas"), ("dia", "dias"))


def _milhares(inteiro: int) -> str:
    """1234567 -> "1.234.567"."""
    return f"{inteiro:,}".replace(",", ".")


def moeda(valor: Decimal | int | str) -> str:
    """`Decimal("3200")` -> "R$ 3.200,00"; negativo "-R$ 50,00"; centavos arredondados
    (meio para cima). Texto com ponto decimal ("3200.00", o do JSON) também é aceito."""
    try:
        v = Decimal(valor) if not isinstance(valor, Decimal) else valor
    except (InvalidOperation, ValueError):
        raise ValueError(f"valor em dinheiro inválido: {valor!r}") from None
    if not v.is_finite():
        raise ValueError(f"valor em dinheiro inválido: {valor!r}")
    v = v.quantize(CENTAVO, rounding=ROUND_HALF_UP)
    sinal = "-" if v < 0 else ""
    inteiro, _, centavos = f"{abs(v):.2f}".partition(".")
    return f"{sinal}R$ {_milhares(int(inteiro))},{centavos}"


def numero(valor: int | Decimal) -> str:
    """Inteiro com ponto no milhar (12345 -> "12.345"); `Decimal` com vírgula e as casas
    que tem (`Decimal("12.50")` -> "12,50", comprimento de embarcação)."""
    if isinstance(valor, int):
        return ("-" if valor < 0 else "") + _milhares(abs(valor))
    inteiro, _, fracao = f"{abs(valor):f}".partition(".")
    texto = _milhares(int(inteiro)) + (f",{fracao}" if fracao else "")
    return ("-" if valor < 0 else "") + texto


def quantidade(n: int, singular: str, plural: str | None = None) -> str:
    """(1, "dia") -> "1 dia"; (30, "dia") -> "30 dias"; (2, "mês", "meses") -> "2 meses"."""
    return f"{numero(n)} {singular if n == 1 else (plural or singular + 's')}"


def dias(n: int) -> str:
    """1 -> "1 dia"; 30 -> "30 dias"."""
    return quantidade(n, "dia")


def duracao(iso: str) -> str:
    """Duração ISO-8601 por extenso: "P12M" -> "12 meses", "P1M" -> "1 mês", "P60D" ->
    "60 dias", "P1D" -> "1 dia", "P1Y" -> "1 ano", "P1Y6M" -> "1 ano e 6 meses"."""
    m = _DURACAO.fullmatch(iso.strip()) if isinstance(iso, str) else None
    if m is None:
        raise ValueError(f"duração ISO-8601 inválida: {iso!r} (ex.: P60D, P12M, P1Y)")
    partes = [
        quantidade(int(n), singular, plural)
        for n, (singular, plural) in zip(m.groups(), _UNIDADES, strict=True)
        if n is not None
    ]
    return partes[0] if len(partes) == 1 else ", ".join(partes[:-1]) + " e " + partes[-1]


def instante_local(momento: dt.datetime) -> dt.datetime:
    """O instante no fuso do Farol (horário de Brasília); recusa `datetime` sem fuso."""
    if momento.tzinfo is None or momento.utcoffset() is None:
        raise EntradaInvalida(
            f"data e hora {momento:%d/%m/%Y %H:%M} sem fuso horário: informe em UTC",
            campo="data_hora",
        )
    return momento.astimezone(fuso())


def _dia(d: dt.date) -> dt.date:
    return instante_local(d).date() if isinstance(d, dt.datetime) else d


def data(d: dt.date) -> str:
    """`date(2024, 3, 10)` -> "10/03/2024"; um `datetime` conta no horário de Brasília."""
    d = _dia(d)
    return f"{d.day:02d}/{d.month:02d}/{d.year:04d}"


def data_por_extenso(d: dt.date) -> str:
    """ "1º de março de 2025", "20 de dezembro de 2025" (ordinal no dia primeiro, como nos
    atos oficiais)."""
    d = _dia(d)
    dia = "1º" if d.day == 1 else str(d.day)
    return f"{dia} de {MESES[d.month - 1]} de {d.year}"


def hora(momento: dt.datetime) -> str:
    """ "14h30" no horário de Brasília."""
    m = instante_local(momento)
    return f"{m.hour:02d}h{m.minute:02d}"


def data_hora(momento: dt.datetime) -> str:
    """ "05/03/2025 14:30" no horário de Brasília (listas e linhas do tempo)."""
    m = instante_local(momento)
    return f"{data(m)} {m.hour:02d}:{m.minute:02d}"


def citado(texto: str, limite: int = 40) -> str:
    """O que a pessoa digitou, citado numa mensagem: entre aspas curvas, sem as quebras de linha
    e os caracteres de controle (os espaços reduzidos a um) e cortado em `limite` caracteres:
    'abc' -> '“abc”'. O `repr` do Python daria "'abc'", com as aspas e os escapes dele."""
    limpo = " ".join("".join(c if c.isprintable() else " " for c in texto).split())
    if len(limpo) > limite:
        limpo = limpo[: limite - 1].rstrip() + "…"
    return f"“{limpo}”"


def com_nomes(pares: Iterable[tuple[str, str]], separador: str = ", ") -> str:
    """Os valores que se aceitam, cada um com o seu nome, para a recusa que os lista:
    [("dou", "Diário Oficial da União"), ("ar", "AR")]
    -> "dou (Diário Oficial da União), ar (AR)"."""
    return separador.join(f"{valor} ({nome})" for valor, nome in pares)


def sim_nao(valor: bool) -> str:
    """True -> "sim"; False -> "não"."""
    return "sim" if valor else "não"
