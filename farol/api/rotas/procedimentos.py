"""Apuração posterior e inquérito administrativo: procedimentos que não nascem da inspeção."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Header, Response

from farol.api.deps import AtorAtual, RotaDaApi
from farol.http.deps import UowDep
from farol.http.erros import respostas
from farol.services import procedimentos
from farol.services.procedimentos import NovoProcedimento
from farol.services.resultados.processo import ProcessoAbertoNoRegime

rotas = APIRouter(tags=["procedimentos"], route_class=RotaDaApi)


@rotas.post(
    "/procedimentos",
    status_code=201,
    response_model=ProcessoAbertoNoRegime,
    responses=respostas(409),
)
def abrir(
    cmd: NovoProcedimento,
    ator: AtorAtual,
    uow: UowDep,
    response: Response,
    chave: Annotated[str | None, Header(alias="Idempotency-Key", max_length=200)] = None,
) -> ProcessoAbertoNoRegime:
    """Abre uma apuração (notícia de fato passado), um inquérito administrativo ou um Auto de
    Infração por poluição; os atos seguintes vão para /processos/{id}/atos, como em qualquer
    processo. Para o investigado ou a embarcação já cadastrados, o processo se abre com o
    cadastro, que não muda; o que se digitou diferente dele volta em `divergencias` e fica no
    processo."""
    status, corpo = procedimentos.abrir(uow, ator, cmd, chave=chave)
    response.status_code = status
    return corpo
