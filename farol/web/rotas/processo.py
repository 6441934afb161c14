"""Página do processo: cabeçalho, linha do tempo, prazos e os atos que o papel pode registrar.

- GET /processos/{id}: `processos.detalhar` (404 fora da jurisdição, como na API), anexos,
  medidas aplicadas e, quando cabe uma decisão com penalidade, o assistente de penalidade.
- POST /processos/{id}/atos/{tipo}: `processos.registrar_ato` sob a chave de idempotência do
  formulário; o documento enviado (defesa, recurso) é gravado na MESMA transação
  (`anexos.guardar`). Recusa: a página volta (422/409) com o que foi digitado e todos os erros
  de formato de uma vez, cada um no seu campo (`atos.conferir`); a recusa fica num cookie do
  endereço do formulário (`farol.web.recusa`).
- GET /processos/{id}/atos/{tipo}: a página do processo com o formulário do ato aberto e a
  última recusa dele, se houver (recarregar a página recusada não dá 405).
- GET /processos/{id}/anexos/{anexo}: baixa o documento.
- GET /processos: a lista paginada, com filtros e ordem (`consultas.listar_processos`, o mesmo
  caso de uso de GET /api/v1/processos).
"""

from __future__ import annotations

import datetime as dt
import uuid
from typing import Annotated, Any
from urllib.parse import quote, urlencode

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from pydantic import ValidationError
from starlette.datastructures import FormData

from farol.erros import ErroFarol, NaoEncontrado
from farol.http.arquivos import cabecalhos_do_pdf
from farol.http.deps import uow_da
from farol.http.erros import status_de
from farol.http.parametros import IdNoCaminho
from farol.services import (
    anexos,
    atos_possiveis,
    consultas,
    documentos,
    processos,
    vista_processo,
)
from farol.services.consultas import FiltroDeProcessos
from farol.services.jurisdicao import Ator
from farol.services.processos import NovoAto
from farol.services.unit_of_work import UnitOfWork
from farol.web import atos, recusa
from farol.web.ambiente import pagina
from farol.web.formularios import GERAL, Erros, erro_farol, erros_pydantic, texto_na_pagina
from farol.web.sessao import AtorWeb, RotaDaPagina, conferir_csrf

rotas = APIRouter(include_in_schema=False, route_class=RotaDaPagina)
POR_PAGINA = (25, 50, 100, 200)
"""As opções de itens por página da lista (qualquer valor até o teto do serviço é aceito)."""


async def formulario(request: Request) -> FormData:
    return await request.form(max_files=1, max_fields=200)


Formulario = Annotated[FormData, Depends(formulario)]


def _pagina(
    request: Request,
    ator: Ator,
    pid: int,
    *,
    aberto: str = "",
    valores: dict[str, Any] | None = None,
    erros: Erros | None = None,
    registrado: str = "",
    status: int = 200,
) -> HTMLResponse:
    """A página do processo. A vista e o que cabe registrar agora na leitura da sessão do
    cookie (`RotaDaPagina`: uma conexão)."""
    uow = uow_da(request)
    ctx = vista_processo.vista(uow, ator, pid)
    possiveis = atos_possiveis.atos_possiveis(uow, ator, pid)
    ctx.update(
        {
            "formularios": atos.formularios(ctx["p"], possiveis),
            # o Auto de Apreensão de cada apreensão que o papel recolhe à custódia
            "campos_recolhimento": atos.campos_do_recolhimento() if ctx["recolhiveis"] else [],
            # os que não cabem em data nenhuma (o que cabe com data passada tem formulário)
            "indisponiveis": [a for a in possiveis if not a.permitido and not a.cabe_com_data],
            "aberto": aberto,
            "valores": valores or {},
            "erros": erros or Erros(),
            "registrado": registrado,
            "chave": str(uuid.uuid4()),
            # a recusa de um POST: o endereço GET que a mostra de novo (history.replaceState)
            "endereco_da_recusa": recusa.caminho(pid, aberto) if erros and aberto else "",
        }
    )
    return pagina(request, "processo.html", ctx, status)


@rotas.get("/processos/{pid}", response_class=HTMLResponse)
def processo(
    request: Request, ator: AtorWeb, pid: IdNoCaminho, registrado: str = ""
) -> HTMLResponse:
    return _pagina(request, ator, pid, registrado=registrado)


