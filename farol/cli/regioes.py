"""Regiões geradas num arquivo Markdown, entre `<!-- gerado: nome -->` e `<!-- fim: nome -->`.

O texto fora dos marcadores é escrito à mão e nunca é tocado; o de dentro é a saída de um
gerador (`farol docs`). Funções puras sobre o texto do arquivo.
"""

from __future__ import annotations

import re

INICIO = re.compile(r"^<!-- gerado: ([a-z0-9][a-z0-9-]*) -->$", re.MULTILINE)


def marcadores(nome: str) -> tuple[str, str]:
    return f"<!-- gerado: {nome} -->", f"<!-- fim: {nome} -->"


def corpo(gerado: str) -> str:
    """O que fica entre os marcadores: uma linha em branco antes e depois do texto gerado."""
    return "\n\n" + gerado.strip("\n") + "\n\n"


def _linha(marcador: str) -> re.Pattern[str]:
    return re.compile(rf"^{re.escape(marcador)}$", re.MULTILINE)


def regioes(texto: str) -> tuple[dict[str, str], list[str]]:
    """As regiões do texto (nome -> conteúdo entre os marcadores) e os marcadores sem fim."""
    achadas: dict[str, str] = {}
    sem_fim: list[str] = []
    for m in INICIO.finditer(texto):
        nome = m.group(1)
        fim = _linha(marcadores(nome)[1]).search(texto, m.end())
        if fim is None:
            sem_fim.append(nome)
        else:
            achadas[nome] = texto[m.end() : fim.start()]
    return achadas, sem_fim


def substituir(texto: str, nome: str, gerado: str) -> str:
    """O texto com a região `nome` trocada pela saída `gerado`; KeyError se ela não existir."""
    inicio, fim = (_linha(m) for m in marcadores(nome))
    a = inicio.search(texto)
    b = fim.search(texto, a.end()) if a else None
    if a is None or b is None:
        raise KeyError(nome)
    return texto[: a.end()] + corpo(gerado) + texto[b.start() :]
