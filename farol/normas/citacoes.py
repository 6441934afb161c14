"""Citações nomeadas (`dados/citacoes.yaml`): o fundamento que o código exibe, lido por nome.

`citacao("pagamento_multa").referencia()` dá "LESTA art. 32"; `referencias(...)` junta várias
com "; ", a forma usada em `regra` e `fundamentos`. Um nome sem registro é erro de programação
e levanta `DadosNormativosInvalidos` com o nome pedido.
"""

from __future__ import annotations

from functools import cache

from farol.erros import DadosNormativosInvalidos
from farol.normas.citacao import Citacao, ler_yaml

ARQUIVO = "citacoes.yaml"


@cache
def catalogo_citacoes() -> dict[str, Citacao]:
    try:
        return {nome: Citacao.model_validate(v) for nome, v in ler_yaml(ARQUIVO).items()}
    except ValueError as e:
        raise DadosNormativosInvalidos(f"{ARQUIVO}: {e}") from e


def citacao(nome: str) -> Citacao:
    try:
        return catalogo_citacoes()[nome]
    except KeyError:
        raise DadosNormativosInvalidos(
            f"citação sem registro: {nome!r} (ver dados/{ARQUIVO})"
        ) from None


def referencias(*citacoes: Citacao) -> str:
    """Forma curta de várias citações, na ordem dada: 'RLESTA art. 7º, § 3º; LESTA art. 34'."""
    return "; ".join(c.referencia() for c in citacoes)