@rotas.post("/processos/{pid}/atos/{tipo}", response_class=HTMLResponse, response_model=None)
def registrar_ato(
    request: Request, ator: AtorWeb, pid: IdNoCaminho, tipo: str, form: Formulario
) -> Response:
    # a sessão do cookie, o processo e o registro numa transação e numa conexão (`RotaDaPagina`:
    # um POST, como o da API); a página da recusa, depois, com a sua leitura
    conferir_csrf(request, form)
    valores = atos.valores(form)
    resultado = _registrar(uow_da(request), ator, pid, tipo, form, valores)
    if isinstance(resultado, tuple):
        erros, status = resultado
        return _recusado(request, ator, pid, tipo, valores, erros, status)
    resposta = RedirectResponse(
        f"/processos/{pid}?registrado={quote(tipo)}#ato-{resultado}", status_code=303
    )
    recusa.apagar(resposta, pid, tipo)
    return resposta


def _registrar(
    uow: UnitOfWork,
    ator: Ator,
    pid: int,
    tipo: str,
    form: FormData,
    valores: dict[str, Any],
) -> int | tuple[Erros, int]:
    """O ato do formulário registrado (o seu número na sequência do processo), ou os erros e o
    status da recusa."""
    chave = str(form.get("chave") or "") or None
    detalhe = processos.detalhar(uow, ator, pid).model_dump(mode="json")  # 404 fora da jurisdição
    detalhe["hoje"] = ""
    campos, _ = atos.campos_do_ato(tipo, detalhe)
    nomes = [c.nome for c in campos] + [k for k in valores if k.startswith("dados.")]
    try:
        corpo_do_ato = atos.montar(tipo, form)
        arquivo = atos.arquivo_enviado(form)
        erros = atos.conferir(tipo, detalhe, corpo_do_ato, nomes, com_anexo=arquivo is not None)
        if erros:  # todos os erros de formato de uma vez, antes do serviço, e o da data
            _juntar_recusa_da_data(uow, ator, pid, corpo_do_ato, erros)
            return erros, 422
        cmd = NovoAto.model_validate(corpo_do_ato)

        _, corpo = processos.registrar(uow, ator, pid, cmd, chave=chave, arquivo=arquivo)
    except ValidationError as e:
        return erros_pydantic(e, nomes), 422
    except ErroFarol as e:
        erros = erro_farol(e, nomes)
        if not erros.por_campo:
            erros.adicionar(GERAL, texto_na_pagina(e))
        return erros, status_de(e)
    return corpo.ato.seq


def _juntar_recusa_da_data(
    uow: Any, ator: Ator, pid: int, corpo_do_ato: dict[str, Any], erros: Erros
) -> None:
    """Com erros de formato, a data do ato (se bem escrita) é conferida também: futura ou
    anterior ao ato que ele sucede aparece junto, não depois de corrigido o resto."""
    if erros.get("data_ato"):
        return
    try:
        data = dt.date.fromisoformat(str(corpo_do_ato.get("data_ato") or ""))
    except ValueError:
        return
    recusa_da_data = processos.recusa_da_data(uow, ator, pid, data)
    if recusa_da_data is not None:
        erros.adicionar("data_ato", recusa_da_data.mensagem)


def _recusado(
    request: Request,
    ator: Ator,
    pid: int,
    tipo: str,
    valores: dict[str, Any],
    erros: Erros,
    status: int,
) -> HTMLResponse:
    """A página com a recusa (o que foi digitado e os erros), guardada para o GET do mesmo
    endereço (`recusa`): recarregar a página mostra a recusa de novo, sem reenviar nada."""
    resposta = _pagina(request, ator, pid, aberto=tipo, valores=valores, erros=erros, status=status)
    recusa.guardar(request, resposta, ator, pid, tipo, valores, erros)
    return resposta


@rotas.get("/processos/{pid}/atos/{tipo}", response_class=HTMLResponse)
def formulario_do_ato(request: Request, pid: IdNoCaminho, tipo: str, ator: AtorWeb) -> HTMLResponse:
    """O endereço do formulário recusado: a página do processo com o formulário aberto e a
    última recusa dele (se ainda guardada), 200."""
    guardada = recusa.ler(request, ator, pid, tipo)
    valores, erros = guardada if guardada is not None else ({}, Erros())
    return _pagina(request, ator, pid, aberto=tipo, valores=valores, erros=erros)


@rotas.get("/processos/{pid}/anexos/{anexo_id}", response_model=None)
def baixar_anexo(
    request: Request, pid: IdNoCaminho, anexo_id: IdNoCaminho, ator: AtorWeb
) -> Response:
    nome, mime, conteudo = anexos.obter(uow_da(request), ator, pid, anexo_id)
    return Response(
        conteudo,
        media_type=mime,
        headers={
            "Content-Disposition": f"attachment; filename*=UTF-8''{quote(nome)}",
            "X-Content-Type-Options": "nosniff",
            "Cache-Control": "no-store",
        },
    )


