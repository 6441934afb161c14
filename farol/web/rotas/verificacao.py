"""Verificação pública de um documento emitido: a página do QR (/verificar/<código>), o campo
para digitar o código (GET /verificar?codigo=...) e o envio do PDF recebido para conferir. A API
tem o mesmo em /api/v1/verificacao. Horários no de Brasília, no formato dd/mm/aaaa hh:mm."""

from __future__ import annotations

from typing import Annotated, Any
from urllib.parse import quote

from fastapi import APIRouter, File, Query, Request, UploadFile
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from farol import entrada, formatos
from farol.erros import EntradaInvalida, NaoEncontrado
from farol.http.deps import uow_da
from farol.services import documentos
from farol.services.resultados.documento import DocumentoNaoReconhecido, Verificacao
from farol.web.ambiente import pagina
from farol.web.sessao import RotaDaPagina

rotas = APIRouter(include_in_schema=False, route_class=RotaDaPagina)


def _nao_autentico(motivo: str) -> dict[str, Any]:
    return {"autentico": False, "motivo": motivo}


def _resultado(info: Verificacao | DocumentoNaoReconhecido) -> dict[str, Any]:
    """O que a página mostra: autenticidade e efeito, sem dados pessoais."""
    if isinstance(info, DocumentoNaoReconhecido):
        return _nao_autentico(info.motivo)
    itens: list[tuple[str, str, str | None]] = [
        ("Documento", info.titulo, "v-titulo"),
        ("Código", info.codigo, "v-codigo"),
        ("Processo", info.processo, "v-processo"),
        ("Organização Militar", f"{info.om.nome} ({info.om.sigla})", None),
        ("Emitido em", f"{formatos.data_hora(info.emitido_em)} (horário de Brasília)", "v-emitido"),
        ("SHA-256", info.sha256, "v-sha256"),
    ]
    if info.cadeia is not None:
        itens.append(
            (
                "Cadeia de atos na emissão",
                f"ato nº {info.cadeia.seq}, hash {info.cadeia.hash} (o rodapé do documento "
                f"imprime o começo deste hash; a emissão é o ato nº {info.cadeia.registro_seq})",
                None,
            )
        )
    if info.substituido:
        itens.append(("Situação", f"substituído pelo documento {info.substituido_por}", None))
    for a in info.efeito_alterado:
        itens.append(("Ato posterior", f"{a.efeito} ({formatos.data(a.data)})", None))
    if info.vigente:
        itens.append(("Situação", "vigente: nenhum ato posterior alterou o seu efeito", None))
    return {"autentico": True, "itens": itens}


def _pagina(
    request: Request, resultado: dict[str, Any] | None, codigo: str = "", status: int = 200
) -> HTMLResponse:
    contexto = {"resultado": resultado, "codigo": codigo}
    resposta = pagina(request, "verificacao.html", contexto, status)
    resposta.headers["X-Robots-Tag"] = "noindex"
    return resposta


@rotas.get("/verificar/{codigo}", response_class=HTMLResponse)
def pagina_verificacao(codigo: str, request: Request) -> HTMLResponse:
    codigo = codigo[: entrada.CODIGO]
    try:
        info = documentos.verificar_codigo(uow_da(request), codigo)
    except NaoEncontrado as e:
        # sem documento com o código: pode ser só um erro de digitação, não um documento falso
        return _pagina(request, {**_nao_autentico(e.mensagem), "nao_encontrado": True}, codigo)
    return _pagina(request, _resultado(info), codigo)


@rotas.get("/verificar", response_model=None)
def pagina_verificacao_vazia(
    request: Request, codigo: Annotated[str, Query(max_length=entrada.CODIGO)] = ""
) -> Response:
    """Sem código, o formulário; com `?codigo=` (o campo da página), a página do código, no
    mesmo endereço que o QR abre."""
    codigo = documentos.codigo_digitado(codigo)
    if codigo:
        return RedirectResponse(f"/verificar/{quote(codigo, safe='')}", status_code=303)
    return _pagina(request, None)


@rotas.post("/verificar", response_class=HTMLResponse)
async def pagina_verificacao_arquivo(
    request: Request, arquivo: Annotated[UploadFile, File()]
) -> HTMLResponse:
    conteudo = await arquivo.read(documentos.LIMITE_PDF + 1)
    try:
        info = documentos.verificar_pdf(uow_da(request), conteudo)
    except EntradaInvalida as e:  # não é PDF, ou passa do limite: nada se conferiu
        return _pagina(request, {**_nao_autentico(e.mensagem), "nao_conferido": True}, status=422)
    return _pagina(request, _resultado(info))
