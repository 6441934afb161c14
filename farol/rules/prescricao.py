"""Prescrição da ação punitiva (Lei 9.873/1999 art. 1º) ao abrir um novo procedimento.

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

from farol.erros import EntradaInvalida, ForaDeVigencia
from farol.normas.prazos import regra_prazo
from farol.rules.prazos import ResultadoPrazo, calcular_prazo
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
