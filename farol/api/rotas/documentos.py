"""Documentos oficiais: emitir, listar e baixar o PDF; verificar a autenticidade (público)."""

from __future__ import annotations

import html
from typing import Annotated, Any

from fastapi import APIRouter, Depends, File, Header, Response, UploadFile
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, ConfigDict, Field

from farol.api.deps import AtorAtual
from farol.config import Configuracao
from farol.http.deps import BancoDep, configuracao
from farol.services import documentos, idempotencia

rotas = APIRouter(tags=["documentos"])
publicas = APIRouter(tags=["verificação pública"])

LIMITE_PDF = 20 * 1024 * 1024


class PedidoDocumento(BaseModel):
    model_config = ConfigDict(extra="forbid")
    tipo: str = Field(description="notificacao_comparecimento, auto_de_infracao, ...")
    dados: dict[str, Any] = Field(default_factory=dict)


@rotas.post("/processos/{processo_id}/documentos", status_code=201)
def emitir(
    processo_id: int,
    pedido: PedidoDocumento,
    ator: AtorAtual,
    banco: BancoDep,
    config: Annotated[Configuracao, Depends(configuracao)],
    response: Response,
    chave: Annotated[str | None, Header(alias="Idempotency-Key", max_length=200)] = None,
) -> dict[str, Any]:
    def fazer(s: Any) -> tuple[int, dict[str, Any]]:
        doc = documentos.emitir(s, ator, processo_id, pedido.tipo, config.url_publica, pedido.dados)
        return 201, {
            **documentos.resumo(s, doc),
            "pdf": f"/api/v1/documentos/{doc.id}.pdf",
            "verificacao": f"{config.url_publica.rstrip('/')}/verificar/{doc.codigo}",
        }

    status, corpo = idempotencia.executar(
        banco,
        ator.usuario_id,
        chave,
        "POST",
        f"/processos/{processo_id}/documentos",
        fazer,
        idempotencia.assinatura_de(pedido.model_dump_json()),
    )
    response.status_code = status
    return corpo


@rotas.get("/processos/{processo_id}/documentos")
def listar(processo_id: int, ator: AtorAtual, banco: BancoDep) -> list[dict[str, Any]]:
    with banco.unit_of_work(somente_leitura=True) as s:
        return documentos.listar(s, ator, processo_id)


@rotas.get("/documentos/{documento_id}.pdf", response_class=Response)
def baixar(documento_id: int, ator: AtorAtual, banco: BancoDep) -> Response:
    with banco.unit_of_work(somente_leitura=True) as s:
        doc = documentos.obter_pdf(s, ator, documento_id)
        return Response(
            doc.conteudo,
            media_type="application/pdf",
            headers={"Content-Disposition": f'inline; filename="{doc.tipo}-{doc.codigo}.pdf"'},
        )


@rotas.get("/verificacao/{codigo}")
def verificar_codigo(codigo: str, banco: BancoDep) -> dict[str, Any]:
    with banco.unit_of_work(somente_leitura=True) as s:
        return documentos.verificar_codigo(s, codigo)


@rotas.post("/verificacao")
async def verificar_arquivo(
    banco: BancoDep, arquivo: Annotated[UploadFile, File(description="o PDF recebido")]
) -> dict[str, Any]:
    conteudo = await arquivo.read(LIMITE_PDF + 1)
    if len(conteudo) > LIMITE_PDF:
        from farol.erros import EntradaInvalida

        raise EntradaInvalida("arquivo maior que 20 MiB", campo="arquivo")
    with banco.unit_of_work(somente_leitura=True) as s:
        return documentos.verificar_pdf(s, conteudo)


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


def _descricao_html(info: dict[str, Any]) -> str:
    if not info.get("autentico"):
        return (
            '<h1 class="falso">Documento NÃO autêntico</h1>'
            f"<p>{html.escape(str(info.get('motivo', '')))}</p>"
        )
    itens = [
        ("Documento", info["titulo"]),
        ("Código", info["codigo"]),
        ("Processo", info["processo"]),
        ("Organização Militar", f"{info['om']['nome']} ({info['om']['sigla']})"),
        ("Emitido em (UTC)", info["emitido_em"][:19].replace("T", " ")),
        ("SHA-256", info["sha256"]),
    ]
    if info["substituido"]:
        itens.append(("Situação", f"substituído pelo documento {info['substituido_por']}"))
    for a in info["efeito_alterado"]:
        itens.append(("Ato posterior", f"{a['efeito']} ({a['data']})"))
    if info["vigente"]:
        itens.append(("Situação", "vigente: nenhum ato posterior alterou o seu efeito"))
    linhas = "".join(f"<dt>{html.escape(k)}</dt><dd>{html.escape(str(v))}</dd>" for k, v in itens)
    return f'<h1 class="ok">Documento autêntico</h1><dl>{linhas}</dl>'


@publicas.get("/verificar/{codigo}", response_class=HTMLResponse)
def pagina_verificacao(codigo: str, banco: BancoDep) -> HTMLResponse:
    from farol.erros import NaoEncontrado

    with banco.unit_of_work(somente_leitura=True) as s:
        try:
            info = documentos.verificar_codigo(s, codigo)
        except NaoEncontrado as e:
            info = {"autentico": False, "motivo": e.mensagem}
    return _pagina("Verificação", _descricao_html(info))


@publicas.get("/verificar", response_class=HTMLResponse)
def pagina_verificacao_vazia() -> HTMLResponse:
    return _pagina("Verificação", "<h1>Verificar um documento do Farol</h1>")


@publicas.post("/verificar", response_class=HTMLResponse)
async def pagina_verificacao_arquivo(
    banco: BancoDep, arquivo: Annotated[UploadFile, File()]
) -> HTMLResponse:
    conteudo = await arquivo.read(LIMITE_PDF + 1)
    with banco.unit_of_work(somente_leitura=True) as s:
        info = documentos.verificar_pdf(s, conteudo[:LIMITE_PDF])
    return _pagina("Verificação", _descricao_html(info))
