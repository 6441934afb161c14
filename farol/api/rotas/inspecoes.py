"""Inspeções: o inspetor registra o que achou; a resposta diz infrações, medidas e notificações."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Header, Response

from farol.api.deps import AtorAtual
from farol.http.deps import BancoDep
from farol.services import idempotencia, inspecoes
from farol.services.inspecoes import NovaInspecao

rotas = APIRouter(tags=["inspeções"])


@rotas.post("/inspecoes", status_code=201)
def registrar(
    cmd: NovaInspecao,
    ator: AtorAtual,
    banco: BancoDep,
    response: Response,
    chave: Annotated[str | None, Header(alias="Idempotency-Key", max_length=200)] = None,
) -> dict[str, Any]:
    status, corpo = idempotencia.executar(
        banco,
        ator.usuario_id,
        chave,
        "POST",
        "/inspecoes",
        lambda s: (201, inspecoes.registrar_inspecao(s, ator, cmd)),
        idempotencia.assinatura_de(cmd.model_dump_json()),
    )
    response.status_code = status
    return corpo


@rotas.post("/inspecoes/avaliar")
def avaliar(cmd: NovaInspecao, ator: AtorAtual) -> dict[str, Any]:
    """Sem gravar nada: as infrações, medidas e notificações que a inspeção produziria."""
    return inspecoes.avaliar(cmd)