CAMPOS_DA_LISTA = (
    "estado",
    "regime",
    "om",
    "vencidos",
    "vence_de",
    "vence_ate",
    "ordem",
    "pagina",
    "por_pagina",
)
SIM = ("1", "true", "sim", "on")


@rotas.get("/processos", response_class=HTMLResponse)
def lista(request: Request, ator: AtorWeb) -> HTMLResponse:
    """A lista: os filtros chegam pelo formulário GET (o endereço guarda a consulta). Filtro
    inválido volta com o erro ao lado do campo (422) e a lista sai sem ele. A sessão do cookie,
    a página da lista e as opções dos filtros numa leitura e numa conexão (`RotaDaPagina`; um
    filtro recusado pelo banco encerra a leitura, e a seguinte abre outra)."""
    pedido = {k: v.strip() for k, v in request.query_params.items() if k in CAMPOS_DA_LISTA}
    validos: dict[str, Any] = {k: v for k, v in pedido.items() if v and k != "vencidos"}
    if pedido.get("vencidos", "").lower() in SIM:
        validos["vencidos"] = True
    uow = uow_da(request)
    erros = Erros()
    while True:
        try:
            filtro = FiltroDeProcessos.model_validate(validos)
            resultado = consultas.listar_processos(uow, ator, filtro)
            break
        except ValidationError as e:
            novos = erros_pydantic(e, CAMPOS_DA_LISTA)
        except ErroFarol as e:
            if not validos:
                raise
            novos = erro_farol(e, CAMPOS_DA_LISTA)
        erros.juntar(novos)
        restantes = {k: v for k, v in validos.items() if k not in novos.por_campo}
        validos = restantes if restantes != validos else {}
    opcoes = consultas.opcoes_da_lista(uow, ator)
    padrao = FiltroDeProcessos().model_dump()

    def endereco(**mudancas: Any) -> str:
        """O endereço da lista com os filtros em vigor e as mudanças (ordem, página)."""
        params = {**filtro.model_dump(), **mudancas}
        params = {k: ("1" if v is True else v) for k, v in params.items() if v != padrao.get(k)}
        return "/processos" + (f"?{urlencode(params)}" if params else "")

    return pagina(
        request,
        "processos.html",
        {
            "resultado": resultado,
            "filtro": filtro,
            "pedido": pedido,
            "opcoes": opcoes,
            "ordens": consultas.ORDENS,
            "por_pagina": sorted({*POR_PAGINA, filtro.por_pagina}),
            "erros": erros,
            "endereco": endereco,
        },
        422 if erros else 200,
    )


@rotas.post("/processos/{pid}/documentos", response_class=HTMLResponse, response_model=None)
def emitir_documento(
    request: Request, pid: IdNoCaminho, ator: AtorWeb, form: Formulario
) -> Response:
    """Emite o PDF oficial (NORMAM) e volta à página com o documento na lista."""
    conferir_csrf(request, form)
    tipo = str(form.get("tipo") or "")
    config = request.app.state.configuracao
    try:
        _, doc = documentos.emitir_documento(uow_da(request), ator, pid, tipo, config.url_publica)
        doc_id = doc.id
    except ErroFarol as e:
        # o motivo da recusa, sem o nome interno do campo (`tipo`), com a regra que a funda
        erros = Erros()
        erros.adicionar(GERAL, e.mensagem + (f" ({e.regra})" if e.regra else ""))
        return _pagina(
            request, ator, pid, aberto=EMISSAO_RECUSADA, erros=erros, status=status_de(e)
        )
    return RedirectResponse(f"/processos/{pid}#documento-{doc_id}", status_code=303)


EMISSAO_RECUSADA = "emissao_de_documento"
"""`aberto` da página quando a emissão de um documento foi recusada (não é tipo de ato)."""


@rotas.get("/processos/{pid}/documentos", response_model=None)
def documentos_do_processo(pid: IdNoCaminho) -> RedirectResponse:
    """O endereço da emissão recusada, aberto de novo (recarregar, restaurar a aba): a seção
    dos documentos da página do processo, em vez de um 405."""
    return RedirectResponse(f"/processos/{pid}#oficiais", status_code=303)


@rotas.get("/processos/{pid}/documentos/{doc_id}.pdf", response_model=None)
def baixar_documento(
    request: Request, pid: IdNoCaminho, doc_id: IdNoCaminho, ator: AtorWeb
) -> Response:
    doc = documentos.obter_pdf(uow_da(request), ator, doc_id)
    if doc.processo_id != pid:
        raise NaoEncontrado("documento não encontrado", campo="id")
    return Response(
        doc.conteudo,
        media_type="application/pdf",
        headers=cabecalhos_do_pdf(doc.tipo, doc.codigo),
    )
