"""Verificação pública de um documento emitido: a página do QR (/verificar/<código>) e o
envio do PDF recebido para conferir. A API tem o mesmo em /api/v1/verificacao."""

from __future__ import annotations

import html
from typing import Annotated

from fastapi import APIRouter, File, Request, UploadFile
from fastapi.responses import HTMLResponse

from farol import formatos
from farol.erros import NaoEncontrado
from farol.http.deps import uow_da
from farol.services import documentos
from farol.services.resultados.documento import DocumentoNaoReconhecido, Verificacao

rotas = APIRouter(include_in_schema=False)


def _pagina(titulo: str, corpo: str) -> HTMLResponse:
    return HTMLResponse(
        f"""<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(titulo)} — Farol</title>
<style>body{{font-family:system-ui,sans-serif;max-width:42rem;margin:2rem auto;padding:0 1rem;
color:#102a43}}h1{{font-size:1.4rem}}.ok{{color:#0b6e2e}}.falso{{color:#a61b1b}}
dt{{font-weight:600}}dd{{margin:0 0 .6rem 0}}</style></head>
<body><p>MARINHA DO BRASIL — Farol · Verificação de documentos</p>{corpo}
<form method="post" action="/verificar" enctype="multipart/form-data">
<p><label for="arquivo">Conferir um PDF recebido:</label>
<input id="arquivo" name="arquivo" type="file" accept="application/pdf" required>
<button type="submit">Verificar</button></p></form></body></html>"""
    )


def _nao_autentico(motivo: str) -> str:
    return f'<h1 class="falso">Documento NÃO autêntico</h1><p>{html.escape(motivo)}</p>'


def _descricao_html(info: Verificacao | DocumentoNaoReconhecido) -> str:
    if isinstance(info, DocumentoNaoReconhecido):
        return _nao_autentico(info.motivo)
    itens = [
        ("Documento", info.titulo),
        ("Código", info.codigo),
        ("Processo", info.processo),
        ("Organização Militar", f"{info.om.nome} ({info.om.sigla})"),
        ("Emitido em", f"{formatos.data_hora(info.emitido_em)} (horário de Brasília)"),
        ("SHA-256", info.sha256),
    ]
    if info.cadeia is not None:
        itens.append(
            (
                "Cadeia de atos na emissão",
                f"ato nº {info.cadeia.seq}, hash {info.cadeia.hash} (o rodapé do documento "
                f"imprime o começo deste hash; a emissão é o ato nº {info.cadeia.registro_seq})",
            )
        )
    if info.substituido:
        itens.append(("Situação", f"substituído pelo documento {info.substituido_por}"))
    for a in info.efeito_alterado:
        itens.append(("Ato posterior", f"{a.efeito} ({formatos.data(a.data)})"))
    if info.vigente:
        itens.append(("Situação", "vigente: nenhum ato posterior alterou o seu efeito"))
    linhas = "".join(f"<dt>{html.escape(k)}</dt><dd>{html.escape(str(v))}</dd>" for k, v in itens)
    return f'<h1 class="ok">Documento autêntico</h1><dl>{linhas}</dl>'


@rotas.get("/verificar/{codigo}", response_class=HTMLResponse)
def pagina_verificacao(codigo: str, request: Request) -> HTMLResponse:
    try:
        info = documentos.verificar_codigo(uow_da(request), codigo)
    except NaoEncontrado as e:
        return _pagina("Verificação", _nao_autentico(e.mensagem))
    return _pagina("Verificação", _descricao_html(info))


@rotas.get("/verificar", response_class=HTMLResponse)
def pagina_verificacao_vazia() -> HTMLResponse:
    return _pagina("Verificação", "<h1>Verificar um documento do Farol</h1>")


@rotas.post("/verificar", response_class=HTMLResponse)
async def pagina_verificacao_arquivo(
    request: Request, arquivo: Annotated[UploadFile, File()]
) -> HTMLResponse:
    conteudo = await arquivo.read(documentos.LIMITE_PDF + 1)
    info = documentos.verificar_pdf(uow_da(request), conteudo[:documentos.LIMITE_PDF])
    return _pagina("Verificação", _descricao_html(info))
