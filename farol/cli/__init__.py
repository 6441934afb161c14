"""A linha de comando (`farol`).

As frases que vêm das bibliotecas que a montam (click e typer: "Usage:", "Options", "Show
this message and exit.", as recusas de uso) saem em português pelo gettext delas: o domínio
padrão (`messages`), que elas usam, lê o catálogo de `traducao/pt_BR`, e o idioma é o
português do Brasil salvo se `LANGUAGE` disser outro. Fica aqui, no pacote, porque as
bibliotecas traduzem algumas frases ao serem importadas (os títulos dos quadros da ajuda do
typer): o pacote roda antes de `farol.cli.main` importá-las.
"""

from __future__ import annotations

import gettext
import os
from pathlib import Path

TRADUCAO = Path(__file__).parent / "traducao"

os.environ.setdefault("LANGUAGE", "pt_BR")
gettext.bindtextdomain("messages", str(TRADUCAO))
