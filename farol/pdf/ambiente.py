"""Onde os modelos são procurados e os filtros que eles usam.

Ordem de busca de cada arquivo de modelo (o primeiro que existir vale):

1. a pasta passada a `renderizar(..., modelos_dir=...)`, ou a da variável de ambiente
   `FAROL_MODELOS_DIR` — a pasta da OM, onde ela põe o seu `cabecalho.xml.j2`, um
   `brasao.png` ou um modelo inteiro ajustado;
2. a pasta `modelos/` deste pacote, com os modelos padrão.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup, escape

from farol import formatos
from farol.pdf.dados import Assinatura
from farol.pdf.extenso import valor_por_extenso
from farol.pdf.formatos import (
    a_preencher,
    data_por_extenso,
    formatar_data,
    formatar_data_hora,
    formatar_documento,
    formatar_hora,
    formatar_metros,
    formatar_reais,
    reais_com_extenso,
)
from farol.pdf.marcacao import ModeloInvalido, achar_imagem

PASTA_PADRAO = Path(__file__).parent / "templates"
VARIAVEL_PASTA = "FAROL_MODELOS_DIR"


def pastas_modelos(modelos_dir: Path | str | None = None) -> tuple[Path, ...]:
    """Pastas de modelos em ordem de precedência (a da OM antes da padrão)."""
    escolhida = modelos_dir if modelos_dir is not None else os.environ.get(VARIAVEL_PASTA)
    if not escolhida:
        return (PASTA_PADRAO,)
    pasta = Path(escolhida).expanduser()
    if not pasta.is_dir():
        raise ModeloInvalido(f"pasta de modelos {str(pasta)!r} não existe", campo=VARIAVEL_PASTA)
    return (pasta.resolve(), PASTA_PADRAO)


def _quebras(texto: str) -> Markup:
    """Texto com quebras de linha preservadas dentro de um campo (escapado)."""
    linhas = [escape(linha.strip()) for linha in texto.splitlines() if linha.strip()]
    return Markup("<br/>").join(linhas)


_FORA_DO_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
"""Caracteres que o XML 1.0 não admite nem escapados (controles, substitutos soltos)."""


def _so_o_que_o_xml_admite(valor: object) -> object:
    """Cada valor impresso num modelo (`finalize` do Jinja) sem os caracteres que o XML não
    admite: um texto digitado com um caractere de controle não quebra o documento."""
    if isinstance(valor, str) and _FORA_DO_XML.search(valor):
        limpo = _FORA_DO_XML.sub("", valor)
        return Markup(limpo) if isinstance(valor, Markup) else limpo
    return valor


def _ou_traco(valor: object) -> object:
    return valor if valor not in (None, "") else "—"


def _testemunha(assinatura: Assinatura) -> bool:
    return assinatura.papel.casefold().startswith("testemunha")


@lru_cache(maxsize=16)
def ambiente(pastas: Sequence[Path]) -> Environment:
    """Ambiente Jinja2 (um por conjunto de pastas; os modelos compilados ficam em cache)."""
    env = Environment(
        loader=FileSystemLoader([str(p) for p in pastas]),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=False,
        finalize=_so_o_que_o_xml_admite,
    )
    env.filters.update(
        data=formatar_data,
        data_hora=formatar_data_hora,
        data_extenso=data_por_extenso,
        hora=formatar_hora,
        quebras=_quebras,
        reais=formatar_reais,
        extenso=valor_por_extenso,
        reais_extenso=reais_com_extenso,
        documento=formatar_documento,
        duracao=formatos.duracao,
        numero=formatos.numero,
        ou_traco=_ou_traco,
        a_preencher=a_preencher,
        metros=formatar_metros,
    )
    env.tests["testemunha"] = _testemunha
    env.globals["imagem_existe"] = lambda nome: achar_imagem(nome, pastas) is not None
    return env
