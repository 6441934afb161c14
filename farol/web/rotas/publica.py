"""Consulta pública (sem login): número do processo + CPF/CNPJ do autuado.

POST, para que o CPF não fique na URL (histórico do navegador, registros do servidor).
POST /consulta/documento entrega o PDF de um documento do processo ao autuado: o número e o
CPF/CNPJ são conferidos de novo a cada pedido, com o mesmo limite de tentativas da consulta, e
par errado ou código alheio recebem a mesma recusa neutra (404).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Annotated

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, Response
from starlette.datastructures import FormData

from farol.erros import EntradaInvalida
from farol.http.deps import uow_da
from farol.http.erros import cabecalhos_de
from farol.services import consulta_publica
from farol.services.limites import Limite, MuitasTentativas
from farol.web.ambiente import pagina
from farol.web.formularios import GERAL, Erros, erro_farol
from farol.web.sessao import RotaDaPagina, conferir_csrf

rotas = APIRouter(include_in_schema=False, route_class=RotaDaPagina)


async def formulario(request: Request) -> FormData:
    return await request.form(max_files=0, max_fields=10)


Formulario = Annotated[FormData, Depends(formulario)]


@dataclass
class _Tentativa:
    falhou: bool = False


@contextmanager
def _tentativa(limite: Limite, ip: str) -> Iterator[_Tentativa]:
    """A consulta sob o limite do endereço: a vaga se reserva antes (confere e conta numa
    passagem, sob a trava da chave, como o login), e pedidos simultâneos não passam juntos do
    limite; antes, conferir e contar em dois passos deixava passar mais que o limite. Só a
    consulta que não achou nada fica contada; a que achou, a recusada por entrada inválida e a
    que levantou devolvem a vaga. Sem vaga: `MuitasTentativas` (429)."""
    quando = limite.reservar(ip)
    t = _Tentativa()
    try:
        yield t
    finally:
        if not t.falhou:
            limite.liberar(quando, ip)


@rotas.get("/consulta", response_class=HTMLResponse)
def pagina_consulta(request: Request) -> HTMLResponse:
    return pagina(
        request,
        "consulta.html",
        {"numero": "", "documento": "", "erros": Erros(), "consultado": False, "r": None},
    )


@rotas.post("/consulta", response_class=HTMLResponse)
def consultar(request: Request, form: Formulario) -> HTMLResponse:
    conferir_csrf(request, form)
    numero = str(form.get("numero") or "").strip()[:40]
    documento = str(form.get("documento") or "").strip()[:30]
    erros = Erros()
    r = None
    limite = request.app.state.limites["consulta_publica"]
    ip = request.client.host if request.client else "?"
    try:
        with _tentativa(limite, ip) as tentativa:
            r = consulta_publica.consultar(uow_da(request), numero, documento)
            tentativa.falhou = r is None
    except EntradaInvalida as e:
        erros = erro_farol(e, ["numero", "documento"])
    except MuitasTentativas as e:
        erros.adicionar(GERAL, e.mensagem)
        contexto = {"numero": numero, "documento": documento, "erros": erros,
                    "consultado": False, "r": None}  # fmt: skip
        recusa = pagina(request, "consulta.html", contexto, 429)
        recusa.headers.update(cabecalhos_de(e) or {})  # Retry-After, como na API
        return recusa
    contexto = {
        "numero": numero,
        "documento": documento,
        "erros": erros,
        "consultado": not erros,
        "r": r,
    }
    return pagina(request, "consulta.html", contexto, 422 if erros else 200)


@rotas.post("/consulta/documento", response_model=None)
def baixar_documento(request: Request, form: Formulario) -> Response:
    conferir_csrf(request, form)
    numero = str(form.get("numero") or "").strip()[:40]
    documento = str(form.get("documento") or "").strip()[:30]
    codigo = str(form.get("codigo") or "").strip()[:40]
    limite = request.app.state.limites["consulta_publica"]
    ip = request.client.host if request.client else "?"
    erros = Erros()
    status = 404
    try:
        with _tentativa(limite, ip) as tentativa:
            pdf = consulta_publica.documento_do_interessado(
                uow_da(request), numero, documento, codigo
            )
            tentativa.falhou = pdf is None
        if pdf is not None:
            return Response(
                pdf.conteudo,
                media_type="application/pdf",
                headers={
                    "Content-Disposition": f'attachment; filename="{pdf.nome_arquivo}"',
                    "Cache-Control": "no-store",
                },
            )
    except EntradaInvalida as e:
        erros = erro_farol(e, ["numero", "documento"])
        status = 422
    except MuitasTentativas as e:
        erros.adicionar(GERAL, e.mensagem)
        status = 429
    contexto = {
        "numero": numero,
        "documento": documento,
        "erros": erros,
        "consultado": status == 404,
        "r": None,
    }
    return pagina(request, "consulta.html", contexto, status)
