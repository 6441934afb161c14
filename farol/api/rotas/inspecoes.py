"""Inspeções: o inspetor registra o que achou; a resposta diz infrações, medidas e notificações."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Header, Response

from farol.api.deps import AtorAtual
from farol.http.deps import UowDep
from farol.http.erros import respostas
from farol.services import inspecoes
from farol.services.inspecoes import NovaInspecao
from farol.services.resultados.inspecao import AvaliacaoDaInspecao, InspecaoRegistrada

rotas = APIRouter(tags=["inspeções"])


@rotas.post(
    "/inspecoes", status_code=201, response_model=InspecaoRegistrada, responses=respostas(409)
)
def registrar(
    cmd: NovaInspecao,
    ator: AtorAtual,
    uow: UowDep,
    response: Response,
    chave: Annotated[str | None, Header(alias="Idempotency-Key", max_length=200)] = None,
) -> InspecaoRegistrada:
    status, corpo = inspecoes.registrar(uow, ator, cmd, chave=chave)
    response.status_code = status
    return corpo


@rotas.post("/inspecoes/avaliar", response_model=AvaliacaoDaInspecao)
def avaliar(cmd: NovaInspecao, ator: AtorAtual) -> AvaliacaoDaInspecao:
    """Sem gravar nada: as infrações, medidas e notificações que a inspeção produziria."""
    return inspecoes.avaliar(cmd)
