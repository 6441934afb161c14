"""Jurisdição: um usuário vê e age na sua OM e nas OMs subordinadas a ela, ou em todas se o
seu papel tem abrangência nacional (normas/dados/papeis.yaml: o DPC, NORMAM-2023 item 3.5 b).

Um processo fora da jurisdição responde como inexistente (HTTP 404), para que a
existência não vaze para outra Capitania.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from farol.domain.papeis import (
    abrangencia,
    fundamento_do_papel,
    nome_do_papel,
    registra_atos_so_na_om,
    registra_o_ato_na_subordinada,
)
from farol.erros import NaoEncontrado, Proibido
from farol.formatos import citado
from farol.normas.papeis import catalogo_papeis
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


Assinatura = tuple[int, int, int]
"""(quantas OMs, o maior id, a soma de id × superior): muda quando a árvore muda."""


class _Arvore(dict[int | None, tuple[int, ...]]):
    """Os filhos de cada OM (`None`: as de topo) e, lembradas, as OMs sob cada OM já
    percorrida (`oms_sob`) e todas (a jurisdição nacional): a árvore de uma assinatura não muda
    (outra assinatura é outra árvore), e todo pedido autenticado as pede."""

    def __init__(self, filhos: dict[int | None, tuple[int, ...]]) -> None:
        super().__init__(filhos)
        self.sob: dict[int, frozenset[int]] = {}
        self.todas = frozenset(o for v in filhos.values() for o in v)


_ARVORES: dict[tuple[str, Assinatura], _Arvore] = {}
_MAXIMO_DE_ARVORES = 32
_TRAVA = threading.Lock()


def assinatura_das_oms() -> tuple[Any, Any, Any]:
    """As subconsultas da assinatura da árvore de OMs, para ir junto de outra consulta."""
    return (
        select(func.count(OM.id)).scalar_subquery(),
        select(func.coalesce(func.max(OM.id), 0)).scalar_subquery(),
        select(
            func.coalesce(func.sum(OM.id * func.coalesce(OM.superior_id, 0)), 0)
        ).scalar_subquery(),
    )


def _arvore(sessao: Session, assinatura: Assinatura | None) -> _Arvore:
    """Os filhos de cada OM (`None`: as de topo), da memória do processo enquanto a assinatura
    da árvore no banco for a mesma: uma OM criada (ou movida) em qualquer processo muda a
    assinatura, e a árvore se relê na consulta seguinte."""
    if assinatura is None:
        a, b, c = sessao.execute(select(*assinatura_das_oms())).one()
        assinatura = (int(a), int(b), int(c))
    chave = (str(sessao.get_bind().engine.url), assinatura)
    arvore = _ARVORES.get(chave)
    if arvore is None:
        filhos: dict[int | None, list[int]] = {}
        for oid, sup in sessao.execute(select(OM.id, OM.superior_id).order_by(OM.id)):
            filhos.setdefault(sup, []).append(oid)
        arvore = _Arvore({k: tuple(v) for k, v in filhos.items()})
        with _TRAVA:
            if len(_ARVORES) >= _MAXIMO_DE_ARVORES:
                _ARVORES.clear()
            _ARVORES[chave] = arvore
    return arvore


def om_pela_sigla(sessao: Session, sigla: str, campo: str = "om") -> OM:
    """A OM da sigla, ou `NaoEncontrado` no `campo` que a trouxe."""
    om = sessao.execute(select(OM).where(OM.sigla == sigla)).scalar_one_or_none()
    if om is None:
        raise NaoEncontrado(f"OM {citado(sigla)} não encontrada", campo=campo)
    return om


def oms_sob(sessao: Session, om_id: int, assinatura: Assinatura | None = None) -> frozenset[int]:
    """A OM e todas as subordinadas (descendentes por `superior_id`)."""
    filhos = _arvore(sessao, assinatura)
    lembradas = filhos.sob.get(om_id)
    if lembradas is not None:
        return lembradas
    vistos = {om_id}
    pilha = [om_id]
    while pilha:
        atual = pilha.pop()
        for f in filhos.get(atual, ()):
            if f not in vistos:
                vistos.add(f)
                pilha.append(f)
    filhos.sob[om_id] = sob = frozenset(vistos)
    return sob


def ator_do_usuario(
    sessao: Session,
    usuario: Usuario,
    *,
    om_sigla: str | None = None,
    assinatura: Assinatura | None = None,
) -> Ator:
    """O ator do usuário; `om_sigla` e `assinatura` (da árvore de OMs), se quem chama já as
    leu na mesma consulta, poupam as idas ao banco."""
    if om_sigla is None:
        om = sessao.get(OM, usuario.om_id)
        assert om is not None
        om_sigla = om.sigla
    return ator_dos_dados(
        sessao,
        usuario.id,
        usuario.login,
        usuario.nome,
        usuario.papel,
        usuario.om_id,
        om_sigla=om_sigla,
        assinatura=assinatura,
    )


def ator_dos_dados(
    sessao: Session,
    usuario_id: int,
    login: str,
    nome: str,
    papel: str,
    om_id: int,
    *,
    om_sigla: str,
    assinatura: Assinatura | None = None,
) -> Ator:
    """O ator das colunas do usuário já lidas (sem o objeto do ORM): `ator_da_sessao`."""
    return Ator(
        usuario_id=usuario_id,
        login=login,
        nome=nome,
        papel=papel,
        om_id=om_id,
        om_sigla=om_sigla,
        oms=_oms_do_papel(sessao, papel, om_id, assinatura),
    )


def _oms_do_papel(
    sessao: Session, papel: str, om_id: int, assinatura: Assinatura | None
) -> frozenset[int]:
    if abrangencia(papel) == "nacional":
        return _arvore(sessao, assinatura).todas
    return oms_sob(sessao, om_id, assinatura)


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


def competente_no_processo(ator: Ator, om_id: int) -> bool:
    """O papel do ator registra atos no processo da OM `om_id` da sua jurisdição (o que só os
    registra na própria OM não os registra nos das subordinadas)."""
    return om_id == ator.om_id or not registra_atos_so_na_om(ator.papel)


def competente_para_o_ato(ator: Ator, om_id: int, papeis_do_ato: Sequence[str]) -> bool:
    """O papel do ator registra, no processo da OM `om_id`, o ato que estes papéis registram:
    na própria OM, todo ato; na subordinada, só se não a registra só na própria OM e o ato não
    é da autoridade dela (o Capitão dos Portos, nos da Delegacia, só os do recurso)."""
    if om_id == ator.om_id:
        return True
    return competente_no_processo(ator, om_id) and registra_o_ato_na_subordinada(
        ator.papel, papeis_do_ato
    )


def corrige_no_processo(
    ator: Ator, om_id: int, papeis_dos_atos_praticados: Iterable[Sequence[str]]
) -> bool:
    """A correção se oferece ao papel no processo se ele registra nele algum dos atos já
    praticados (só corrige o que poderia registrar)."""
    return om_id == ator.om_id or any(
        competente_para_o_ato(ator, om_id, papeis) for papeis in papeis_dos_atos_praticados
    )


def exigir_competencia_no_ato(
    s: Session, ator: Ator, p: Processo, nome_do_ato: str, papeis_do_ato: Sequence[str]
) -> None:
    """403 se o papel do ator não registra este ato neste processo (`competente_para_o_ato`)."""
    if competente_para_o_ato(ator, p.om_id, papeis_do_ato):
        return
    om = s.get(OM, p.om_id)
    sigla = om.sigla if om is not None else str(p.om_id)
    papel = catalogo_papeis().papel(ator.papel)
    da_om = papel.nas_subordinadas_so_atos_sem if papel is not None else None
    autoridade = nome_do_papel(da_om) if da_om else "autoridade"
    raise Proibido(
        f'o processo {p.numero} é da {sigla}: o ato "{nome_do_ato}" é da {autoridade} da '
        f"{sigla}; o {nome_do_papel(ator.papel)} da {ator.om_sigla} registra nele só os atos "
        f"que a {autoridade} não registra (os do recurso)",
        campo="tipo",
        regra="; ".join(f.referencia() for f in papel.fontes) if papel is not None else None,
    )


def exigir_competencia(s: Session, ator: Ator, p: Processo) -> None:
    """403 se o papel do ator não registra atos neste processo (`competente_no_processo`)."""
    if competente_no_processo(ator, p.om_id):
        return
    om = s.get(OM, p.om_id)
    sigla = om.sigla if om is not None else str(p.om_id)
    papel = nome_do_papel(ator.papel)
    raise Proibido(
        f"o processo {p.numero} é da {sigla}: os seus atos são da {papel} da {sigla}, não da "
        f"{papel} da {ator.om_sigla}",
        campo="tipo",
        regra=fundamento_do_papel(ator.papel),
    )
