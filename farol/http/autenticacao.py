"""Entrar e saber quem pede, igual na API e nas páginas.

- `entrar`: confere os limites de tentativas (por conta e por endereço), a senha, abre uma
  sessão e devolve o usuário e o token; o mesmo caminho para POST /api/v1/auth/token e
  POST /entrar.
- `ator_do_token`: o usuário (com a jurisdição) de um token de sessão aberta, ou None.
- `sair`: encerra a sessão do token (POST /api/v1/auth/sair e POST /sair).

O endereço é o da conexão (`request.client`). Atrás de um proxy, o `farol serve` só aceita
o `X-Forwarded-For` dos proxies de `FAROL_PROXIES_CONFIAVEIS` (padrão: nenhum).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from fastapi import Request

from farol.http.deps import banco, configuracao, uow_da
from farol.http.seguranca import VALIDADE_TOKEN, Credencial, emitir_token, ler_token
from farol.relogio import agora
from farol.services import autenticacao
from farol.services.jurisdicao import Ator
from farol.services.limites import (
    LOGIN,
    LOGIN_POR_ENDERECO,
    Limite,
    MuitasTentativas,
    chave_da_conta,
)
from farol.services.unit_of_work import UnitOfWork, UnitOfWorkDoPedido
from farol.store.orm import Usuario


@dataclass(frozen=True)
class Entrada:
    usuario: Usuario
    token: str


def segredo(request: Request) -> str:
    """O segredo que assina os tokens (e o CSRF das páginas)."""
    return configuracao(request).segredo.get_secret_value()


def limitador_de_login(request: Request, nome: str = LOGIN) -> Limite:
    """O limitador de falhas de login: `LOGIN` (por conta) ou `LOGIN_POR_ENDERECO`."""
    limite: Limite = request.app.state.limites[nome]
    return limite


def endereco(request: Request) -> str:
    return request.client.host if request.client else "?"


def _chaves(request: Request, login: str) -> list[tuple[Limite, tuple[str, ...]]]:
    return [
        (limitador_de_login(request, LOGIN), chave_da_conta(login)),
        (limitador_de_login(request, LOGIN_POR_ENDERECO), (endereco(request),)),
    ]


def conferir_limite(request: Request, login: str) -> None:
    """`MuitasTentativas` (HTTP 429) se a conta (de qualquer endereço) ou o endereço (em
    qualquer conta) passou do limite de falhas."""
    for limite, chave in _chaves(request, login):
        limite.conferir(*chave)


def entrar(request: Request, login: str, senha: str) -> Entrada | None:
    """Login e senha conferidos sob os limites de tentativas; None se não conferem.

    Cada limite reserva a tentativa antes do hash (confere e conta numa passagem): uma
    tentativa barrada não gasta CPU, e pedidos simultâneos não passam juntos do limite. A
    senha errada deixa as reservas contadas como falhas; o acerto zera o contador da conta e
    devolve a reserva do endereço.
    """
    chaves = _chaves(request, login)
    reservas: list[tuple[Limite, tuple[str, ...], float]] = []
    try:
        for limite, chave in chaves:
            reservas.append((limite, chave, limite.reservar(*chave)))
    except MuitasTentativas:
        for limite, chave, quando in reservas:  # barrada por outro limite: não foi tentativa
            limite.liberar(quando, *chave)
        raise
    uow = uow_da(request)
    u = autenticacao.autenticar(uow, login, senha)
    if u is None:
        return None
    conta, chave_conta = chaves[0]
    conta.acertou(*chave_conta)
    for limite, chave, quando in reservas[1:]:
        limite.liberar(quando, *chave)
    instante = agora()
    sessao = autenticacao.abrir_sessao(uow, u.id, instante, instante - VALIDADE_TOKEN)
    token = emitir_token(Credencial(u.id, u.papel, u.om_id, sessao), segredo(request), instante)
    return Entrada(u, token)


def credencial_do_token(request: Request, token: str | None) -> Credencial | None:
    """O que o token diz, se veio e a assinatura e a validade conferem (sem ir ao banco); None
    senão. A sessão dele se confere no banco (`ator_do_token`)."""
    return ler_token(token, segredo(request)) if token else None


def _ociosa(request: Request) -> dt.timedelta:
    return dt.timedelta(minutes=configuracao(request).sessao_ociosa_min)


def ator_do_token(
    request: Request, token: str | None, uow: UnitOfWork | None = None
) -> Ator | None:
    """O usuário do token (assinado, dentro da validade) se a sessão dele está aberta, não
    ficou ociosa além do limite e o usuário segue ativo; senão None. `uow`: a do pedido, numa
    leitura partilhada (`UnitOfWorkDoPedido.partilhando`), para que a autenticação e o caso de
    uso usem a mesma conexão. Sem ela (as dependências `ator_atual` e `ator_obrigatorio`), a
    sessão é lida numa leitura partilhada só dela, que devolve a conexão ao pool ao terminar: no
    PostgreSQL, um comando sem transação (sem as idas do BEGIN e do COMMIT)."""
    credencial = credencial_do_token(request, token)
    if credencial is None or credencial.sessao is None:
        return None
    if uow is None:
        do_pedido = UnitOfWorkDoPedido(banco(request))
        with do_pedido.partilhando():
            return _ator(request, credencial.usuario_id, credencial.sessao, do_pedido)
    return _ator(request, credencial.usuario_id, credencial.sessao, uow)


def _ator(request: Request, usuario_id: int, chave: str, uow: UnitOfWork) -> Ator | None:
    instante = agora()
    ator, renovar = autenticacao.ator_da_sessao(uow, usuario_id, chave, instante, _ociosa(request))
    if ator is not None and renovar:
        autenticacao.renovar_uso(uow, chave, instante)
    return ator


def sair(request: Request, token: str | None) -> None:
    """Encerra a sessão do token (se for um token válido): ele e o cookie deixam de valer."""
    credencial = credencial_do_token(request, token)
    if credencial is not None and credencial.sessao is not None:
        autenticacao.encerrar_sessao(uow_da(request), credencial.sessao, agora())
