"""O catálogo de infrações e os grupos de multa em Markdown, para as regiões geradas de
docs/infracoes.md (`farol docs` regrava; `farol docs --verificar` falha se divergirem).
"""

from __future__ import annotations

from farol.formatos import data, moeda
from farol.normas.infracoes import Catalogo, catalogo


def _celula(texto: str) -> str:
    return " ".join(texto.split()).replace("|", "\\|")


def tabela_infracoes(cat: Catalogo | None = None) -> str:
    cat = cat or catalogo()
    linhas = [
        "| código | infração | penalidade | autores materiais | fundamento da autoria | "
        "fundamento |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for i in cat.infracoes.values():
        interpretacao = " (interpretação)" if i.autoria.interpretacao else ""
        linhas.append(
            f"| `{i.codigo}` | {_celula(i.descricao)} | {_celula(i.penalidade_texto)} | "
            f"{', '.join(i.autores)} | {i.autoria.referencia()}{interpretacao} | "
            f"{i.fonte.referencia()} |"
        )
    return "\n".join(linhas)


def tabela_grupos(cat: Catalogo | None = None) -> str:
    cat = cat or catalogo()
    grupos = ["| grupo | mínimo | máximo | desde | fundamento |", "| --- | --- | --- | --- | --- |"]
    for g, versionado in cat.grupos.items():
        for v in versionado.versoes:
            assert v.valor is not None
            grupos.append(
                f"| {g} | {moeda(v.valor.min)} | {moeda(v.valor.max)} | {data(v.inicio)} | "
                f"{v.fonte.referencia()} |"
            )
    return "\n".join(grupos)
