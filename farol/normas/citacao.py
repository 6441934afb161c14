"""Citações tipadas e valores versionados por data de início.

Toda regra do Farol carrega de onde vem: `{norma, dispositivo, texto}`. A `norma` é uma
chave do registro `dados/normas.yaml`; o carregador recusa uma citação sem ela.

Valores versionados seguem o modelo OpenFisca: cada versão vale a partir de `inicio`; a
versão seguinte encerra a anterior; `valor: null` encerra sem substituir. Uma consulta
anterior à primeira data levanta `ForaDeVigencia` em vez de devolver zero.
"""

from __future__ import annotations

import datetime as dt
from functools import cache
from pathlib import Path
from typing import Generic, TypeVar

import yaml
from pydantic import BaseModel, ConfigDict, Field, field_validator

from farol.erros import DadosNormativosInvalidos, ForaDeVigencia

DADOS = Path(__file__).parent / "dados"


class FonteVigencia(BaseModel):
    """O dispositivo da própria norma que fixa a sua vigência, com o texto literal."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    dispositivo: str = Field(min_length=1)
    texto: str = Field(min_length=1)


class Norma(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    titulo: str
    sigla: str
    vigencia: dt.date
    fonte: FonteVigencia | None = None

    def referencia_vigencia(self) -> str:
        """'LESTA art. 41' (o dispositivo da vigência) ou, sem fonte registrada, a sigla."""
        return f"{self.sigla} {self.fonte.dispositivo}" if self.fonte else self.sigla

    def explicar_vigencia(self) -> str:
        """'vigora a partir de 10/06/1998 — "Esta Lei entra em vigor ..."' (com o texto, se há)."""
        texto = f"vigora a partir de {self.vigencia:%d/%m/%Y}"
        return f'{texto} — "{self.fonte.texto}"' if self.fonte else texto


@cache
def registro_normas() -> dict[str, Norma]:
    bruto = ler_yaml("normas.yaml")
    return {chave: Norma.model_validate(v) for chave, v in bruto.items()}


def ler_yaml(nome: str) -> dict:  # type: ignore[type-arg]
    caminho = DADOS / nome
    try:
        with caminho.open(encoding="utf-8") as f:
            dados = yaml.safe_load(f)
    except (OSError, yaml.YAMLError) as e:  # pragma: no cover - falha de instalação
        raise DadosNormativosInvalidos(f"{caminho}: {e}") from e
    if not isinstance(dados, dict):
        raise DadosNormativosInvalidos(f"{caminho}: esperado um mapa no topo")
    return dados


class Citacao(BaseModel):
    """Fundamento legal: norma (chave do registro), dispositivo e texto (literal ou resumo)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    norma: str
    dispositivo: str
    texto: str

    @field_validator("norma")
    @classmethod
    def _norma_conhecida(cls, v: str) -> str:
        if v not in registro_normas():
            raise ValueError(f"norma desconhecida: {v!r} (ver dados/normas.yaml)")
        return v

    @field_validator("dispositivo", "texto")
    @classmethod
    def _nao_vazio(cls, v: str) -> str:
        if not v.strip():
            raise ValueError("citação com dispositivo ou texto vazio")
        return v

    def referencia(self) -> str:
        """Forma curta para `fundamentos`: 'RLESTA art. 12, II'."""
        return f"{registro_normas()[self.norma].sigla} {self.dispositivo}"


T = TypeVar("T")


class Versao(BaseModel, Generic[T]):
    model_config = ConfigDict(frozen=True, extra="forbid")
    inicio: dt.date
    valor: T | None
    fonte: Citacao


class Versionado(BaseModel, Generic[T]):
    """Lista de versões ordenada por `inicio`; exatamente uma vale em cada data coberta."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    versoes: tuple[Versao[T], ...]

    @field_validator("versoes")
    @classmethod
    def _ordenadas(cls, v: tuple[Versao[T], ...]) -> tuple[Versao[T], ...]:
        if not v:
            raise ValueError("item versionado sem nenhuma versão")
        datas = [x.inicio for x in v]
        if datas != sorted(datas) or len(set(datas)) != len(datas):
            raise ValueError("versões devem ter datas de início estritamente crescentes")
        return v

    def versao_da_data(self, data: dt.date) -> Versao[T] | None:
        """A versão que começou por último até `data`, mesmo a que extingue o item
        (`valor: null`); None antes da primeira."""
        escolhida: Versao[T] | None = None
        for versao in self.versoes:
            if versao.inicio > data:
                break
            escolhida = versao
        return escolhida

    def versao_em(self, data: dt.date, *, campo: str = "data") -> Versao[T]:
        escolhida = self.versao_da_data(data)
        if escolhida is None or escolhida.valor is None:
            primeira = self.versoes[0]
            raise ForaDeVigencia(
                f"nenhum valor em vigor em {data:%d/%m/%Y} (vigência a partir de "
                f"{primeira.inicio:%d/%m/%Y})",
                campo=campo,
                regra=(escolhida or primeira).fonte.referencia(),
            )
        return escolhida

    def valor_em(self, data: dt.date, *, campo: str = "data") -> T:
        valor = self.versao_em(data, campo=campo).valor
        assert valor is not None
        return valor
