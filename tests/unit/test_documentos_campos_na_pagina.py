"""Um quadro de campos curto (rótulo e uma linha de valor) não se parte entre páginas: o
rótulo no pé de uma e o valor no alto da outra (revisão dos documentos, B5: "6.1 Multa-base"
no pé da página 1 da decisão e "R$ 15.000,00" no alto da 2). O campo longo, maior que o que
cabe, continua partindo e nada se corta."""

from __future__ import annotations

from io import BytesIO

from pypdf import PdfReader
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import cm
from reportlab.platypus import SimpleDocTemplate

from farol.pdf.marcacao import Construtor

LARGURA = A4[0] - 4 * cm


def _paginas(xml: str) -> list[str]:
    saida = BytesIO()
    doc = SimpleDocTemplate(saida, pagesize=A4, leftMargin=2 * cm, rightMargin=2 * cm)
    doc.build(Construtor(LARGURA, []).documento(xml))
    return [" ".join((p.extract_text() or "").split()) for p in PdfReader(saida).pages]


def _documento(paragrafos: int, valor: str, espaco: int = 0) -> str:
    enchimento = "".join(f"<p>Parágrafo de enchimento número {i}.</p>" for i in range(paragrafos))
    return (
        f"<documento>{enchimento}<espaco altura='{espaco}'/><campos colunas='4'>"
        f"<campo rotulo='ROTULOCURTO multa-base'>{valor}</campo>"
        "<campo rotulo='Fator de reincidência'>×1</campo>"
        "<campo rotulo='Multa fixada' largura='2'>R$ 15.000,00</campo>"
        "</campos></documento>"
    )


def test_o_quadro_curto_fica_inteiro_numa_pagina_onde_quer_que_caia() -> None:
    partidos = []
    # o quadro cai em cada altura do pé da primeira página, de ponto em ponto
    for espaco in range(0, 40):
        paginas = _paginas(_documento(40, "VALORCURTO", espaco))
        juntos = [("ROTULOCURTO" in p, "VALORCURTO" in p) for p in paginas]
        if (True, True) not in juntos:
            partidos.append((espaco, juntos))
    assert not partidos, partidos


def test_o_campo_maior_que_a_pagina_continua_na_seguinte_sem_cortar() -> None:
    palavras = [f"palavra{i}" for i in range(1200)]
    paginas = _paginas(_documento(0, " ".join(palavras)))
    assert len(paginas) >= 2
    texto = " ".join(paginas)
    assert all(p in texto for p in (palavras[0], palavras[600], palavras[-1]))


def _tabela(paragrafos: int, espaco: int) -> str:
    enchimento = "".join(f"<p>Parágrafo de enchimento número {i}.</p>" for i in range(paragrafos))
    linhas = "".join(
        f"<linha><celula>RLESTA.15.I</celula><celula>multa<br/>Grupo D: de R$ 40,00 a R$ "
        f"1.600,00</celula><celula>INICIO{i} R$ 1.234,56 (mil duzentos e trinta e quatro reais e "
        f"cinquenta e seis centavos) FIM{i}</celula><celula>RLESTA art. 15, I</celula></linha>"
        for i in range(3)
    )
    return (
        f"<documento>{enchimento}<espaco altura='{espaco}'/>"
        "<tabela larguras='19%,23%,30%,28%' cabecalho='1'><linha><celula>Infração</celula>"
        "<celula>Penalidade</celula><celula>Valor</celula><celula>Fundamento</celula></linha>"
        f"{linhas}</tabela></documento>"
    )


def test_a_linha_curta_da_tabela_fica_inteira_numa_pagina_onde_quer_que_caia() -> None:
    """A linha da penalidade (três linhas de texto) se partia no pé da página: "R$ 1.234,56
    (mil duzentos e trinta e" numa página e "centavos)" na outra (a decisão pela API)."""
    partidas = []
    for espaco in range(0, 60, 2):
        paginas = _paginas(_tabela(40, espaco))
        for i in range(3):
            if not any(f"INICIO{i}" in p and f"FIM{i}" in p for p in paginas):
                partidas.append((espaco, i))
    assert not partidas, partidas
