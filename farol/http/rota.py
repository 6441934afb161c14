"""Uma conexão por pedido (issue 13, item 4): a autenticação e os casos de uso de uma rota numa
leitura partilhada do pedido (`UnitOfWorkDoPedido.partilhando`).

A rota declara o usuário como sempre (`ator: AtorAtual` na API, `ator: AtorWeb` nas páginas).
Lido pela dependência, ele custava uma ida ao pool só para a sessão do token, noutra passagem
pelo pool de threads, antes da rota; o caso de uso tomava outra conexão depois. `RotaDoPedido`
(a `route_class` dos roteadores) troca esse parâmetro, na montagem da rota, por:

- a credencial conferida sem banco antes de validar o resto do pedido (a assinatura e a
  validade do token: sem ela, 401 na API e /entrar nas páginas, como antes);
- a leitura da sessão dentro da rota, na thread dela, na leitura partilhada que os casos de
  uso continuam: uma conexão do pool, tirada e devolvida na mesma thread (segurá-la entre a
  dependência e a rota deixaria pedidos com conexão esperando thread).

GET e HEAD partilham uma leitura; os outros métodos, uma escrita (a autenticação e o que a
rota grava numa transação, com o COMMIT no fim da escrita). A rota usa a mesma unidade de
trabalho pela dependência (`UowDep`, o cache de dependências do FastAPI) ou por `uow_da`.

A autenticação vem antes da validação do pedido. O FastAPI valida o caminho, a consulta e o
corpo antes de chamar a rota (e lê o JSON do corpo antes até das dependências): a sessão, lida
só na rota, deixava um token de sessão encerrada (ou, no JSON truncado, nenhum token) receber o
422 com o campo e a regra, a forma da validação a quem não está autenticado. Por isso o pedido
recusado antes de chegar à rota (a validação do FastAPI, o parâmetro de consulta desconhecido,
o corpo ilegível ou grande demais) confere a credencial e a sessão, e a recusa da autenticação
(401 na API, /entrar nas páginas) toma o lugar da outra. Só no caminho de erro: o pedido bem
formado não paga nada a mais (`RotaDoPedido.get_route_handler`).
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, get_args, get_origin

from fastapi import Request, Response
from fastapi.dependencies.models import Dependant
from fastapi.exceptions import RequestValidationError
from fastapi.params import Depends
from fastapi.routing import APIRoute
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException

from farol.erros import EntradaInvalida, recusar_juntos
from farol.http.corpo import NULO, NULO_NO_ENDERECO
from farol.http.deps import UowDoPedidoDep, banco, partilhar_no_pedido
from farol.services.jurisdicao import Ator
from farol.services.unit_of_work import UnitOfWorkDoPedido

SO_LEITURA = frozenset({"GET", "HEAD"})
NA_ROTA = "farol_na_rota"
"""Marca no `request.state`: o pedido chegou à rota (a validação passou; a sessão se lê nela).
Uma recusa depois disso é do caso de uso, com o usuário já conferido."""
STATUS_ANTES_DA_ROTA = frozenset({400, 413, 422})
"""As `HTTPException` que recusam o pedido antes da rota: corpo ilegível (400), grande demais
(413), caractere nulo no formulário (422)."""


@dataclass(frozen=True)
class Autenticacao:
    """Como as rotas de um roteador autenticam: a dependência do usuário que elas declaram, a
    credencial conferida sem banco que a substitui (um tipo `Annotated` com `Depends`) e a
    leitura do usuário da credencial na unidade de trabalho do pedido."""

    dependencia: Callable[..., Ator]
    credencial: Any
    ler: Callable[[Request, Any, UnitOfWorkDoPedido], Ator]
    do_pedido: Callable[[Request], Awaitable[Any]]
    """A mesma credencial de `credencial`, conferida só com o pedido (fora da injeção do
    FastAPI): o pedido recusado antes da rota a confere por ela."""


def _do_usuario(anotacao: Any, dependencia: Callable[..., Ator]) -> bool:
    if get_origin(anotacao) is not Annotated:
        return False
    return any(
        isinstance(x, Depends) and x.dependency is dependencia for x in get_args(anotacao)[1:]
    )


def numa_conexao(
    endpoint: Callable[..., Any], autenticacao: Autenticacao, *, escrita: bool
) -> Callable[..., Any]:
    """A rota com o usuário lido na leitura (ou escrita) partilhada do pedido; a mesma rota se
    ela não declara o usuário de `autenticacao` ou é assíncrona (o banco é síncrono: roda numa
    thread)."""
    if inspect.iscoroutinefunction(endpoint):
        return endpoint
    assinatura = inspect.signature(endpoint, eval_str=True)
    nomes = [
        p.name
        for p in assinatura.parameters.values()
        if _do_usuario(p.annotation, autenticacao.dependencia)
    ]
    if not nomes:
        return endpoint
    (nome,) = nomes
    # o FastAPI entrega o pedido a um parâmetro só: o da rota, se ela o declara
    do_pedido = [p.name for p in assinatura.parameters.values() if p.annotation is Request]
    pedido = do_pedido[0] if do_pedido else "_farol_pedido"
    # no lugar do usuário: o FastAPI resolve as dependências na ordem dos parâmetros, e a
    # credencial segue conferida antes das que vêm depois dela (o formulário, por exemplo)
    tipo = assinatura.parameters[nome].kind
    no_lugar = [
        inspect.Parameter("_farol_credencial", tipo, annotation=autenticacao.credencial),
        inspect.Parameter("_farol_uow", tipo, annotation=UowDoPedidoDep),
    ]
    if not do_pedido:
        no_lugar.append(inspect.Parameter(pedido, tipo, annotation=Request))
    parametros = [
        x for p in assinatura.parameters.values() for x in (no_lugar if p.name == nome else [p])
    ]

    @functools.wraps(endpoint)
    def rota(*, _farol_credencial: Any, _farol_uow: UnitOfWorkDoPedido, **valores: Any) -> Any:
        request: Request = valores[pedido] if do_pedido else valores.pop(pedido)
        setattr(request.state, NA_ROTA, True)
        with (
            _farol_uow.partilhando(escrita=escrita),
            partilhar_no_pedido(request, _farol_uow),
        ):
            valores[nome] = autenticacao.ler(request, _farol_credencial, _farol_uow)
            return endpoint(**valores)

    rota.__signature__ = assinatura.replace(parameters=parametros)  # type: ignore[attr-defined]
    return rota


def _parametros_de_consulta(dependente: Dependant) -> set[str]:
    """Os nomes (como vêm no endereço) dos parâmetros de consulta da rota e das suas
    dependências."""
    nomes = {p.alias for p in dependente.query_params}
    for sub in dependente.dependencies:
        nomes |= _parametros_de_consulta(sub)
    return nomes


def com_parametros_conferidos(
    endpoint: Callable[..., Any], conferir: Callable[..., Any]
) -> Callable[..., Any]:
    """A rota com a dependência `conferir` logo depois da credencial (`numa_conexao`), ou antes
    de tudo na rota que não a tem: o pedido sem credencial recebe o 401 antes da recusa."""
    assinatura = inspect.signature(endpoint, eval_str=True)
    parametros = list(assinatura.parameters.values())
    nomes = [p.name for p in parametros]
    posicao = nomes.index("_farol_credencial") + 1 if "_farol_credencial" in nomes else 0
    # o tipo do vizinho mantém a ordem que a assinatura exige (posicional antes de nomeado)
    vizinho = parametros[posicao - 1] if posicao else (parametros[0] if parametros else None)
    tipo: inspect._ParameterKind = inspect.Parameter.KEYWORD_ONLY
    if vizinho is not None and vizinho.kind in (
        inspect.Parameter.POSITIONAL_OR_KEYWORD,
        inspect.Parameter.KEYWORD_ONLY,
    ):
        tipo = vizinho.kind
    dependencia = inspect.Parameter(
        "_farol_parametros", tipo, annotation=Annotated[None, Depends(conferir)]
    )
    parametros.insert(posicao, dependencia)

    if inspect.iscoroutinefunction(endpoint):

        @functools.wraps(endpoint)
        async def assincrona(*, _farol_parametros: None = None, **valores: Any) -> Any:
            return await endpoint(**valores)

        rota: Callable[..., Any] = assincrona
    else:

        @functools.wraps(endpoint)
        def sincrona(*, _farol_parametros: None = None, **valores: Any) -> Any:
            return endpoint(**valores)

        rota = sincrona
    rota.__signature__ = assinatura.replace(parameters=parametros)  # type: ignore[attr-defined]
    return rota


def _ler_sessao(autenticacao: Autenticacao, request: Request, credencial: Any) -> None:
    """A sessão da credencial, lida numa leitura só dela (401 ou /entrar se encerrada)."""
    uow = UnitOfWorkDoPedido(banco(request))
    with uow.partilhando():
        autenticacao.ler(request, credencial, uow)


class RotaDoPedido(APIRoute):
    """A rota de uma conexão por pedido (`numa_conexao`); cada roteador diz como autentica
    (`autenticacao`, numa subclasse) e se recusa parâmetros de consulta que a rota não declara
    (`recusa_parametros_desconhecidos`: na API, um filtro com o nome errado — `?estdo=` —
    devolveria, em silêncio, a lista sem filtro)."""

    autenticacao: ClassVar[Autenticacao | None] = None
    recusa_parametros_desconhecidos: ClassVar[bool] = False

    def __init__(self, path: str, endpoint: Callable[..., Any], **opcoes: Any) -> None:
        self.com_usuario = False
        """A rota lê o usuário na rota (`numa_conexao`): a recusa anterior a ela o confere."""
        if self.autenticacao is not None:
            metodos = {m.upper() for m in (opcoes.get("methods") or ["GET"])}
            na_conexao = numa_conexao(
                endpoint, self.autenticacao, escrita=not metodos <= SO_LEITURA
            )
            self.com_usuario = na_conexao is not endpoint
            endpoint = na_conexao
        if self.recusa_parametros_desconhecidos:
            endpoint = com_parametros_conferidos(endpoint, self._conferir_parametros)
        super().__init__(path, endpoint, **opcoes)
        self.parametros_aceitos = tuple(sorted(_parametros_de_consulta(self.dependant)))

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        """O tratador do FastAPI; na rota com usuário, a recusa do pedido antes da rota (a
        validação, o corpo ilegível, o parâmetro desconhecido) espera a autenticação: sem
        credencial ou com a sessão encerrada, a recusa é a da autenticação."""
        original = super().get_route_handler()

        async def tratar(request: Request) -> Response:
            # o caractere nulo no endereço, marcado por `LimiteDaEntrada`: recusado antes dos
            # parâmetros (e, na rota com usuário, depois da autenticação)
            campo = request.scope.get("state", {}).pop(NULO_NO_ENDERECO, None)
            if campo is not None:
                raise EntradaInvalida(NULO, campo=campo)
            return await original(request)

        autenticacao = self.autenticacao
        if autenticacao is None or not self.com_usuario:
            return tratar

        async def autenticar_antes(request: Request) -> Response:
            try:
                return await tratar(request)
            except (RequestValidationError, EntradaInvalida, HTTPException) as e:
                if getattr(request.state, NA_ROTA, False) or (
                    isinstance(e, HTTPException) and e.status_code not in STATUS_ANTES_DA_ROTA
                ):
                    raise
                credencial = await autenticacao.do_pedido(request)  # 401 ou /entrar
                await run_in_threadpool(_ler_sessao, autenticacao, request, credencial)
                raise

        return autenticar_antes

    async def _conferir_parametros(self, request: Request) -> None:
        """422 para cada parâmetro de consulta que a rota não declara, com os que ela aceita."""
        aceitos = self.parametros_aceitos
        desconhecidos = [n for n in dict.fromkeys(request.query_params.keys()) if n not in aceitos]
        if not desconhecidos:  # o caminho de todo pedido: nada a montar
            return
        regra = (
            f"parâmetros aceitos: {', '.join(aceitos)}"
            if aceitos
            else "esta rota não aceita parâmetros de consulta"
        )
        recusar_juntos(
            [
                EntradaInvalida(f"parâmetro de consulta desconhecido ({regra})", campo=nome)
                for nome in desconhecidos
            ]
        )
