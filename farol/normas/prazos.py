"""Prazos do processo administrativo como dados: regras versionadas e instâncias recursais.

Carregado uma vez de `dados/prazos.yaml` e `dados/instancias.yaml` e validado na carga: um id
fora do padrão `prazo.<regime>.<etapa>`, uma versão que começa antes da vigência da norma que
a fundamenta ou um prazo sem `dias` nem `anos` impedem a carga (`DadosNormativosInvalidos`).
O calendário de expediente (feriados, pontos facultativos) está em `normas/calendario.py`.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from functools import cache
from typing import Generic, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, PositiveInt, field_validator, model_validator

from farol.erros import DadosNormativosInvalidos, EntradaInvalida, ForaDeVigencia
from farol.formatos import citado
from farol.normas.citacao import Citacao, Versao, Versionado, ler_yaml, registro_normas

Contagem = Literal["uteis", "corridos"]
Destinatario = Literal["administrado", "administracao"]
DO_INTERESSADO: Destinatario = "administrado"
"""O prazo corre contra o interessado (defesa, recurso, pagamento)."""
DA_ADMINISTRACAO: Destinatario = "administracao"
"""O prazo é da Administração (julgar, decidir o recurso)."""
Instancia = Literal["recurso", "recurso_final"]

PADRAO_ID = re.compile(r"^prazo\.([a-z]+)\.([a-z_]+)$")
PADRAO_INSTANCIA = re.compile(r"^instancia\.([a-z]+)\.(recurso|recurso_final)$")
PADRAO_DEPOSITO = re.compile(r"^deposito_previo\.([a-z]+)$")

T = TypeVar("T")


class Modelo(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


def _checar_vigencias(versoes: tuple[Versao[T], ...], citacoes_extras: bool = False) -> None:
    """Uma versão não pode valer antes da norma que a fundamenta (dados/normas.yaml)."""
    for versao in versoes:
        citacoes = [versao.fonte]
        if citacoes_extras and isinstance(versao.valor, ValorPrazo):
            citacoes += list(versao.valor.adicionais)
        for c in citacoes:
            norma = registro_normas()[c.norma]
            if versao.inicio < norma.vigencia:
                raise ValueError(
                    f"versão que começa em {versao.inicio:%d/%m/%Y}, anterior à vigência de "
                    f"{c.norma}: {norma.explicar_vigencia()} ({norma.referencia_vigencia()})"
                )


def versao_vigente(
    item: Versionado[T], data: dt.date, *, rotulo: str, campo: str = "inicio"
) -> tuple[Versao[T], T]:
    """A versão em vigor em `data` e o seu valor; antes da primeira ou extinta: ForaDeVigencia."""
    escolhida = item.versao_da_data(data)
    if escolhida is None:
        primeira = item.versoes[0]
        mensagem = (
            f"{rotulo} sem previsão normativa em {data:%d/%m/%Y}: vigência a partir de "
            f"{primeira.inicio:%d/%m/%Y}"
        )
        regra = primeira.fonte.referencia()
        norma = registro_normas()[primeira.fonte.norma]
        if primeira.inicio == norma.vigencia and norma.fonte is not None:
            # a primeira versão começa com a própria norma: diz por que ela só vale dali
            mensagem += f', quando entrou em vigor a {norma.sigla}: "{norma.fonte.texto}"'
            regra += f"; {norma.referencia_vigencia()}"
        raise ForaDeVigencia(mensagem, campo=campo, regra=regra)
    if escolhida.valor is None:
        raise ForaDeVigencia(
            f"{rotulo} extinto desde {escolhida.inicio:%d/%m/%Y}",
            campo=campo,
            regra=escolhida.fonte.referencia(),
        )
    return escolhida, escolhida.valor


# --------------------------------------------------------------------------- regras de prazo


class ValorPrazo(Modelo):
    """Um prazo: `dias` (úteis ou corridos) ou `anos` (de data a data), e de onde se conta."""

    dias: PositiveInt | None = None
    anos: PositiveInt | None = None
    contagem: Contagem
    a_partir_de: str = Field(min_length=1)
    # Lei 9.784/1999 art. 66 §1º: "Considera-se prorrogado o prazo até o primeiro dia útil
    # seguinte se o vencimento cair em dia em que não houver expediente [...]".
    prorroga: bool = True
    adicionais: tuple[Citacao, ...] = ()
    fixado_na_decisao: bool = False
    """A norma não fixa o número de dias: a decisão que abre o prazo o fixa."""
    vence_na_data_do_ato: str | None = None
    """A norma não fixa o prazo: ele vence na data que o ato que o abre fixa, no campo
    `dados.<vence_na_data_do_ato>` (a data do leilão do Edital, Anexo 3-G)."""

    @model_validator(mode="after")
    def _uma_unidade(self) -> ValorPrazo:
        if self.vence_na_data_do_ato is not None:
            if self.dias is not None or self.anos is not None or self.fixado_na_decisao:
                raise ValueError("prazo que vence na data do ato não traz `dias` nem `anos`")
            if self.prorroga:
                raise ValueError(
                    "prazo que vence na data do ato não se prorroga (prorroga: false): "
                    "a data é a anunciada no próprio ato"
                )
            return self
        if self.fixado_na_decisao:
            if self.dias is not None or self.anos is not None:
                raise ValueError("prazo fixado na decisão não traz `dias` nem `anos`")
            return self
        if (self.dias is None) == (self.anos is None):
            raise ValueError("prazo deve ter exatamente um de `dias` ou `anos`")
        if self.anos is not None and self.contagem != "corridos":
            raise ValueError("prazo em anos conta-se de data a data (contagem: corridos)")
        return self


class RegraPrazo(Versionado[ValorPrazo]):
    id: str
    descricao: str = Field(min_length=1)
    destinatario: Destinatario
    decide: Instancia | None = None
    """Prazo da decisão de um recurso: a instância (dados/instancias.yaml) cuja autoridade
    decide; o vencimento se prorroga pelo expediente da OM dela (Lei 9.784/1999 art. 66 § 1º)."""

    @field_validator("id")
    @classmethod
    def _id_legal(cls, v: str) -> str:
        if not PADRAO_ID.match(v):
            raise ValueError(f"id fora do padrão prazo.<regime>.<etapa>: {v!r}")
        return v

    @model_validator(mode="after")
    def _vigencias(self) -> RegraPrazo:
        _checar_vigencias(self.versoes, citacoes_extras=True)
        return self

    @property
    def regime(self) -> str:
        return self.id.split(".")[1]

    @property
    def etapa(self) -> str:
        return self.id.split(".")[2]

    @property
    def dias_da_decisao(self) -> bool:
        """Alguma versão deixa o número de dias à decisão que abre o prazo
        (`fixado_na_decisao`): sem a decisão, o prazo não se calcula."""
        return any(v.valor is not None and v.valor.fixado_na_decisao for v in self.versoes)

    @property
    def calculavel(self) -> bool:
        """O motor calcula o vencimento só com o início (sem os dias da decisão nem a data
        fixada no ato)."""
        return not self.dias_da_decisao and not self.vence_no_ato

    @property
    def vence_no_ato(self) -> bool:
        """Alguma versão vence na data que o ato fixa: sem o ato, não se calcula."""
        return any(
            v.valor is not None and v.valor.vence_na_data_do_ato is not None for v in self.versoes
        )

    def vigente(
        self, data: dt.date, *, campo: str = "inicio"
    ) -> tuple[Versao[ValorPrazo], ValorPrazo]:
        return versao_vigente(self, data, rotulo=f"prazo {self.id}", campo=campo)


class FundamentosContagem(Modelo):
    inicio: Citacao
    prorrogacao: Citacao
    dias_corridos: Citacao
    anos: Citacao


class CatalogoPrazos(Modelo):
    contagem: FundamentosContagem
    regras: dict[str, RegraPrazo]

    @model_validator(mode="after")
    def _chaves(self) -> CatalogoPrazos:
        for chave, regra in self.regras.items():
            if chave != regra.id:
                raise ValueError(f"chave {chave!r} diferente do id {regra.id!r}")
            if regra.decide is not None:
                if regra.destinatario != DA_ADMINISTRACAO:
                    raise ValueError(f"{chave}: `decide` só num prazo da Administração")
                instancia = f"instancia.{regra.regime}.{regra.decide}"
                if instancia not in catalogo_instancias().autoridades:
                    raise ValueError(f"{chave}: `decide` sem {instancia} em instancias.yaml")
        return self

    def regimes(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(r.regime for r in self.regras.values()))

    def etapas(self, regime: str) -> tuple[str, ...]:
        return tuple(r.etapa for r in self.regras.values() if r.regime == regime)

    def regra(self, regime: str, etapa: str) -> RegraPrazo:
        regra = self.regras.get(f"prazo.{regime}.{etapa}")
        if regra is not None:
            return regra
        if regime not in self.regimes():
            raise EntradaInvalida(
                f"regime desconhecido: {citado(regime)} (use um de: {', '.join(self.regimes())})",
                campo="regime",
            )
        raise EntradaInvalida(
            f"etapa desconhecida no regime {regime}: {citado(etapa)} "
            f"(use uma de: {', '.join(self.etapas(regime))})",
            campo="etapa",
        )

    def nome_da_etapa(self, regime: str, etapa: str) -> str:
        """'defesa' -> a descrição da regra de prazo; sem regra, a etapa legível."""
        regra = self.regras.get(f"prazo.{regime}.{etapa}")
        return regra.descricao if regra else etapa.replace("_", " ")


@cache
def catalogo_prazos() -> CatalogoPrazos:
    try:
        bruto = ler_yaml("prazos.yaml")
        regras = {k: {"id": k, **v} for k, v in (bruto.get("regras") or {}).items()}
        return CatalogoPrazos.model_validate({**bruto, "regras": regras})
    except ValueError as e:
        raise DadosNormativosInvalidos(f"prazos.yaml: {e}") from e


def autoridade_que_decide(regra: RegraPrazo, data: dt.date) -> Autoridade | None:
    """A autoridade que decide no prazo `regra` aberto em `data` (`decide`), ou None: o prazo
    não é de decisão de recurso, ou a instância não existe na data."""
    if regra.decide is None:
        return None
    item = catalogo_instancias().autoridades[f"instancia.{regra.regime}.{regra.decide}"]
    versao = item.versao_da_data(data)
    return None if versao is None else versao.valor


def regra_prazo(regime: str, etapa: str) -> RegraPrazo:
    """A regra `prazo.<regime>.<etapa>`; regime ou etapa desconhecidos: EntradaInvalida."""
    return catalogo_prazos().regra(regime, etapa)


# --------------------------------------------------------------------------- instâncias


class Autoridade(Modelo):
    sigla: str = Field(min_length=1)
    nome: str = Field(min_length=1)


class ItemAutoridade(Versionado[Autoridade]):
    descricao: str

    @model_validator(mode="after")
    def _vigencias(self) -> ItemAutoridade:
        _checar_vigencias(self.versoes)
        return self


class ItemDeposito(Versionado[bool]):
    descricao: str

    @model_validator(mode="after")
    def _vigencias(self) -> ItemDeposito:
        _checar_vigencias(self.versoes)
        return self


class CatalogoInstancias(Modelo):
    autoridades: dict[str, ItemAutoridade]
    deposito_previo: dict[str, ItemDeposito]

    @model_validator(mode="after")
    def _ids(self) -> CatalogoInstancias:
        for chave in self.autoridades:
            if not PADRAO_INSTANCIA.match(chave):
                raise ValueError(f"id fora do padrão instancia.<regime>.<recurso>: {chave!r}")
        for chave in self.deposito_previo:
            if not PADRAO_DEPOSITO.match(chave):
                raise ValueError(f"id fora do padrão deposito_previo.<regime>: {chave!r}")
        return self


@cache
def catalogo_instancias() -> CatalogoInstancias:
    try:
        return CatalogoInstancias.model_validate(ler_yaml("instancias.yaml"))
    except ValueError as e:
        raise DadosNormativosInvalidos(f"instancias.yaml: {e}") from e


@dataclass(frozen=True)
class Fato(Generic[T]):
    """Um fato normativo em vigor numa data, com a sua fonte."""

    valor: T
    fonte: Citacao
    vigente_desde: dt.date

    @property
    def fundamento(self) -> str:
        return self.fonte.referencia()


def _regime_com_instancias(regime: str) -> None:
    conhecidos = sorted({k.split(".")[1] for k in catalogo_instancias().autoridades})
    if regime not in conhecidos:
        raise EntradaInvalida(
            f"regime sem instâncias recursais: {citado(regime)} "
            f"(use um de: {', '.join(conhecidos)})",
            campo="regime",
        )


def autoridade_recurso(regime: str, instancia: Instancia, data: dt.date) -> Fato[Autoridade]:
    """Quem julga o `recurso` (1ª instância) ou o `recurso_final` do ato de `data`."""
    _regime_com_instancias(regime)
    chave = f"instancia.{regime}.{instancia}"
    item = catalogo_instancias().autoridades.get(chave)
    if item is None:
        raise EntradaInvalida(f"instância desconhecida: {citado(instancia)}", campo="instancia")
    versao, valor = versao_vigente(item, data, rotulo=chave, campo="data")
    return Fato(valor, versao.fonte, versao.inicio)


def autoridade_ultima_instancia(regime: str, data: dt.date) -> Fato[Autoridade]:
    """Quem julga em última instância: o `recurso_final` se existir na data, senão o `recurso`.

    NORMAM-07 item 0305 c: o DGN; Norma de 2023 item 3.5 b: o DPC; NORMAM-401 item 1.4.3: o
    recurso ao DPC já é a última instância no regime de poluição.
    """
    _regime_com_instancias(regime)
    item = catalogo_instancias().autoridades[f"instancia.{regime}.recurso_final"]
    try:
        versao, valor = versao_vigente(item, data, rotulo="recurso final", campo="data")
    except ForaDeVigencia:
        if data >= item.versoes[0].inicio:  # instância extinta: a anterior é a última
            return autoridade_recurso(regime, "recurso", data)
        raise
    return Fato(valor, versao.fonte, versao.inicio)


def exige_deposito_previo(regime: str, data: dt.date) -> Fato[bool]:
    """Se o recurso contra multa do ato de `data` exige depósito prévio do valor.

    LESTA art. 24 §2º: sim; STF Súmula Vinculante 21 (10/11/2009): inconstitucional; Norma de
    2023 item 3.6.4 b: "não será exigido depósito prévio".
    """
    item = catalogo_instancias().deposito_previo.get(f"deposito_previo.{regime}")
    if item is None:
        _regime_com_instancias(regime)
        raise EntradaInvalida(
            f"regime sem regra de depósito prévio: {citado(regime)}", campo="regime"
        )
    versao, valor = versao_vigente(item, data, rotulo="depósito prévio", campo="data")
    return Fato(valor, versao.fonte, versao.inicio)
