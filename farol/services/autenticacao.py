"""Quem é o usuário: login por senha, as sessões e o usuário (com a jurisdição) de uma sessão.

A API (token Bearer) e as páginas (o mesmo token num cookie) usam estes casos de uso: uma
página nunca vê mais do que a API mostraria.

Cada login abre uma `Sessao` cuja chave vai no token. O token só vale enquanto a sessão:
- não foi encerrada (sair, na página ou na API, encerra na hora);
- não ficou ociosa além do limite (`usada_em` é renovada no uso, no máximo uma vez por
  minuto, para que ler não vire uma gravação a cada pedido);
- pertence a um usuário ainda ativo (desativar o usuário derruba todas as sessões dele).
"""

from __future__ import annotations

import datetime as dt
import secrets
from functools import cache

from sqlalchemy import bindparam, delete, select, update
from sqlalchemy.orm import Session

from farol.services.jurisdicao import Ator, assinatura_das_oms, ator_do_usuario, ator_dos_dados
from farol.services.senhas import conferir_senha, hash_senha
from farol.services.unit_of_work import UnitOfWork, caso_de_uso
from farol.store.consulta_fixa import ConsultaFixa
from farol.store.orm import OM, Sessao, Usuario

RENOVAR_USO_NO_MAXIMO_A_CADA = dt.timedelta(minutes=1)


@cache
def _hash_ficticio() -> str:
    return hash_senha("farol-login-inexistente")


@caso_de_uso()
def _usuario_do_login(s: Session, login: str) -> Usuario | None:
    return s.execute(select(Usuario).where(Usuario.login == login)).scalar_one_or_none()


def autenticar(uow: UnitOfWork, login: str, senha: str) -> Usuario | None:
    """O usuário ativo com este login e senha; None se não houver.

    Confere um hash mesmo quando o login não existe, para o tempo não revelar logins válidos.
    O hash roda fora da transação: um login à espera da vaga de hash não segura conexão.
    """
    u = _usuario_do_login(uow, login)
    ok = conferir_senha(senha, u.senha_hash if u else _hash_ficticio())
    if u is None or not ok or not u.ativo:
        return None
    return u


@caso_de_uso(escrita=True)
def abrir_sessao(
    s: Session, usuario_id: int, agora: dt.datetime, vencidas_antes: dt.datetime | None = None
) -> str:
    """Abre uma sessão do usuário e devolve a chave que vai no token.

    `vencidas_antes`: apaga as sessões abertas antes deste instante (o token delas já
    expirou de qualquer forma), para a tabela não crescer sem fim.
    """
    if vencidas_antes is not None:
        s.execute(delete(Sessao).where(Sessao.criada_em < vencidas_antes))
    chave = secrets.token_urlsafe(32)
    s.add(Sessao(chave=chave, usuario_id=usuario_id, criada_em=agora, usada_em=agora))
    return chave


_SESSAO_DO_ATOR = ConsultaFixa(
    select(
        Sessao.usuario_id,
        Sessao.usada_em,
        Sessao.encerrada_em,
        Usuario.id,
        Usuario.login,
        Usuario.nome,
        Usuario.papel,
        Usuario.om_id,
        Usuario.ativo,
        OM.sigla,
        *assinatura_das_oms(),
    )
    .join(Usuario, Usuario.id == Sessao.usuario_id)
    .join(OM, OM.id == Usuario.om_id)
    .where(Sessao.chave == bindparam("chave"))
)
"""A sessão, o usuário, a sigla da OM e a assinatura da árvore de OMs numa consulta, montada
uma vez (é a primeira de todo pedido autenticado) e executada pelo Core, sem o ORM, com o SQL
compilado guardado nela (`ConsultaFixa`)."""


@caso_de_uso()
def ator_da_sessao(
    s: Session, usuario_id: int, chave: str, agora: dt.datetime, ociosa: dt.timedelta
) -> tuple[Ator | None, bool]:
    """O ator da sessão aberta, não ociosa, de um usuário ativo (ou None) e se o uso deve
    ser renovado agora (`renovar_uso`)."""
    # a árvore de OMs fica na memória do processo enquanto a assinatura não muda
    linha = _SESSAO_DO_ATOR.executar(s.connection(), {"chave": chave}).one_or_none()
    if linha is None:
        return None, False
    dono, usada_em, encerrada_em, *usuario, ativo, sigla, a, b, c = linha
    if dono != usuario_id or encerrada_em is not None:
        return None, False
    parada = agora - usada_em
    if parada > ociosa or not ativo:
        return None, False
    ator = ator_dos_dados(s, *usuario, om_sigla=sigla, assinatura=(int(a), int(b), int(c)))
    return ator, parada >= min(ociosa / 10, RENOVAR_USO_NO_MAXIMO_A_CADA)


@caso_de_uso(escrita=True)
def renovar_uso(s: Session, chave: str, agora: dt.datetime) -> None:
    """Marca o uso da sessão (o relógio da ociosidade recomeça)."""
    s.execute(
        update(Sessao)
        .where(Sessao.chave == chave, Sessao.encerrada_em.is_(None), Sessao.usada_em < agora)
        .values(usada_em=agora)
    )


@caso_de_uso(escrita=True)
def encerrar_sessao(s: Session, chave: str, agora: dt.datetime) -> bool:
    """Encerra a sessão (sair): o token dela deixa de valer. False se já estava encerrada."""
    r = s.execute(
        update(Sessao)
        .where(Sessao.chave == chave, Sessao.encerrada_em.is_(None))
        .values(encerrada_em=agora)
    )
    return bool(getattr(r, "rowcount", 0))


@caso_de_uso()
def ator_ativo(s: Session, usuario_id: int) -> Ator | None:
    """O ator do usuário ativo com este id; None se ele não existe ou foi desativado."""
    u = s.get(Usuario, usuario_id)
    if u is None or not u.ativo:
        return None
    return ator_do_usuario(s, u)
