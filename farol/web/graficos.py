"""Gráficos em SVG gerados no servidor (sem biblioteca nem CDN): barras horizontais para
categorias e colunas para séries mensais. Texto escapado; cores com bom contraste.

Dois tamanhos: o largo (`LARGA`, 520 px, computador) e o estreito (`ESTREITA`, 360 px), que a
página serve ao celular num <picture>: a imagem larga reduzida a 340 px deixaria o texto com
8 px. O largo tem a largura em que a página o mostra lado a lado (cerca de 510 px): o texto,
de 12 a 16 px no desenho, aparece com ao menos 11 px. No estreito, o texto tem de 13 a 16 px
e o rótulo de cada barra vai na linha de cima, com a largura inteira para ele."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from xml.sax.saxutils import escape

from farol.formatos import moeda, numero

AZUL = "#1351b4"  # azul do gov.br DS (blue-warm-vivid-70), como o das páginas
AZUL_CLARO = "#5b8fc7"
VERDE = "#168821"  # green-cool-vivid-50 do DS
CINZA = "#555555"
TEXTO = "#333333"
GRADE = "#d5dbe3"
FONTE = "Rawline, Raleway, system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif"
LARGA = 520
ESTREITA = 360
LARGURAS = (LARGA, ESTREITA)

Numero = int | Decimal


def _fmt(v: Numero, dinheiro: bool) -> str:
    return moeda(v) if dinheiro else numero(int(v))


def _eixo(valor: int, dinheiro: bool) -> str:
    """Marca do eixo: inteiro com ponto no milhar; em reais, sem centavos ("R$ 20.000")."""
    return f"R$ {numero(valor)}" if dinheiro else numero(valor)


def _largura_texto(texto: str, fonte: int) -> int:
    """Largura aproximada do texto em sans-serif (0,62 da fonte por caractere, com folga)."""
    return int(len(texto) * fonte * 0.62) + 1


def _teto(maximo: Numero) -> int:
    """Topo do eixo: o menor número 'redondo' (1, 2 ou 5 × 10^n, par) >= o máximo."""
    alvo = max(int(-(-Decimal(maximo) // 1)), 2)
    escala = 1
    while True:
        for passo in (2, 4, 6, 8, 10):
            if passo * escala >= alvo:
                return passo * escala
        escala *= 10


def _estreito(largura: int) -> bool:
    return largura < 480


def _cabeca(largura: int, altura: int, titulo: str) -> list[str]:
    t = escape(titulo)
    fonte, fonte_titulo = 14, 16
    return [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{largura}" height="{altura}" '
        f'viewBox="0 0 {largura} {altura}" role="img" aria-label="{t}" '
        f'font-family="{FONTE}" font-size="{fonte}">',
        f"<title>{t}</title>",
        f'<rect width="{largura}" height="{altura}" fill="#ffffff"/>',
        f'<text x="12" y="22" font-size="{fonte_titulo}" font-weight="600" '
        f'fill="{TEXTO}">{t}</text>',
    ]


def _barras_empilhadas(
    titulo: str, itens: Sequence[tuple[str, Numero]], largura: int, dinheiro: bool, cor: str
) -> str:
    """Barras para o celular: o rótulo numa linha, a barra e o valor na de baixo."""
    linha, topo = 44, 36
    altura = topo + max(len(itens), 1) * linha + 12
    partes = _cabeca(largura, altura, titulo)
    if not itens:
        partes.append(f'<text x="12" y="{topo + 18}" fill="{CINZA}">Sem dados no período.</text>')
        return "\n".join([*partes, "</svg>"])
    maximo = max((v for _, v in itens), default=0) or 1
    cabe = max((largura - 24) // 8, 10)  # caracteres de 14 px na largura
    util = largura - 24 - 90  # espaço do valor à direita da maior barra
    for n, (rotulo, valor) in enumerate(itens):
        y = topo + n * linha
        w = max(int(util * float(valor) / float(maximo)), 1 if valor else 0)
        texto = rotulo if len(rotulo) <= cabe else rotulo[: cabe - 1] + "…"
        partes += [
            f'<text x="12" y="{y + 16}" fill="{TEXTO}">{escape(texto)}</text>',
            f'<rect x="12" y="{y + 22}" width="{w}" height="16" rx="2" fill="{cor}"/>',
            f'<text x="{12 + w + 6}" y="{y + 35}" font-weight="600" fill="{TEXTO}">'
            f"{escape(_fmt(valor, dinheiro))}</text>",
        ]
    return "\n".join([*partes, "</svg>"])


def barras(
    titulo: str,
    itens: Sequence[tuple[str, Numero]],
    *,
    largura: int = LARGA,
    dinheiro: bool = False,
    cor: str = AZUL,
) -> str:
    """Barras horizontais: um rótulo e um valor por linha."""
    if _estreito(largura):
        return _barras_empilhadas(titulo, itens, largura, dinheiro, cor)
    linha, topo, limite = 26, 40, 25  # 25 caracteres de 14 px cabem nos 240 px do rótulo
    maior = max((min(len(r), limite) for r, _ in itens), default=10)
    rotulo_l = min(max(_largura_texto("x" * maior, 14) + 20, 90), 240)
    altura = topo + max(len(itens), 1) * linha + 16
    partes = _cabeca(largura, altura, titulo)
    if not itens:
        partes.append(f'<text x="12" y="{topo + 18}" fill="{CINZA}">Sem dados no período.</text>')
        return "\n".join([*partes, "</svg>"])
    maximo = max((v for _, v in itens), default=0) or 1
    util = largura - rotulo_l - 100
    for n, (rotulo, valor) in enumerate(itens):
        y = topo + n * linha
        w = max(int(util * float(valor) / float(maximo)), 1 if valor else 0)
        texto = rotulo if len(rotulo) <= limite else rotulo[: limite - 1] + "…"
        partes += [
            f'<text x="{rotulo_l - 8}" y="{y + 17}" text-anchor="end" fill="{TEXTO}">'
            f"{escape(texto)}</text>",
            f'<rect x="{rotulo_l}" y="{y + 5}" width="{w}" height="16" rx="2" fill="{cor}"/>',
            f'<text x="{rotulo_l + w + 6}" y="{y + 18}" fill="{TEXTO}">'
            f"{escape(_fmt(valor, dinheiro))}</text>",
        ]
    return "\n".join([*partes, "</svg>"])


def colunas(
    titulo: str,
    rotulos: Sequence[str],
    series: Sequence[tuple[str, Sequence[Numero], str]],
    *,
    largura: int = LARGA,
    altura: int = 280,
    dinheiro: bool = False,
) -> str:
    """Colunas por mês; uma ou mais séries (nome, valores, cor) lado a lado, com legenda."""
    estreito = _estreito(largura)
    pequena = 13 if estreito else 12  # eixos e meses
    legenda = 14 if estreito else 13
    topo, base = 48, (58 if estreito else 52)
    maximo = _teto(max((v for _, vals, _ in series for v in vals), default=0))
    # as marcas do eixo são números redondos (0, metade e o topo, todos inteiros): em reais,
    # sem centavos ("R$ 20.000"); a margem esquerda cabe a maior delas, nada cortado
    marcas = [(frac, _eixo(maximo * frac // 2, dinheiro)) for frac in (0, 1, 2)]
    esq = max(_largura_texto(t, pequena) for _, t in marcas) + 14
    partes = _cabeca(largura, altura, titulo)
    util_h = altura - topo - base
    for frac, marca in marcas:
        y = topo + util_h - util_h * frac / 2
        partes += [
            f'<line x1="{esq}" y1="{y:.1f}" x2="{largura - 12}" y2="{y:.1f}" stroke="{GRADE}"/>',
            f'<text x="{esq - 6}" y="{y + 4:.1f}" text-anchor="end" font-size="{pequena}" '
            f'fill="{CINZA}">{escape(marca)}</text>',
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
        if n <= (8 if estreito else 12) or i % 2 == 0:
            partes.append(
                f'<text x="{esq + i * passo + passo / 2:.1f}" y="{topo + util_h + 16}" '
                f'text-anchor="middle" font-size="{pequena}" fill="{CINZA}">'
                f"{escape(rotulo[:2])}</text>"
            )
    if rotulos:
        partes.append(
            f'<text x="{esq}" y="{topo + util_h + 34}" font-size="{pequena}" fill="{CINZA}">'
            f"{escape(rotulos[0])} a {escape(rotulos[-1])} (mês/ano)</text>"
        )
    x = largura - 12
    for nome, _, cor in reversed(series):
        x -= 8 + (legenda * 6 // 10) * len(nome) + 18
        partes += [
            f'<rect x="{x}" y="{altura - 17}" width="12" height="12" fill="{cor}"/>',
            f'<text x="{x + 16}" y="{altura - 6}" font-size="{legenda}" fill="{TEXTO}">'
            f"{escape(nome)}</text>",
        ]
    return "\n".join([*partes, "</svg>"])
