"""QR code com o endereço de verificação, desenhado em vetor (nítido em qualquer impressão).

Usa o codificador de QR do próprio reportlab, nível de correção M (15%): resiste a carimbo
e dobra do papel. A matriz de cada endereço é calculada uma vez; no PDF o QR é um único
objeto (Form XObject) desenhado uma vez e referenciado em todas as páginas, com os módulos
escuros de cada linha fundidos em retângulos.
"""

from __future__ import annotations

from functools import lru_cache
from hashlib import sha256

from reportlab.graphics.barcode import qrencoder
from reportlab.pdfgen.canvas import Canvas

MARGEM_MODULOS = 4  # zona de silêncio exigida pelo padrão QR


@lru_cache(maxsize=64)
def modulos(conteudo: str) -> tuple[tuple[bool, ...], ...]:
    """Matriz do QR (True = módulo escuro), sem a zona de silêncio."""
    qr = qrencoder.QRCode(None, qrencoder.QRErrorCorrectLevel.M)
    qr.addData(conteudo)
    qr.make()
    # os stubs do reportlab não anotam estes dois métodos do codificador
    n: int = qr.getModuleCount()  # type: ignore[no-untyped-call]
    escuro = qr.isDark
    return tuple(
        tuple(bool(escuro(r, c)) for c in range(n))  # type: ignore[no-untyped-call]
        for r in range(n)
    )


def _faixas(linha: tuple[bool, ...]) -> list[tuple[int, int]]:
    """(início, comprimento) de cada sequência de módulos escuros da linha."""
    faixas = []
    inicio = None
    for c, escuro in enumerate((*linha, False)):
        if escuro and inicio is None:
            inicio = c
        elif not escuro and inicio is not None:
            faixas.append((inicio, c - inicio))
            inicio = None
    return faixas


def desenhar_qr(canvas: Canvas, conteudo: str, x: float, y: float, lado: float) -> None:
    """Desenha o QR (com a zona de silêncio) num quadrado de `lado` com canto em (x, y)."""
    nome = f"qr{sha256(f'{conteudo}|{lado}'.encode()).hexdigest()[:16]}"
    if not canvas.hasForm(nome):
        matriz = modulos(conteudo)
        n = len(matriz)
        modulo = lado / (n + 2 * MARGEM_MODULOS)
        canvas.beginForm(nome, lowerx=0, lowery=0, upperx=lado, uppery=lado)
        canvas.setFillColorRGB(1, 1, 1)
        canvas.rect(0, 0, lado, lado, stroke=0, fill=1)
        canvas.setFillColorRGB(0, 0, 0)
        caminho = canvas.beginPath()
        for r, linha in enumerate(matriz):
            topo = lado - (MARGEM_MODULOS + r + 1) * modulo
            for inicio, comprimento in _faixas(linha):
                caminho.rect((MARGEM_MODULOS + inicio) * modulo, topo, comprimento * modulo, modulo)
        canvas.drawPath(caminho, stroke=0, fill=1)
        canvas.endForm()
    canvas.saveState()
    canvas.translate(x, y)
    canvas.doForm(nome)
    canvas.restoreState()
