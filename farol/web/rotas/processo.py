"""Página do processo: cabeçalho, linha do tempo, prazos e os atos que o papel pode registrar.

- GET /processos/{id}: `processos.detalhar` (404 fora da jurisdição, como na API), anexos,
  medidas aplicadas e, quando cabe uma decisão com penalidade, o assistente de penalidade.
- POST /processos/{id}/atos/{tipo}: `processos.registrar_ato` sob a chave de idempotência do
  formulário; o documento enviado (defesa, recurso) é gravado na MESMA transação
  (`anexos.guardar`). Recusa: a página volta com o que foi digitado e o erro no campo.
- GET /processos/{id}/anexos/{anexo}: baixa o documento.
"""

from __future__ import annotations

import uuid
from typing import Annotated, Any
from urllib.parse import quote

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from pydantic import ValidationError
from starlette.datastructures import FormData

from farol.domain.procedimento.carregar import estados_dos_regimes
from farol.erros import ErroFarol, NaoEncontrado
from farol.http.deps import uow_da
from farol.http.erros import status_de
from farol.http.parametros import IdNoCaminho
from farol.services import anexos, consultas, documentos, processos, vista_processo
from farol.services.jurisdicao import Ator
from farol.services.processos import NovoAto
from farol.web import atos
from farol.web.ambiente import pagina
from farol.web.formularios import GERAL, Erros, erro_farol, erros_pydantic
from farol.web.sessao import ator_obrigatorio, conferir_csrf

rotas = APIRouter(include_in_schema=False)
AtorWeb = Annotated[Ator, Depends(ator_obrigatorio)]
LIMITE_LISTA = 200


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
    ctx = vista_processo.vista(uow_da(request), ator, pid)
    ctx.update(
        {
            "formularios": atos.formularios(ctx["p"]),
            "aberto": aberto,
            "valores": valores or {},
            "erros": erros or Erros(),
            "registrado": registrado,
            "chave": str(uuid.uuid4()),
        }
    )
    return pagina(request, "processo.html", ctx, status)


@rotas.get("/processos/{pid}", response_class=HTMLResponse)
def processo(
    request: Request, pid: IdNoCaminho, ator: AtorWeb, registrado: str = ""
) -> HTMLResponse:
    return _pagina(request, ator, pid, registrado=registrado)


@rotas.post("/processos/{pid}/atos/{tipo}", response_class=HTMLResponse, response_model=None)
def registrar_ato(
    request: Request, pid: IdNoCaminho, tipo: str, ator: AtorWeb, form: Formulario
) -> Response:
    conferir_csrf(request, form)
    valores = atos.valores(form)
    chave = str(form.get("chave") or "") or None
    uow = uow_da(request)
    detalhe = processos.detalhar(uow, ator, pid).model_dump(mode="json")  # 404 fora da jurisdição
    detalhe["hoje"] = ""
    campos, _ = atos.campos_do_ato(tipo, detalhe)
    nomes = [c.nome for c in campos] + [k for k in valores if k.startswith("dados.")]
    try:
        cmd = NovoAto.model_validate(atos.montar(tipo, form))
        arquivo = atos.arquivo_enviado(form)

        _, corpo = processos.registrar(uow, ator, pid, cmd, chave=chave, arquivo=arquivo)
    except ValidationError as e:
        erros = erros_pydantic(e, nomes)
        return _pagina(request, ator, pid, aberto=tipo, valores=valores, erros=erros, status=422)
    except ErroFarol as e:
        erros = erro_farol(e, nomes)
        if not erros.por_campo:
            erros.adicionar(GERAL, e.texto())
        return _pagina(
            request, ator, pid, aberto=tipo, valores=valores, erros=erros, status=status_de(e)
        )
    seq = corpo.ato.seq
    return RedirectResponse(f"/processos/{pid}?registrado={quote(tipo)}#ato-{seq}", status_code=303)


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


@rotas.get("/processos", response_class=HTMLResponse)
def lista(request: Request, ator: AtorWeb, estado: str = "") -> HTMLResponse:
    quadros = estados_dos_regimes()
    estado = estado if estado in quadros else ""
    uow = uow_da(request)
    contagem = consultas.contagem_por_estado(uow, ator)
    lista = consultas.listar_processos(uow, ator, estado=estado or None, limite=LIMITE_LISTA)
    estados = [
        {"id": e.id, "nome": e.nome, "quantidade": contagem.get(e.id, 0)} for e in quadros.values()
    ]
    return pagina(
        request,
        "processos.html",
        {"estado": estado, "estados": estados, "processos": lista, "limite": LIMITE_LISTA},
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
        erros = Erros()
        erros.adicionar(GERAL, e.texto())
        return _pagina(request, ator, pid, erros=erros, status=status_de(e))
    return RedirectResponse(f"/processos/{pid}#documento-{doc_id}", status_code=303)


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
        headers={"Content-Disposition": f'inline; filename="{doc.tipo}-{doc.codigo}.pdf"'},
    )
