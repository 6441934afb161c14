"""Processos: leitura com linha do tempo e prazos, e registro de atos (POST .../atos)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, File, Form, Header, Path, Query, Request, Response, UploadFile
from fastapi.exceptions import RequestValidationError
from pydantic import TypeAdapter, ValidationError

from farol import entrada
from farol.api.deps import AtorAtual, RotaDaApi
from farol.http.deps import UowDep, UowDoPedidoDep
from farol.http.erros import respostas
from farol.http.parametros import Data, IdNoCaminho
from farol.relogio import hoje as hoje_em_brasilia
from farol.services import atos_possiveis, consultas, processos, procuracao
from farol.services.anexos import TAMANHO_MAXIMO, Arquivo
from farol.services.consultas import ORDEM_PADRAO, FiltroDeProcessos, Ordem
from farol.services.processos import NovoAto
from farol.services.resultados.consultas import (
    AlertaDePrescricao,
    MultaVencida,
    SituacaoDaPessoa,
)
from farol.services.resultados.lista_processos import AtoPossivel, ProcessoNaLista
from farol.services.resultados.processo import (
    AtoRegistrado,
    PrazoComProcesso,
    ProcessoDetalhado,
)

rotas = APIRouter(tags=["processos"], route_class=RotaDaApi)

ChaveIdempotencia = Annotated[str | None, Header(alias="Idempotency-Key", max_length=200)]


POR_PAGINA_DA_API = 100
"""Itens por página quando o pedido não diz (o mesmo que o antigo `limite` padrão)."""
CABECALHOS_DA_LISTA = {
    "X-Total-Count": {
        "description": "processos que atendem aos filtros, em todas as páginas",
        "schema": {"type": "integer"},
    },
    "X-Pagina": {"description": "a página devolvida", "schema": {"type": "integer"}},
    "X-Paginas": {"description": "número de páginas", "schema": {"type": "integer"}},
    "Link": {
        "description": 'as páginas vizinhas, primeira e última (RFC 8288: rel="next", '
        '"prev", "first", "last"), com os mesmos filtros',
        "schema": {"type": "string"},
    },
}

_LISTA = TypeAdapter(list[ProcessoNaLista])
"""O corpo da lista (o mesmo `response_model` da rota)."""
_DETALHE = TypeAdapter(ProcessoDetalhado)
"""O corpo do GET de um processo (o mesmo `response_model` da rota)."""
_ATO = TypeAdapter(AtoRegistrado)
"""O corpo do registro de um ato (o mesmo `response_model` da rota)."""


@rotas.get(
    "/processos",
    response_model=list[ProcessoNaLista],
    responses={200: {"headers": CABECALHOS_DA_LISTA}, **respostas(404)},
)
def listar(
    request: Request,
    response: Response,
    ator: AtorAtual,
    uow: UowDep,
    estado: Annotated[
        str | None, Query(max_length=entrada.CODIGO, description="id do estado no quadro")
    ] = None,
    om: Annotated[
        str | None,
        Query(max_length=entrada.CODIGO, description="sigla da OM: ela e as subordinadas"),
    ] = None,
    regime: Annotated[str | None, Query(max_length=entrada.CODIGO)] = None,
    vencidos: Annotated[
        bool, Query(description="só processos com prazo em curso já vencido")
    ] = False,
    vence_de: Annotated[
        Data | None, Query(description="só processos com prazo em curso que vence desde este dia")
    ] = None,
    vence_ate: Annotated[
        Data | None, Query(description="só processos com prazo em curso que vence até este dia")
    ] = None,
    ordem: Annotated[
        Ordem,
        Query(description="prazo (próximo vencimento), numero ou aberto_em; `-`: decrescente"),
    ] = ORDEM_PADRAO,
    pagina: Annotated[int, Query(ge=1, le=entrada.ID_MAXIMO)] = 1,
    por_pagina: Annotated[
        int | None, Query(ge=1, le=entrada.POR_PAGINA_MAXIMO, description="padrão 100")
    ] = None,
    limite: Annotated[
        int | None,
        Query(
            ge=1,
            le=entrada.POR_PAGINA_MAXIMO,
            description="nome antigo de `por_pagina`",
            deprecated=True,
        ),
    ] = None,
) -> Response:
    """Os processos da jurisdição, uma página por vez, com o próximo prazo em curso de cada
    um; o total e os endereços das outras páginas vêm nos cabeçalhos (`X-Total-Count`,
    `Link`). O mesmo caso de uso da página /processos (`consultas.listar_processos`)."""
    # a autenticação e a lista numa leitura e numa conexão (`RotaDaApi`), o JSON nesta thread
    try:
        filtro = FiltroDeProcessos(
            estado=estado,
            om=om,
            regime=regime,
            vencidos=vencidos,
            vence_de=vence_de,
            vence_ate=vence_ate,
            ordem=ordem,
            pagina=pagina,
            por_pagina=por_pagina or limite or POR_PAGINA_DA_API,
        )
    except ValidationError as e:  # o que a consulta já não recusou (ex.: só espaços)
        raise RequestValidationError(
            [{**x, "loc": ("query", *x["loc"])} for x in e.errors()]
        ) from None
    r = consultas.listar_processos(uow, ator, filtro)
    response.headers["X-Total-Count"] = str(r.total)
    response.headers["X-Pagina"] = str(r.pagina)
    response.headers["X-Paginas"] = str(r.paginas)
    vizinhas = {"first": 1, "last": r.paginas}
    if r.pagina > 1:
        vizinhas["prev"] = min(r.pagina - 1, r.paginas)
    if r.pagina < r.paginas:
        vizinhas["next"] = r.pagina + 1
    response.headers["Link"] = ", ".join(
        f'<{request.url.include_query_params(pagina=n, por_pagina=r.por_pagina)}>; rel="{rel}"'
        for rel, n in vizinhas.items()
    )
    # o JSON aqui, nesta thread: os itens já são `ProcessoNaLista` validados, e devolvê-los ao
    # FastAPI os revalidaria em outra passagem pelo pool de threads (os mesmos bytes)
    resposta = Response(_LISTA.dump_json(r.itens, by_alias=True), media_type="application/json")
    resposta.headers.raw.extend(response.headers.raw)
    return resposta


@rotas.get("/processos/{processo_id}", response_model=ProcessoDetalhado)
def detalhar(processo_id: IdNoCaminho, ator: AtorAtual, uow: UowDep) -> Response:
    # a autenticação e a leitura do processo numa leitura e numa conexão (`RotaDaApi`)
    r = processos.detalhar(uow, ator, processo_id)
    # o JSON aqui, como na lista: o resultado já é um `ProcessoDetalhado` validado (o FastAPI o
    # revalidaria noutra passagem pelo pool de threads e daria os mesmos bytes)
    return Response(_DETALHE.dump_json(r, by_alias=True), media_type="application/json")


@rotas.get("/processos/{processo_id}/atos-possiveis", response_model=list[AtoPossivel])
def atos_do_processo(
    processo_id: IdNoCaminho, ator: AtorAtual, uow: UowDep, hoje: Data | None = None
) -> list[AtoPossivel]:
    """Os atos do estado atual que o papel do usuário registra, com as guardas avaliadas
    hoje: `permitido`, ou o motivo da recusa e `a_partir_de` (o dia seguinte ao vencimento do
    prazo em curso que a impede). É a mesma lista da seção "O que você pode registrar agora"
    da página do processo. `hoje`: outra data de referência, sobre os fatos já registrados."""
    return atos_possiveis.atos_possiveis(uow, ator, processo_id, hoje)


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
    chave: ChaveIdempotencia = None,
) -> Response:
    # a autenticação e o registro numa transação e numa conexão (`RotaDaApi`: um POST)
    status, corpo = processos.registrar(uow, ator, processo_id, cmd, chave=chave)
    # o JSON aqui, como no GET (sem a revalidação do FastAPI noutra passagem pelo pool)
    return Response(
        _ATO.dump_json(corpo, by_alias=True), status_code=status, media_type="application/json"
    )


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


@rotas.get("/situacao/{documento:path}", response_model=SituacaoDaPessoa, responses=respostas(429))
def situacao(
    request: Request,
    documento: Annotated[str, Path(max_length=30, description="CPF ou CNPJ")],
    ator: AtorAtual,
    uow: UowDoPedidoDep,
) -> SituacaoDaPessoa:
    """Se a pessoa está em débito (LESTA art. 20). O nome e os débitos de todas as OMs só
    para os papéis com `ve_dados_pessoais` (cada leitura fica no registro de acesso a dados
    pessoais, `GET /acessos-a-dados-pessoais`); os outros veem a sua jurisdição. Limite de
    consultas por usuário (429 com `Retry-After`)."""
    # o limite conta na sua transação (comum a todos os processos): antes dela, a leitura da
    # autenticação devolve a sua conexão, e o pedido nunca segura duas
    uow.encerrar()
    request.app.state.limites["situacao"].usar(str(ator.usuario_id))
    return consultas.situacao(uow, ator, documento)


@rotas.get("/divida-ativa", response_model=list[MultaVencida])
def divida_ativa(ator: AtorAtual, uow: UowDep, hoje: Data | None = None) -> list[MultaVencida]:
    return consultas.prontos_para_divida_ativa(uow, ator, hoje or hoje_em_brasilia())


@rotas.get("/multas-vencidas", response_model=list[MultaVencida])
def multas_vencidas(ator: AtorAtual, uow: UowDep, hoje: Data | None = None) -> list[MultaVencida]:
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
