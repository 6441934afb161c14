"""Processos: leitura com linha do tempo e prazos, e registro de atos (POST .../atos)."""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Any

from fastapi import APIRouter, Header, Query, Response

from farol.api.deps import AtorAtual
from farol.http.deps import BancoDep
from farol.services import consultas, idempotencia, processos
from farol.services.processos import NovoAto

rotas = APIRouter(tags=["processos"])

ChaveIdempotencia = Annotated[str | None, Header(alias="Idempotency-Key", max_length=200)]


@rotas.get("/processos")
def listar(
    ator: AtorAtual,
    banco: BancoDep,
    estado: str | None = None,
    limite: Annotated[int, Query(ge=1, le=500)] = 100,
) -> list[dict[str, Any]]:
    with banco.unit_of_work(somente_leitura=True) as s:
        return consultas.listar_processos(s, ator, estado=estado, limite=limite)


@rotas.get("/processos/{processo_id}")
def detalhar(processo_id: int, ator: AtorAtual, banco: BancoDep) -> dict[str, Any]:
    with banco.unit_of_work(somente_leitura=True) as s:
        return processos.detalhar(s, ator, processo_id)


@rotas.post("/processos/{processo_id}/atos", status_code=201)
def registrar_ato(
    processo_id: int,
    cmd: NovoAto,
    ator: AtorAtual,
    banco: BancoDep,
    response: Response,
    chave: ChaveIdempotencia = None,
) -> dict[str, Any]:
    status, corpo = idempotencia.executar(
        banco,
        ator.usuario_id,
        chave,
        "POST",
        f"/processos/{processo_id}/atos",
        lambda s: (201, processos.registrar_ato(s, ator, processo_id, cmd)),
        idempotencia.assinatura_de(cmd.model_dump_json()),
    )
    response.status_code = status
    return corpo


@rotas.get("/prazos")
def prazos(
    ator: AtorAtual,
    banco: BancoDep,
    de: dt.date,
    ate: dt.date,
    om: str | None = None,
    abertos: bool = True,
) -> list[dict[str, Any]]:
    with banco.unit_of_work(somente_leitura=True) as s:
        return consultas.prazos_no_periodo(s, ator, de, ate, om_sigla=om, somente_abertos=abertos)


@rotas.get("/situacao/{documento:path}")
def situacao(documento: str, ator: AtorAtual, banco: BancoDep) -> dict[str, Any]:
    with banco.unit_of_work(somente_leitura=True) as s:
        return consultas.situacao(s, ator, documento)


@rotas.get("/divida-ativa")
def divida_ativa(
    ator: AtorAtual, banco: BancoDep, hoje: dt.date | None = None
) -> list[dict[str, Any]]:
    with banco.unit_of_work(somente_leitura=True) as s:
        return consultas.prontos_para_divida_ativa(s, ator, hoje or dt.date.today())


@rotas.get("/multas-vencidas")
def multas_vencidas(
    ator: AtorAtual, banco: BancoDep, hoje: dt.date | None = None
) -> list[dict[str, Any]]:
    with banco.unit_of_work(somente_leitura=True) as s:
        return consultas.multas_vencidas(s, ator, hoje or dt.date.today())


@rotas.get("/prescricao")
def prescricao(
    ator: AtorAtual, banco: BancoDep, hoje: dt.date | None = None, dias: int = 180
) -> list[dict[str, Any]]:
    with banco.unit_of_work(somente_leitura=True) as s:
        return consultas.alertas_prescricao(
            s, ator, hoje or dt.date.today(), antecedencia_dias=dias
        )
