"""O calendário de uma OM (feriados nacionais, da UF e fechamentos próprios)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from farol.domain.procedimento.carregar import contados_do_vencimento
from farol.erros import EntradaInvalida
from farol.rules.calendario import Calendario, obter_calendario
from farol.rules.prazos import calcular_prazo
from farol.services.jurisdicao import om_pela_sigla
from farol.services.unit_of_work import caso_de_uso
from farol.store.orm import CONTAGEM_NO_ATO, OM, OMFechamento, Prazo, Processo


def calendario_da_om(s: Session, om: OM) -> Calendario:
    """Cada fechamento registrado é um ato da OM: a sigla e a data o identificam, o motivo o
    justifica; o calendário o cita como base legal do dia sem expediente."""
    extras = {
        f.data: f.motivo
        for f in s.execute(select(OMFechamento).where(OMFechamento.om_id == om.id)).scalars()
    }
    return obter_calendario(om.uf, extras or None, om=om.sigla)


@dataclass(frozen=True)
class MarcaDoCalendario:
    """O que identifica o calendário de uma OM sem ler os fechamentos: a UF e a sigla da OM,
    quantos fechamentos ela tem e o id do último. Os fechamentos só se acrescentam (nenhum
    caminho do Farol os altera ou apaga: `registrar_fechamento` e a criação da OM), e um novo
    muda a contagem e o último id; a marca muda com ele, em qualquer processo do servidor."""

    om_id: int
    uf: str | None
    sigla: str
    fechamentos: int
    ultimo: int | None


def colunas_da_marca(om_id: Any) -> tuple[Any, ...]:
    """As colunas da `MarcaDoCalendario` da OM `om_id` (um valor ou um `bindparam`), como
    subconsultas escalares, para quem as junta à sua consulta (o registro de um ato lê a marca
    na mesma consulta dos prazos do processo, `processos._Lido`)."""
    da_om = (OMFechamento.om_id == om_id,)
    return (
        select(OM.uf).where(OM.id == om_id).scalar_subquery().label("om_uf"),
        select(OM.sigla).where(OM.id == om_id).scalar_subquery().label("om_sigla"),
        select(func.count())
        .select_from(OMFechamento)
        .where(*da_om)
        .scalar_subquery()
        .label("om_fechamentos"),
        select(func.max(OMFechamento.id)).where(*da_om).scalar_subquery().label("om_ultimo"),
    )


_CALENDARIOS: dict[tuple[str, int], tuple[MarcaDoCalendario, Calendario]] = {}
"""O último calendário lido de cada OM de cada banco (a URL, sem a senha), com a sua marca: um
por OM, a marca nova o substitui."""


def calendario_pela_marca(s: Session, marca: MarcaDoCalendario) -> Calendario:
    """O calendário da OM (`calendario_da_om`), lido do banco só na primeira vez que a marca
    aparece neste processo do servidor: um fechamento novo muda a marca e o calendário se lê de
    novo."""
    chave = (str(s.get_bind().engine.url), marca.om_id)
    guardado = _CALENDARIOS.get(chave)
    if guardado is not None and guardado[0] == marca:
        return guardado[1]
    extras = {
        data: motivo
        for data, motivo in s.execute(
            select(OMFechamento.data, OMFechamento.motivo).where(OMFechamento.om_id == marca.om_id)
        ).tuples()
    }
    calendario = obter_calendario(marca.uf, extras or None, om=marca.sigla)
    _CALENDARIOS[chave] = (marca, calendario)
    return calendario


@caso_de_uso(escrita=True)
def registrar_fechamento(s: Session, sigla_om: str, data: dt.date, motivo: str) -> list[Prazo]:
    """Registra um dia sem expediente na OM (feriado municipal, ponto facultativo local) e
    recalcula os prazos ABERTOS dos processos da OM que esse dia alcança (Lei 9.784/1999
    art. 66 § 1º). Devolve os prazos cujo vencimento mudou."""
    om = om_pela_sigla(s, sigla_om)
    if not motivo.strip():
        raise EntradaInvalida("informe o motivo do fechamento", campo="motivo")
    ja = s.execute(
        select(OMFechamento).where(OMFechamento.om_id == om.id, OMFechamento.data == data)
    ).scalar_one_or_none()
    if ja is not None:
        raise EntradaInvalida(f"{data:%d/%m/%Y} já está registrado: {ja.motivo}", campo="data")
    s.add(OMFechamento(om_id=om.id, data=data, motivo=motivo.strip()))
    s.flush()
    calendario = calendario_da_om(s, om)
    mudaram = []
    abertos = s.execute(
        select(Prazo)
        .join(Processo, Processo.id == Prazo.processo_id)
        .where(
            Processo.om_id == om.id,
            Prazo.encerrado_em.is_(None),
            Prazo.contagem != CONTAGEM_NO_ATO,  # a data fixada no ato não se recalcula
            Prazo.inicio < data,
            Prazo.vencimento >= data,
        )
    ).scalars()
    fila: list[tuple[Prazo, dt.date]] = []  # (prazo que mudou, o vencimento de antes)
    for prazo in abertos:
        antes = prazo.vencimento
        if recalcular_prazo(prazo, prazo.inicio, calendario):
            mudaram.append(prazo)
            fila.append((prazo, antes))
    mudaram += [x for x, _ in mover_contados(s, fila, calendario)]
    return list(dict.fromkeys(mudaram))


def mover_contados(
    s: Session, fila: list[tuple[Prazo, dt.date]], calendario: Calendario
) -> list[tuple[Prazo, dt.date]]:
    """Os prazos em curso contados do vencimento de um que mudou (o do laudo, do fim da
    defesa), que começavam no vencimento de antes, passam a contar do novo (e os contados
    deles); `fila`: (prazo que mudou, o vencimento de antes). Devolve os que mudaram, com o
    vencimento de antes de cada um."""
    mudaram: list[tuple[Prazo, dt.date]] = []
    dependentes = contados_do_vencimento()
    while fila:
        fonte, antes = fila.pop()
        regras = dependentes.get(f"prazo.{fonte.regime}.{fonte.etapa}", ())
        if not regras:
            continue
        for d in s.scalars(
            select(Prazo).where(
                Prazo.processo_id == fonte.processo_id,
                Prazo.id > fonte.id,
                Prazo.encerrado_em.is_(None),
                Prazo.contagem != CONTAGEM_NO_ATO,
                Prazo.inicio == antes,
            )
        ):
            anterior = d.vencimento
            if f"prazo.{d.regime}.{d.etapa}" in regras and recalcular_prazo(
                d, fonte.vencimento, calendario
            ):
                mudaram.append((d, anterior))
                fila.append((d, anterior))
    return mudaram


def recalcular_prazo(prazo: Prazo, inicio: dt.date, calendario: Calendario) -> bool:
    """Grava no prazo o vencimento contado de `inicio` com o `calendario`; se mudou."""
    r = calcular_prazo(
        prazo.etapa,
        inicio,
        regime=prazo.regime,
        calendario=calendario,
        dias_fixados=prazo.dias,  # o prazo cujo número de dias a decisão fixou o mantém
    )
    if r.vencimento == prazo.vencimento and r.inicio == prazo.inicio:
        return False
    prazo.inicio = r.inicio
    prazo.vencimento = r.vencimento
    prazo.dias_nao_uteis = r.dias_nao_uteis_json()
    prazo.fundamentos = list(r.fundamentos)
    return True
