"""A base legal do calendário de expediente: feriados, pontos facultativos e fechamentos da OM.

Dois arquivos, validados na carga (`DadosNormativosInvalidos` ao menor erro):

- `dados/feriados.yaml` (`bases_calendario()`): a lei de cada feriado nacional (Lei 662/1949,
  Lei 6.802/1980, Lei 9.093/1995, Lei 10.607/2002, Lei 14.759/2023), a citação dos feriados da
  UF (lei estadual, Lei 9.093/1995 art. 1º, II), a do fim de semana e a do fechamento da OM;
- `dados/pontos_facultativos.yaml` (`pontos_facultativos()`): por ano, o ato que declarou cada
  ponto facultativo e se a OM fecha o dia todo, fecha mais cedo ou abre normalmente; os anos
  sem ato registrado seguem o `padrao`, com o ato marcado `pendente`.

Uma `BaseLegal` é uma citação e, quando o ato exato não foi registrado ou conferido, o que
falta (`pendente`): o Farol mostra a lacuna em vez de inventar um número de ato.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from farol.erros import DadosNormativosInvalidos
from farol.normas.citacao import Citacao, ler_yaml, registro_normas

Tratamento = Literal["sem_expediente", "expediente_reduzido", "expediente_normal"]
Periodo = Literal["dia_inteiro", "ate_as_14h", "apos_as_13h", "apos_as_14h"]


class Modelo(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


@dataclass(frozen=True)
class BaseLegal:
    """Fundamento de um dia sem expediente: a citação e o que dela falta conferir."""

    citacao: Citacao
    pendente: str | None = None

    @property
    def referencia(self) -> str:
        return self.citacao.referencia()

    def para_json(self) -> dict[str, Any]:
        return {
            "norma": self.citacao.norma,
            "dispositivo": self.citacao.dispositivo,
            "texto": self.citacao.texto,
            "referencia": self.referencia,
            "pendente": self.pendente,
        }


def _norma_registrada(chave: str) -> str:
    if chave not in registro_normas():
        raise ValueError(f"norma desconhecida: {chave!r} (ver dados/normas.yaml)")
    return chave


# --------------------------------------------------------------------------- feriados.yaml


class FeriadoNacional(Modelo):
    """Um feriado nacional (nome do pacote `holidays`), a sua data e a lei, a partir de `desde`."""

    nome: str = Field(min_length=1)
    mes: int | None = Field(default=None, ge=1, le=12)
    dia: int | None = Field(default=None, ge=1, le=31)
    pascoa: int | None = None  # dias a partir do domingo de Páscoa
    desde: dt.date
    fonte: Citacao
    pendente: str | None = None

    @model_validator(mode="after")
    def _uma_data_e_a_vigencia(self) -> FeriadoNacional:
        fixa = self.mes is not None and self.dia is not None
        if (self.pascoa is not None) == fixa:
            raise ValueError(f"{self.nome}: informe `pascoa` ou `mes`/`dia`, não ambos")
        vigencia = registro_normas()[self.fonte.norma].vigencia
        if self.desde < vigencia:
            raise ValueError(
                f"{self.nome}: desde {self.desde} anterior à vigência de {self.fonte.norma} "
                f"({vigencia})"
            )
        return self

    @property
    def base(self) -> BaseLegal:
        return BaseLegal(self.fonte, self.pendente)


class ModeloDeCitacao(Modelo):
    """Citação com lacunas `{campo}` preenchidas no uso (UF, nome do feriado, OM, data, motivo)."""

    norma: str
    dispositivo: str = Field(min_length=1)
    texto: str = Field(min_length=1)

    @field_validator("norma")
    @classmethod
    def _norma(cls, v: str) -> str:
        return _norma_registrada(v)

    def preencher(self, **campos: str) -> Citacao:
        return Citacao(
            norma=self.norma,
            dispositivo=self.dispositivo.format(**campos),
            texto=self.texto.format(**campos),
        )


class LeiEstadual(Modelo):
    """Lei estadual conhecida pelo número para um feriado da UF, a partir de `desde`."""

    uf: str = Field(min_length=2, max_length=2)
    nome: str = Field(min_length=1)
    desde: dt.date
    dispositivo: str = Field(min_length=1)
    texto: str = Field(min_length=1)


class FeriadosEstaduais(Modelo):
    autorizacao: Citacao
    lei_estadual: ModeloDeCitacao
    pendente: str = Field(min_length=1)
    conhecidas: tuple[LeiEstadual, ...] = ()

    def bases(self, uf: str, nome: str, data: dt.date) -> tuple[BaseLegal, ...]:
        """A lei do Estado (a conhecida de `desde` mais recente, ou a genérica) e a Lei 9.093."""
        conhecidas = [
            c for c in self.conhecidas if c.uf == uf and c.nome == nome and c.desde <= data
        ]
        if conhecidas:
            lei = max(conhecidas, key=lambda c: c.desde)
            estadual = BaseLegal(
                Citacao(norma=self.lei_estadual.norma, dispositivo=lei.dispositivo, texto=lei.texto)
            )
        else:
            estadual = BaseLegal(self.lei_estadual.preencher(uf=uf, nome=nome), self.pendente)
        return (estadual, BaseLegal(self.autorizacao))


class BasesCalendario(Modelo):
    fim_de_semana: Citacao
    feriados_nacionais: tuple[FeriadoNacional, ...]
    feriados_estaduais: FeriadosEstaduais
    fechamento_om: ModeloDeCitacao

    def fechamento(self, data: dt.date, motivo: str, om: str | None) -> BaseLegal:
        """O ato da OM que fechou `data`: a OM e a data o identificam; o motivo é o texto."""
        return BaseLegal(
            self.fechamento_om.preencher(
                om=om or "sem sigla", data=f"{data:%d/%m/%Y}", motivo=motivo
            )
        )


@cache
def bases_calendario() -> BasesCalendario:
    try:
        return BasesCalendario.model_validate(ler_yaml("feriados.yaml"))
    except ValueError as e:
        raise DadosNormativosInvalidos(f"feriados.yaml: {e}") from e


# --------------------------------------------------------------------------- pontos facultativos


def _expediente_coerente(
    nome: str, periodo: Periodo, expediente: Tratamento, justificativa: str | None
) -> None:
    """O expediente da OM tem de caber no que o ato declarou."""
    if expediente == "sem_expediente" and periodo != "dia_inteiro":
        raise ValueError(f"{nome}: sem_expediente só num ponto facultativo de dia inteiro")
    if expediente == "expediente_reduzido" and not periodo.startswith("apos_"):
        raise ValueError(f"{nome}: expediente_reduzido só num ponto facultativo após as 13h/14h")
    if expediente == "expediente_normal" and periodo == "dia_inteiro" and not justificativa:
        raise ValueError(f"{nome}: dia inteiro com expediente normal exige `justificativa`")


class PontoRecorrente(Modelo):
    """Ponto facultativo que as portarias repetem todo ano (Páscoa ou data fixa)."""

    nome: str = Field(min_length=1)
    pascoa: tuple[int, ...] = ()  # deslocamentos, em dias, a partir do domingo de Páscoa
    mes: int | None = Field(default=None, ge=1, le=12)
    dia: int | None = Field(default=None, ge=1, le=31)
    periodo: Periodo
    expediente: Tratamento
    justificativa: str | None = None

    @model_validator(mode="after")
    def _coerente(self) -> PontoRecorrente:
        fixa = self.mes is not None and self.dia is not None
        if bool(self.pascoa) == fixa:
            raise ValueError(f"{self.nome}: informe `pascoa` ou `mes`/`dia`, não ambos")
        _expediente_coerente(self.nome, self.periodo, self.expediente, self.justificativa)
        return self


class PadraoDePontos(Modelo):
    ato: Citacao
    pendente: str = Field(min_length=1)
    dias: tuple[PontoRecorrente, ...]


class DiaDePonto(Modelo):
    """Um ponto facultativo declarado pelo ato do ano: a data, o item do ato e o expediente."""

    data: dt.date
    nome: str = Field(min_length=1)
    dispositivo: str | None = Field(default=None, min_length=1)  # sem ele, o do ato
    texto: str = Field(min_length=1)
    periodo: Periodo
    expediente: Tratamento
    justificativa: str | None = None

    @model_validator(mode="after")
    def _coerente(self) -> DiaDePonto:
        _expediente_coerente(self.nome, self.periodo, self.expediente, self.justificativa)
        return self


class AtoAnual(Modelo):
    """O ato que declarou os pontos facultativos de um ano (chave em dados/normas.yaml)."""

    norma: str
    publicacao: dt.date
    conferencia: str = Field(min_length=1)
    pendente: str | None = None
    dispositivo: str = Field(min_length=1)  # o dos dias que não trazem o seu (ex.: "art. 1º")
    dias: tuple[DiaDePonto, ...] = Field(min_length=1)

    @field_validator("norma")
    @classmethod
    def _norma(cls, v: str) -> str:
        return _norma_registrada(v)


@dataclass(frozen=True)
class PontoDoDia:
    """Um ponto facultativo numa data, com o tratamento da OM e a base legal."""

    data: dt.date
    nome: str
    expediente: Tratamento
    base: BaseLegal


class PontosFacultativos(Modelo):
    padrao: PadraoDePontos
    anos: dict[int, AtoAnual]

    @model_validator(mode="after")
    def _anos_coerentes(self) -> PontosFacultativos:
        for ano, ato in self.anos.items():
            datas = [d.data for d in ato.dias]
            fora = [d for d in datas if d.year != ano]
            if fora:
                raise ValueError(f"{ano}: data de outro ano: {fora[0]}")
            if len(set(datas)) != len(datas):
                raise ValueError(f"{ano}: data repetida")
            vigencia = registro_normas()[ato.norma].vigencia
            if min(datas) < vigencia:
                raise ValueError(
                    f"{ano}: ponto facultativo em {min(datas)} anterior à vigência de "
                    f"{ato.norma} ({vigencia})"
                )
        return self

    def do_ano(self, ano: int, pascoa: dt.date) -> list[PontoDoDia]:
        """Os pontos facultativos de `ano`: os do ato registrado ou, sem ele, os do padrão."""
        ato = self.anos.get(ano)
        if ato is not None:
            return [
                PontoDoDia(
                    d.data,
                    d.nome,
                    d.expediente,
                    BaseLegal(
                        Citacao(
                            norma=ato.norma,
                            dispositivo=d.dispositivo or ato.dispositivo,
                            texto=d.texto,
                        ),
                        ato.pendente,
                    ),
                )
                for d in ato.dias
            ]
        base = BaseLegal(self.padrao.ato, self.padrao.pendente)
        dias: list[PontoDoDia] = []
        for ponto in self.padrao.dias:
            if ponto.pascoa:
                datas = [pascoa + dt.timedelta(days=d) for d in ponto.pascoa]
            else:
                assert ponto.mes is not None and ponto.dia is not None
                datas = [dt.date(ano, ponto.mes, ponto.dia)]
            dias += [PontoDoDia(data, ponto.nome, ponto.expediente, base) for data in datas]
        return dias


@cache
def pontos_facultativos() -> PontosFacultativos:
    try:
        return PontosFacultativos.model_validate(ler_yaml("pontos_facultativos.yaml"))
    except ValueError as e:
        raise DadosNormativosInvalidos(f"pontos_facultativos.yaml: {e}") from e
