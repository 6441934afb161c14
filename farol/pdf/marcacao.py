"""A marcação dos modelos: um XML pequeno que vira elementos de página do reportlab.

Os modelos Jinja2 (pasta `modelos/`) produzem este XML; aqui ele vira parágrafos, quadros
de campos, tabelas e blocos de assinatura. Todo texto longo quebra linha e continua na
página seguinte (quadros com `splitInRow`), nunca é cortado.

Elementos de bloco:

| elemento | atributos | o que desenha |
| --- | --- | --- |
| `p` | `estilo` | parágrafo com marcação em linha (`b`, `i`, `u`, `br`, `font`, `super`) |
| `texto` | `estilo` | texto livre: cada linha vira um parágrafo (relatório, fundamentação) |
| `secao` | `titulo` | faixa de título numerada seguida dos blocos filhos |
| `campos` | `colunas` | quadro de campos: `campo` com `rotulo` e `largura` (em colunas) |
| `tabela` | `larguras`, `cabecalho` | tabela `linha`/`celula`; a 1ª linha repete por página |
| `lista` | `tipo` (`alfa`, `num`, `marcador`) | itens `item` com a), 1. ou marcador |
| `marcacao` | `marcado` | opção de formulário "( X ) texto" |
| `assinaturas` | `colunas` | blocos `assinatura` (`nome`, `cargo`, `papel`, `documento`, `data`) |
| `caixa` | `titulo` | quadro com borda em volta dos blocos filhos |
| `manter` | — | mantém os blocos filhos na mesma página |
| `linhas` | `n` | linhas em branco para preenchimento à mão |
| `linha` | — | fio horizontal |
| `espaco` | `altura` | espaço vertical (`6mm`, `12`) |
| `imagem` | `arquivo`, `largura`, `alinhamento` | imagem da pasta de modelos (brasão) |
| `quebra` | — | nova página |
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Literal
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import cm, mm
from reportlab.platypus import (
    Flowable,
    HRFlowable,
    Image,
    KeepTogether,
    PageBreak,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from farol.erros import ErroFarol
from farol.pdf.estilos import CINZA_FAIXA, ESTILOS

LINHA_FINA = 0.5
_ALTURA_QUE_SE_PARTE = 4 * cm
"""Um quadro de campos, ou uma linha de tabela, só se parte entre páginas se passa desta altura
(o texto longo, que não caberia inteiro no resto da página); a mais curta muda de página
inteira."""
_ALINHAMENTOS: dict[str, Literal["LEFT", "CENTER", "RIGHT"]] = {
    "esquerda": "LEFT",
    "centro": "CENTER",
    "direita": "RIGHT",
}


_ESTILO_CAMPOS = TableStyle(
    [
        ("GRID", (0, 0), (-1, -1), LINHA_FINA, colors.black),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), 3),
        ("RIGHTPADDING", (0, 0), (-1, -1), 3),
        ("TOPPADDING", (0, 0), (-1, -1), 1.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
    ]
)


class ModeloInvalido(ErroFarol):
    """Modelo que gera marcação que o renderizador não conhece (erro de quem editou o modelo)."""


def medida(texto: str, total: float | None = None) -> float:
    """ "6mm", "1.5cm", "12" (pontos) ou "40%" (de `total`) em pontos."""
    t = texto.strip()
    try:
        if t.endswith("%") and total is not None:
            return float(t[:-1]) * total / 100
        if t.endswith("mm"):
            return float(t[:-2]) * mm
        if t.endswith("cm"):
            return float(t[:-2]) * cm
        return float(t)
    except ValueError:
        raise ModeloInvalido(f"medida {texto!r} inválida: use 6mm, 1cm, 12 ou 40%") from None


def _interno(e: ET.Element) -> str:
    """Conteúdo do elemento como marcação de parágrafo do reportlab (já escapada)."""
    return escape(e.text or "") + "".join(ET.tostring(f, encoding="unicode") for f in e)


def _texto(e: ET.Element) -> str:
    return "".join(e.itertext())


def _estilo(e: ET.Element, padrao: str) -> str:
    nome = e.get("estilo", padrao)
    if nome not in ESTILOS:
        raise ModeloInvalido(f"estilo {nome!r} desconhecido; há: {', '.join(sorted(ESTILOS))}")
    return nome


class Paragrafo(Paragraph):
    """O parágrafo do reportlab que não quebra as linhas de novo para a mesma largura.

    Um quadro mede cada célula para a altura da linha e a mede de novo ao desenhá-la (e ao
    partir-se entre páginas): cada parágrafo era quebrado em linhas duas a três vezes na mesma
    largura (um quinto das instruções de um Auto de Infração). A quebra (`Paragraph.wrap`)
    depende só da largura, do texto e do estilo; a medida anterior vale enquanto as linhas que
    ela calculou (`blPara`) seguem as do parágrafo (o `split` do reportlab as apaga quando o
    parágrafo não cabe, e então se quebra de novo). Os mesmos bytes do PDF
    (`tests/unit/test_documentos_quebra_de_linhas.py`); 278 → 216 milhões de instruções por Auto de
    Infração de exemplo (callgrind, `bench/documentos.py`)."""

    _medida: tuple[float, Any, tuple[float, float]] | None = None

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        medida = self._medida
        if (
            medida is not None
            and medida[0] == availWidth
            and getattr(self, "blPara", None) is medida[1]
            and (self.width, self.height) == medida[2]
        ):
            return medida[2]
        largura, altura = super().wrap(availWidth, availHeight)
        blpara = getattr(self, "blPara", None)
        self._medida = None if blpara is None else (availWidth, blpara, (largura, altura))
        return largura, altura


def _paragrafo(marcacao: str, estilo: str) -> Paragraph:
    try:
        return Paragrafo(marcacao, ESTILOS[estilo])
    except ValueError as erro:
        raise ModeloInvalido(f"marcação de parágrafo inválida: {erro}") from None


class Construtor:
    """Converte a árvore XML em elementos de página, dada a largura útil da página."""

    def __init__(self, largura: float, pastas_imagem: Sequence[Path]) -> None:
        self.largura = largura
        self.pastas_imagem = list(pastas_imagem)
        self._blocos: dict[str, Callable[[ET.Element, float], list[Flowable]]] = {
            "p": self._p,
            "texto": self._texto_livre,
            "secao": self._secao,
            "campos": self._campos,
            "tabela": self._tabela,
            "lista": self._lista,
            "marcacao": self._marcacao,
            "assinaturas": self._assinaturas,
            "caixa": self._caixa,
            "manter": self._manter,
            "linhas": self._linhas,
            "linha": self._linha,
            "espaco": self._espaco,
            "imagem": self._imagem,
            "quebra": lambda e, w: [PageBreak()],
        }

    def documento(self, xml: str) -> list[Flowable]:
        try:
            raiz = ET.fromstring(xml)
        except ET.ParseError as erro:
            linha, coluna = erro.position
            raise ModeloInvalido(
                f"o modelo gerou XML inválido (linha {linha}, coluna {coluna})"
            ) from None
        if raiz.tag != "documento":
            raise ModeloInvalido(f"a raiz do modelo deve ser <documento>, não <{raiz.tag}>")
        return self.blocos(raiz, self.largura)

    def blocos(self, pai: ET.Element, largura: float) -> list[Flowable]:
        if (pai.text or "").strip():
            raise ModeloInvalido(f"texto solto dentro de <{pai.tag}>: use <p>")
        saida: list[Flowable] = []
        for e in pai:
            construir = self._blocos.get(e.tag)
            if construir is None:
                raise ModeloInvalido(f"elemento <{e.tag}> desconhecido dentro de <{pai.tag}>")
            saida.extend(construir(e, largura))
            if (e.tail or "").strip():
                raise ModeloInvalido(f"texto solto depois de <{e.tag}>: use <p>")
        return saida

    # -- texto -------------------------------------------------------------------------
    def _p(self, e: ET.Element, largura: float) -> list[Flowable]:
        return [_paragrafo(_interno(e), _estilo(e, "normal"))]

    def _texto_livre(self, e: ET.Element, largura: float) -> list[Flowable]:
        estilo = _estilo(e, "normal")
        linhas = [linha.strip() for linha in _texto(e).splitlines()]
        return [_paragrafo(escape(linha), estilo) for linha in linhas if linha]

    def _lista(self, e: ET.Element, largura: float) -> list[Flowable]:
        tipo = e.get("tipo", "alfa")
        estilo = ESTILOS[_estilo(e, "normal")]
        recuo = _derivado(
            estilo, "lista", leftIndent=estilo.leftIndent + 16, bulletIndent=estilo.leftIndent + 2
        )
        saida: list[Flowable] = []
        for i, item in enumerate(e.findall("item")):
            if tipo == "num":
                marca = f"{i + 1}."
            elif tipo == "marcador":
                marca = "•"
            else:
                marca = f"{_letra(i)})"
            saida.append(Paragrafo(_interno(item), recuo, bulletText=marca))
        return saida

    def _marcacao(self, e: ET.Element, largura: float) -> list[Flowable]:
        marca = "( X )" if e.get("marcado") in {"1", "sim", "true"} else "(    )"
        estilo = ESTILOS[_estilo(e, "esquerda")]
        recuo = _derivado(
            estilo,
            "marcacao",
            leftIndent=estilo.leftIndent + 26,
            bulletIndent=estilo.leftIndent,
            bulletFontName="Helvetica-Bold",
        )
        return [Paragrafo(_interno(e), recuo, bulletText=marca)]

    # -- quadros -----------------------------------------------------------------------
    def _secao(self, e: ET.Element, largura: float) -> list[Flowable]:
        titulo = _paragrafo(escape(e.get("titulo", "")), "secao")
        return [titulo, *self.blocos(e, largura)]

    def _campos(self, e: ET.Element, largura: float) -> list[Flowable]:
        """Quadro de campos: uma tabela por linha, com as larguras dos campos daquela linha.

        Não se usa SPAN: o reportlab parte mal uma célula mesclada maior que a página
        (quebra o texto na largura de uma coluna só). Tabelas de uma linha, sem mescla,
        partem a célula longa entre páginas corretamente.
        """
        colunas = int(e.get("colunas", "2"))
        linhas: list[list[tuple[int, list[Flowable]]]] = []  # por linha: (colunas, conteúdo)
        atual: list[tuple[int, list[Flowable]]] = []
        for campo in e:
            if campo.tag != "campo":
                raise ModeloInvalido(f"<campos> só aceita <campo>, não <{campo.tag}>")
            ocupa = max(1, min(int(campo.get("largura", "1")), colunas))
            if sum(n for n, _ in atual) + ocupa > colunas:
                linhas.append(atual)
                atual = []
            valor = _interno(campo).strip()
            atual.append(
                (
                    ocupa,
                    [
                        _paragrafo(escape(campo.get("rotulo", "")), "rotulo"),
                        _paragrafo(valor or "&nbsp;", "valor"),
                    ],
                )
            )
        if atual:
            linhas.append(atual)
        coluna = largura / colunas
        saida: list[Flowable] = []
        for i, linha in enumerate(linhas):
            larguras = [n * coluna for n, _ in linha]
            larguras[-1] = largura - sum(larguras[:-1])  # o último campo vai até a borda
            tabela = Table(
                [[conteudo for _, conteudo in linha]],
                colWidths=larguras,
                style=_ESTILO_CAMPOS,
                splitInRow=1,
                spaceAfter=4 if i == len(linhas) - 1 else 0,
                hAlign="LEFT",
            )
            # a linha curta (o rótulo e poucas linhas de valor) vai inteira para a página
            # seguinte: partida, deixava o rótulo no pé de uma página e o valor na outra
            if tabela.wrap(largura, _ALTURA_QUE_SE_PARTE * 10)[1] <= _ALTURA_QUE_SE_PARTE:
                tabela.splitInRow = 0
            saida.append(tabela)
        return saida

    def _tabela(self, e: ET.Element, largura: float) -> list[Flowable]:
        linhas_xml = e.findall("linha")
        if not linhas_xml:
            return []
        n = max(len(linha.findall("celula")) for linha in linhas_xml)
        larguras_txt = e.get("larguras")
        if larguras_txt:
            larguras = [medida(x, largura) for x in larguras_txt.split(",")]
            if len(larguras) != n:
                raise ModeloInvalido(f"<tabela> com {n} colunas e {len(larguras)} larguras")
        else:
            larguras = [largura / n] * n
        cabecalho = e.get("cabecalho") in {"1", "sim", "true"}
        dados: list[list[object]] = []
        for i, linha in enumerate(linhas_xml):
            estilo = "celula_cabecalho" if cabecalho and i == 0 else "celula"
            celulas: list[object] = [
                _paragrafo(_interno(c).strip() or "&nbsp;", _estilo(c, estilo))
                for c in linha.findall("celula")
            ]
            celulas.extend([""] * (n - len(celulas)))
            dados.append(celulas)
        comandos: list[Any] = [
            ("GRID", (0, 0), (-1, -1), LINHA_FINA, colors.black),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LEFTPADDING", (0, 0), (-1, -1), 3),
            ("RIGHTPADDING", (0, 0), (-1, -1), 3),
            ("TOPPADDING", (0, 0), (-1, -1), 2),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
        ]
        if cabecalho:
            comandos.append(("BACKGROUND", (0, 0), (-1, 0), CINZA_FAIXA))
        tabela = Table(
            dados,
            colWidths=larguras,
            style=TableStyle(comandos),
            repeatRows=1 if cabecalho else 0,
            splitInRow=1,
            spaceAfter=4,
            hAlign="LEFT",
        )
        # a tabela se parte entre as linhas; a linha só se parte se for mais alta que 4 cm (o
        # texto longo): partida, a penalidade ficava com "R$ 1.234,56 (mil duzentos e trinta
        # e" no pé de uma página e "centavos)" no alto da outra
        tabela.wrap(largura, _ALTURA_QUE_SE_PARTE * 1000)
        if max(getattr(tabela, "_rowHeights", None) or [0]) <= _ALTURA_QUE_SE_PARTE:
            tabela.splitInRow = 0
        return [tabela]

    def _caixa(self, e: ET.Element, largura: float) -> list[Flowable]:
        interno = largura - 12
        conteudo: list[Flowable] = []
        if e.get("titulo"):
            conteudo.append(_paragrafo(f"<b>{escape(e.get('titulo', ''))}</b>", "esquerda"))
        conteudo.extend(self.blocos(e, interno))
        tabela = Table(
            [[conteudo]],
            colWidths=[largura],
            style=TableStyle(
                [
                    ("BOX", (0, 0), (-1, -1), 0.8, colors.black),
                    ("LEFTPADDING", (0, 0), (-1, -1), 6),
                    ("RIGHTPADDING", (0, 0), (-1, -1), 6),
                    ("TOPPADDING", (0, 0), (-1, -1), 4),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 5),
                ]
            ),
            splitInRow=1,
            spaceBefore=4,
            spaceAfter=6,
        )
        return [tabela]

    def _manter(self, e: ET.Element, largura: float) -> list[Flowable]:
        return [KeepTogether(self.blocos(e, largura))]

    # -- assinaturas ---------------------------------------------------------------------
    def _assinaturas(self, e: ET.Element, largura: float) -> list[Flowable]:
        colunas = int(e.get("colunas", "2"))
        blocos = [self._assinatura(a, largura / colunas) for a in e.findall("assinatura")]
        if not blocos:
            return []
        linhas = [blocos[i : i + colunas] for i in range(0, len(blocos), colunas)]
        for linha in linhas:
            linha.extend([[]] * (colunas - len(linha)))
        tabela = Table(
            linhas,
            colWidths=[largura / colunas] * colunas,
            style=TableStyle(
                [
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                    ("LEFTPADDING", (0, 0), (-1, -1), 10),
                    ("RIGHTPADDING", (0, 0), (-1, -1), 10),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 8),
                ]
            ),
            splitInRow=1,
            spaceBefore=4,
        )
        return [tabela]

    def _assinatura(self, e: ET.Element, largura: float) -> list[Flowable]:
        partes: list[Flowable] = [
            Spacer(1, medida(e.get("espaco", "14mm"))),
            HRFlowable(width="100%", thickness=LINHA_FINA, color=colors.black, spaceAfter=2),
        ]
        if e.get("nome"):
            partes.append(_paragrafo(escape(e.get("nome", "")), "assinatura_nome"))
        for atributo in ("cargo", "documento", "papel", "data"):
            if e.get(atributo):
                partes.append(_paragrafo(escape(e.get(atributo, "")), "assinatura"))
        partes.extend(self.blocos(e, largura - 20))
        return partes

    # -- miudezas ----------------------------------------------------------------------
    def _linhas(self, e: ET.Element, largura: float) -> list[Flowable]:
        n = int(e.get("n", "3"))
        altura = medida(e.get("altura", "7mm"))
        return [
            Table(
                [[""]] * n,
                colWidths=[largura],
                rowHeights=[altura] * n,
                style=TableStyle([("LINEBELOW", (0, 0), (-1, -1), LINHA_FINA, colors.grey)]),
                spaceAfter=4,
            )
        ]

    def _linha(self, e: ET.Element, largura: float) -> list[Flowable]:
        return [
            HRFlowable(
                width="100%",
                thickness=float(e.get("espessura", "0.8")),
                color=colors.black,
                spaceBefore=3,
                spaceAfter=3,
            )
        ]

    def _espaco(self, e: ET.Element, largura: float) -> list[Flowable]:
        return [Spacer(1, medida(e.get("altura", "4mm")))]

    def _imagem(self, e: ET.Element, largura: float) -> list[Flowable]:
        nome = e.get("arquivo", "")
        caminho = achar_imagem(nome, self.pastas_imagem)
        if caminho is None:
            raise ModeloInvalido(f"imagem {nome!r} não encontrada nas pastas de modelos")
        imagem = Image(str(caminho))
        w = medida(e.get("largura", "18mm"), largura)
        imagem.drawHeight = imagem.imageHeight * w / imagem.imageWidth
        imagem.drawWidth = w
        alinhamento = e.get("alinhamento", "centro")
        if alinhamento not in _ALINHAMENTOS:
            raise ModeloInvalido(f"alinhamento {alinhamento!r} inválido: esquerda, centro, direita")
        imagem.hAlign = _ALINHAMENTOS[alinhamento]
        return [imagem]


def achar_imagem(nome: str, pastas: Sequence[Path]) -> Path | None:
    """Primeira pasta de modelos que tem o arquivo; nomes com barra ou '..' são recusados."""
    if not re.fullmatch(r"[\w.-]+", nome) or nome.startswith("."):
        return None
    for pasta in pastas:
        caminho = pasta / nome
        if caminho.is_file():
            return caminho
    return None


def _letra(i: int) -> str:
    letras = "abcdefghijklmnopqrstuvwxyz"
    return letras[i] if i < len(letras) else letras[i // 26 - 1] + letras[i % 26]


_DERIVADOS: dict[tuple[str, str], ParagraphStyle] = {}


def _derivado(estilo: ParagraphStyle, sufixo: str, **kw: Any) -> ParagraphStyle:
    """Estilo com recuo para listas e marcações, criado uma vez por estilo de origem."""
    chave = (estilo.name, sufixo)
    if chave not in _DERIVADOS:
        _DERIVADOS[chave] = ParagraphStyle(f"{estilo.name}_{sufixo}", parent=estilo, **kw)
    return _DERIVADOS[chave]
