"""Painel da OM: as mesmas figuras que a página /painel mostra."""

from __future__ import annotations

from fastapi import APIRouter

from farol.api.deps import AtorAtual
from farol.http.deps import UowDep
from farol.http.parametros import Data
from farol.relogio import hoje as hoje_em_brasilia
from farol.services import painel
from farol.services.resultados.painel import FigurasDoPainel

rotas = APIRouter(tags=["painel"])


@rotas.get("/painel", response_model=FigurasDoPainel)
def figuras(ator: AtorAtual, uow: UowDep, hoje: Data | None = None) -> FigurasDoPainel:
    """Processos por estado, prazos de hoje / da semana / vencidos, embarcações apreendidas,
    multas vencidas e alertas de prescrição, na jurisdição do usuário."""
    return painel.figuras(uow, ator, hoje or hoje_em_brasilia())
