"""O que a inspeção produz: a avaliação das constatações e, registrada, os processos abertos."""

from __future__ import annotations

import datetime as dt

from pydantic import Field

from farol.services.resultados.base import Resultado


class ConstatacaoAvaliada(Resultado):
    """Uma constatação: a infração que se aplica, as medidas liminares e quem notificar."""

    infracao: str
    infracao_aplicavel: str
    descricao: str
    penalidade: str
    fundamento: str
    medidas: list[str]
    medidas_dispensadas: list[str]
    notificar: list[str]
    documentos: list[str]
    ordens_estrangeira: list[str]
    fundamentos: list[str]


class AvaliacaoDaInspecao(Resultado):
    """A avaliação sem gravar nada (POST /inspecoes/avaliar)."""

    constatacoes: list[ConstatacaoAvaliada]
    medidas: list[str]
    notificar: list[str]


class ProcessoAberto(Resultado):
    """O processo que a Notificação para Comparecimento abriu para uma pessoa."""

    id: int
    numero: str
    autuado_id: int
    autuado: str
    documento: str
    papel: str = Field(description="quem responde: condutor, proprietário ...")
    infracoes: list[str]
    comparecimento_ate: dt.date | None


class InspecaoRegistrada(Resultado):
    """A inspeção gravada (POST /inspecoes): a avaliação e os processos abertos."""

    inspecao_id: int
    constatacoes: list[ConstatacaoAvaliada]
    medidas: list[str]
    notificar: list[str]
    processos: list[ProcessoAberto]
