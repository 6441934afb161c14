"""Catálogo de infrações (RLESTA arts. 11–28 e LESTA), grupos de multa e regras de gradação.

Carregado uma vez dos YAML em `dados/` e validado na carga: um id fora do padrão, um grupo
inexistente, um autor desconhecido ou uma citação sem norma registrada impedem a carga.
"""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal
from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, PositiveInt, field_validator, model_validator

from farol.erros import CATALOGO_DE_INFRACOES, DadosNormativosInvalidos, NaoEncontrado
from farol.formatos import citado
from farol.normas.citacao import Citacao, Norma, Versao, Versionado, ler_yaml, registro_normas

GRUPOS = ("A", "B", "C", "D", "E", "F", "G")
PADRAO_ID = re.compile(r"^(RLESTA\.(1[1-9]|2[0-8])(\.[IVX]+)?|LESTA\.\d+(-[A-Z])?)$")
PADRAO_DURACAO = re.compile(r"^P(\d+)([DM])$")


class Modelo(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class FaixaMulta(Modelo):
    min: Decimal
    max: Decimal

    @model_validator(mode="after")
    def _ordem(self) -> FaixaMulta:
        if not (Decimal(0) < self.min <= self.max):
            raise ValueError("faixa de multa inválida (esperado 0 < min <= max)")
        return self


class Acessoria(Modelo):
    tipo: str
    condicao: str
    imposta: bool = False
    """A norma a impõe quando a condição se dá ("além de ser apreendida a embarcação", LESTA
    art. 4º-A § 2º): a decisão não a pode omitir (na reincidência, se a acessória a exige)."""


class Enquadramento(Modelo):
    infracao: str
    justificativa: str


class Penalidade(Modelo):
    multa: Literal["A", "B", "C", "D", "E", "F", "G"] | None
    suspensao_max: str | None
    combinacao: Literal["alternativa", "cumulativa", "unica"]
    multa_por_falta: bool = False
    reincidencia: Literal["multiplica", "cancelamento", "triplica_e_cancela"] = "multiplica"
    multiplicador_reincidencia: PositiveInt | None = None
    fonte_reincidencia: Citacao | None = None
    acessorias: tuple[Acessoria, ...] = ()
    enquadramento: Enquadramento | None = None
    observacao: str | None = None

    @field_validator("suspensao_max")
    @classmethod
    def _duracao(cls, v: str | None) -> str | None:
        if v is not None and not PADRAO_DURACAO.match(v):
            raise ValueError(f"duração ISO-8601 inválida: {v!r} (use PnD ou PnM)")
        return v

    @model_validator(mode="after")
    def _coerente(self) -> Penalidade:
        especies = (self.multa is not None) + (self.suspensao_max is not None)
        if especies == 0:
            raise ValueError("penalidade sem multa nem suspensão")
        if self.combinacao == "unica" and especies != 1:
            raise ValueError("combinacao 'unica' exige exatamente uma espécie de penalidade")
        if self.combinacao == "alternativa" and especies != 2:
            raise ValueError("combinacao 'alternativa' exige multa e suspensão")
        if self.combinacao == "cumulativa" and especies + len(self.acessorias) < 2:
            raise ValueError("combinacao 'cumulativa' exige duas penalidades a cumular")
        if self.reincidencia != "multiplica" and self.fonte_reincidencia is None:
            raise ValueError("exceção à regra da reincidência sem a sua fonte")
        if (self.reincidencia == "triplica_e_cancela") != (
            self.multiplicador_reincidencia is not None
        ):
            raise ValueError(
                "multiplicador_reincidencia é obrigatório em triplica_e_cancela e só nela"
            )
        return self


class Autoria(Modelo):
    """Por que `autores` são os autores materiais admitidos da infração: as citações (RLESTA
    art. 7º § 3º; NORMAM 2023 item 3.3.1, que reparte as irregularidades afetas à embarcação e
    à condução) e a `nota` que explica a escolha (começa por "Interpretação do Farol." quando o
    texto não a decide sozinho)."""

    fontes: tuple[Citacao, ...] = Field(min_length=1)
    nota: str | None = None

    def referencia(self) -> str:
        """'NORMAM (Port. 110/2023) item 3.3.1 a; RLESTA art. 8º; LESTA art. 2º, IV'."""
        return "; ".join(dict.fromkeys(c.referencia() for c in self.fontes))

    @property
    def interpretacao(self) -> bool:
        """Se a escolha é do Farol (a nota começa por "Interpretação do Farol.")."""
        return (self.nota or "").startswith("Interpretação do Farol.")


class Infracao(Modelo):
    codigo: str
    artigo: int | str
    inciso: str | None = None
    rubrica: str | None = None
    descricao: str
    penalidade_texto: str
    penalidade: Penalidade
    autores: tuple[str, ...] = Field(min_length=1)
    autoria: Autoria
    fonte: Citacao
    # A norma que fez o dispositivo valer, quando não é a da `fonte` (ex.: o art. 4º-A da LESTA,
    # incluído pela Lei nº 11.970/2009): chave de dados/normas.yaml.
    vigencia_norma: str | None = None

    @field_validator("codigo")
    @classmethod
    def _id_legal(cls, v: str) -> str:
        if not PADRAO_ID.match(v):
            raise ValueError(f"id fora do padrão de endereço legal: {v!r}")
        return v

    @field_validator("vigencia_norma")
    @classmethod
    def _norma_registrada(cls, v: str | None) -> str | None:
        if v is not None and v not in registro_normas():
            raise ValueError(f"vigencia_norma desconhecida: {v!r} (ver dados/normas.yaml)")
        return v

    @property
    def norma_da_vigencia(self) -> Norma:
        """A norma cuja vigência é a do dispositivo (a da `fonte`, salvo `vigencia_norma`)."""
        return registro_normas()[self.vigencia_norma or self.fonte.norma]

    @property
    def inicio_vigencia(self) -> dt.date:
        return self.norma_da_vigencia.vigencia


class TipoAutor(Modelo):
    nome: str
    suspensao: bool
    fonte: Citacao
    nota: str | None = None


class Agravante(Modelo):
    inciso: str
    texto: str


class RegrasAgravantes(Modelo):
    fonte: Citacao
    itens: dict[str, Agravante]


class RegraReincidencia(Modelo):
    janela_meses: PositiveInt
    fonte: Citacao
    multiplicacao: Citacao


class TetoSuspensao(Modelo):
    """O teto da suspensão (`duracao`, ISO-8601) e o mesmo teto em `dias`."""

    duracao: str
    dias: PositiveInt
    fonte: Citacao

    @field_validator("duracao")
    @classmethod
    def _duracao(cls, v: str) -> str:
        if not PADRAO_DURACAO.match(v):
            raise ValueError(f"duração ISO-8601 inválida: {v!r} (use PnD ou PnM)")
        return v


class RegrasPenalidades(Modelo):
    reincidencia: RegraReincidencia
    suspensao_somente_embarcados: Citacao
    teto_suspensao: TetoSuspensao
    faltas: Citacao
    valor_pela_autoridade: Citacao
    grupos: Citacao
    cumulacao: Citacao
    agravantes: RegrasAgravantes


class Catalogo(Modelo):
    infracoes: dict[str, Infracao]
    grupos: dict[str, Versionado[FaixaMulta]]
    autores: dict[str, TipoAutor]
    regras: RegrasPenalidades

    @model_validator(mode="after")
    def _referencias(self) -> Catalogo:
        if set(self.grupos) != set(GRUPOS):
            raise ValueError("o Anexo II deve definir exatamente os grupos A a G")
        for inf in self.infracoes.values():
            desconhecidos = set(inf.autores) - set(self.autores)
            if desconhecidos:
                raise ValueError(f"{inf.codigo}: autores desconhecidos {sorted(desconhecidos)}")
            if len(set(inf.autores)) != len(inf.autores):
                raise ValueError(f"{inf.codigo}: autor repetido em autores")
            enq = inf.penalidade.enquadramento
            if enq is not None and enq.infracao not in self.infracoes:
                raise ValueError(f"{inf.codigo}: enquadramento em infração inexistente")
            teto = self.regras.teto_suspensao
            duracao = inf.penalidade.suspensao_max or ""
            if duracao.endswith("M") and duracao != teto.duracao:
                raise ValueError(
                    f"{inf.codigo}: suspensão em meses só como o teto {teto.duracao} "
                    f"({teto.fonte.referencia()}); escreva a duração em dias"
                )
        return self

    def infracao(self, codigo: str) -> Infracao:
        try:
            return self.infracoes[codigo]
        except KeyError:
            raise NaoEncontrado(
                infracao_desconhecida(codigo), campo="codigo", consulte=CATALOGO_DE_INFRACOES
            ) from None

    def buscar(self, texto: str | None = None) -> list[Infracao]:
        if not texto:
            return list(self.infracoes.values())
        alvo = _normalizar(texto)
        return [
            i
            for i in self.infracoes.values()
            if alvo
            in _normalizar(" ".join([i.codigo, i.descricao, i.rubrica or "", i.penalidade_texto]))
        ]


def _normalizar(s: str) -> str:
    import unicodedata

    sem_acento = unicodedata.normalize("NFKD", s).encode("ascii", "ignore").decode()
    return sem_acento.casefold()


@cache
def catalogo() -> Catalogo:
    try:
        brutos = ler_yaml("infracoes.yaml")
        infracoes = {k: {"codigo": k, **v} for k, v in brutos.items()}
        grupos = {
            g: {"versoes": [Versao[FaixaMulta].model_validate(x) for x in versoes]}
            for g, versoes in ler_yaml("grupos_multa.yaml").items()
        }
        return Catalogo.model_validate(
            {
                "infracoes": infracoes,
                "grupos": grupos,
                "autores": ler_yaml("autores.yaml"),
                "regras": ler_yaml("regras_penalidades.yaml"),
            }
        )
    except ValueError as e:
        raise DadosNormativosInvalidos(str(e)) from e


def infracao_desconhecida(codigo: str) -> str:
    """A recusa de um código fora do catálogo, a mesma para quem digitou na página, na API ou
    na linha de comando. Onde achar a lista dos códigos, cada borda acrescenta (a página
    Legislação, GET /api/v1/infracoes, `farol infracoes`): o erro leva
    `consulte=CATALOGO_DE_INFRACOES`."""
    return f"infração desconhecida: {citado(codigo)}, fora do catálogo de infrações"
