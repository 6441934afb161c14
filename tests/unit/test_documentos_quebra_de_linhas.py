"""O parágrafo que guarda a última quebra de linhas (`marcacao.Paragrafo`) desenha os mesmos
documentos que o do reportlab, que quebra as linhas de novo a cada medida."""

from __future__ import annotations

from typing import Any

import pytest
from reportlab.platypus import Paragraph

from farol.pdf import marcacao
from farol.pdf.dados import DadosDocumento, TipoDocumento
from farol.pdf.exemplos import auto_extenso, exemplo
from farol.pdf.renderizador import renderizar

DOCUMENTOS = [
    *((t.value, lambda t=t: exemplo(t)) for t in TipoDocumento),
    # 12 infrações e textos longos: quadros e parágrafos que se partem entre páginas
    ("auto_extenso", auto_extenso),
]


@pytest.mark.parametrize(("nome", "dados"), DOCUMENTOS, ids=[n for n, _ in DOCUMENTOS])
def test_os_mesmos_bytes_que_o_paragrafo_do_reportlab(
    nome: str, dados: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    documento: DadosDocumento = dados()
    com_a_medida_guardada = renderizar(documento)
    monkeypatch.setattr(marcacao.Paragrafo, "wrap", Paragraph.wrap)
    assert renderizar(documento) == com_a_medida_guardada, nome


def test_a_segunda_medida_na_mesma_largura_nao_quebra_de_novo(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    quebras: list[float] = []
    original = Paragraph.breakLines

    def contar(self: Paragraph, larguras: list[float]) -> Any:
        quebras.append(larguras[0])
        return original(self, larguras)

    monkeypatch.setattr(Paragraph, "breakLines", contar)
    p = marcacao._paragrafo("texto <b>longo</b> " * 40, "normal")
    primeira = p.wrap(200, 800)
    assert p.wrap(200, 800) == primeira and len(quebras) == 1
    # outra largura quebra de novo; e a volta à primeira também (as linhas guardadas são da outra)
    assert p.wrap(120, 800)[1] > primeira[1] and len(quebras) == 2
    assert p.wrap(200, 800) == primeira and len(quebras) == 3
    # o reportlab apaga as linhas do parágrafo que não cabe no resto da página: quebra de novo
    assert p.split(200, 1) == [] and not hasattr(p, "blPara")
    assert p.wrap(200, 800) == primeira and len(quebras) == 4
