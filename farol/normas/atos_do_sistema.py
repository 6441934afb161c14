"""Atos do sistema (`dados/atos_do_sistema.yaml`): o que o próprio Farol acrescenta à cadeia de
atos de qualquer processo, em todos os regimes (hoje, a emissão de um documento oficial).

Não são transições do quadro de estados: não mudam o estado, não contam como o "último ato" do
processo para datas e prescrição e não se corrigem. O serviço acha o tipo pela marca
(`tipo_com("registra_emissao_de_documento")`), nunca pelo nome.
"""

from __future__ import annotations

from functools import cache

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from farol.erros import DadosNormativosInvalidos
from farol.normas.citacao import Citacao, ler_yaml

ARQUIVO = "atos_do_sistema.yaml"
IDENTIFICADOR = r"^[a-z][a-z0-9_]*$"


class _Modelo(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class AtoDoSistema(_Modelo):
    tipo_ato: str = Field(pattern=IDENTIFICADOR)
    nome: str = Field(min_length=1)
    marca: str = Field(pattern=IDENTIFICADOR)
    descricao: str = Field(min_length=1)
    fontes: tuple[Citacao, ...] = Field(min_length=1)


class AtosDoSistema(_Modelo):
    atos: tuple[AtoDoSistema, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _unicos(self) -> AtosDoSistema:
        for campo in ("tipo_ato", "marca"):
            valores = [getattr(a, campo) for a in self.atos]
            repetidos = sorted({v for v in valores if valores.count(v) > 1})
            if repetidos:
                raise ValueError(f"{campo} declarado mais de uma vez: {', '.join(repetidos)}")
        return self

    @property
    def tipos(self) -> frozenset[str]:
        return frozenset(a.tipo_ato for a in self.atos)

    @property
    def nomes(self) -> dict[str, str]:
        """Tipo -> nome, para o histórico do processo."""
        return {a.tipo_ato: a.nome for a in self.atos}

    def tipo_com(self, marca: str) -> str:
        """O tipo do ato do sistema com a marca; marca não declarada: erro nos dados."""
        for a in self.atos:
            if a.marca == marca:
                return a.tipo_ato
        raise DadosNormativosInvalidos(f'{ARQUIVO}: nenhum ato do sistema com a marca "{marca}"')


@cache
def atos_do_sistema() -> AtosDoSistema:
    try:
        return AtosDoSistema.model_validate(ler_yaml(ARQUIVO))
    except ValidationError as e:
        raise DadosNormativosInvalidos(f"{ARQUIVO}: {e}") from e


def tipo_emissao_de_documento() -> str:
    """O tipo do ato que registra na cadeia a emissão de um documento oficial."""
    return atos_do_sistema().tipo_com("registra_emissao_de_documento")
