"""Embarcações: o cadastro de uma embarcação pela inscrição (o que a nova inspeção confere)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query

from farol.api.deps import AtorAtual, RotaDaApi
from farol.http.deps import UowDep
from farol.services import embarcacoes
from farol.services.resultados.cadastro_da_inspecao import EmbarcacaoCadastrada

rotas = APIRouter(tags=["embarcações"], route_class=RotaDaApi)


@rotas.get("/embarcacoes", response_model=list[EmbarcacaoCadastrada])
def por_inscricao(
    ator: AtorAtual,
    uow: UowDep,
    inscricao: Annotated[
        str,
        Query(
            min_length=embarcacoes.INSCRICAO_MINIMA,
            max_length=embarcacoes.INSCRICAO_MAXIMA,
            description="a inscrição (sem distinguir maiúsculas)",
        ),
    ],
) -> list[EmbarcacaoCadastrada]:
    """A embarcação cadastrada com a inscrição (lista com uma, ou vazia). O cadastro é
    nacional; o proprietário só vem para os papéis com `ve_dados_pessoais`, e cada leitura
    dele fica no registro de acesso a dados pessoais (consulta `embarcacao_por_inscricao`)."""
    return embarcacoes.por_inscricao(uow, ator, inscricao)
