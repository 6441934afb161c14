"""Inspeções: o inspetor registra o que achou; a resposta diz infrações, medidas e notificações."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, File, Form, Header, Path, Response, UploadFile
from fastapi.exceptions import RequestValidationError
from pydantic import AwareDatetime, Field, ValidationError

from farol import entrada
from farol.api.deps import AtorAtual, RotaDaApi
from farol.erros import EntradaInvalida
from farol.http.deps import UowDep
from farol.http.erros import respostas
from farol.http.parametros import IdNoCaminho
from farol.services import fotos_inspecao, inspecoes
from farol.services.fotos_inspecao import FotoEnviada
from farol.services.inspecoes import NovaInspecao
from farol.services.resultados.cadastro_da_inspecao import FotoDaInspecao
from farol.services.resultados.inspecao import AvaliacaoDaInspecao, InspecaoRegistrada

rotas = APIRouter(tags=["inspeções"], route_class=RotaDaApi)
ChaveIdempotencia = Annotated[str | None, Header(alias="Idempotency-Key", max_length=200)]
DescricaoDaFoto = Annotated[str, Field(max_length=fotos_inspecao.DESCRICAO_MAXIMA)]


@rotas.post(
    "/inspecoes", status_code=201, response_model=InspecaoRegistrada, responses=respostas(409)
)
def registrar(
    cmd: NovaInspecao,
    ator: AtorAtual,
    uow: UowDep,
    response: Response,
    chave: Annotated[str | None, Header(alias="Idempotency-Key", max_length=200)] = None,
) -> InspecaoRegistrada:
    status, corpo = inspecoes.registrar(uow, ator, cmd, chave=chave)
    response.status_code = status
    return corpo


@rotas.post("/inspecoes/avaliar", response_model=AvaliacaoDaInspecao)
def avaliar(cmd: NovaInspecao, ator: AtorAtual) -> AvaliacaoDaInspecao:
    """Sem gravar nada: as infrações, medidas e notificações que a inspeção produziria."""
    return inspecoes.avaliar(cmd)


def _corpo_da_inspecao(texto: str) -> NovaInspecao:
    """O campo `inspecao` (o JSON de POST /inspecoes); o erro nomeia `inspecao.<campo>`."""
    try:
        return NovaInspecao.model_validate_json(texto)
    except ValidationError as e:
        erros: list[Any] = [
            {**x, "loc": ("body", "inspecao", *x["loc"])} for x in e.errors(include_url=False)
        ]
        raise RequestValidationError(erros) from None


def _fotos(
    fotos: list[UploadFile], descricoes: list[str], tiradas_em: list[AwareDatetime]
) -> list[FotoEnviada]:
    for campo, valores in (("fotos_descricao", descricoes), ("fotos_tirada_em", tiradas_em)):
        if len(valores) > len(fotos):
            raise EntradaInvalida(
                f"{len(valores)} valores para {len(fotos)} foto(s): um por foto, na ordem "
                "das fotos",
                campo=campo,
            )
    return [
        FotoEnviada(
            nome=f.filename or "foto",
            conteudo=f.file.read(fotos_inspecao.TAMANHO_MAXIMO + 1),
            descricao=descricoes[n] if n < len(descricoes) else None,
            tirada_em=tiradas_em[n] if n < len(tiradas_em) else None,
        )
        for n, f in enumerate(fotos)
    ]


@rotas.post(
    "/inspecoes/com-fotos",
    status_code=201,
    response_model=InspecaoRegistrada,
    responses=respostas(409),
)
def registrar_com_fotos(
    ator: AtorAtual,
    uow: UowDep,
    response: Response,
    inspecao: Annotated[
        str,
        Form(
            max_length=entrada.CORPO_JSON,
            description="o mesmo JSON do corpo de POST /inspecoes (com `localizacao`, se houver)",
        ),
    ],
    fotos: Annotated[
        list[UploadFile] | None,
        File(
            description=f"as fotos (JPEG, PNG ou WebP, tipo conferido pelo conteúdo), até "
            f"{entrada.FOTOS_POR_INSPECAO} de até {entrada.FOTO // entrada.MIB} MiB cada"
        ),
    ] = None,
    fotos_descricao: Annotated[
        list[DescricaoDaFoto] | None,
        Form(description="a descrição de cada foto, na ordem das fotos (opcional)"),
    ] = None,
    fotos_tirada_em: Annotated[
        list[AwareDatetime] | None,
        Form(description="quando cada foto foi tirada (ISO com fuso), na ordem das fotos"),
    ] = None,
    chave: ChaveIdempotencia = None,
) -> InspecaoRegistrada:
    """Registra a inspeção com as fotos (multipart), numa só transação: uma foto recusada
    (tipo que não é imagem, vazia, grande demais) recusa tudo com 422 e nada é gravado."""
    cmd = _corpo_da_inspecao(inspecao)
    enviadas = _fotos(fotos or [], fotos_descricao or [], fotos_tirada_em or [])
    status, corpo = inspecoes.registrar(uow, ator, cmd, chave=chave, fotos=enviadas)
    response.status_code = status
    return corpo


@rotas.get("/inspecoes/{inspecao_id}/fotos", response_model=list[FotoDaInspecao])
def listar_fotos(inspecao_id: IdNoCaminho, ator: AtorAtual, uow: UowDep) -> list[FotoDaInspecao]:
    """As fotos da inspeção (sem o conteúdo), com o SHA-256; fora da jurisdição: 404."""
    return fotos_inspecao.listar(uow, ator, inspecao_id)


class RespostaFoto(Response):
    media_type = "image/jpeg"


FOTO_NO_OPENAPI: dict[int | str, dict[str, Any]] = {
    200: {
        "description": "a foto, com o tipo conferido pelo conteúdo; `ETag` é o SHA-256",
        "content": {tipo: {} for tipo in fotos_inspecao.TIPOS_ACEITOS},
    }
}


@rotas.get(
    "/inspecoes/{inspecao_id}/fotos/{foto_id}",
    response_class=RespostaFoto,
    response_model=None,
    responses=FOTO_NO_OPENAPI,
)
def baixar_foto(
    inspecao_id: IdNoCaminho,
    foto_id: Annotated[int, Path(ge=1, le=entrada.ID_MAXIMO)],
    ator: AtorAtual,
    uow: UowDep,
) -> Response:
    sha256, mime, conteudo = fotos_inspecao.obter(uow, ator, inspecao_id, foto_id)
    return Response(
        conteudo,
        media_type=mime,
        headers={"ETag": f'"{sha256}"', "X-Content-Type-Options": "nosniff"},
    )
