"""Comandos aceitos pelos serviços (e pela API como corpo das requisições).

Cada ato tem os seus dados validados pelo modelo do seu tipo (`modelo_dos_dados`, pelas
marcas do quadro de estados); tipos sem modelo próprio aceitam um texto livre (`texto`) e
referências (`documento`).
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from farol.domain.procedimento.maquina import Maquina


class Modelo(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)


class NovoAto(Modelo):
    """Um ato do processo: o tipo (do quadro de estados), a data em que ocorreu e os dados."""

    tipo: str = Field(min_length=1, max_length=60)
    data_ato: dt.date
    dados: dict[str, Any] = Field(default_factory=dict)
    versao: int | None = Field(
        default=None, description="versão do processo que o usuário viu (trava otimista)"
    )
    corrige_ato_id: int | None = None


class ItemAuto(Modelo):
    infracao: str
    autor_tipo: str | None = Field(
        default=None,
        description="tipo de autor material (autores admitidos de cada infração: "
        "`farol infracoes`); omitido, o único que a infração admite, e com vários a recusa "
        "os lista",
    )
    faltas: int = Field(default=1, ge=1)


class DadosLavratura(Modelo):
    infracoes: list[ItemAuto] = Field(min_length=1, max_length=50)
    descricao: str | None = None


class AcessoriaDecidida(Modelo):
    """Penalidade ou obrigação acessória imposta com a principal (dados/acessorias.yaml)."""

    tipo: str = Field(min_length=1, max_length=40)
    fundamentacao: str = Field(
        min_length=20,
        max_length=4000,
        description="por que a condição da norma se verifica (ex.: a obra afeta a segurança "
        "da navegação no local)",
    )


class PenalidadeDecidida(Modelo):
    infracao: str
    multa: Decimal | None = Field(default=None, max_digits=14, decimal_places=2)
    suspensao_dias: int | None = Field(default=None, ge=1)
    cancelamento: bool = False
    acessorias: list[AcessoriaDecidida] = Field(default_factory=list, max_length=10)


class DadosDecisaoComPenalidade(Modelo):
    penalidades: list[PenalidadeDecidida] = Field(min_length=1)
    justificativa: str = Field(min_length=20)
    agravantes: list[str] = Field(default_factory=list)
    prazo_acessorias_dias: int | None = Field(
        default=None,
        ge=1,
        le=3650,
        description="dias, contados de modo contínuo da ciência da decisão, para o infrator "
        "cumprir as acessórias que lhe cabem (a norma não fixa o prazo: a decisão o fixa)",
    )


class DadosCumprimentoAcessoria(Modelo):
    tipos: list[str] = Field(min_length=1, max_length=10)
    texto: str = Field(min_length=10, max_length=4000, description="como se verificou")
    documento: str | None = Field(default=None, max_length=200)


class DadosExecucaoDireta(Modelo):
    tipos: list[str] = Field(min_length=1, max_length=10)
    despesas: Decimal = Field(gt=0, max_digits=14, decimal_places=2)
    fundamentacao: str = Field(min_length=20, max_length=4000)
    documento: str | None = Field(default=None, max_length=200)


class DadosDecisao(Modelo):
    fundamentacao: str = Field(min_length=10)


class DadosPagamento(Modelo):
    valor: Decimal = Field(gt=0, max_digits=14, decimal_places=2)
    referencia: str = Field(min_length=1, max_length=100)


class DadosEfeitoSuspensivo(Modelo):
    fundamentacao: str = Field(
        min_length=20,
        description="o justo receio de prejuízo de difícil ou incerta reparação que justifica "
        "dar efeito suspensivo ao recurso",
    )
    a_pedido: bool = Field(default=False, description="concedido a pedido do recorrente")


class DadosRestituicao(Modelo):
    valor: Decimal = Field(gt=0, max_digits=14, decimal_places=2)
    referencia: str | None = Field(default=None, min_length=1, max_length=100)


class DadosSobrestamento(Modelo):
    inquerito: str = Field(min_length=1, max_length=100)
    poluicao: bool = False


class DadosCorrecao(Modelo):
    motivo: str = Field(min_length=10)
    dados_corrigidos: dict[str, Any] = Field(default_factory=dict)


class DadosLivres(Modelo):
    texto: str | None = None
    documento: str | None = None
    meio: str | None = Field(
        default=None, description="meio da ciência: pessoal, AR, edital, eletrônico"
    )


class DadosNotificacao(DadosLivres):
    comparecimento_em: dt.date | None = Field(
        default=None,
        description="data de comparecimento que consta da notificação, quando a norma em vigor "
        "no ato não fixa o prazo (ver dados/transicao.yaml, prazos_fixados_no_ato)",
    )


# O modelo dos dados de cada ato vem das marcas do quadro de estados do regime (a primeira
# marca da lista que o ato tiver; um regime que não declara a marca não tem atos com ela); ato
# sem nenhuma delas aceita `DadosLivres`.
MODELO_POR_MARCA: tuple[tuple[str, type[Modelo]], ...] = (
    ("abre_processo", DadosNotificacao),
    ("lavra_auto", DadosLavratura),
    ("impoe_penalidade", DadosDecisaoComPenalidade),
    ("decisao", DadosDecisao),
    ("paga_multa", DadosPagamento),
    ("concede_efeito_suspensivo", DadosEfeitoSuspensivo),
    ("cumpre_acessoria", DadosCumprimentoAcessoria),
    ("executa_acessoria", DadosExecucaoDireta),
    ("reconhece_restituicao", DadosRestituicao),
    ("efetua_restituicao", DadosRestituicao),
    ("abre_sobrestamento", DadosSobrestamento),
)


def modelo_dos_dados(maquina: Maquina, tipo: str) -> type[Modelo]:
    """O modelo que valida os dados do ato `tipo` no regime da máquina."""
    if maquina.e_correcao(tipo):
        return DadosCorrecao
    for marca, modelo in MODELO_POR_MARCA:
        if marca in maquina.marcas and maquina.tem_marca(tipo, marca):
            return modelo
    return DadosLivres
