"""O calendário de uma OM (feriados nacionais, da UF e fechamentos próprios) e a data de hoje."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

from sqlalchemy import select
from sqlalchemy.orm import Session

from farol.rules.calendario import Calendario, obter_calendario
from farol.store.modelos import OM, OMFechamento

FUSO = ZoneInfo("America/Sao_Paulo")


def hoje() -> dt.date:
    """A data civil em Brasília: é ela que conta para prazos e para recusar datas futuras."""
    return dt.datetime.now(FUSO).date()


def data_local(instante: dt.datetime) -> dt.date:
    return instante.astimezone(FUSO).date()


def calendario_da_om(s: Session, om: OM) -> Calendario:
    extras = {
        f.data: f.motivo
        for f in s.execute(select(OMFechamento).where(OMFechamento.om_id == om.id)).scalars()
    }
    return obter_calendario(om.uf, extras or None)
