"""A moldura de cada página: rodapé com o QR de verificação, o código, "Página n de m" e,
da segunda página em diante, um cabeçalho de continuação com a OM e o documento.

A moldura é desenhada depois que o documento inteiro foi paginado (o total de páginas só é
conhecido no fim): cada página é guardada e desenhada em `save`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from farol.pdf.estilos import FONTE, FONTE_NEGRITO
from farol.pdf.qr import desenhar_qr

LARGURA_PAGINA, ALTURA_PAGINA = A4
MARGEM_ESQUERDA = MARGEM_DIREITA = 20 * mm
MARGEM_SUPERIOR = 18 * mm
MARGEM_INFERIOR = 34 * mm
LADO_QR = 24 * mm
CORPO_RODAPE = 7.5
ENTRELINHA_RODAPE = 9.2


@dataclass(frozen=True)
class Moldura:
    """Textos da moldura, iguais em todas as páginas do documento."""

    om: str  # "MARINHA DO BRASIL — CPRJ"
    documento: str  # "Auto de Infração nº 123/2025"
    processo: str  # "Processo nº 64000.000123/2025-01"
    codigo: str
    url: str
    cadeia: str | None = None  # "ato nº 7, hash 3f2a9c1e0b4d7a51"


class CanvasComMoldura(Canvas):
    """Canvas que adia cada página para desenhar a moldura com o total de páginas."""

    def __init__(self, *args: Any, moldura: Moldura, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._moldura = moldura
        self._paginas: list[dict[str, Any]] = []

    def showPage(self) -> None:
        self._paginas.append(dict(self.__dict__))
        self._startPage()  # type: ignore[attr-defined]  # interno do Canvas, sem stub

    def save(self) -> None:
        total = len(self._paginas)
        for numero, estado in enumerate(self._paginas, start=1):
            self.__dict__.update(estado)
            if numero > 1:
                self._continuacao()
            self._rodape(numero, total)
            super().showPage()
        super().save()

    def _continuacao(self) -> None:
        """OM à esquerda, documento e processo à direita; em duas linhas se não couberem."""
        m = self._moldura
        largura = LARGURA_PAGINA - MARGEM_ESQUERDA - MARGEM_DIREITA
        direita = f"{m.documento} — {m.processo} (continuação)"
        ocupado = stringWidth(m.om, FONTE, CORPO_RODAPE) + stringWidth(direita, FONTE, CORPO_RODAPE)
        y = ALTURA_PAGINA - 10 * mm
        self.setFont(FONTE, CORPO_RODAPE)
        self.drawString(MARGEM_ESQUERDA, y, m.om)
        if ocupado + 6 * mm > largura:
            y -= ENTRELINHA_RODAPE
        for i, linha in enumerate(quebrar(direita, FONTE, CORPO_RODAPE, largura)):
            if i:
                y -= ENTRELINHA_RODAPE
            self.drawRightString(LARGURA_PAGINA - MARGEM_DIREITA, y, linha)
        self.setLineWidth(0.5)
        fio = y - 2.5 * mm
        self.line(MARGEM_ESQUERDA, fio, LARGURA_PAGINA - MARGEM_DIREITA, fio)

    def _rodape(self, numero: int, total: int) -> None:
        m = self._moldura
        topo = MARGEM_INFERIOR - 4 * mm
        self.setLineWidth(0.5)
        self.line(MARGEM_ESQUERDA, topo, LARGURA_PAGINA - MARGEM_DIREITA, topo)
        x_qr = LARGURA_PAGINA - MARGEM_DIREITA - LADO_QR
        desenhar_qr(self, m.url, x_qr, topo - LADO_QR - 1 * mm, LADO_QR)
        largura = x_qr - MARGEM_ESQUERDA - 4 * mm
        linhas: list[tuple[str, str]] = [(FONTE_NEGRITO, f"{m.documento} — {m.processo}")]
        linhas.append((FONTE_NEGRITO, f"Código de verificação: {m.codigo}"))
        if m.cadeia:
            linhas.append((FONTE, f"Emitido sobre a cadeia de atos do processo: {m.cadeia}."))
        texto_url = f"Confira a autenticidade deste documento em {m.url} ou pelo QR code ao lado."
        linhas.append((FONTE, texto_url))
        linhas.append((FONTE, f"Página {numero} de {total}"))
        y = topo - 3.5 * mm
        for fonte, texto in linhas:
            for parte in quebrar(texto, fonte, CORPO_RODAPE, largura):
                self.setFont(fonte, CORPO_RODAPE)
                self.drawString(MARGEM_ESQUERDA, y, parte)
                y -= ENTRELINHA_RODAPE


def quebrar(texto: str, fonte: str, corpo: float, largura: float) -> list[str]:
    """Quebra em linhas de até `largura`; palavra maior que a linha (URL) é partida."""
    saida: list[str] = []
    for linha in simpleSplit(texto, fonte, corpo, largura) or [""]:
        while stringWidth(linha, fonte, corpo) > largura and len(linha) > 1:
            corte = len(linha) - 1
            while corte > 1 and stringWidth(linha[:corte], fonte, corpo) > largura:
                corte -= 1
            saida.append(linha[:corte])
            linha = linha[corte:]
        saida.append(linha)
    return saida
