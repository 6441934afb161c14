"""Renderiza o catálogo de infrações em Markdown para docs/infracoes.md (que não pode divergir).

Regenerar: `.venv/bin/python -m farol.normas.documentacao > docs/infracoes.md`
"""

from __future__ import annotations

from farol.normas.infracoes import Catalogo, catalogo


def _celula(texto: str) -> str:
    return " ".join(texto.split()).replace("|", "\\|")


def infracoes_markdown(cat: Catalogo | None = None) -> str:
    cat = cat or catalogo()
    linhas = [
        "| código | infração | penalidade | autores materiais | fundamento |",
        "| --- | --- | --- | --- | --- |",
    ]
    for i in cat.infracoes.values():
        linhas.append(
            f"| `{i.codigo}` | {_celula(i.descricao)} | {_celula(i.penalidade_texto)} | "
            f"{', '.join(i.autores)} | {i.fonte.referencia()} |"
        )
    grupos = ["| grupo | mínimo | máximo | desde | fundamento |", "| --- | --- | --- | --- | --- |"]
    for g, versionado in cat.grupos.items():
        for v in versionado.versoes:
            assert v.valor is not None
            grupos.append(
                f"| {g} | R$ {v.valor.min} | R$ {v.valor.max} | {v.inicio:%d/%m/%Y} | "
                f"{v.fonte.referencia()} |"
            )
    return "\n".join(
        [
            "# Infrações e penalidades",
            "",
            "Gerado a partir de `farol/normas/dados/infracoes.yaml` e `grupos_multa.yaml` "
            "(`python -m farol.normas.documentacao`); um teste falha se este arquivo divergir.",
            "",
            *linhas,
            "",
            "## Grupos de multa (RLESTA, Anexo II)",
            "",
            *grupos,
            "",
        ]
    )


if __name__ == "__main__":  # pragma: no cover
    print(infracoes_markdown(), end="")
