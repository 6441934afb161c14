"""Páginas da custódia (regime `custodia`): o recolhimento da embarcação apreendida à guarda
da OM, a partir da página do processo sancionador; a custódia do bem achado à deriva ou nas
praias (NORMAM-07 item 0205); a tabela de valores diários da OM. Os mesmos serviços da API
(`custodias.abrir`, `custodia.tarifas`, `custodia.registrar_tarifa`); os demais atos da
custódia se registram pelos formulários da página do processo, como em qualquer regime.

- POST /processos/{id}/recolhimento: recolhe a apreensão (`recolhimento.medida_id`) e leva à
  página da custódia aberta; recusa: a página do processo volta com o formulário aberto, o que
  foi digitado e cada erro no seu campo (guardada para o GET, como a recusa de um ato).
- GET/POST /custodias/nova: a custódia do bem achado.
- GET/POST /custodia/tarifas: as tabelas da OM e o registro de uma nova, datada.
"""

from __future__ import annotations

import uuid
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from pydantic import BaseModel, ValidationError
from starlette.datastructures import FormData

from farol.domain.procedimento.carregar import carregar_regime
from farol.erros import ErroFarol
from farol.http.deps import uow_da
from farol.http.erros import status_de
from farol.http.parametros import IdNoCaminho
from farol.normas.custodia import dados_custodia
from farol.services import custodia, custodias, fotos_inspecao
from farol.services.custodia import NovaTarifa
from farol.services.custodias import NovaCustodia
from farol.services.jurisdicao import Ator
from farol.web import atos, recusa
from farol.web.ambiente import pagina
from farol.web.formularios import (
    GERAL,
    Erros,
    aninhar,
    em_reais,
    erro_farol,
    erros_pydantic,
    texto_na_pagina,
)
from farol.web.rotas.inspecao import fotos_enviadas
from farol.web.rotas.processo import _pagina as pagina_do_processo
from farol.web.sessao import AtorWeb, RotaDaPagina, conferir_csrf

rotas = APIRouter(include_in_schema=False, route_class=RotaDaPagina)


async def _formulario(request: Request) -> FormData:
    return await request.form(max_fields=300)


Formulario = Annotated[FormData, Depends(_formulario)]

CAMPOS_DO_ACHADO = (
    "data_ato",
    "recolhimento.bem",
    "recolhimento.local_do_achado",
    "recolhimento.local_guarda",
    "recolhimento.estado_na_chegada",
    "recolhimento.estrangeiro",
    "recolhimento.texto",
    "responsavel.documento",
    "responsavel.nome",
    "responsavel.endereco",
    "embarcacao.inscricao",
    "embarcacao.nome",
)
MARCADO = ("true", "on", "sim")


def _tipo_do_recolhimento() -> str:
    return carregar_regime(custodia.REGIME).tipo_com("recolhe_bem")


def _pares(form: FormData, aceito: Any) -> list[tuple[str, str]]:
    """Os campos de texto aceitos, sem as linhas de lacre em branco (renumeradas)."""
    return atos.compactar_linhas(
        [(k, v.strip()) for k, v in form.multi_items() if isinstance(v, str) and aceito(k)]
    )


def _corpo(pares: list[tuple[str, str]]) -> dict[str, Any]:
    """O corpo do serviço: só o que foi preenchido (o vazio é "não informado"); a marca vira
    booleano."""
    preenchidos = [
        (k, v in MARCADO if k.endswith(".estrangeiro") else v) for k, v in pares if v != ""
    ]
    return aninhar(preenchidos)


def _erros(e: Exception, nomes: list[str]) -> tuple[Erros, int]:
    if isinstance(e, ValidationError):
        return erros_pydantic(e, nomes), 422
    assert isinstance(e, ErroFarol)
    erros = erro_farol(e, nomes)
    if not erros.por_campo:
        erros.adicionar(GERAL, texto_na_pagina(e))
    return erros, status_de(e)


# --- recolhimento da embarcação apreendida ----------------------------------------------------


@rotas.post("/processos/{pid}/recolhimento", response_class=HTMLResponse, response_model=None)
def recolher(request: Request, pid: IdNoCaminho, ator: AtorWeb, form: Formulario) -> Response:
    """O Auto de Apreensão: local de guarda, fiel depositário, estado na chegada e os lacres."""
    conferir_csrf(request, form)
    pares = _pares(form, lambda k: k == "data_ato" or k.startswith("recolhimento."))
    valores = dict(pares)
    tipo = _tipo_do_recolhimento()
    try:
        cmd = NovaCustodia.model_validate(_corpo(pares))
        _, aberta = custodias.abrir(
            uow_da(request),
            ator,
            cmd,
            chave=str(form.get("chave") or "") or None,
            fotos=fotos_enviadas(form),
        )
    except (ValidationError, ErroFarol) as e:
        erros, status = _erros(e, [*valores, fotos_inspecao.CAMPO])
        recusado = pagina_do_processo(
            request, ator, pid, aberto=tipo, valores=valores, erros=erros, status=status
        )
        recusa.guardar(request, recusado, ator, pid, tipo, valores, erros)
        return recusado
    resposta = RedirectResponse(f"/processos/{aberta.id}?registrado={tipo}", status_code=303)
    recusa.apagar(resposta, pid, tipo)
    return resposta


# --- bem achado à deriva ou nas praias --------------------------------------------------------


