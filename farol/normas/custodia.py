"""Dados da custódia (`dados/custodia.yaml`): os itens cobrados por dia pela tabela da OM, as
despesas avulsas, quem pode ser fiel depositário e quem pode receber o bem, e a regra das
diárias. Ver docs/custodia.md.
"""

from __future__ import annotations

from functools import cache

from pydantic import BaseModel, ConfigDict, Field, model_validator

from farol.normas.citacao import Citacao, ler_yaml
from farol.normas.infracoes import catalogo

ARQUIVO = "custodia.yaml"


class _Modelo(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Item(_Modelo):
    nome: str = Field(min_length=1)
    fonte: Citacao


class Qualidades(_Modelo):
    fonte: Citacao
    valores: tuple[str, ...] = Field(min_length=1)
    do_proprietario: str | None = None
    """A qualidade que é o proprietário inscrito da embarcação (o documento se confere)."""


class SemDiarias(_Modelo):
    """Quando as diárias da tabela da OM não correm: a guarda por um fiel depositário destas
    qualidades não está sob a responsabilidade da OM."""

    depositarios: tuple[str, ...] = Field(min_length=1)
    regra: str = Field(min_length=1)
    fontes: tuple[Citacao, ...] = Field(min_length=1)

    def referencia(self) -> str:
        return "; ".join(f.referencia() for f in self.fontes)


class Diarias(_Modelo):
    regra: str = Field(min_length=1)
    fonte: Citacao
    sem_diarias: SemDiarias | None = None


class DadosCustodia(_Modelo):
    itens_diarios: dict[str, Item] = Field(min_length=1)
    despesas_avulsas: dict[str, Item] = Field(min_length=1)
    qualidades_do_depositario: Qualidades
    qualidades_de_quem_recebe: Qualidades
    diarias: Diarias

    @model_validator(mode="after")
    def _depositarios_conhecidos(self) -> DadosCustodia:
        sem = self.diarias.sem_diarias
        if sem is not None:
            fora = set(sem.depositarios) - set(self.qualidades_do_depositario.valores)
            if fora:
                raise ValueError(
                    f"diarias.sem_diarias.depositarios fora de qualidades_do_depositario: {fora}"
                )
        return self


@cache
def dados_custodia() -> DadosCustodia:
    return DadosCustodia.model_validate(ler_yaml(ARQUIVO))


ROTULOS_DE_QUALIDADE = {
    "om": "a própria OM, que guarda a embarcação",
    "procurador": "procurador com poderes para receber",
}
"""Qualidades de dados/custodia.yaml que não são tipos de autor (dados/autores.yaml)."""


def nome_da_qualidade(valor: str) -> str:
    """Em que qualidade alguém assina um termo da custódia: 'proprietario' -> 'proprietário da
    embarcação' (o nome do tipo de autor); 'om' -> 'a própria OM ...'."""
    autores = catalogo().autores
    if valor in autores:
        return autores[valor].nome
    return ROTULOS_DE_QUALIDADE.get(valor, valor.replace("_", " "))
