"""Saída da CLI: JSON estável (UTF-8, chaves na ordem do contrato) ou tabela legível.

O JSON guarda os formatos de máquina (datas ISO, "3200.00", "P12M"); a tabela fala português,
com os formatos de `farol.formatos` (os mesmos das páginas e dos PDFs).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table


def imprimir_json(dados: Any) -> None:
    print(json.dumps(dados, ensure_ascii=False, indent=2))


def celula(valor: Any, nome: Callable[[str], str] = str) -> str:
    """Um valor do resultado como texto da tabela: vazio "—", sim/não, listas com "; " e cada
    id pelo seu nome (`nome`); nunca "None", "True" ou "[...]"."""
    if valor is None or valor == [] or valor == "":
        return "—"
    if isinstance(valor, bool):
        return "sim" if valor else "não"
    if isinstance(valor, list | tuple):
        return "; ".join(nome(str(v)) for v in valor)
    if isinstance(valor, dict):
        return "; ".join(f"{k.replace('_', ' ')}: {celula(v)}" for k, v in valor.items())
    return nome(str(valor))


def tabela(titulo: str, colunas: Sequence[str], linhas: Sequence[Sequence[str]]) -> None:
    t = Table(title=titulo, box=box.SIMPLE_HEAVY, show_lines=False, title_justify="left")
    for c in colunas:
        t.add_column(c, overflow="fold")
    for linha in linhas:
        t.add_row(*linha)
    Console().print(t)
