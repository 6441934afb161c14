"""Páginas do cadastro: a pessoa e a embarcação, com o formulário de correção e o histórico.

- GET /pessoas/{id}, GET /embarcacoes/{id}: o cadastro corrente, os processos da jurisdição em
  que consta e o histórico (404 fora da jurisdição, como na API).
- POST /pessoas/{id}, POST /embarcacoes/{id}: `cadastro.corrigir_*` com a versão lida; deu
  certo, volta à página (303, post/redirect/get); recusado, a página volta com o que foi
  digitado e todos os erros ao lado dos campos (422; 409 se o cadastro mudou; 403 sem a
  permissão `corrige_cadastro`).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from pydantic import ValidationError
from starlette.datastructures import FormData

from farol.erros import ErroFarol
from farol.http.deps import uow_da
from farol.http.erros import status_de
from farol.http.parametros import IdNoCaminho
from farol.services import cadastro
from farol.services.jurisdicao import Ator
from farol.web.ambiente import pagina
from farol.web.formularios import Erros, decimal_br, erro_farol, erros_pydantic
from farol.web.sessao import AtorWeb, RotaDaPagina, conferir_csrf

rotas = APIRouter(include_in_schema=False, route_class=RotaDaPagina)

CAMPOS_PESSOA = ["versao", "motivo", "nome", "endereco", "email", "telefone"]
CAMPOS_EMBARCACAO = ["versao", "motivo", "nome", "tipo", "propulsao", "comprimento", "estrangeira"]


async def formulario(request: Request) -> FormData:
    return await request.form(max_files=0, max_fields=20)


Formulario = Annotated[FormData, Depends(formulario)]


def _texto(form: FormData, nome: str) -> str:
    valor = form.get(nome)
    return valor if isinstance(valor, str) else ""


def _pagina_pessoa(
    request: Request,
    ator: Ator,
    pid: int,
    *,
    valores: dict[str, Any] | None = None,
    erros: Erros | None = None,
    corrigido: bool = False,
    status: int = 200,
) -> HTMLResponse:
    pessoa, historico = cadastro.pagina_da_pessoa(uow_da(request), ator, pid)
    atuais = pessoa.model_dump()
    contexto = {
        "pessoa": pessoa,
        "historico": historico,
        "valores": valores or {c: atuais.get(c) or "" for c in CAMPOS_PESSOA if c in atuais},
        "erros": erros or Erros(),
        "corrigido": corrigido,
    }
    return pagina(request, "pessoa.html", contexto, status)


def _pagina_embarcacao(
    request: Request,
    ator: Ator,
    eid: int,
    *,
    valores: dict[str, Any] | None = None,
    erros: Erros | None = None,
    corrigido: bool = False,
    status: int = 200,
) -> HTMLResponse:
    emb, historico = cadastro.pagina_da_embarcacao(uow_da(request), ator, eid)
    atuais = emb.model_dump()
    if not valores:
        valores = {c: atuais.get(c) for c in CAMPOS_EMBARCACAO if c in atuais}
        valores = {c: "" if v is None else v for c, v in valores.items()}
        valores["estrangeira"] = "sim" if emb.estrangeira else ""  # como o formulário envia
        if emb.comprimento is not None:
            valores["comprimento"] = f"{emb.comprimento:.2f}".replace(".", ",")
    contexto = {
        "embarcacao": emb,
        "historico": historico,
        "valores": valores,
        "erros": erros or Erros(),
        "corrigido": corrigido,
    }
    return pagina(request, "embarcacao.html", contexto, status)


def _versao_atual(valores: dict[str, Any], erros: Erros) -> None:
    """Cadastro mudado por outro usuário (409): o formulário volta com o que foi digitado e a
    versão atual, para quem conferiu os dados novos (no alto da página) corrigir de novo."""
    if erros.get("versao"):
        valores["versao"] = ""


@rotas.get("/pessoas/{pid}", response_class=HTMLResponse)
def pessoa(request: Request, pid: IdNoCaminho, ator: AtorWeb, corrigido: str = "") -> HTMLResponse:
    return _pagina_pessoa(request, ator, pid, corrigido=bool(corrigido))


@rotas.post("/pessoas/{pid}", response_class=HTMLResponse, response_model=None)
def corrigir_pessoa(
    request: Request, pid: IdNoCaminho, ator: AtorWeb, form: Formulario
) -> Response:
    conferir_csrf(request, form)
    valores = {c: _texto(form, c) for c in CAMPOS_PESSOA}
    try:
        cmd = cadastro.CorrecaoDePessoa.model_validate(valores)
        cadastro.corrigir_pessoa(uow_da(request), ator, pid, cmd)
    except ValidationError as e:
        erros = erros_pydantic(e, CAMPOS_PESSOA)
        return _pagina_pessoa(request, ator, pid, valores=valores, erros=erros, status=422)
    except ErroFarol as e:
        erros = erro_farol(e, CAMPOS_PESSOA)
        _versao_atual(valores, erros)
        return _pagina_pessoa(request, ator, pid, valores=valores, erros=erros, status=status_de(e))
    return RedirectResponse(f"/pessoas/{pid}?corrigido=1#historico", status_code=303)


@rotas.get("/embarcacoes/{eid}", response_class=HTMLResponse)
def embarcacao(
    request: Request, eid: IdNoCaminho, ator: AtorWeb, corrigido: str = ""
) -> HTMLResponse:
    return _pagina_embarcacao(request, ator, eid, corrigido=bool(corrigido))


@rotas.post("/embarcacoes/{eid}", response_class=HTMLResponse, response_model=None)
def corrigir_embarcacao(
    request: Request, eid: IdNoCaminho, ator: AtorWeb, form: Formulario
) -> Response:
    conferir_csrf(request, form)
    valores: dict[str, Any] = {c: _texto(form, c) for c in CAMPOS_EMBARCACAO}
    dados = {**valores, "comprimento": decimal_br(valores["comprimento"])}
    dados["estrangeira"] = bool(valores["estrangeira"])
    try:
        cmd = cadastro.CorrecaoDeEmbarcacao.model_validate(dados)
        cadastro.corrigir_embarcacao(uow_da(request), ator, eid, cmd)
    except ValidationError as e:
        erros = erros_pydantic(e, CAMPOS_EMBARCACAO)
        return _pagina_embarcacao(request, ator, eid, valores=valores, erros=erros, status=422)
    except ErroFarol as e:
        erros = erro_farol(e, CAMPOS_EMBARCACAO)
        _versao_atual(valores, erros)
        return _pagina_embarcacao(
            request, ator, eid, valores=valores, erros=erros, status=status_de(e)
        )
    return RedirectResponse(f"/embarcacoes/{eid}?corrigido=1#historico", status_code=303)
