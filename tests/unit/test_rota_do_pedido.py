"""A rota de uma conexão (`farol.http.rota`): o que ela troca na assinatura de uma rota. O
pedido inteiro (uma conexão, 401 e /entrar sem banco) está em tests/e2e/web/test_paginas.py."""

from __future__ import annotations

import inspect
from typing import Annotated, get_args

from fastapi import Depends, Form, Request

from farol.api.deps import AtorAtual, RotaDaApi, token_assinado
from farol.http.deps import uow_do_pedido
from farol.http.rota import numa_conexao
from farol.web.sessao import AtorWeb, RotaDaPagina, sessao_assinada

API = RotaDaApi.autenticacao
PAGINA = RotaDaPagina.autenticacao


def _dependencias(rota: object) -> dict[str, object]:
    """O nome de cada parâmetro e a dependência que o FastAPI resolve para ele (ou o tipo)."""
    saida: dict[str, object] = {}
    for p in inspect.signature(rota).parameters.values():  # type: ignore[arg-type]
        extras = get_args(p.annotation)[1:]
        saida[p.name] = next(
            (x.dependency for x in extras if hasattr(x, "dependency")), p.annotation
        )
    return saida


def formulario_de_exemplo() -> str:
    return ""


def test_a_rota_que_declara_o_usuario_recebe_a_credencial_no_lugar_dele() -> None:
    def registrar(
        pid: int, ator: AtorWeb, form: Annotated[str, Depends(formulario_de_exemplo)]
    ) -> str:
        return f"{pid} {ator.login} {form}"

    assert PAGINA is not None
    rota = numa_conexao(registrar, PAGINA, escrita=True)
    assert rota is not registrar and rota.__name__ == "registrar"
    deps = _dependencias(rota)
    # a credencial (sem banco) onde estava o usuário: conferida antes do formulário
    assert list(deps) == ["pid", "_farol_credencial", "_farol_uow", "_farol_pedido", "form"]
    assert deps["_farol_credencial"] is sessao_assinada
    assert deps["_farol_uow"] is uow_do_pedido
    assert deps["_farol_pedido"] is Request
    assert deps["form"] is formulario_de_exemplo


def test_a_rota_que_ja_recebe_o_pedido_o_recebe_igual() -> None:
    def detalhar(request: Request, ator: AtorAtual, n: int = 1) -> int:
        return n

    assert API is not None
    deps = _dependencias(numa_conexao(detalhar, API, escrita=False))
    # o FastAPI entrega o pedido a um parâmetro só: o da rota
    assert list(deps) == ["request", "_farol_credencial", "_farol_uow", "n"]
    assert deps["_farol_credencial"] is token_assinado


def test_a_rota_sem_usuario_ou_assincrona_fica_como_esta() -> None:
    def publica(q: Annotated[str, Form()] = "") -> str:
        return q

    async def assincrona(ator: AtorAtual) -> str:
        return ator.login

    assert API is not None and PAGINA is not None
    assert numa_conexao(publica, API, escrita=False) is publica
    assert numa_conexao(assincrona, API, escrita=False) is assincrona

    # o usuário das páginas numa rota da API (e o contrário) não é o do roteador
    def da_pagina(ator: AtorWeb) -> str:
        return ator.login

    assert numa_conexao(da_pagina, API, escrita=False) is da_pagina
