"""As consultas da OM: situação de uma pessoa, multas vencidas e alertas de prescrição."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Literal

from pydantic import Field

from farol.services.resultados.base import Resultado
from farol.services.resultados.processo import ProcessoResumo


class DebitoDaPessoa(Resultado):
    processo: str = Field(description="número do processo")
    id: int
    estado: str
    saldo: Decimal
    vencimento: dt.date | None = Field(description="vencimento do prazo de pagamento em curso")
    exigibilidade_suspensa: bool = Field(
        default=False,
        description="recurso com efeito suspensivo concedido: o valor não conta no débito até a "
        "decisão do recurso",
    )
    sustacao: bool = Field(
        default=True,
        description="o débito que susta os atos de interesse da pessoa até a quitação (regime "
        "com `sustacao_por_debito`, o da LESTA); falso nas multas de outro fundamento (a "
        "poluição), listadas só como informação",
    )
    fundamento: str | None = Field(
        default=None, description="o fundamento da multa devida (o do regime do processo)"
    )


class SituacaoDaPessoa(Resultado):
    """Se a pessoa está em débito (LESTA art. 20); débitos de fora da jurisdição só somam.

    Só as multas dos regimes que o declaram (`sustacao_por_debito`: as de infração à LESTA)
    fazem o débito do art. 20; as demais (poluição) vêm em `debitos` com `sustacao` falso e
    somam em `devido_sem_sustacao`.

    Os dados completos (o nome e os débitos de todas as OMs) só vão a quem tem a permissão
    `ve_dados_pessoais`, e cada leitura deles fica no registro de acesso a dados pessoais; os
    demais papéis veem só a sua jurisdição (`abrangencia`)."""

    documento: str
    nome: str | None = Field(
        description="nome da pessoa; só nos dados completos (e `null` se não está cadastrada)"
    )
    abrangencia: Literal["nacional", "jurisdicao"] = Field(
        description="nacional: débitos de todas as OMs (dados completos, leitura registrada); "
        "jurisdicao: só os da jurisdição do usuário, sem o nome"
    )
    em_debito: bool
    total_devido: Decimal
    debitos: list[DebitoDaPessoa]
    debitos_em_outras_oms: Decimal | None = Field(
        description="soma dos débitos fora da jurisdição; `null` quando `abrangencia` é jurisdicao"
    )
    suspensos: Decimal = Field(
        default=Decimal("0.00"),
        description="valores com a exigibilidade suspensa por efeito suspensivo do recurso",
    )
    devido_sem_sustacao: Decimal = Field(
        default=Decimal("0.00"),
        description="multas exigíveis dos regimes sem `sustacao_por_debito` (a poluição): "
        "informação, fora de `em_debito` e de `total_devido`, sem a sustação de atos",
    )
    fundamento: str


class MultaVencida(ProcessoResumo):
    saldo: Decimal
    vencimento_pagamento: dt.date
    dias_em_atraso: int


class RestituicaoPendente(Resultado):
    """Processo com valor pago a maior reconhecido e ainda não restituído ao pagador."""

    id: int
    numero: str
    estado: str
    valor: Decimal
    fundamento: str


class AlertaDePrescricao(ProcessoResumo):
    tipo: str = Field(description="quinquenal ou intercorrente")
    prescreve_em: dt.date
    dias_restantes: int
    prescrito: bool
    fundamento: str
