"""O calendário de uma OM (feriados nacionais, da UF e fechamentos próprios)."""

from __future__ import annotations

import datetime as dt

from sqlalchemy import select
from sqlalchemy.orm import Session

from farol.erros import EntradaInvalida, NaoEncontrado
from farol.rules.calendario import Calendario, obter_calendario
from farol.rules.prazos import calcular_prazo
from farol.services.unit_of_work import caso_de_uso
from farol.store.orm import CONTAGEM_NO_ATO, OM, OMFechamento, Prazo, Processo


def calendario_da_om(s: Session, om: OM) -> Calendario:
    """Cada fechamento registrado é um ato da OM: a sigla e a data o identificam, o motivo o
    justifica; o calendário o cita como base legal do dia sem expediente."""
    extras = {
        f.data: f.motivo
        for f in s.execute(select(OMFechamento).where(OMFechamento.om_id == om.id)).scalars()
    }
    return obter_calendario(om.uf, extras or None, om=om.sigla)


@caso_de_uso(escrita=True)
def registrar_fechamento(s: Session, sigla_om: str, data: dt.date, motivo: str) -> list[Prazo]:
    """Registra um dia sem expediente na OM (feriado municipal, ponto facultativo local) e
    recalcula os prazos ABERTOS dos processos da OM que esse dia alcança (Lei 9.784/1999
    art. 66 § 1º). Devolve os prazos cujo vencimento mudou."""
    om = s.execute(select(OM).where(OM.sigla == sigla_om)).scalar_one_or_none()
    if om is None:
        raise NaoEncontrado(f"OM {sigla_om!r} não encontrada", campo="om")
    if not motivo.strip():
        raise EntradaInvalida("informe o motivo do fechamento", campo="motivo")
    ja = s.execute(
        select(OMFechamento).where(OMFechamento.om_id == om.id, OMFechamento.data == data)
    ).scalar_one_or_none()
    if ja is not None:
        raise EntradaInvalida(f"{data:%d/%m/%Y} já está registrado: {ja.motivo}", campo="data")
    s.add(OMFechamento(om_id=om.id, data=data, motivo=motivo.strip()))
    s.flush()
    calendario = calendario_da_om(s, om)
    mudaram = []
    abertos = s.execute(
        select(Prazo)
        .join(Processo, Processo.id == Prazo.processo_id)
        .where(
            Processo.om_id == om.id,
            Prazo.encerrado_em.is_(None),
            Prazo.contagem != CONTAGEM_NO_ATO,  # a data fixada no ato não se recalcula
            Prazo.inicio < data,
            Prazo.vencimento >= data,
        )
    ).scalars()
    for prazo in abertos:
        r = calcular_prazo(
            prazo.etapa,
            prazo.inicio,
            regime=prazo.regime,
            calendario=calendario,
            dias_fixados=prazo.dias,  # o prazo cujo número de dias a decisão fixou o mantém
        )
        if r.vencimento != prazo.vencimento:
            prazo.vencimento = r.vencimento
            prazo.dias_nao_uteis = r.dias_nao_uteis_json()
            prazo.fundamentos = list(r.fundamentos)
            mudaram.append(prazo)
    return mudaram
