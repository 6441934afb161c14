"""Erros da API: sempre JSON em português com a mensagem, o campo e a regra.

ErroFarol → 422 (entrada), 404 (não encontrado ou fora da jurisdição), 409 (conflito).
Corpo malformado e campos inválidos do Pydantic também viram 422 em português.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from farol.erros import Conflito, EntradaInvalida, ErroFarol, NaoEncontrado
from farol.services.limites import MuitasTentativas
from farol.services.mensagens import traduzir

_STATUS = {EntradaInvalida: 422, NaoEncontrado: 404, Conflito: 409, MuitasTentativas: 429}


def corpo_erro(mensagem: str, campo: str | None = None, regra: str | None = None) -> dict[str, Any]:
    texto = (f"{campo}: " if campo else "") + mensagem + (f" ({regra})" if regra else "")
    return {"detail": texto, "mensagem": mensagem, "campo": campo, "regra": regra}


def status_de(erro: ErroFarol) -> int:
    for tipo, status in _STATUS.items():
        if isinstance(erro, tipo):
            return status
    return 422


def instalar(app: FastAPI) -> None:
    @app.exception_handler(ErroFarol)
    async def _farol(_: Request, e: ErroFarol) -> JSONResponse:
        return JSONResponse(corpo_erro(e.mensagem, e.campo, e.regra), status_code=status_de(e))

    @app.exception_handler(RequestValidationError)
    async def _validacao(_: Request, e: RequestValidationError) -> JSONResponse:
        erros = e.errors()
        primeiro = erros[0] if erros else {"type": "", "loc": (), "msg": "inválido"}
        loc = [
            str(p) for p in primeiro.get("loc", ()) if p not in ("body", "query", "path", "header")
        ]
        campo = ".".join(loc) or "corpo"
        tipo = str(primeiro.get("type", ""))
        mensagem = traduzir(primeiro)
        if tipo == "json_invalid":
            campo = "corpo"
        corpo = corpo_erro(mensagem, campo)
        corpo["erros"] = [
            {"campo": ".".join(str(p) for p in x.get("loc", ())), "tipo": x.get("type")}
            for x in erros
        ]
        return JSONResponse(corpo, status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def _http(_: Request, e: StarletteHTTPException) -> JSONResponse:
        mensagens = {404: "recurso não encontrado", 405: "método não permitido"}
        mensagem = (
            e.detail
            if isinstance(e.detail, str) and e.status_code not in mensagens
            else mensagens.get(e.status_code, str(e.detail))
        )
        return JSONResponse(
            corpo_erro(mensagem), status_code=e.status_code, headers=getattr(e, "headers", None)
        )
