"""Fatos do histórico de atos que as guardas do pagamento e do recurso consultam.

Funções puras da sequência de atos (tipo e dados, na ordem de registro) e das marcas do quadro:
nenhum tipo de ato é nomeado aqui.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from farol.domain.procedimento.maquina import Maquina
from farol.normas.citacoes import citacao
from farol.normas.prazos import exige_deposito_previo

ZERO = Decimal("0.00")


@dataclass(frozen=True)
class FatosDoRecurso:
    efeito_suspensivo: bool
    """Efeito suspensivo concedido depois do último recurso e antes de qualquer decisão dele."""
    penalidade_reformada: bool
    """A decisão do último recurso fixou nova penalidade (marca `impoe_penalidade`)."""
    divida_ativa_encaminhada: bool
    restituicao_reconhecida: Decimal
    restituicao_efetuada: Decimal

    @property
    def restituicao_pendente(self) -> Decimal:
        return self.restituicao_reconhecida - self.restituicao_efetuada


def _valor(dados: Mapping[str, Any]) -> Decimal:
    return Decimal(str(dados.get("valor", "0")))


def fatos_do_recurso(
    maquina: Maquina, atos: Sequence[tuple[str, Mapping[str, Any]]]
) -> FatosDoRecurso:
    """Os fatos de recurso, efeito suspensivo, dívida ativa e restituição do histórico."""

    def tem(tipo: str, marca: str) -> bool:
        return marca in maquina.marcas and maquina.tem_marca(tipo, marca)

    ultimo_recurso = max(
        (i for i, (tipo, _) in enumerate(atos) if tem(tipo, "interpoe_recurso")), default=None
    )
    efeito = reformada = False
    if ultimo_recurso is not None:
        for tipo, _ in atos[ultimo_recurso + 1 :]:
            if tem(tipo, "concede_efeito_suspensivo"):
                efeito = True
            elif tem(tipo, "decisao"):
                efeito = False
                reformada = tem(tipo, "impoe_penalidade")
                break
    return FatosDoRecurso(
        efeito_suspensivo=efeito,
        penalidade_reformada=reformada,
        divida_ativa_encaminhada=any(tem(t, "encaminha_divida_ativa") for t, _ in atos),
        restituicao_reconhecida=sum(
            (_valor(d) for t, d in atos if tem(t, "reconhece_restituicao")), ZERO
        ),
        restituicao_efetuada=sum(
            (_valor(d) for t, d in atos if tem(t, "efetua_restituicao")), ZERO
        ),
    )


@dataclass(frozen=True)
class EfeitoDoRecurso:
    """Qual regime do prazo de pagamento vale agora, dito a quem lê o processo ou o documento."""

    suspensivo: bool
    texto: str
    fundamento: str


def efeito_do_recurso(fatos: FatosDoRecurso) -> EfeitoDoRecurso:
    """Com efeito suspensivo concedido (Lei 9.784/1999 art. 61, parágrafo único) o prazo de
    pagamento e a dívida ativa ficam suspensos; sem ele (a regra: LESTA art. 24 § 1º), o prazo
    de pagamento corre mesmo com recurso pendente."""
    if fatos.efeito_suspensivo:
        c = citacao("efeito_suspensivo_concedido")
        return EfeitoDoRecurso(
            True,
            "Efeito suspensivo concedido ao recurso: o prazo de pagamento e a inscrição em "
            "dívida ativa ficam suspensos até a decisão do recurso, cuja ciência reabre o prazo.",
            c.referencia(),
        )
    c = citacao("recurso_sem_efeito_suspensivo")
    return EfeitoDoRecurso(
        False,
        "O recurso não tem efeito suspensivo: o prazo de pagamento corre mesmo com recurso "
        "pendente; o valor pago a maior, se o recurso for provido, é restituído.",
        c.referencia(),
    )


def regra_do_pagamento(maquina: Maquina, data: dt.date) -> EfeitoDoRecurso | None:
    """No regime em que a multa só se paga depois de uma notificação para pagamento (marca
    `notifica_pagamento` do quadro: o procedimento ambiental, NORMAM-401 item 1.6), o recurso e
    o pagamento como a norma em vigor na `data` os trata: o recurso sem pagamento prévio
    (instancias.yaml, `deposito_previo`) e o prazo de pagamento aberto só pela notificação — não
    corre com recurso pendente. None nos regimes sem a notificação (a LESTA:
    `efeito_do_recurso`)."""
    if not maquina.tipos_com("notifica_pagamento"):
        return None
    notifica = maquina.marca("notifica_pagamento")
    deposito = exige_deposito_previo(maquina.regime, data)
    recurso = (
        "O recurso exige o depósito prévio do valor da multa."
        if deposito.valor
        else "O recurso não exige o pagamento prévio da multa."
    )
    return EfeitoDoRecurso(
        True,
        f"{recurso} Pagamento: {notifica.descricao}.",
        "; ".join(dict.fromkeys([deposito.fundamento, *(c.referencia() for c in notifica.fontes)])),
    )


def efeito_do_recurso_no_regime(
    maquina: Maquina, fatos: FatosDoRecurso, data: dt.date
) -> EfeitoDoRecurso:
    """O que vale para o pagamento com recurso no regime do processo: `regra_do_pagamento`
    onde a multa espera a notificação para pagamento; senão `efeito_do_recurso` (LESTA)."""
    return regra_do_pagamento(maquina, data) or efeito_do_recurso(fatos)
