"""Cada formulário vira PNG (pdftoppm) em artefatos/documentos/, e o QR da primeira e da
última página leva ao endereço de verificação.

Sem o pdftoppm (pacote poppler-utils do Debian) os testes de imagem são pulados com o
motivo; o PDF de cada formulário fica guardado como artefato de qualquer forma.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from farol.pdf.dados import TipoDocumento
from farol.pdf.exemplos import auto_extenso, exemplo
from farol.pdf.renderizador import renderizar

ARTEFATOS = Path(__file__).resolve().parents[2] / "artefatos" / "documentos"
PDFTOPPM = shutil.which("pdftoppm")
SEM_PDFTOPPM = "pdftoppm ausente (apt-get install poppler-utils): só o PDF ficou como artefato"


def _pdf(nome: str, pdf: bytes) -> Path:
    ARTEFATOS.mkdir(parents=True, exist_ok=True)
    caminho = ARTEFATOS / f"{nome}.pdf"
    provisorio = caminho.with_name(f".{nome}.{os.getpid()}.pdf")
    provisorio.write_bytes(pdf)
    provisorio.replace(caminho)  # troca atômica: quem lê nunca vê o PDF pela metade
    return caminho


def _png(pdf: Path, resolucao: int = 100) -> list[Path]:
    """Páginas do PDF em PNG ao lado dele; pula o teste (PDF já guardado) sem pdftoppm."""
    if PDFTOPPM is None:
        pytest.skip(SEM_PDFTOPPM)
    for antigo in ARTEFATOS.glob(f"{pdf.stem}-*.png"):
        antigo.unlink()
    subprocess.run(
        [PDFTOPPM, "-r", str(resolucao), "-png", str(pdf), str(ARTEFATOS / pdf.stem)],
        check=True,
        timeout=120,
    )
    return sorted(ARTEFATOS.glob(f"{pdf.stem}-*.png"))


@pytest.mark.parametrize("tipo", list(TipoDocumento))
def test_cada_formulario_vira_png_em_artefatos(tipo: TipoDocumento) -> None:
    pdf = _pdf(tipo.value, renderizar(exemplo(tipo)))
    imagens = _png(pdf)
    assert imagens, "pdftoppm não gerou página"
    for imagem in imagens:
        assert imagem.read_bytes().startswith(b"\x89PNG")
        assert imagem.stat().st_size > 10_000  # página com conteúdo, não em branco


def test_auto_extenso_vira_png_pagina_a_pagina() -> None:
    pdf = _pdf("auto_de_infracao_extenso", renderizar(auto_extenso()))
    assert len(_png(pdf, resolucao=80)) >= 3


def test_qr_da_primeira_e_da_ultima_pagina_decodifica_para_a_url_de_verificacao() -> None:
    dados = auto_extenso()
    pdf = _pdf("auto_de_infracao_qr", renderizar(dados))
    paginas = _png(pdf, resolucao=150)
    zxingcpp = pytest.importorskip("zxingcpp", reason="zxing-cpp ausente: QR não decodificado")
    imagem_pil = pytest.importorskip("PIL.Image")
    assert len(paginas) >= 2
    for pagina in (paginas[0], paginas[-1]):
        with imagem_pil.open(pagina) as img:
            lidos = [r.text for r in zxingcpp.read_barcodes(img)]
        assert dados.verificacao.url in lidos, f"QR de {pagina.name}: {lidos}"
