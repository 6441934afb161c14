"""Erros da API: sempre JSON em português com a mensagem, o campo e a regra (`ErroDaApi`).

ErroFarol → 422 (entrada), 404 (não encontrado ou fora da jurisdição), 403 (papel sem
acesso), 409 (conflito), 429 (tentativas demais) e 503 (banco indisponível), estes dois com
`Retry-After`. Campos inválidos do Pydantic também viram 422 em português; o corpo que nem se
lê (JSON truncado, UTF-8 inválido, formulário malformado) é 400, o corpo grande demais 413
(`farol.http.corpo`), e qualquer outra falha um 500 em português que não mostra detalhe
interno nenhum. `documentar_erros` põe no OpenAPI cada um desses status, com este corpo, em
cada operação que o devolve.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match

from farol import entrada
from farol.erros import (
    CATALOGO_DE_INFRACOES,
    Conflito,
    EntradaInvalida,
    EntradasInvalidas,
    ErroFarol,
    NaoEncontrado,
    Proibido,
    com_consulta,
    consulte_do_item,
)
from farol.services.limites import MuitasTentativas
from farol.services.mensagens import traduzir
from farol.store.db import BancoIndisponivel

_STATUS = {
    EntradaInvalida: 422,
    NaoEncontrado: 404,
    Proibido: 403,
    Conflito: 409,
    MuitasTentativas: 429,
    BancoIndisponivel: 503,
}


ONDE_NA_API = {CATALOGO_DE_INFRACOES: "os códigos estão em GET /api/v1/infracoes"}
"""O que a API acrescenta à mensagem do serviço (`ErroFarol.consulte`): onde consultar, na
forma da API (a página diz a página Legislação; a CLI, `farol infracoes`)."""


ERRO_INTERNO = (
    "erro interno do Farol: a operação não foi concluída; tente de novo e, se persistir, "
    "avise o suporte informando a data e a hora"
)


class ErroDeCampo(BaseModel):
    campo: str | None = Field(description="caminho do campo inválido (ex.: dados.texto)")
    tipo: str | None = Field(default=None, description="a regra violada (ex.: string_too_long)")
    mensagem: str | None = Field(
        default=None, description="na recusa de vários dados de uma vez: o que está errado"
    )
    regra: str | None = Field(default=None, description="a regra ou a citação legal, se houver")


class ErroDaApi(BaseModel):
    """O corpo de toda resposta de erro da API (4xx e 5xx)."""

    detail: str = Field(description="o campo, a mensagem e a regra numa frase")
    mensagem: str = Field(description="o que está errado, em português")
    campo: str | None = Field(default=None, description="o campo que causou o erro, se houver")
    regra: str | None = Field(default=None, description="a regra ou a citação legal, se houver")
    erros: list[ErroDeCampo] | None = Field(
        default=None,
        description="na validação (422): cada campo inválido; na recusa de vários dados de "
        "uma vez (ex.: duas multas fora da faixa), cada um com a mensagem e a regra",
    )


DESCRICOES = {
    400: "corpo ilegível: JSON truncado, texto que não é UTF-8, formulário malformado",
    401: "não autenticado: token ausente, inválido, expirado ou de sessão encerrada",
    403: "o papel do usuário não dá acesso a este recurso",
    404: "não encontrado, ou fora da jurisdição do usuário",
    409: "conflito: ato fora de ordem, papel errado, versão desatualizada, chave repetida",
    413: (
        f"corpo acima do limite ({entrada.CORPO_JSON // entrada.MIB} MiB em JSON, "
        f"{entrada.CORPO_MULTIPART // entrada.MIB} MiB com arquivo, "
        f"{entrada.CORPO_INSPECAO_COM_FOTOS // entrada.MIB} MiB com as fotos da inspeção)"
    ),
    422: "entrada inválida: o campo e a regra em português",
    429: "tentativas ou consultas demais: espere o `Retry-After`",
    503: "banco de dados indisponível: tente de novo depois do `Retry-After`",
}
_COM_RETRY_AFTER = (429, 503)


def respostas(*status: int) -> dict[int | str, dict[str, Any]]:
    """O `responses=` de uma rota: os status de erro que só ela devolve, com `ErroDaApi`
    (`documentar_erros` acrescenta os comuns: 401, 400/413/422, 404 e 503)."""
    return {s: {"model": ErroDaApi, "description": DESCRICOES[s]} for s in status}


def corpo_erro(mensagem: str, campo: str | None = None, regra: str | None = None) -> dict[str, Any]:
    texto = (f"{campo}: " if campo else "") + mensagem + (f" ({regra})" if regra else "")
    return {"detail": texto, "mensagem": mensagem, "campo": campo, "regra": regra}


# Textos em inglês do Starlette e do FastAPI (corpo ilegível, formulário multipart) → português.
_MENSAGENS_HTTP: tuple[tuple[str, str], ...] = (
    ("There was an error parsing the body", "corpo da requisição ilegível: JSON malformado ou "
     "truncado, texto que não é UTF-8 ou número grande demais"),
    ("Field exceeded maximum size", "campo do formulário acima do limite de "
     f"{entrada.CAMPO_DE_FORMULARIO // entrada.MIB} MiB"),
    ("Part exceeded maximum size", "campo do formulário acima do limite de "
     f"{entrada.CAMPO_DE_FORMULARIO // entrada.MIB} MiB"),
    ("Too many fields", "formulário com campos demais"),
    ("Too many files", "formulário com arquivos demais"),
    ("Missing boundary", "formulário multipart malformado: falta o separador (boundary)"),
    ("Invalid multipart", "formulário multipart malformado"),
    ("The Content-Disposition header", "formulário multipart malformado: parte sem nome"),
)  # fmt: skip
_PADRAO_HTTP = {
    400: "requisição malformada",
    401: "não autenticado",
    403: "acesso negado",
    404: "recurso não encontrado",
    405: "método não permitido",
    413: "corpo da requisição grande demais",
    415: "tipo de conteúdo não aceito",
    422: "dados inválidos",
    429: "tentativas demais",
}


def mensagem_http(status: int, detalhe: Any) -> str:
    """A mensagem em português de uma `HTTPException`: a do Farol como veio; as do Starlette e
    do FastAPI (em inglês) traduzidas; senão, a mensagem padrão do status."""
    if status in (404, 405):
        return _PADRAO_HTTP[status]
    if isinstance(detalhe, str):
        for inicio, mensagem in _MENSAGENS_HTTP:
            if detalhe.startswith(inicio):
                return mensagem
        if (detalhe and not detalhe.isascii()) or status in (401, 413, 422, 429):
            return detalhe  # do próprio Farol (português)
    return _PADRAO_HTTP.get(status, "erro na requisição")


_METODOS = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS")


def cabecalhos_http(request: Request, e: StarletteHTTPException) -> dict[str, str] | None:
    """Os cabeçalhos da `HTTPException`; no 405, o `Allow` com os métodos de todas as rotas do
    caminho (o Starlette põe só os da primeira rota que casou com ele, e um caminho com GET e
    POST em rotas separadas responderia `Allow: POST`)."""
    cabecalhos = dict(getattr(e, "headers", None) or {})
    if e.status_code == 405:
        metodos = [
            m
            for m in _METODOS
            if any(
                rota.matches({**request.scope, "method": m})[0] == Match.FULL
                for rota in request.app.routes
            )
        ]
        if metodos:
            cabecalhos["Allow"] = ", ".join(metodos)
    return cabecalhos or None


def status_de(erro: ErroFarol) -> int:
    for tipo, status in _STATUS.items():
        if isinstance(erro, tipo):
            return status
    return 422


def cabecalhos_de(erro: ErroFarol) -> dict[str, str] | None:
    """`Retry-After` (segundos) para o banco indisponível e para tentativas demais."""
    if isinstance(erro, BancoIndisponivel | MuitasTentativas):
        return {"Retry-After": str(max(1, round(erro.segundos)))}
    return None


def instalar(app: FastAPI) -> None:
    @app.exception_handler(ErroFarol)
    async def _farol(_: Request, e: ErroFarol) -> JSONResponse:
        corpo = corpo_erro(e.mensagem_em(ONDE_NA_API), e.campo, e.regra)
        if isinstance(e, EntradasInvalidas):
            corpo["erros"] = [
                {
                    "campo": x.campo,
                    "tipo": None,
                    "mensagem": x.mensagem_em(ONDE_NA_API),
                    "regra": x.regra,
                }
                for x in e.erros
            ]
        return JSONResponse(
            corpo,
            status_code=status_de(e),
            headers=cabecalhos_de(e),
        )

    def _campo(erro: Any) -> str:
        """O caminho do campo como no corpo ou nos parâmetros (`dados.texto`, sem o `body.`
        do FastAPI); `corpo` quando o erro é do corpo inteiro."""
        if erro.get("type") == "json_invalid":
            return "corpo"
        loc = [str(p) for p in erro.get("loc", ()) if p not in ("body", "query", "path", "header")]
        contexto = erro.get("ctx")
        caminho = contexto.get("caminho") if isinstance(contexto, dict) else None  # dados livres
        return ".".join([*loc, *([str(caminho)] if caminho else [])]) or "corpo"

    @app.exception_handler(RequestValidationError)
    async def _validacao(_: Request, e: RequestValidationError) -> JSONResponse:
        erros = e.errors()
        primeiro = erros[0] if erros else {"type": "", "loc": (), "msg": "inválido"}

        def mensagem(x: Any) -> str:
            return com_consulta(traduzir(x), consulte_do_item(x), ONDE_NA_API)

        corpo = corpo_erro(mensagem(primeiro), _campo(primeiro))
        # cada erro com o mesmo caminho do campo de cima e a sua mensagem
        corpo["erros"] = [
            {"campo": _campo(x), "tipo": x.get("type"), "mensagem": mensagem(x)} for x in erros
        ]
        return JSONResponse(corpo, status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, e: StarletteHTTPException) -> JSONResponse:
        return JSONResponse(
            corpo_erro(mensagem_http(e.status_code, e.detail)),
            status_code=e.status_code,
            headers=cabecalhos_http(request, e),
        )

    @app.exception_handler(Exception)
    async def _interno(_: Request, e: Exception) -> JSONResponse:
        # O Starlette registra a exceção no log do servidor depois desta resposta.
        return JSONResponse(corpo_erro(ERRO_INTERNO), status_code=500)

    documentar_erros(app)


def _operacoes(esquema: dict[str, Any]) -> list[dict[str, Any]]:
    metodos = {"get", "post", "put", "patch", "delete"}
    return [
        op
        for caminho in esquema.get("paths", {}).values()
        for metodo, op in caminho.items()
        if metodo in metodos
    ]


def documentar_erros(app: FastAPI) -> None:
    """O OpenAPI documenta, em cada operação, os status de erro que ela devolve, com o corpo
    `ErroDaApi`: 503 em todas (o banco); 401 nas que pedem token; 422 nas que têm parâmetro ou
    corpo; 400 e 413 nas que têm corpo; 404 nas que têm id no caminho; e os que a rota
    declara com `respostas(...)` (403, 409, 429). Troca o 422 padrão do FastAPI
    (`HTTPValidationError`), que não é o corpo que a API devolve."""
    gerar = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema:
            return app.openapi_schema
        esquema = gerar()
        componentes = esquema.setdefault("components", {}).setdefault("schemas", {})
        definicoes = ErroDaApi.model_json_schema(ref_template="#/components/schemas/{model}")
        componentes.update(definicoes.pop("$defs", {}))
        componentes["ErroDaApi"] = definicoes
        for nome in ("HTTPValidationError", "ValidationError"):
            componentes.pop(nome, None)
        ref = {"$ref": "#/components/schemas/ErroDaApi"}
        for op in _operacoes(esquema):
            status = {503}
            parametros = op.get("parameters", [])
            if op.get("security"):
                status.add(401)
            if parametros or "requestBody" in op:
                status.add(422)
            if "requestBody" in op:
                status |= {400, 413}
            if any(p.get("in") == "path" for p in parametros):
                status.add(404)
            respostas_op = op.setdefault("responses", {})
            declarados = {int(k) for k in respostas_op if k.isdigit() and int(k) >= 400}
            for s in sorted(status | declarados):
                resposta: dict[str, Any] = {
                    "description": DESCRICOES.get(s, "erro"),
                    "content": {"application/json": {"schema": ref}},
                }
                if s in _COM_RETRY_AFTER:
                    resposta["headers"] = {
                        "Retry-After": {
                            "description": "segundos até tentar de novo",
                            "schema": {"type": "string"},
                        }
                    }
                respostas_op[str(s)] = resposta
        return esquema

    app.openapi = openapi  # type: ignore[method-assign]
