"""Estatísticas da jurisdição: as mesmas figuras que a página /estatisticas mostra."""

from __future__ import annotations

from fastapi import APIRouter

from farol.api.deps import AtorAtual, RotaDaApi
from farol.http.deps import UowDep
from farol.http.parametros import Data
from farol.relogio import hoje
from farol.services import estatisticas as servico
from farol.services.resultados.estatisticas import EstatisticasDaJurisdicao

rotas = APIRouter(tags=["estatisticas"], route_class=RotaDaApi)


@rotas.get("/estatisticas", response_model=EstatisticasDaJurisdicao)
def estatisticas(
    ator: AtorAtual,
    uow: UowDep,
    de: Data | None = None,
    ate: Data | None = None,
) -> EstatisticasDaJurisdicao:
    """Infrações constatadas por artigo, por infração, por mês e por OM; multas impostas e
    pagas; medidas administrativas aplicadas; autos de poluição por nível de impacto — na
    jurisdição do usuário, no período `de`..`ate` (datas de Brasília; sem elas, os 12 meses até
    hoje, como na página). Período invertido ou maior que 5 anos: 422 nomeando o campo."""
    padrao_de, padrao_ate = servico.periodo_padrao(hoje())
    # a autenticação e as figuras numa leitura e numa conexão (`RotaDaApi`; com réplica, as
    # figuras leem nela)
    return EstatisticasDaJurisdicao.model_validate(
        servico.calcular(uow, ator, de or padrao_de, ate or padrao_ate)
    )
