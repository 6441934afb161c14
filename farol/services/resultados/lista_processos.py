"""A lista de processos paginada (GET /processos na API e na página) e os atos possíveis de um
processo (GET /processos/{id}/atos-possiveis e a seção "O que você pode registrar agora")."""

from __future__ import annotations

import datetime as dt

from pydantic import Field

from farol.services.resultados.base import Resultado
from farol.services.resultados.processo import ProcessoResumo


class ProximoPrazo(Resultado):
    """O prazo em curso que vence primeiro no processo."""

    etapa: str
    nome: str
    vencimento: dt.date
    vencido: bool = Field(description="o vencimento já passou e o prazo continua em aberto")


class ProcessoNaLista(ProcessoResumo):
    proximo_prazo: ProximoPrazo | None = Field(
        description="o prazo em curso de vencimento mais próximo (nulo sem prazo em curso)"
    )


class PaginaDeProcessos(Resultado):
    total: int = Field(description="processos que atendem aos filtros, em todas as páginas")
    pagina: int
    por_pagina: int
    paginas: int = Field(description="número de páginas (ao menos 1)")
    itens: list[ProcessoNaLista]


class OpcaoDeFiltro(Resultado):
    id: str
    nome: str
    quantidade: int | None = None


class OpcoesDaLista(Resultado):
    """As opções dos filtros da lista, tiradas dos dados (quadros de estados, OMs)."""

    estados: list[OpcaoDeFiltro]
    regimes: list[OpcaoDeFiltro]
    oms: list[OpcaoDeFiltro]


class AtoPossivel(Resultado):
    """Um ato que o quadro de estados admite no estado atual para o papel do usuário, com as
    guardas avaliadas hoje: `permitido` ou, se recusado agora, o motivo e a data a partir da
    qual passa a caber (quando a recusa é só de prazo em curso)."""

    tipo: str
    nome: str
    fundamentos: list[str]
    esquema_dos_dados: str = Field(
        description="o esquema do campo `dados` deste ato no OpenAPI "
        "(`#/components/schemas/DadosLavratura`, por exemplo)"
    )
    permitido: bool
    motivo: str | None = Field(
        default=None, description="por que o ato não cabe hoje (a mensagem da guarda)"
    )
    campo: str | None = Field(default=None, description="o fato que a guarda conferiu")
    a_partir_de: dt.date | None = Field(
        default=None,
        description="primeiro dia em que as guardas o admitem (o dia seguinte ao vencimento "
        "do prazo em curso); nulo quando a recusa não depende de data",
    )
    cabe_com_data: dt.date | None = Field(
        default=None,
        description="recusado hoje, o ato cabe com esta data passada (a do último ato do "
        "processo): as guardas que o recusam contam o que se acumula até a data do ato (as "
        "diárias da custódia ainda não pagas, um débito nascido depois); o registro as confere "
        "na data informada",
    )
    regra: str | None = Field(default=None, description="a citação da transição")
