"""Processos: leitura com linha do tempo e prazos, e registro de atos (POST .../atos)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, File, Form, Header, Path, Query, Request, Response, UploadFile

from farol import entrada
from farol.api.deps import AtorAtual
from farol.http.deps import UowDep
from farol.http.erros import respostas
from farol.http.parametros import Data, IdNoCaminho
from farol.relogio import hoje as hoje_em_brasilia
from farol.services import consultas, processos, procuracao
from farol.services.anexos import TAMANHO_MAXIMO, Arquivo
from farol.services.processos import NovoAto
from farol.services.resultados.consultas import (
    AlertaDePrescricao,
    MultaVencida,
    SituacaoDaPessoa,
)
from farol.services.resultados.processo import (
    AtoRegistrado,
    PrazoComProcesso,
    ProcessoDetalhado,
    ProcessoResumo,
)

rotas = APIRouter(tags=["processos"])

ChaveIdempotencia = Annotated[str | None, Header(alias="Idempotency-Key", max_length=200)]


@rotas.get("/processos", response_model=list[ProcessoResumo])
def listar(
    ator: AtorAtual,
    uow: UowDep,
    estado: Annotated[str | None, Query(max_length=entrada.CODIGO)] = None,
    limite: Annotated[int, Query(ge=1, le=500)] = 100,
) -> list[ProcessoResumo]:
    return consultas.listar_processos(uow, ator, estado=estado, limite=limite)


@rotas.get("/processos/{processo_id}", response_model=ProcessoDetalhado)
def detalhar(processo_id: IdNoCaminho, ator: AtorAtual, uow: UowDep) -> ProcessoDetalhado:
    return processos.detalhar(uow, ator, processo_id)


@rotas.post(
    "/processos/{processo_id}/atos",
    status_code=201,
    response_model=AtoRegistrado,
    responses=respostas(409),
)
def registrar_ato(
    processo_id: IdNoCaminho,
    cmd: NovoAto,
    ator: AtorAtual,
    uow: UowDep,
    response: Response,
    chave: ChaveIdempotencia = None,
) -> AtoRegistrado:
    status, corpo = processos.registrar(uow, ator, processo_id, cmd, chave=chave)
    response.status_code = status
    return corpo


TextoDoForm = Annotated[str | None, Form(max_length=entrada.TEXTO_LONGO)]


@rotas.post(
    "/processos/{processo_id}/procuradores",
    status_code=201,
    response_model=AtoRegistrado,
    responses=respostas(409),
)
def constituir_procurador(
    processo_id: IdNoCaminho,
    ator: AtorAtual,
    uow: UowDep,
    response: Response,
    data_ato: TextoDoForm = None,
    nome: TextoDoForm = None,
    cpf: TextoDoForm = None,
    oab: TextoDoForm = None,
    email: TextoDoForm = None,
    endereco: TextoDoForm = None,
    texto: TextoDoForm = None,
    versao: TextoDoForm = None,
    arquivo: Annotated[
        UploadFile | None,
        File(description="o instrumento de procuração específico (PDF, JPEG, PNG, ODT, DOCX)"),
    ] = None,
    chave: ChaveIdempotencia = None,
) -> AtoRegistrado:
    """Constitui procurador do interessado (multipart): registra o ato do quadro com a marca
    `constitui_procurador` e anexa o instrumento de procuração específico."""
    campos = {
        k: v
        for k, v in {
            "data_ato": data_ato,
            "nome": nome,
            "cpf": cpf,
            "oab": oab,
            "email": email,
            "endereco": endereco,
            "texto": texto,
            "versao": versao,
        }.items()
        if v not in (None, "")
    }
    enviado = (
        Arquivo(arquivo.filename, arquivo.file.read(TAMANHO_MAXIMO + 1))
        if arquivo is not None and arquivo.filename
        else None
    )
    status, corpo = procuracao.constituir(uow, ator, processo_id, campos, enviado, chave=chave)
    response.status_code = status
    return corpo


@rotas.get("/prazos", response_model=list[PrazoComProcesso], responses=respostas(404))
def prazos(
    ator: AtorAtual,
    uow: UowDep,
    de: Data,
    ate: Data,
    om: Annotated[str | None, Query(max_length=entrada.CODIGO)] = None,
    abertos: bool = True,
) -> list[PrazoComProcesso]:
    return consultas.prazos_no_periodo(uow, ator, de, ate, om_sigla=om, somente_abertos=abertos)


@rotas.get(
    "/situacao/{documento:path}", response_model=SituacaoDaPessoa, responses=respostas(429)
)
def situacao(
    request: Request,
    documento: Annotated[str, Path(max_length=30, description="CPF ou CNPJ")],
    ator: AtorAtual,
    uow: UowDep,
) -> SituacaoDaPessoa:
    """Se a pessoa está em débito (LESTA art. 20). O nome e os débitos de todas as OMs só
    para os papéis com `ve_dados_pessoais` (cada leitura fica no registro de acesso a dados
    pessoais, `GET /acessos-a-dados-pessoais`); os outros veem a sua jurisdição. Limite de
    consultas por usuário (429 com `Retry-After`)."""
    request.app.state.limites["situacao"].usar(str(ator.usuario_id))
    return consultas.situacao(uow, ator, documento)


@rotas.get("/divida-ativa", response_model=list[MultaVencida])
def divida_ativa(ator: AtorAtual, uow: UowDep, hoje: Data | None = None) -> list[MultaVencida]:
    return consultas.prontos_para_divida_ativa(uow, ator, hoje or hoje_em_brasilia())


@rotas.get("/multas-vencidas", response_model=list[MultaVencida])
def multas_vencidas(
    ator: AtorAtual, uow: UowDep, hoje: Data | None = None
) -> list[MultaVencida]:
    return consultas.multas_vencidas(uow, ator, hoje or hoje_em_brasilia())


@rotas.get("/prescricao", response_model=list[AlertaDePrescricao])
def prescricao(
    ator: AtorAtual,
    uow: UowDep,
    hoje: Data | None = None,
    dias: Annotated[int, Query(ge=0, le=entrada.DIAS_MAXIMO)] = 180,
) -> list[AlertaDePrescricao]:
    return consultas.alertas_prescricao(
        uow, ator, hoje or hoje_em_brasilia(), antecedencia_dias=dias
    )
