"""Saída da CLI: JSON estável (UTF-8, chaves na ordem do contrato) ou tabela legível."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table


def imprimir_json(dados: Any) -> None:
    print(json.dumps(dados, ensure_ascii=False, indent=2))


def tabela(titulo: str, colunas: Sequence[str], linhas: Sequence[Sequence[str]]) -> None:
    t = Table(title=titulo, box=box.SIMPLE_HEAVY, show_lines=False, title_justify="left")
    for c in colunas:
        t.add_column(c, overflow="fold")
    for linha in linhas:
        t.add_row(*linha)
    Console().print(t)
