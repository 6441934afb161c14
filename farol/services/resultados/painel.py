"""As figuras do painel da OM (GET /api/v1/painel e a página /painel)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from pydantic import Field

from farol.services.resultados.base import Instante, Resultado
from farol.services.resultados.consultas import (
    AlertaDePrescricao,
    MultaVencida,
    RestituicaoPendente,
)
from farol.services.resultados.processo import (
    EmbarcacaoResumo,
    PrazoComProcesso,
    ProcessoReferencia,
)


class ContagemPorEstado(Resultado):
    estado: str
    nome: str
    final: bool
    fora_da_om: bool = Field(
        default=False,
        description="o processo segue fora da OM (a dívida ativa, cobrada pela PGFN até a "
        "baixa): não conta em andamento",
    )
    quantidade: int


class ProcessosDoPainel(Resultado):
    total: int
    em_andamento: int
    por_estado: list[ContagemPorEstado]


class PrazosDoPainel(Resultado):
    hoje: list[PrazoComProcesso]
    semana: list[PrazoComProcesso]
    semana_ate: dt.date
    vencidos: list[PrazoComProcesso]


class EmbarcacaoApreendida(Resultado):
    medida_id: int
    aplicada_em: Instante
    embarcacao: EmbarcacaoResumo
    local: str
    processo: ProcessoReferencia | None
    fundamentos: list[str]


class EmbarcacaoRetida(Resultado):
    """Navio retido sem o Certificado de Garantia Financeira (CLC-69), ainda não liberado."""

    retida_em: dt.date
    embarcacao: EmbarcacaoResumo
    toneladas_oleo_granel: str
    processo: ProcessoReferencia
    fundamentos: list[str]


class ProximoPrazo(Resultado):
    etapa: str
    nome: str
    vencimento: dt.date
    vencido: bool


class BemSobCustodia(Resultado):
    """Embarcação (ou bem achado) sob a guarda da OM: dias de guarda, contas até hoje e o
    próximo vencimento (GET /api/v1/processos/{id}/custodia dá o extrato inteiro)."""

    processo: ProcessoReferencia
    bem: str
    embarcacao: EmbarcacaoResumo | None
    achado: bool
    local_guarda: str | None
    inicio: dt.date
    dias: int
    total_custodia: Decimal
    total_devido: Decimal
    proximo_prazo: ProximoPrazo | None


class ContagensDoPainel(Resultado):
    """O total de cada figura, inteiro (cada lista do painel traz só os primeiros itens)."""

    processos: int
    prazos_hoje: int
    prazos_semana: int
    prazos_vencidos: int
    apreendidas: int
    custodias: int
    retidas: int
    multas_vencidas: int
    restituicoes: int
    prescricao: int


class FigurasDoPainel(Resultado):
    hoje: dt.date
    om: str
    limite: int = Field(
        description="cada lista traz no máximo este número de itens, os primeiros na sua "
        "ordem; `contagens` tem o total de cada uma (o resto: `?limite=`, a lista filtrada "
        "de /processos ou os endpoints de cada lista)"
    )
    processos: ProcessosDoPainel
    prazos: PrazosDoPainel
    apreendidas: list[EmbarcacaoApreendida]
    custodias: list[BemSobCustodia] = Field(
        default_factory=list,
        description="embarcações e bens sob a guarda da OM, pelo próximo vencimento",
    )
    retidas: list[EmbarcacaoRetida]
    multas_vencidas: list[MultaVencida]
    restituicoes: list[RestituicaoPendente]
    prescricao: list[AlertaDePrescricao]
    antecedencia_prescricao_dias: int
    contagens: ContagensDoPainel
