"""Idempotência: um POST repetido com a mesma `Idempotency-Key` devolve a primeira resposta.

Inspetores no mar reenviam quando a conexão cai. A resposta fica gravada na MESMA transação
que o ato: ou os dois ficam, ou nenhum. Dois reenvios simultâneos: o segundo esbarra na
restrição única (chave, usuário), desfaz tudo o que fez e devolve a resposta do primeiro.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

from sqlalchemy import Row, Table, bindparam, insert, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from farol.erros import Conflito
from farol.relogio import agora
from farol.services.unit_of_work import UnitOfWork
from farol.store.orm import Idempotencia

Resposta = tuple[int, dict[str, Any]]


_T = Idempotencia.__table__.c
_GRAVADA = select(_T.metodo, _T.rota, _T.requisicao_sha256, _T.status_code, _T.corpo).where(
    _T.chave == bindparam("chave"), _T.usuario_id == bindparam("usuario_id")
)
"""A resposta gravada da chave do usuário: montada uma vez (a chave de cache do SQLAlchemy se
calcula uma vez só), só as colunas que `_conferir` lê, sem objeto do ORM."""
_TABELA: Table = Idempotencia.__table__  # type: ignore[assignment]
_GRAVAR = insert(_TABELA)
"""A resposta a gravar, pelo Core: sem objeto do ORM, o COMMIT de um ato não tem o que
escrever no flush dele (o do caso de uso já gravou o resto) e não paga a volta do ORM."""


def _gravada(s: Session, chave: str, usuario_id: int) -> Row[Any] | None:
    return s.execute(_GRAVADA, {"chave": chave, "usuario_id": usuario_id}).one_or_none()


def _conferir(r: Row[Any], metodo: str, rota: str, assinatura: str | None) -> Resposta:
    if (r.metodo, r.rota) != (metodo, rota) or (
        assinatura and r.requisicao_sha256 and assinatura != r.requisicao_sha256
    ):
        raise Conflito(
            "Idempotency-Key já usada em outra requisição (rota ou conteúdo diferente); "
            "gere uma chave nova",
            campo="Idempotency-Key",
        )
    return r.status_code, r.corpo


def assinatura_de(conteudo: str | bytes) -> str:
    """SHA-256 do corpo da requisição (forma canônica dada por quem chama)."""
    dados = conteudo.encode() if isinstance(conteudo, str) else conteudo
    return hashlib.sha256(dados).hexdigest()


def executar(
    uow: UnitOfWork,
    usuario_id: int,
    chave: str | None,
    metodo: str,
    rota: str,
    funcao: Callable[[Session], Resposta],
    assinatura: str | None = None,
) -> Resposta:
    if not chave:
        with uow.escrita() as s:
            return funcao(s)
    try:
        with uow.escrita() as s:
            anterior = _gravada(s, chave, usuario_id)
            if anterior is not None:
                return _conferir(anterior, metodo, rota, assinatura)
            status, corpo = funcao(s)
            # pelo Core, na hora: a chave repetida levanta aqui, dentro do `try`, e o COMMIT
            # não tem flush a fazer (o do caso de uso já gravou o ato)
            s.execute(
                _GRAVAR,
                {
                    "chave": chave,
                    "usuario_id": usuario_id,
                    "metodo": metodo,
                    "rota": rota,
                    "status_code": status,
                    "corpo": corpo,
                    "requisicao_sha256": assinatura,
                    "criado_em": agora(),
                },
            )
            return status, corpo
    except IntegrityError:
        with uow.leitura() as s:
            anterior = _gravada(s, chave, usuario_id)
            if anterior is None:
                raise
            return _conferir(anterior, metodo, rota, assinatura)
