"""Dados da custódia (`dados/custodia.yaml`): os itens cobrados por dia pela tabela da OM, as
despesas avulsas, quem pode ser fiel depositário e quem pode receber o bem, e a regra das
diárias. Ver docs/custodia.md.
"""

from __future__ import annotations

from functools import cache

from pydantic import BaseModel, ConfigDict, Field

from farol.normas.citacao import Citacao, ler_yaml

ARQUIVO = "custodia.yaml"


class _Modelo(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Item(_Modelo):
    nome: str = Field(min_length=1)
    fonte: Citacao


class Qualidades(_Modelo):
    fonte: Citacao
    valores: tuple[str, ...] = Field(min_length=1)


class Diarias(_Modelo):
    regra: str = Field(min_length=1)
    fonte: Citacao


class DadosCustodia(_Modelo):
    itens_diarios: dict[str, Item] = Field(min_length=1)
    despesas_avulsas: dict[str, Item] = Field(min_length=1)
    qualidades_do_depositario: Qualidades
    qualidades_de_quem_recebe: Qualidades
    diarias: Diarias


@cache
def dados_custodia() -> DadosCustodia:
    return DadosCustodia.model_validate(ler_yaml(ARQUIVO))
