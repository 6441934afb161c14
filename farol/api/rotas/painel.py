"""Painel da OM: as mesmas figuras que a página /painel mostra."""

from __future__ import annotations

import datetime as dt
from typing import Any

from fastapi import APIRouter

from farol.api.deps import AtorAtual
from farol.http.deps import BancoDep
from farol.services import painel
from farol.services.calendario_om import hoje as hoje_em_brasilia

rotas = APIRouter(tags=["painel"])


@rotas.get("/painel")
def figuras(ator: AtorAtual, banco: BancoDep, hoje: dt.date | None = None) -> dict[str, Any]:
    """Processos por estado, prazos de hoje / da semana / vencidos, embarcações apreendidas,
    multas vencidas e alertas de prescrição, na jurisdição do usuário."""
    with banco.unit_of_work(somente_leitura=True) as s:
        return painel.figuras(s, ator, hoje or hoje_em_brasilia())
