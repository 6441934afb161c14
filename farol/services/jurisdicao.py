"""Jurisdição: um usuário vê e age na sua OM e nas OMs subordinadas a ela, ou em todas se o
seu papel tem abrangência nacional (normas/dados/papeis.yaml: o DPC, NORMAM-2023 item 3.5 b).

Um processo fora da jurisdição responde como inexistente (HTTP 404), para que a
existência não vaze para outra Capitania.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from farol.domain.papeis import abrangencia
from farol.erros import NaoEncontrado
from farol.store.orm import OM, Processo, Usuario


@dataclass(frozen=True)
class Ator:
    """Quem age: o usuário, o seu papel e as OMs da sua jurisdição."""

    usuario_id: int
    login: str
    nome: str
    papel: str
    om_id: int
    om_sigla: str
    oms: frozenset[int]

    def alcanca(self, om_id: int) -> bool:
        return om_id in self.oms


def oms_sob(sessao: Session, om_id: int) -> frozenset[int]:
    """A OM e todas as subordinadas (descendentes por `superior_id`)."""
    filhos: dict[int | None, list[int]] = {}
    for oid, sup in sessao.execute(select(OM.id, OM.superior_id)):
        filhos.setdefault(sup, []).append(oid)
    vistos = {om_id}
    pilha = [om_id]
    while pilha:
        atual = pilha.pop()
        for f in filhos.get(atual, []):
            if f not in vistos:
                vistos.add(f)
                pilha.append(f)
    return frozenset(vistos)


def ator_do_usuario(sessao: Session, usuario: Usuario) -> Ator:
    om = sessao.get(OM, usuario.om_id)
    assert om is not None
    return Ator(
        usuario_id=usuario.id,
        login=usuario.login,
        nome=usuario.nome,
        papel=usuario.papel,
        om_id=usuario.om_id,
        om_sigla=om.sigla,
        oms=_oms_do_papel(sessao, usuario.papel, usuario.om_id),
    )


def _oms_do_papel(sessao: Session, papel: str, om_id: int) -> frozenset[int]:
    if abrangencia(papel) == "nacional":
        return frozenset(sessao.execute(select(OM.id)).scalars())
    return oms_sob(sessao, om_id)


def exigir_alcance(ator: Ator, om_id: int, oque: str = "processo") -> None:
    if not ator.alcanca(om_id):
        raise NaoEncontrado(f"{oque} não encontrado", campo="id")


def carregar_processo(s: Session, ator: Ator, processo_id: int) -> Processo:
    """O processo, se existe e está na jurisdição do ator; senão `NaoEncontrado` (404)."""
    p = s.get(Processo, processo_id)
    if p is None:
        raise NaoEncontrado("processo não encontrado", campo="id")
    exigir_alcance(ator, p.om_id)
    return p
