"""Dados da valoração da multa por poluição e da retenção CLC-69 (`dados/poluicao.yaml`).

Só os números que um texto citado dá: a faixa do Grupo E (Decreto 4.136/2002 art. 36, pela
NORMAM-401 item 1.5.2), o fator e a janela da reincidência (item 1.5.3 b), os níveis de impacto
(item 1.5.1), os limites da situação econômica (item 1.5.3 c) e a carga mínima da CLC-69
(item 1.7; NORMAM-07 item 0406). Ver docs/poluicao.md.
"""

from __future__ import annotations

from decimal import Decimal
from functools import cache

from pydantic import BaseModel, ConfigDict, Field, model_validator

from farol.erros import DadosNormativosInvalidos
from farol.normas.citacao import Citacao, Versionado, ler_yaml

ARQUIVO = "poluicao.yaml"


class _Modelo(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Faixa(_Modelo):
    minimo: Decimal = Field(gt=0, decimal_places=2)
    maximo: Decimal = Field(gt=0, decimal_places=2)

    @model_validator(mode="after")
    def _ordem(self) -> Faixa:
        if self.minimo > self.maximo:
            raise ValueError("faixa com mínimo acima do máximo")
        return self


class InfracaoPoluicao(_Modelo):
    descricao: str = Field(min_length=1)
    grupo: str = Field(min_length=1)
    faixa: Versionado[Faixa]


class Reincidencia(_Modelo):
    fator: int = Field(ge=1)
    meses: int = Field(ge=1)


class NiveisImpacto(_Modelo):
    fonte: Citacao
    niveis: dict[int, str]

    @model_validator(mode="after")
    def _um_a_cinco(self) -> NiveisImpacto:
        if sorted(self.niveis) != [1, 2, 3, 4, 5]:
            raise ValueError("os níveis de impacto são 1 a 5 (item 1.5.1)")
        return self


class Persistencia(_Modelo):
    fonte: Citacao
    grupos: tuple[int, ...] = Field(min_length=1)


class Sensibilidade(_Modelo):
    fonte: Citacao


class AcaoResposta(_Modelo):
    fonte: Citacao
    quesitos: dict[str, str] = Field(min_length=1)


class Classe(_Modelo):
    classe: str = Field(min_length=1)
    ate: Decimal | None
    nome: str = Field(min_length=1)


class TabelaClasses(Versionado[tuple[Classe, ...]]):
    @model_validator(mode="after")
    def _limites_crescentes(self) -> TabelaClasses:
        for versao in self.versoes:
            classes = versao.valor or ()
            limites = [c.ate for c in classes]
            if not classes or limites[-1] is not None or None in limites[:-1]:
                raise ValueError("só a última classe fica sem limite (`ate: null`)")
            numeros = [x for x in limites if x is not None]
            if numeros != sorted(numeros) or len(set(numeros)) != len(numeros):
                raise ValueError("limites das classes devem ser estritamente crescentes")
        return self


class SituacaoEconomica(_Modelo):
    pessoa_juridica: TabelaClasses
    pessoa_fisica: TabelaClasses


class FormaLiberacao(_Modelo):
    nome: str = Field(min_length=1)
    exige_valor: bool
    """O ato informa o valor depositado (a caução)."""


class RetencaoClc(_Modelo):
    toneladas_minimas: Versionado[int]
    retencao: Citacao
    liberacao: dict[str, FormaLiberacao] = Field(min_length=1)


class DadosPoluicao(_Modelo):
    infracoes: dict[str, InfracaoPoluicao] = Field(min_length=1)
    reincidencia: Versionado[Reincidencia]
    niveis_impacto: NiveisImpacto
    persistencia: Persistencia
    sensibilidade: Sensibilidade
    acao_resposta: AcaoResposta
    situacao_economica: SituacaoEconomica
    retencao_clc: RetencaoClc


@cache
def dados_poluicao() -> DadosPoluicao:
    try:
        return DadosPoluicao.model_validate(ler_yaml(ARQUIVO))
    except ValueError as e:
        raise DadosNormativosInvalidos(f"{ARQUIVO}: {e}") from e
