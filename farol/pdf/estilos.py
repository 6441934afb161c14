"""Estilos de parágrafo que os modelos escolhem pelo nome (`<p estilo="titulo">`).

Fontes padrão do PDF (Helvetica, Times): não precisam de arquivo, cobrem o português
(WinAnsi) e mantêm o PDF pequeno.
"""

from __future__ import annotations

from typing import Any

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle

FONTE = "Helvetica"
FONTE_NEGRITO = "Helvetica-Bold"
FONTE_ITALICO = "Helvetica-Oblique"
CINZA_FAIXA = colors.HexColor("#E4E4E4")
CINZA_ROTULO = colors.HexColor("#444444")

_base = ParagraphStyle(
    "normal",
    fontName=FONTE,
    fontSize=9.5,
    leading=12.5,
    alignment=TA_JUSTIFY,
    spaceAfter=4,
    splitLongWords=True,
)


def _estilo(nome: str, **kw: Any) -> ParagraphStyle:
    return ParagraphStyle(nome, parent=_base, **kw)


ESTILOS: dict[str, ParagraphStyle] = {
    "normal": _base,
    "esquerda": _estilo("esquerda", alignment=TA_LEFT),
    "centro": _estilo("centro", alignment=TA_CENTER),
    "direita": _estilo("direita", alignment=TA_RIGHT),
    "om": _estilo(
        "om", fontName=FONTE_NEGRITO, fontSize=10.5, leading=13, alignment=TA_CENTER, spaceAfter=0
    ),
    "om_sub": _estilo("om_sub", fontSize=8, leading=10, alignment=TA_CENTER, spaceAfter=0),
    "titulo": _estilo(
        "titulo",
        fontName=FONTE_NEGRITO,
        fontSize=14,
        leading=17,
        alignment=TA_CENTER,
        spaceBefore=8,
        spaceAfter=1,
    ),
    "subtitulo": _estilo(
        "subtitulo",
        fontName=FONTE_ITALICO,
        fontSize=8,
        leading=10,
        alignment=TA_CENTER,
        spaceAfter=6,
    ),
    "secao": _estilo(
        "secao",
        fontName=FONTE_NEGRITO,
        fontSize=9.5,
        leading=12,
        alignment=TA_LEFT,
        backColor=CINZA_FAIXA,
        borderPadding=(2.5, 3, 2.5, 3),
        leftIndent=3,
        rightIndent=3,
        spaceBefore=9,
        spaceAfter=5,
        keepWithNext=1,
    ),
    "rotulo": _estilo(
        "rotulo", fontSize=6.8, leading=8, alignment=TA_LEFT, textColor=CINZA_ROTULO, spaceAfter=1
    ),
    "valor": _estilo("valor", fontSize=9.5, leading=11.8, alignment=TA_LEFT, spaceAfter=0),
    "citacao": _estilo(
        "citacao", fontName=FONTE_ITALICO, fontSize=9, leading=11.5, leftIndent=14, rightIndent=6
    ),
    "pequeno": _estilo("pequeno", fontSize=8, leading=10),
    "assinatura": _estilo(
        "assinatura", fontSize=8.5, leading=10.5, alignment=TA_CENTER, spaceAfter=0
    ),
    "assinatura_nome": _estilo(
        "assinatura_nome",
        fontName=FONTE_NEGRITO,
        fontSize=8.5,
        leading=10.5,
        alignment=TA_CENTER,
        spaceAfter=0,
    ),
    "celula": _estilo("celula", fontSize=8.5, leading=10.5, alignment=TA_LEFT, spaceAfter=0),
    "celula_cabecalho": _estilo(
        "celula_cabecalho",
        fontName=FONTE_NEGRITO,
        fontSize=8,
        leading=10,
        alignment=TA_LEFT,
        spaceAfter=0,
    ),
    "destaque": _estilo(
        "destaque",
        fontName=FONTE_NEGRITO,
        fontSize=10.5,
        leading=13,
        alignment=TA_CENTER,
        spaceBefore=4,
        spaceAfter=6,
    ),
}
