"""Leitura do processo gravado: o repositório que os serviços do processo partilham.

Funções de leitura sobre uma `Session` aberta pelo caso de uso: nenhuma abre transação, nenhuma
confere jurisdição (isso é `farol.services.jurisdicao.carregar_processo`). Ficam aqui, abaixo dos
serviços, para que nenhum serviço do processo precise importar outro para ler o que está gravado.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from farol.domain.procedimento.carregar import carregar_regime
from farol.relogio import data_local
from farol.store.orm import (
    Ato,
    AutoDeInfracao,
    AutoInfracaoItem,
    Inspecao,
    Pagamento,
    Penalidade,
    Prazo,
    Processo,
)


@dataclass(frozen=True)
class AtoLido:
    """Um ato gravado como o registro do seguinte o lê: ordem, tipo, data e dados."""

    seq: int
    tipo: str
    data_ato: dt.date
    payload: dict[str, Any]
    id: int
    corrige_ato_id: int | None


def atos_lidos(s: Session, p: Processo) -> list[AtoLido]:
    """Os atos do processo, na ordem de registro, numa consulta (o `historico` com a data)."""
    return [
        AtoLido(seq, tipo, data_ato, dict(payload or {}), id_, corrige)
        for seq, tipo, data_ato, payload, id_, corrige in s.execute(
            select(Ato.seq, Ato.tipo, Ato.data_ato, Ato.payload, Ato.id, Ato.corrige_ato_id)
            .where(Ato.processo_id == p.id)
            .order_by(Ato.seq)
        )
    ]


def ato_corrigido(atos: Sequence[AtoLido], ato: AtoLido) -> AtoLido | None:
    """O ato que a correção `ato` corrige, até o original (a correção de uma correção corrige o
    mesmo ato); None se `ato` não é correção ou o corrigido não está em `atos`."""
    return _original({a.id: a for a in atos}, ato)


def _original(por_id: dict[int, AtoLido], ato: AtoLido) -> AtoLido | None:
    alvo = por_id.get(ato.corrige_ato_id) if ato.corrige_ato_id is not None else None
    while alvo is not None and alvo.corrige_ato_id is not None:
        alvo = por_id.get(alvo.corrige_ato_id)
    return alvo


def datas_de_cada_ato(atos: Sequence[AtoLido]) -> dict[int, tuple[dt.date, ...]]:
    """Para cada ato (pelo id), as datas que ele teve, na ordem: a registrada e a de cada
    correção que mudou `data_ato` (`dados_corrigidos.data_ato`), da mais antiga à em vigor, a
    última. As correções, com a data em que se registraram (a delas não se corrige: a correção
    de uma correção corrige o original)."""
    por_id = {a.id: a for a in atos}
    datas: dict[int, tuple[dt.date, ...]] = {a.id: (a.data_ato,) for a in atos}
    for a in atos:
        nova = (a.payload.get("dados_corrigidos") or {}).get("data_ato")
        corrigido = _original(por_id, a) if nova else None
        if corrigido is not None:
            try:
                datas[corrigido.id] += (dt.date.fromisoformat(str(nova)),)
            except ValueError:  # gravada, foi conferida; só o dado escrito à mão não seria
                continue
    return datas


def data_em_vigor(atos: Sequence[AtoLido]) -> dict[int, dt.date]:
    """A data de cada ato (pelo id) hoje: a da última correção que a mudou, ou a registrada."""
    return {i: datas[-1] for i, datas in datas_de_cada_ato(atos).items()}


@dataclass(frozen=True)
class PenalidadeLida:
    """Uma penalidade em vigor como o registro de um ato a lê: a multa e as acessórias."""

    multa: Decimal | None
    acessorias: list[Any]


def consultas_do_lido(pid: Any) -> dict[str, tuple[Any, Any]]:
    """As consultas do que o registro de um ato lê dos atos do processo `pid` (um `bindparam`),
    como seções de uma união (`Secoes`): os atos, as penalidades da decisão mais recente que as
    fixou e os pagamentos; quem lê o processo junta a elas as suas (`processos._Lido`)."""
    ultimo = (  # o ato mais recente que fixou penalidades (como em `vigentes`)
        select(Penalidade.ato_id)
        .join(Ato, Ato.id == Penalidade.ato_id)
        .where(Penalidade.processo_id == pid)
        .order_by(Ato.seq.desc())
        .limit(1)
        .scalar_subquery()
    )
    return {
        "atos": (
            select(Ato.seq, Ato.tipo, Ato.data_ato, Ato.payload, Ato.id, Ato.corrige_ato_id).where(
                Ato.processo_id == pid
            ),
            Ato.seq,
        ),
        "penalidades": (
            select(Penalidade.multa, Penalidade.acessorias).where(
                Penalidade.processo_id == pid, Penalidade.ato_id == ultimo
            ),
            Penalidade.id,
        ),
        "pagamentos": (
            select(Pagamento.valor).where(Pagamento.processo_id == pid),
            Pagamento.id,
        ),
    }


def lido_das_secoes(
    p: Processo, por_secao: dict[str, list[Any]]
) -> tuple[list[AtoLido], list[PenalidadeLida], Decimal]:
    """Das linhas das seções de `consultas_do_lido`: os atos na ordem (`atos_lidos`), as
    penalidades em vigor (`vigentes`) e o total pago (`total_pago`)."""
    atos = [
        AtoLido(a.seq, a.tipo, a.data_ato, dict(a.payload or {}), a.id, a.corrige_ato_id)
        for a in por_secao["atos"]
    ]
    penalidades = [
        PenalidadeLida(x.multa, list(x.acessorias or [])) for x in por_secao["penalidades"]
    ]
    pago = sum((x.valor for x in por_secao["pagamentos"]), Decimal("0.00"))
    if p.estado in carregar_regime(p.regime).estados_com("sem_penalidade"):
        penalidades = []
    return atos, penalidades, pago


def data_do_fato(
    s: Session, p: Processo, primeiro: tuple[dt.date, dict[str, Any] | None] | None = None
) -> dt.date:
    """A data do fato: a da inspeção; a do procedimento de origem (apuração, inquérito); a que
    o ato de abertura registrou (`dados.data_fato`); ou a do primeiro ato. `primeiro`: a data e
    os dados do primeiro ato do processo, se o chamador já os leu."""
    if p.inspecao_id is not None:
        insp = s.get(Inspecao, p.inspecao_id)
        assert insp is not None
        return data_local(insp.data_hora)
    if p.origem_id is not None:
        origem = s.get(Processo, p.origem_id)
        assert origem is not None
        return data_do_fato(s, origem)
    if primeiro is None:
        linha = s.execute(
            select(Ato.data_ato, Ato.payload)
            .where(Ato.processo_id == p.id)
            .order_by(Ato.seq)
            .limit(1)
        ).first()
        if linha is None:
            return data_local(p.criado_em)
        primeiro = (linha[0], linha[1])
    registrada = (primeiro[1] or {}).get("data_fato")
    return dt.date.fromisoformat(registrada) if registrada else primeiro[0]


def conversao_da_origem(s: Session, p: Processo) -> tuple[Processo, Ato] | None:
    """A apuração ou o inquérito de origem e o ato cuja conclusão abriu este processo (o que
    traz as infrações constatadas e a fundamentação), ou None."""
    if p.origem_id is None:
        return None
    origem = s.get(Processo, p.origem_id)
    assert origem is not None
    tipos = carregar_regime(origem.regime).tipos_com("abre_processo_sancionador")
    ato = s.execute(
        select(Ato)
        .where(Ato.processo_id == origem.id, Ato.tipo.in_(tipos))
        .order_by(Ato.seq.desc())
        .limit(1)
    ).scalar_one_or_none()
    return None if ato is None else (origem, ato)


def itens_do_auto(s: Session, p: Processo) -> list[AutoInfracaoItem]:
    return list(
        s.execute(
            select(AutoInfracaoItem)
            .join(AutoDeInfracao, AutoDeInfracao.id == AutoInfracaoItem.auto_id)
            .where(AutoDeInfracao.processo_id == p.id)
            .order_by(AutoInfracaoItem.id)
        ).scalars()
    )


def vigentes(s: Session, p: Processo, ate_o_ato: Ato | None = None) -> list[Penalidade]:
    """As penalidades da decisão mais recente que as fixou (julgamento ou reforma em recurso).

    `ate_o_ato`: as que estavam em vigor logo depois desse ato (o documento de uma decisão
    imprime o que ela decidiu, não o que um recurso reformou depois): as da decisão mais recente
    até ele, inclusive; nenhuma, se ele leva a um estado sem penalidade (o recurso provido)."""
    maquina = carregar_regime(p.regime)
    sem_penalidade = maquina.estados_com("sem_penalidade")
    if ate_o_ato is None:
        if p.estado in sem_penalidade:
            return []
    else:
        do_tipo = (t for t in maquina.transicoes if t.tipo_ato == ate_o_ato.tipo)
        destinos = {x for t in do_tipo for x in t.destinos}
        if destinos and destinos <= set(sem_penalidade):
            return []
    filtro = [Penalidade.processo_id == p.id]
    if ate_o_ato is not None:
        filtro.append(Ato.seq <= ate_o_ato.seq)
    ultimo = (  # o ato mais recente que fixou penalidades, na mesma consulta
        select(Penalidade.ato_id)
        .join(Ato, Ato.id == Penalidade.ato_id)
        .where(*filtro)
        .order_by(Ato.seq.desc())
        .limit(1)
        .scalar_subquery()
    )
    return list(
        s.execute(
            select(Penalidade)
            .where(Penalidade.processo_id == p.id, Penalidade.ato_id == ultimo)
            .order_by(Penalidade.id)
        ).scalars()
    )


def total_multas(s: Session, p: Processo) -> Decimal:
    return sum((x.multa or Decimal("0.00") for x in vigentes(s, p)), Decimal("0.00"))


def prazos_abertos(s: Session, p: Processo) -> dict[str, Prazo]:
    abertos = s.execute(
        select(Prazo).where(Prazo.processo_id == p.id, Prazo.encerrado_em.is_(None))
    ).scalars()
    return {f"prazo.{x.regime}.{x.etapa}": x for x in abertos}


def prazos_do_processo(s: Session, p: Processo) -> list[Prazo]:
    """Todo prazo que já se abriu no processo, em curso ou encerrado, na ordem de abertura."""
    return list(
        s.execute(select(Prazo).where(Prazo.processo_id == p.id).order_by(Prazo.id)).scalars()
    )


def ultimo_prazo(s: Session, p: Processo, regra: str) -> Prazo | None:
    etapa = regra.rsplit(".", 1)[-1]
    return s.execute(
        select(Prazo)
        .where(Prazo.processo_id == p.id, Prazo.etapa == etapa)
        .order_by(Prazo.id.desc())
        .limit(1)
    ).scalar_one_or_none()


def teve_ato(s: Session, p: Processo, tipo: str) -> bool:
    return (
        s.execute(select(Ato.id).where(Ato.processo_id == p.id, Ato.tipo == tipo).limit(1)).first()
        is not None
    )


def total_pago(s: Session, p: Processo, ate: dt.date | None = None) -> Decimal:
    """O pago no processo, até a data `ate` (inclusive) quando dada."""
    return pagos_por_processo(s, [p.id], ate).get(p.id, Decimal("0.00"))


def pagos_por_processo(
    s: Session, ids: Sequence[int], ate: dt.date | None = None
) -> dict[int, Decimal]:
    """O pago em cada processo de `ids` (até a data `ate`, inclusive, quando dada), numa
    consulta; somado em `Decimal` (o SUM do SQLite somaria em ponto flutuante)."""
    consulta = select(Pagamento.processo_id, Pagamento.valor).where(
        Pagamento.processo_id.in_(list(ids))
    )
    if ate is not None:
        consulta = consulta.where(Pagamento.data <= ate)
    pagos: dict[int, Decimal] = {}
    for pid, valor in s.execute(consulta).tuples():
        pagos[pid] = pagos.get(pid, Decimal("0.00")) + valor
    return pagos


def historico(s: Session, p: Processo) -> list[tuple[str, dict[str, Any]]]:
    """Tipo e dados de cada ato do processo, na ordem de registro."""
    return [
        (tipo, dict(payload or {}))
        for tipo, payload in s.execute(
            select(Ato.tipo, Ato.payload).where(Ato.processo_id == p.id).order_by(Ato.seq)
        )
    ]


def acessorias_impostas(
    s: Session, p: Processo, em_vigor: Sequence[Penalidade | PenalidadeLida] | None = None
) -> list[dict[str, Any]]:
    """As penalidades acessórias da penalidade em vigor (uma por tipo, na ordem da decisão).
    `em_vigor`: as penalidades em vigor (`vigentes`), se o chamador já as leu."""
    vistas: dict[str, dict[str, Any]] = {}
    for x in vigentes(s, p) if em_vigor is None else em_vigor:
        for a in x.acessorias or []:
            vistas.setdefault(str(a["tipo"]), dict(a))
    return list(vistas.values())


def marco_da_prescricao(
    s: Session,
    p: Processo,
    atos: list[tuple[str, dt.date]] | None = None,
    fato: dt.date | None = None,
) -> dt.date:
    """De onde conta a prescrição da ação punitiva: a data do fato ou a do último ato que a
    interrompeu (marca `interrompe_prescricao`; Lei 9.873/1999 art. 2º). `atos`: (tipo, data)
    de cada ato, na ordem, e `fato`: a data do fato, se o chamador já os leu."""
    if atos is None:
        atos = [
            (tipo, data)
            for tipo, data in s.execute(
                select(Ato.tipo, Ato.data_ato).where(Ato.processo_id == p.id).order_by(Ato.seq)
            )
        ]
    interruptivos = carregar_regime(p.regime).tipos_com("interrompe_prescricao")
    if fato is None:
        fato = data_do_fato(s, p)
    return max([fato, *(data for tipo, data in atos if tipo in interruptivos)])
