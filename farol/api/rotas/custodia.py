"""Custódia de embarcação apreendida e de bem achado (regime `custodia`): a abertura, as contas
da guarda e a tabela de valores diários da OM. Os demais atos vão para /processos/{id}/atos."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, File, Form, Header, Response, UploadFile
from fastapi.exceptions import RequestValidationError
from pydantic import ValidationError

from farol import entrada
from farol.api.deps import AtorAtual, RotaDaApi
from farol.http.deps import UowDep
from farol.http.erros import respostas
from farol.http.parametros import Data, IdNoCaminho
from farol.services import custodia, custodias, fotos_inspecao
from farol.services.custodia import ExtratoCustodia, NovaTarifa, TarifaRegistrada
from farol.services.custodias import CustodiaAberta, NovaCustodia
from farol.services.fotos_inspecao import FotoEnviada

rotas = APIRouter(tags=["custódia"], route_class=RotaDaApi)


@rotas.post(
    "/custodias", status_code=201, response_model=CustodiaAberta, responses=respostas(404, 409)
)
def abrir(
    cmd: NovaCustodia,
    ator: AtorAtual,
    uow: UowDep,
    response: Response,
    chave: Annotated[str | None, Header(alias="Idempotency-Key", max_length=200)] = None,
) -> CustodiaAberta:
    """Recolhe à guarda da OM a embarcação apreendida (`recolhimento.medida_id`: Auto de
    Apreensão, local de guarda, fiel depositário, lacres, estado na chegada) ou o bem achado à
    deriva ou nas praias (`recolhimento.bem`, NORMAM-07 item 0205)."""
    status, corpo = custodias.abrir(uow, ator, cmd, chave=chave)
    response.status_code = status
    return corpo


@rotas.post(
    "/custodias/com-fotos",
    status_code=201,
    response_model=CustodiaAberta,
    responses=respostas(404, 409),
)
def abrir_com_fotos(
    ator: AtorAtual,
    uow: UowDep,
    response: Response,
    custodia_: Annotated[
        str,
        Form(
            alias="custodia",
            max_length=entrada.CORPO_JSON,
            description="o mesmo JSON do corpo de POST /custodias",
        ),
    ],
    fotos: Annotated[
        list[UploadFile] | None,
        File(
            description=f"as fotos do bem ao chegar à guarda (JPEG, PNG ou WebP, tipo conferido "
            f"pelo conteúdo), até {entrada.FOTOS_POR_INSPECAO} de até "
            f"{entrada.FOTO // entrada.MIB} MiB cada"
        ),
    ] = None,
    chave: Annotated[str | None, Header(alias="Idempotency-Key", max_length=200)] = None,
) -> CustodiaAberta:
    """O recolhimento com as fotos do bem na chegada (multipart), numa só transação: uma foto
    recusada recusa tudo com 422 e nada é gravado. As fotos ficam anexadas ao ato de
    recolhimento e o Auto de Apreensão as lista com o SHA-256."""
    try:
        cmd = NovaCustodia.model_validate_json(custodia_)
    except ValidationError as e:
        erros = [{**x, "loc": ("body", "custodia", *x["loc"])} for x in e.errors(include_url=False)]
        raise RequestValidationError(erros) from None
    enviadas = [
        FotoEnviada(
            nome=f.filename or "foto", conteudo=f.file.read(fotos_inspecao.TAMANHO_MAXIMO + 1)
        )
        for f in fotos or []
    ]
    status, corpo = custodias.abrir(uow, ator, cmd, chave=chave, fotos=enviadas)
    response.status_code = status
    return corpo


@rotas.get(
    "/processos/{processo_id}/custodia",
    response_model=ExtratoCustodia,
    responses=respostas(404),
)
def extrato(
    processo_id: IdNoCaminho,
    ator: AtorAtual,
    uow: UowDep,
    data: Data | None = None,
) -> ExtratoCustodia:
    """As contas da guarda: diárias pela tabela datada da OM, despesas avulsas, pagamentos,
    multas do processo de origem e o que falta pagar para a entrega (NORMAM-07 item 0312 a)."""
    return custodia.extrato(uow, ator, processo_id, data)


@rotas.get("/custodia/tarifas", response_model=list[TarifaRegistrada])
def tarifas(ator: AtorAtual, uow: UowDep) -> list[TarifaRegistrada]:
    """As tabelas de valores diários da custódia da OM do usuário, da mais recente à mais antiga."""
    return custodia.tarifas(uow, ator)


@rotas.post(
    "/custodia/tarifas",
    status_code=201,
    response_model=TarifaRegistrada,
    responses=respostas(403, 409),
)
def registrar_tarifa(cmd: NovaTarifa, ator: AtorAtual, uow: UowDep) -> TarifaRegistrada:
    """Registra a tabela de valores diários da OM (guarda, conservação ...) a partir de uma
    data, com o ato que a fixou (NORMAM-07 item 0311). A anterior fica no histórico. Só a
    Autoridade Competente e o Capitão dos Portos (permissão `fixa_tarifas_custodia`): 403."""
    return custodia.registrar_tarifa(uow, ator, cmd)
