"""Gráficos em SVG gerados no servidor (sem biblioteca nem CDN): barras horizontais para
categorias e colunas para séries mensais. Texto escapado; cores com bom contraste."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from xml.sax.saxutils import escape

from farol.formatos import moeda, numero

AZUL = "#0b3d73"
AZUL_CLARO = "#5b8fc7"
VERDE = "#1d6b43"
CINZA = "#5a6470"
GRADE = "#d5dbe3"
FONTE = "system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif"

Numero = int | Decimal


def _fmt(v: Numero, dinheiro: bool) -> str:
    return moeda(v) if dinheiro else numero(int(v))


def _teto(maximo: Numero) -> int:
    """Topo do eixo: o menor número 'redondo' (1, 2 ou 5 × 10^n, par) >= o máximo."""
    alvo = max(int(-(-Decimal(maximo) // 1)), 2)
    escala = 1
    while True:
        for passo in (2, 4, 6, 8, 10):
            if passo * escala >= alvo:
                return passo * escala
        escala *= 10


def _cabeca(largura: int, altura: int, titulo: str) -> list[str]:
    t = escape(titulo)
    return [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{largura}" height="{altura}" '
        f'viewBox="0 0 {largura} {altura}" role="img" aria-label="{t}" '
        f'font-family="{FONTE}" font-size="13">',
        f"<title>{t}</title>",
        f'<rect width="{largura}" height="{altura}" fill="#ffffff"/>',
        f'<text x="12" y="22" font-size="15" font-weight="600" fill="#1b2430">{t}</text>',
    ]


def barras(
    titulo: str,
    itens: Sequence[tuple[str, Numero]],
    *,
    largura: int = 640,
    dinheiro: bool = False,
    cor: str = AZUL,
) -> str:
    """Barras horizontais: um rótulo e um valor por linha."""
    linha, topo, limite = 26, 40, 30
    maior = max((min(len(r), limite) for r, _ in itens), default=10)
    rotulo_l = min(max(int(maior * 7.2) + 20, 90), 250)
    altura = topo + max(len(itens), 1) * linha + 16
    partes = _cabeca(largura, altura, titulo)
    if not itens:
        partes.append(f'<text x="12" y="{topo + 18}" fill="{CINZA}">Sem dados no período.</text>')
        return "\n".join([*partes, "</svg>"])
    maximo = max((v for _, v in itens), default=0) or 1
    util = largura - rotulo_l - 110
    for n, (rotulo, valor) in enumerate(itens):
        y = topo + n * linha
        w = max(int(util * float(valor) / float(maximo)), 1 if valor else 0)
        texto = rotulo if len(rotulo) <= limite else rotulo[: limite - 1] + "…"
        partes += [
            f'<text x="{rotulo_l - 8}" y="{y + 17}" text-anchor="end" fill="#1b2430">'
            f"{escape(texto)}</text>",
            f'<rect x="{rotulo_l}" y="{y + 5}" width="{w}" height="16" rx="2" fill="{cor}"/>',
            f'<text x="{rotulo_l + w + 6}" y="{y + 18}" fill="#1b2430">'
            f"{escape(_fmt(valor, dinheiro))}</text>",
        ]
    return "\n".join([*partes, "</svg>"])


def colunas(
    titulo: str,
    rotulos: Sequence[str],
    series: Sequence[tuple[str, Sequence[Numero], str]],
    *,
    largura: int = 640,
    altura: int = 280,
    dinheiro: bool = False,
) -> str:
    """Colunas por mês; uma ou mais séries (nome, valores, cor) lado a lado, com legenda."""
    esq, topo, base = (92 if dinheiro else 48), 48, 52
    partes = _cabeca(largura, altura, titulo)
    util_h = altura - topo - base
    maximo = _teto(max((v for _, vals, _ in series for v in vals), default=0))
    for frac in (0, 0.5, 1):
        y = topo + util_h - util_h * frac
        valor = Decimal(str(maximo)) * Decimal(str(frac))
        partes += [
            f'<line x1="{esq}" y1="{y:.1f}" x2="{largura - 12}" y2="{y:.1f}" stroke="{GRADE}"/>',
            f'<text x="{esq - 6}" y="{y + 4:.1f}" text-anchor="end" font-size="11" '
            f'fill="{CINZA}">{escape(_fmt(valor if dinheiro else int(valor), dinheiro))}</text>',
        ]
    n = max(len(rotulos), 1)
    passo = (largura - esq - 16) / n
    larg_barra = max(min(passo * 0.8 / max(len(series), 1), 28), 2)
    for i, rotulo in enumerate(rotulos):
        x0 = esq + i * passo + (passo - larg_barra * len(series)) / 2
        for k, (_, valores, cor) in enumerate(series):
            v = valores[i]
            h = util_h * float(v) / float(maximo)
            partes.append(
                f'<rect x="{x0 + k * larg_barra:.1f}" y="{topo + util_h - h:.1f}" '
                f'width="{larg_barra - 1:.1f}" height="{h:.1f}" fill="{cor}">'
                f"<title>{escape(rotulo)}: {escape(_fmt(v, dinheiro))}</title></rect>"
            )
        if n <= 12 or i % 2 == 0:
            partes.append(
                f'<text x="{esq + i * passo + passo / 2:.1f}" y="{topo + util_h + 16}" '
                f'text-anchor="middle" font-size="11" fill="{CINZA}">{escape(rotulo[:2])}</text>'
            )
    if rotulos:
        partes.append(
            f'<text x="{esq}" y="{topo + util_h + 32}" font-size="11" fill="{CINZA}">'
            f"{escape(rotulos[0])} a {escape(rotulos[-1])} (mês/ano)</text>"
        )
    x = largura - 12
    for nome, _, cor in reversed(series):
        x -= 8 + 7 * len(nome) + 18
        partes += [
            f'<rect x="{x}" y="{altura - 16}" width="12" height="12" fill="{cor}"/>',
            f'<text x="{x + 16}" y="{altura - 6}" font-size="12" fill="#1b2430">'
            f"{escape(nome)}</text>",
        ]
    return "\n".join([*partes, "</svg>"])
