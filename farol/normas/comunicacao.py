"""Comunicação dos atos ao interessado (`dados/comunicacao.yaml`; Norma de 2023, item 3.6.6).

O nome de cada meio de ciência; qual deles é a publicação oficial, em que hipóteses cabe, em
que veículos se publica e de onde corre o prazo que ela abre; e as fontes do procurador
constituído. Os meios de ciência admitidos continuam sendo os da marca `ciencia` do quadro de
cada regime.
"""

from __future__ import annotations

from functools import cache

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from farol.erros import DadosNormativosInvalidos
from farol.normas.citacao import Citacao, ler_yaml

ARQUIVO = "comunicacao.yaml"
IDENTIFICADOR = r"^[a-z][a-z0-9_]*$"


class _Modelo(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Opcao(_Modelo):
    """Uma hipótese ou um veículo: o id gravado no ato, o nome lido e as fontes."""

    id: str = Field(pattern=IDENTIFICADOR)
    nome: str = Field(min_length=1)
    fontes: tuple[Citacao, ...] = Field(min_length=1)

    @property
    def fundamento(self) -> str:
        return "; ".join(dict.fromkeys(c.referencia() for c in self.fontes))


class Meio(_Modelo):
    """Um meio de ciência: o id gravado no ato (o da marca `ciencia` do quadro: "AR",
    "eletrônico"), o nome que a página e as mensagens dizem e as fontes."""

    id: str = Field(min_length=1)
    nome: str = Field(min_length=1)
    fontes: tuple[Citacao, ...] = Field(min_length=1)


class PublicacaoOficial(_Modelo):
    meio: str = Field(min_length=1)
    """O meio da marca `ciencia` que é a publicação oficial."""
    fontes: tuple[Citacao, ...] = Field(min_length=1)
    hipoteses: tuple[Opcao, ...] = Field(min_length=1)
    veiculos: tuple[Opcao, ...] = Field(min_length=1)
    prazos: tuple[Citacao, ...] = Field(min_length=1)
    """De onde corre o prazo aberto pela ciência por publicação."""

    @model_validator(mode="after")
    def _ids_unicos(self) -> PublicacaoOficial:
        for rotulo, opcoes in (("hipótese", self.hipoteses), ("veículo", self.veiculos)):
            ids = [o.id for o in opcoes]
            repetidos = sorted({i for i in ids if ids.count(i) > 1})
            if repetidos:
                raise ValueError(f"{rotulo} declarado mais de uma vez: {', '.join(repetidos)}")
        return self

    @property
    def fundamento(self) -> str:
        return "; ".join(dict.fromkeys(c.referencia() for c in self.fontes))

    @property
    def fundamento_do_prazo(self) -> str:
        return "; ".join(dict.fromkeys(c.referencia() for c in self.prazos))

    def veiculo(self, veiculo: str) -> Opcao | None:
        return next((v for v in self.veiculos if v.id == veiculo), None)

    def hipotese(self, hipotese: str) -> Opcao | None:
        return next((h for h in self.hipoteses if h.id == hipotese), None)


class Procurador(_Modelo):
    fontes: tuple[Citacao, ...] = Field(min_length=1)

    @property
    def fundamento(self) -> str:
        return "; ".join(dict.fromkeys(c.referencia() for c in self.fontes))


class Comunicacao(_Modelo):
    meios: tuple[Meio, ...] = Field(min_length=1)
    publicacao_oficial: PublicacaoOficial
    procurador: Procurador

    @model_validator(mode="after")
    def _meios(self) -> Comunicacao:
        ids = [m.id for m in self.meios]
        repetidos = sorted({i for i in ids if ids.count(i) > 1})
        if repetidos:
            raise ValueError(f"meio declarado mais de uma vez: {', '.join(repetidos)}")
        if self.publicacao_oficial.meio not in ids:
            raise ValueError(
                f"o meio da publicação oficial ({self.publicacao_oficial.meio}) não está em `meios`"
            )
        return self

    def nome_do_meio(self, meio: str) -> str:
        """'AR' -> 'via postal com aviso de recebimento'; meio sem nome declarado (não é
        de quadro nenhum): o próprio texto recebido."""
        return next((m.nome for m in self.meios if m.id == meio), meio)


def validar_comunicacao(dados: object, *, origem: str = ARQUIVO) -> Comunicacao:
    try:
        return Comunicacao.model_validate(dados)
    except ValidationError as e:
        raise DadosNormativosInvalidos(f"{origem}: comunicação malformada: {e}") from e


@cache
def comunicacao() -> Comunicacao:
    """A publicação oficial e o procurador de `dados/comunicacao.yaml`, validados uma vez."""
    return validar_comunicacao(ler_yaml(ARQUIVO))
