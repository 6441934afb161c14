"""`renderizar(dados) -> bytes`: o PDF oficial de um documento do processo.

Caminho: `DadosDocumento` -> modelo Jinja2 do tipo (`modelos/<tipo>.xml.j2`, que inclui o
`cabecalho.xml.j2`) -> marcação XML -> elementos do reportlab -> PDF A4 com moldura (QR
de verificação, código e "Página n de m" em todas as páginas).

O PDF é determinístico: os mesmos dados e os mesmos modelos dão os mesmos bytes (datas
internas do PDF fixas), o que permite guardar o SHA-256 do documento emitido e conferi-lo.
"""

from __future__ import annotations

from functools import partial
from io import BytesIO
from pathlib import Path

from jinja2 import TemplateNotFound, TemplateSyntaxError, UndefinedError
from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate

from farol.pdf.ambiente import ambiente, pastas_modelos
from farol.pdf.dados import TITULOS, DadosDocumento
from farol.pdf.marcacao import Construtor, ModeloInvalido
from farol.pdf.pagina import (
    ALTURA_PAGINA,
    LARGURA_PAGINA,
    MARGEM_DIREITA,
    MARGEM_ESQUERDA,
    MARGEM_INFERIOR,
    MARGEM_SUPERIOR,
    CanvasComMoldura,
    Moldura,
)

LARGURA_UTIL = LARGURA_PAGINA - MARGEM_ESQUERDA - MARGEM_DIREITA
ALTURA_UTIL = ALTURA_PAGINA - MARGEM_SUPERIOR - MARGEM_INFERIOR


def _quadro() -> Frame:
    """A área do corpo, sem recuo interno: quadros e faixas ocupam a largura útil exata."""
    return Frame(
        MARGEM_ESQUERDA,
        MARGEM_INFERIOR,
        LARGURA_UTIL,
        ALTURA_UTIL,
        leftPadding=0,
        rightPadding=0,
        topPadding=0,
        bottomPadding=0,
        id="corpo",
    )


def nome_do_modelo(dados: DadosDocumento) -> str:
    return f"{dados.tipo.value}.xml.j2"


def gerar_marcacao(dados: DadosDocumento, *, modelos_dir: Path | str | None = None) -> str:
    """A marcação XML que o modelo do tipo produz para estes dados (antes do PDF)."""
    pastas = pastas_modelos(modelos_dir)
    nome = nome_do_modelo(dados)
    try:
        modelo = ambiente(pastas).get_template(nome)
        return modelo.render(
            d=dados,
            om=dados.om,
            titulo=TITULOS[dados.tipo],
            local_emissao=dados.local_emissao or dados.om.municipio,
        )
    except TemplateNotFound as erro:
        raise ModeloInvalido(f"modelo {erro.name!r} não encontrado", campo="tipo") from None
    except TemplateSyntaxError as erro:
        raise ModeloInvalido(
            f"modelo {erro.name or nome!r} com erro de sintaxe na linha {erro.lineno}: "
            f"{erro.message}"
        ) from None
    except UndefinedError as erro:
        raise ModeloInvalido(f"modelo {nome!r} usa dado inexistente: {erro.message}") from None


def _cadeia(dados: DadosDocumento) -> str | None:
    """'ato nº 7, hash 3f2a9c1e0b4d7a51': a cabeça da cadeia na emissão."""
    v = dados.verificacao
    if v.cadeia_seq is None or v.cadeia_hash is None:
        return None
    return f"ato nº {v.cadeia_seq}, hash {v.cadeia_hash}"


def renderizar(dados: DadosDocumento, *, modelos_dir: Path | str | None = None) -> bytes:
    """O PDF (bytes) do documento; `modelos_dir` (ou FAROL_MODELOS_DIR) é a pasta da OM."""
    pastas = pastas_modelos(modelos_dir)
    marcacao = gerar_marcacao(dados, modelos_dir=modelos_dir)
    elementos = Construtor(LARGURA_UTIL, pastas).documento(marcacao)
    titulo = TITULOS[dados.tipo]
    moldura = Moldura(
        om=f"MARINHA DO BRASIL — {dados.om.sigla}",
        documento=f"{titulo} nº {dados.numero_documento}",
        processo=f"Processo nº {dados.numero_processo}",
        codigo=dados.verificacao.codigo,
        url=dados.verificacao.url,
        cadeia=_cadeia(dados),
    )
    saida = BytesIO()
    doc = BaseDocTemplate(
        saida,
        pagesize=(LARGURA_PAGINA, ALTURA_PAGINA),
        pageTemplates=[PageTemplate(id="pagina", frames=[_quadro()])],
        leftMargin=MARGEM_ESQUERDA,
        rightMargin=MARGEM_DIREITA,
        topMargin=MARGEM_SUPERIOR,
        bottomMargin=MARGEM_INFERIOR,
        title=f"{titulo} nº {dados.numero_documento}",
        author=f"Marinha do Brasil — {dados.om.nome}",
        subject=f"Processo nº {dados.numero_processo}",
        keywords=["código de verificação", dados.verificacao.codigo],
        creator="Farol",
        producer="Farol",
        lang="pt-BR",
        invariant=1,
    )
    doc.build(elementos, canvasmaker=partial(CanvasComMoldura, moldura=moldura))
    return saida.getvalue()
