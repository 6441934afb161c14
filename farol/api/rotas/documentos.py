"""Documentos oficiais: emitir, listar e baixar o PDF; verificar a autenticidade (público)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, File, Header, Path, Response, UploadFile
from pydantic import Field

from farol import entrada
from farol.api.deps import AtorAtual, RotaDaApi
from farol.config import Configuracao
from farol.http.arquivos import cabecalhos_do_pdf
from farol.http.deps import UowDep, configuracao
from farol.http.erros import respostas
from farol.http.parametros import IdNoCaminho
from farol.services import documentos
from farol.services.comandos import DadosLivresDoJson, Modelo
from farol.services.resultados.documento import (
    DocumentoComEnderecos,
    DocumentoNaoReconhecido,
    DocumentoPossivel,
    DocumentoResumo,
    ResultadoDaVerificacao,
    Verificacao,
)

rotas = APIRouter(tags=["documentos"], route_class=RotaDaApi)


class PedidoDocumento(Modelo):
    tipo: str = Field(
        max_length=entrada.CODIGO, description="notificacao_comparecimento, auto_de_infracao, ..."
    )
    dados: DadosLivresDoJson = Field(default_factory=dict)


class RespostaPdf(Response):
    media_type = "application/pdf"


@rotas.post(
    "/processos/{processo_id}/documentos",
    status_code=201,
    response_model=DocumentoComEnderecos,
    responses=respostas(409),
)
def emitir(
    processo_id: IdNoCaminho,
    pedido: PedidoDocumento,
    ator: AtorAtual,
    uow: UowDep,
    config: Annotated[Configuracao, Depends(configuracao)],
    response: Response,
    chave: Annotated[str | None, Header(alias="Idempotency-Key", max_length=200)] = None,
) -> DocumentoComEnderecos:
    status, doc = documentos.emitir_documento(
        uow,
        ator,
        processo_id,
        pedido.tipo,
        config.url_publica,
        pedido.dados,
        chave=chave,
    )
    response.status_code = status
    return DocumentoComEnderecos.model_validate(
        {
            **doc.model_dump(),
            "pdf": f"/api/v1/documentos/{doc.id}.pdf",
            "verificacao": f"{config.url_publica.rstrip('/')}/verificar/{doc.codigo}",
        }
    )


@rotas.get("/processos/{processo_id}/documentos", response_model=list[DocumentoResumo])
def listar(processo_id: IdNoCaminho, ator: AtorAtual, uow: UowDep) -> list[DocumentoResumo]:
    return documentos.listar(uow, ator, processo_id)


@rotas.get("/processos/{processo_id}/documentos-possiveis", response_model=list[DocumentoPossivel])
def possiveis(processo_id: IdNoCaminho, ator: AtorAtual, uow: UowDep) -> list[DocumentoPossivel]:
    """Os documentos que o papel do usuário emite neste processo, cada um dizendo se já se
    emite (o ato que ele materializa está registrado) ou o ato que falta."""
    return documentos.possiveis(uow, ator, processo_id)


@rotas.get("/documentos/{documento_id}.pdf", response_class=RespostaPdf, response_model=None)
def baixar(documento_id: IdNoCaminho, ator: AtorAtual, uow: UowDep) -> RespostaPdf:
    doc = documentos.obter_pdf(uow, ator, documento_id)
    return RespostaPdf(
        doc.conteudo,
        headers=cabecalhos_do_pdf(doc.tipo, doc.codigo),
    )


@rotas.get("/verificacao/{codigo}", response_model=ResultadoDaVerificacao)
def verificar_codigo(
    codigo: Annotated[str, Path(max_length=entrada.CODIGO)], uow: UowDep
) -> Verificacao | DocumentoNaoReconhecido:
    """Autêntico só se o SHA-256 do PDF guardado, recalculado agora, é o registrado na cadeia
    de atos íntegra do processo; senão `autentico: false` com o motivo."""
    return documentos.verificar_codigo(uow, codigo)


@rotas.post("/verificacao", response_model=ResultadoDaVerificacao)
async def verificar_arquivo(
    uow: UowDep, arquivo: Annotated[UploadFile, File(description="o PDF recebido")]
) -> Verificacao | DocumentoNaoReconhecido:
    conteudo = await arquivo.read(documentos.LIMITE_PDF + 1)
    return documentos.verificar_pdf(uow, conteudo)  # acima do limite ou não PDF: 422
