"""Prescrição da Lei 9.873/1999: a da ação punitiva ao abrir um novo procedimento, e as que
correm num procedimento aberto (`prescricoes_do_processo`: a dos alertas e a da guarda
`nao_prescrito`, que recusa impor ou manter penalidade depois de consumada).

Lei 9.873/1999 art. 1º: "Prescreve em cinco anos a ação punitiva da Administração Pública
Federal, direta e indireta, no exercício do poder de polícia, objetivando apurar infração à
legislação em vigor, contados da data da prática do ato ou, no caso de infração permanente ou
continuada, do dia em que tiver cessado."

Os anos e a citação vêm de `prazo.prescricao.punitiva` (dados/prazos.yaml) e o termo do motor de
prazos (`calcular_prazo`: de data a data, sem prorrogação). O termo é o último dia em que a
ação ainda cabe (o mesmo `prescreve_em` dos alertas de prescrição): registrar nele é aceito;
no dia seguinte, recusado. Versão da regra: a vigente na data do registro (a lei que rege a ação
punitiva quando a Administração age), contada da data do fato.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from farol.erros import EntradaInvalida, ForaDeVigencia
from farol.normas.citacoes import citacao
from farol.normas.prazos import regra_prazo
from farol.rules.prazos import ResultadoPrazo, calcular_prazo
from farol.rules.reincidencia import somar_anos
from farol.rules.vigencia import exigir_vigencia_do_fato

REGIME, ETAPA = "prescricao", "punitiva"  # id legal da regra em prazos.yaml


def prescricao_punitiva(fato: dt.date, *, na_data: dt.date) -> ResultadoPrazo | None:
    """O termo da prescrição punitiva do fato, pela regra em vigor em `na_data`; `None` se
    nessa data ainda não havia a regra (antes da Lei 9.873/1999)."""
    try:
        return calcular_prazo(ETAPA, fato, regime=REGIME, data_norma=na_data)
    except ForaDeVigencia:
        return None


def exigir_nao_prescrito(fato: dt.date, registro: dt.date, *, campo: str) -> None:
    """Recusa abrir procedimento por fato cuja ação punitiva já prescreveu em `registro`."""
    r = prescricao_punitiva(fato, na_data=registro)
    if r is None or registro <= r.vencimento:
        return
    _, valor = regra_prazo(REGIME, ETAPA).vigente(registro)
    assert valor.anos is not None  # prazo de prescrição: em anos (validado na carga)
    raise EntradaInvalida(
        f"fato de {fato:%d/%m/%Y}: a ação punitiva prescreveu em {r.vencimento:%d/%m/%Y} "
        f"({valor.anos} anos contados da data do fato); um novo procedimento por ele, "
        f"registrado em {registro:%d/%m/%Y}, não pode ser aberto",
        campo=campo,
        regra="; ".join(r.fundamentos),
    )


def exigir_fato_apuravel(
    fato: dt.date, registro: dt.date, infracoes: Iterable[str], *, campo: str
) -> None:
    """O fato de um novo procedimento: depois da vigência da LESTA e das infrações
    constatadas (`farol.rules.vigencia`) e ainda não prescrito na data do registro."""
    exigir_vigencia_do_fato(fato, infracoes, campo=campo)
    exigir_nao_prescrito(fato, registro, campo=campo)


TipoDePrescricao = Literal["quinquenal", "intercorrente"]


@dataclass(frozen=True)
class Prescricao:
    """Uma prescrição que corre num procedimento aberto, contada de `desde`.

    - `quinquenal` (Lei 9.873/1999 art. 1º): `prazo.prescricao.punitiva` da data do fato ou do
      último ato que a interrompeu (marca `interrompe_prescricao`; art. 2º);
    - `intercorrente` (art. 1º § 1º): `prazo.prescricao.intercorrente` do último ato registrado
      ("procedimento administrativo paralisado por mais de três anos, pendente de julgamento ou
      despacho").

    `prescreve_em` é o último dia em que o ato ainda cabe (o mesmo dos alertas de prescrição):
    no dia seguinte, a prescrição está consumada.
    """

    tipo: TipoDePrescricao
    desde: dt.date
    anos: int
    prescreve_em: dt.date
    fundamento: str
    """A referência da citação (citacoes.yaml: `prescricao_punitiva` ou `_intercorrente`)."""

    def consumada_em(self, data: dt.date) -> bool:
        """Consumada na `data` (depois do último dia)."""
        return data > self.prescreve_em


def prescreve_em(etapa: str, desde: dt.date) -> tuple[dt.date, int] | None:
    """`desde` mais os anos de `prazo.prescricao.<etapa>` (prazos.yaml) em vigor nessa data, e
    esses anos; `None` antes da vigência da Lei 9.873/1999 (o Farol não alcança o que ela não
    alcança)."""
    try:
        _, valor = regra_prazo(REGIME, etapa).vigente(desde)
    except ForaDeVigencia:
        return None
    assert valor.anos is not None  # prazos de prescrição são em anos (validado na carga)
    return somar_anos(desde, valor.anos), valor.anos


def prescricoes_do_processo(marco: dt.date, ultimo_ato: dt.date | None) -> list[Prescricao]:
    """As prescrições que correm no procedimento: a quinquenal do `marco` (a data do fato ou a
    do último ato interruptivo, `repositorio.marco_da_prescricao`) e a intercorrente do último
    ato registrado (sem ato, do marco). Vazia antes da vigência da lei."""
    candidatas: tuple[tuple[TipoDePrescricao, str, dt.date, str], ...] = (
        ("quinquenal", "punitiva", marco, "prescricao_punitiva"),
        ("intercorrente", "intercorrente", ultimo_ato or marco, "prescricao_intercorrente"),
    )
    saida = []
    for tipo, etapa, desde, nome in candidatas:
        termo = prescreve_em(etapa, desde)
        if termo is not None:
            saida.append(Prescricao(tipo, desde, termo[1], termo[0], citacao(nome).referencia()))
    return saida
