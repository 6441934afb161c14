"""A documentação não diverge dos dados nem da CLI (à maneira do datasette)."""

from __future__ import annotations

from pathlib import Path

import typer.main

from farol.cli.main import app
from farol.normas.documentacao import infracoes_markdown
from farol.normas.infracoes import catalogo

RAIZ = Path(__file__).resolve().parents[2]


def test_docs_infracoes_e_a_renderizacao_atual_dos_dados() -> None:
    assert (RAIZ / "docs" / "infracoes.md").read_text(encoding="utf-8") == infracoes_markdown()


def test_todo_id_de_infracao_aparece_na_documentacao() -> None:
    texto = (RAIZ / "docs" / "infracoes.md").read_text(encoding="utf-8")
    for codigo in catalogo().infracoes:
        assert f"`{codigo}`" in texto


def test_todo_comando_da_cli_aparece_no_readme_ou_na_documentacao_da_cli() -> None:
    texto = (RAIZ / "README.md").read_text(encoding="utf-8") + (RAIZ / "docs" / "cli.md").read_text(
        encoding="utf-8"
    )
    grupo = typer.main.get_command(app)
    nomes: list[str] = []
    for nome, cmd in grupo.commands.items():  # type: ignore[attr-defined]
        sub = getattr(cmd, "commands", None)
        nomes += [f"farol {nome} {s}" for s in sub] if sub else [f"farol {nome}"]
    faltando = [n for n in nomes if n not in texto]
    assert not faltando, f"comandos sem documentação: {faltando}"