def _tela_do_achado(
    request: Request,
    valores: dict[str, str] | None = None,
    erros: Erros | None = None,
    status: int = 200,
) -> HTMLResponse:
    regime = carregar_regime(custodia.REGIME)
    abertura = regime.transicao_do_tipo(_tipo_do_recolhimento())
    assert abertura is not None  # o recolhimento é um ato do quadro da custódia
    ctx = {
        "valores": valores or {},
        "erros": erros or Erros(),
        "chave": str(uuid.uuid4()),
        "fundamento": "; ".join(abertura.fundamentos()),
    }
    return pagina(request, "custodia_achado.html", ctx, status)


@rotas.get("/custodias/nova", response_class=HTMLResponse)
def novo_achado(request: Request, ator: AtorWeb) -> HTMLResponse:
    return _tela_do_achado(request)


SEM_ORIGEM = (
    "descreva o bem achado ou, se é uma embarcação à deriva, identifique-a (inscrição ou nome) "
    "com o responsável"
)
SEM_RESPONSAVEL = (
    "a embarcação à deriva registra-se com o responsável (CPF ou CNPJ e nome); desconhecido "
    "ele, deixe a embarcação em branco e descreva o bem"
)


def _faltas_do_achado(pares: list[tuple[str, str]]) -> Erros:
    """Tudo o que falta ou não cabe no formulário do achado, de uma vez, cada erro no seu campo
    (antes, o formulário vazio só apontava a descrição do bem, e o local da guarda e o estado
    na chegada vinham no envio seguinte): os do modelo, com cada grupo obrigatório que veio em
    branco conferido campo a campo (sem ele, o modelo só diria que o grupo falta, no primeiro
    campo do grupo), e as duas regras da origem do bem que `custodias.abrir_custodia` aplica (a
    descrição ou a embarcação; a embarcação com o responsável)."""
    grupos: dict[str, Any] = {
        nome: {}
        for nome, f in NovaCustodia.model_fields.items()
        if f.is_required() and isinstance(f.annotation, type)
        and issubclass(f.annotation, BaseModel)
    }  # fmt: skip
    erros = Erros()
    try:
        NovaCustodia.model_validate(grupos | _corpo(pares))
    except ValidationError as e:
        erros = erros_pydantic(e, list(CAMPOS_DO_ACHADO))
    preenchidos = {k for k, v in pares if v != ""}
    com_embarcacao = any(k.startswith("embarcacao.") for k in preenchidos)
    if "recolhimento.bem" not in preenchidos and not com_embarcacao:
        erros.adicionar("recolhimento.bem", SEM_ORIGEM)
    if com_embarcacao and not any(k.startswith("responsavel.") for k in preenchidos):
        erros.adicionar("responsavel.documento", SEM_RESPONSAVEL)
    return erros


@rotas.post("/custodias/nova", response_class=HTMLResponse, response_model=None)
def abrir_achado(request: Request, ator: AtorWeb, form: Formulario) -> Response:
    conferir_csrf(request, form)
    pares = _pares(form, lambda k: k in CAMPOS_DO_ACHADO)
    valores = dict(pares)
    faltas = _faltas_do_achado(pares)
    if faltas:
        return _tela_do_achado(request, valores, faltas, 422)
    try:
        cmd = NovaCustodia.model_validate(_corpo(pares))
        _, aberta = custodias.abrir(
            uow_da(request), ator, cmd, chave=str(form.get("chave") or "") or None
        )
    except (ValidationError, ErroFarol) as e:
        erros, status = _erros(e, list(CAMPOS_DO_ACHADO))
        return _tela_do_achado(request, valores, erros, status)
    return RedirectResponse(
        f"/processos/{aberta.id}?registrado={_tipo_do_recolhimento()}", status_code=303
    )


# --- tabela de valores diários da OM ----------------------------------------------------------


def _tela_das_tarifas(
    request: Request,
    ator: Ator,
    valores: dict[str, str] | None = None,
    erros: Erros | None = None,
    status: int = 200,
    registrada: str = "",
) -> HTMLResponse:
    d = dados_custodia()
    ctx = {
        "tabelas": custodia.tarifas(uow_da(request), ator),
        "itens": d.itens_diarios,
        "regra": d.diarias,
        "valores": valores or {},
        "erros": erros or Erros(),
        "registrada": registrada,
        "pode_fixar": custodia.pode_fixar_tarifas(ator),
        "quem_fixa": custodia.quem_fixa_tarifas(),
    }
    return pagina(request, "custodia_tarifas.html", ctx, status)


@rotas.get("/custodia/tarifas", response_class=HTMLResponse)
def tarifas(request: Request, ator: AtorWeb, registrada: str = "") -> HTMLResponse:
    return _tela_das_tarifas(request, ator, registrada=registrada)


@rotas.post("/custodia/tarifas", response_class=HTMLResponse, response_model=None)
def registrar_tarifa(request: Request, ator: AtorWeb, form: Formulario) -> Response:
    conferir_csrf(request, form)
    itens = dados_custodia().itens_diarios
    nomes = ["vigente_desde", "ato", "valores", *(f"valores.{k}" for k in itens)]
    valores = {k: v.strip() for k, v in form.items() if isinstance(v, str) and k in nomes}
    corpo = aninhar(
        (k, em_reais(v) if k.startswith("valores.") else v) for k, v in valores.items() if v
    )
    corpo.setdefault("valores", {})
    try:
        cmd = NovaTarifa.model_validate(corpo)
        r = custodia.registrar_tarifa(uow_da(request), ator, cmd)
    except (ValidationError, ErroFarol) as e:
        erros, status = _erros(e, nomes)
        return _tela_das_tarifas(request, ator, valores, erros, status)
    return RedirectResponse(
        f"/custodia/tarifas?registrada={r.vigente_desde.isoformat()}", status_code=303
    )
