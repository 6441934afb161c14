"""O agregado mensal das estatísticas (`estatistica_mensal`): por OM e mês civil, as infrações
constatadas (por infração), as medidas aplicadas (por tipo) e os pagamentos (quantidade e soma).

As estatísticas de um período (`farol.services.estatisticas.calcular`) leem aqui os meses
inteiros e contam nas tabelas só as pontas (o mês de `de` e o de `ate`, se o período não os
cobre inteiros): o número de linhas lidas não cresce com os processos, só com as OMs e os meses.

A conta de um mês é a mesma de um intervalo qualquer (`do_intervalo`): as infrações pela data
civil da inspeção (`inspecao.data`), as medidas pelo instante em que foram aplicadas (do início
do primeiro dia ao fim do último, no fuso do Farol) e os pagamentos pela data do pagamento.

Como se mantém: a sessão anota, depois de cada `flush`, as constatações, medidas e pagamentos
novos; antes do `commit`, regrava as células (OM, mês) que eles tocam, na mesma transação. A
carga em massa, que grava fora do ORM, refaz tudo no fim (`refazer_todos`); `conferir` compara
o gravado com o recalculado das tabelas (`farol db resumos`).
"""

from __future__ import annotations

import datetime as dt
import hashlib
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from itertools import chain
from typing import Any

from sqlalchemy import String, cast, delete, event, func, insert, select, text, tuple_
from sqlalchemy.orm import Session

from farol.relogio import data_local, fuso, hoje
from farol.services.unit_of_work import caso_de_uso
from farol.store.orm import (
    Constatacao,
    EstatisticaMensal,
    Inspecao,
    MedidaAdministrativa,
    Pagamento,
    Processo,
)

INFRACOES = "infracoes"
MEDIDAS = "medidas"
PAGAMENTOS = "pagamentos"
CARACTERES_DO_MES = 7
"""O mês de uma data ISO: "AAAA-MM"."""

_PENDENTES = "farol.estatistica_mensal.pendentes"


@dataclass(frozen=True)
class Agregado:
    """Uma célula: indicador, OM, mês, chave (infração, tipo da medida ou vazia), quantidade e
    soma (só nos pagamentos)."""

    indicador: str
    om_id: int
    mes: str
    chave: str
    quantidade: int
    valor: Decimal | None = None


def mes_de(d: dt.date) -> str:
    return f"{d:%Y-%m}"


def _primeiro_dia(d: dt.date) -> dt.date:
    return d.replace(day=1)


def _ultimo_dia(d: dt.date) -> dt.date:
    return (d.replace(day=28) + dt.timedelta(days=4)).replace(day=1) - dt.timedelta(days=1)


def meia_noite(d: dt.date) -> dt.datetime:
    """O instante (UTC) em que começa o dia civil `d` no fuso do Farol: os instantes de `de` a
    `ate` são os de `meia_noite(de)` (incluído) a `meia_noite(ate + 1)` (excluído)."""
    return dt.datetime.combine(d, dt.time.min, tzinfo=fuso()).astimezone(dt.UTC)


def _dinheiro(valor: Any) -> Decimal | None:
    return None if valor is None else Decimal(str(valor)).quantize(Decimal("0.01"))


def do_intervalo(
    s: Session, oms: Iterable[int] | None, de: dt.date, ate: dt.date
) -> list[Agregado]:
    """As células de um intervalo dentro de um mês (`de` e `ate` no mesmo mês), contadas nas
    tabelas: três consultas agregadas, qualquer que seja o número de processos."""
    if mes_de(de) != mes_de(ate):
        raise ValueError("intervalo de mais de um mês")
    mes = mes_de(de)
    lista = None if oms is None else list(oms)

    def da_jurisdicao(coluna: Any) -> list[Any]:
        return [] if lista is None else [coluna.in_(lista)]

    saida = [
        Agregado(INFRACOES, om_id, mes, infracao, int(n))
        for infracao, om_id, n in s.execute(
            select(Constatacao.infracao, Inspecao.om_id, func.count())
            .join(Inspecao, Inspecao.id == Constatacao.inspecao_id)
            .where(*da_jurisdicao(Inspecao.om_id), Inspecao.data >= de, Inspecao.data <= ate)
            .group_by(Constatacao.infracao, Inspecao.om_id)
        )
    ]
    saida += [
        Agregado(MEDIDAS, om_id, mes, tipo, int(n))
        for tipo, om_id, n in s.execute(
            select(MedidaAdministrativa.tipo, Inspecao.om_id, func.count())
            .join(Inspecao, Inspecao.id == MedidaAdministrativa.inspecao_id)
            .where(
                *da_jurisdicao(Inspecao.om_id),
                MedidaAdministrativa.aplicada_em >= meia_noite(de),
                MedidaAdministrativa.aplicada_em < meia_noite(ate + dt.timedelta(days=1)),
            )
            .group_by(MedidaAdministrativa.tipo, Inspecao.om_id)
        )
    ]
    saida += [
        Agregado(PAGAMENTOS, om_id, mes, "", int(n), _dinheiro(soma))
        for om_id, n, soma in s.execute(
            select(Processo.om_id, func.count(), func.sum(Pagamento.valor))
            .join(Processo, Processo.id == Pagamento.processo_id)
            .where(*da_jurisdicao(Processo.om_id), Pagamento.data >= de, Pagamento.data <= ate)
            .group_by(Processo.om_id)
        )
    ]
    return saida


def _dos_meses(s: Session, oms: Iterable[int], meses: list[str]) -> list[Agregado]:
    return [
        Agregado(r.indicador, r.om_id, r.mes, r.chave, r.quantidade, r.valor)
        for r in s.execute(
            select(EstatisticaMensal).where(
                EstatisticaMensal.om_id.in_(list(oms)), EstatisticaMensal.mes.in_(meses)
            )
        ).scalars()
    ]


def agregados(s: Session, oms: Iterable[int], de: dt.date, ate: dt.date) -> list[Agregado]:
    """As células do período [`de`, `ate`] nas OMs: os meses inteiros do agregado (uma
    consulta) e as pontas que não cobrem o mês inteiro contadas nas tabelas. O mês corrente
    até hoje (ou depois) conta como inteiro: o agregado é regravado na transação de cada
    inspeção, medida e pagamento, e nenhum deles tem data futura (a 1 milhão de processos, as
    inspeções do mês corrente do país, contadas nas tabelas: 230 ms)."""
    oms = list(oms)
    hoje_ = hoje()
    inteiros: list[str] = []
    saida: list[Agregado] = []
    inicio = de
    while inicio <= ate:
        fim = min(_ultimo_dia(inicio), ate)
        ate_o_fim = fim == _ultimo_dia(inicio) or fim >= hoje_
        if inicio == _primeiro_dia(inicio) and ate_o_fim:
            inteiros.append(mes_de(inicio))
        else:
            saida += do_intervalo(s, oms, inicio, fim)
        inicio = fim + dt.timedelta(days=1)
    if inteiros:
        saida += _dos_meses(s, oms, inteiros)
    return saida


def _gravar(s: Session, celulas: set[tuple[int, str]], linhas: list[Agregado]) -> None:
    """Troca as linhas das `celulas` (OM, mês) pelas `linhas` recalculadas."""
    chave = tuple_(EstatisticaMensal.om_id, EstatisticaMensal.mes)
    pares = sorted(celulas)
    for i in range(0, len(pares), 500):
        s.execute(delete(EstatisticaMensal).where(chave.in_(pares[i : i + 500])))
    if linhas:
        s.execute(
            insert(EstatisticaMensal).execution_options(render_nulls=True),
            [
                {
                    "om_id": x.om_id,
                    "mes": x.mes,
                    "indicador": x.indicador,
                    "chave": x.chave,
                    "quantidade": x.quantidade,
                    "valor": x.valor,
                }
                for x in linhas
            ],
        )


def _travar(s: Session, celulas: Iterable[tuple[int, str]]) -> None:
    """No PostgreSQL, cada célula travada até o fim da transação (`pg_advisory_xact_lock`, na
    ordem das células: duas transações não se esperam em círculo), antes de contá-la: duas
    transações que gravam na mesma OM e mês (dois pagamentos) contavam cada uma sem ver a
    outra, e a segunda a gravar esbarrava na chave da primeira (UniqueViolation, um 500 a 8
    clientes no bench/atos.py) ou, sem esbarrar, deixava a célula sem o pagamento da outra. A
    que espera conta depois do commit da primeira (cada comando lê o que já foi gravado)."""
    if s.get_bind().dialect.name != "postgresql":
        return  # o SQLite grava uma transação por vez
    for om_id, mes in sorted(set(celulas)):
        chave = hashlib.sha256(f"estatistica_mensal\x1f{om_id}\x1f{mes}".encode()).hexdigest()
        s.execute(text("SELECT pg_advisory_xact_lock(:n)"), {"n": int(chave[:15], 16)})


def refazer_celulas(s: Session, celulas: Iterable[tuple[int, str]]) -> int:
    """Regrava as células (OM, "AAAA-MM"): três consultas por mês, com as OMs dele juntas,
    cada célula travada antes de contada (`_travar`)."""
    celulas = set(celulas)
    _travar(s, celulas)
    por_mes: dict[str, set[int]] = defaultdict(set)
    for om_id, mes in celulas:
        por_mes[mes].add(om_id)
    linhas: list[Agregado] = []
    for mes, oms in por_mes.items():
        primeiro = dt.date.fromisoformat(f"{mes}-01")
        linhas += do_intervalo(s, oms, primeiro, _ultimo_dia(primeiro))
    _gravar(s, {(o, m) for m, oms in por_mes.items() for o in oms}, linhas)
    return len(linhas)


def _todas(s: Session) -> list[Agregado]:
    """Todas as células, de todas as OMs e meses, contadas nas tabelas por conjunto (o mês das
    infrações e dos pagamentos agregado no banco; o das medidas, do instante no fuso do Farol)."""
    mes_da_inspecao = func.substr(cast(Inspecao.data, String), 1, CARACTERES_DO_MES)
    mes_do_pagamento = func.substr(cast(Pagamento.data, String), 1, CARACTERES_DO_MES)
    saida = [
        Agregado(INFRACOES, om_id, mes, infracao, int(n))
        for infracao, om_id, mes, n in s.execute(
            select(Constatacao.infracao, Inspecao.om_id, mes_da_inspecao, func.count())
            .join(Inspecao, Inspecao.id == Constatacao.inspecao_id)
            .group_by(Constatacao.infracao, Inspecao.om_id, mes_da_inspecao)
        )
    ]
    medidas: dict[tuple[str, int, str], int] = defaultdict(int)
    for tipo, om_id, instante in s.execute(
        select(MedidaAdministrativa.tipo, Inspecao.om_id, MedidaAdministrativa.aplicada_em).join(
            Inspecao, Inspecao.id == MedidaAdministrativa.inspecao_id
        )
    ):
        medidas[(tipo, om_id, mes_de(data_local(instante)))] += 1
    saida += [Agregado(MEDIDAS, om, mes, tipo, n) for (tipo, om, mes), n in medidas.items()]
    saida += [
        Agregado(PAGAMENTOS, om_id, mes, "", int(n), _dinheiro(soma))
        for om_id, mes, n, soma in s.execute(
            select(Processo.om_id, mes_do_pagamento, func.count(), func.sum(Pagamento.valor))
            .join(Processo, Processo.id == Pagamento.processo_id)
            .group_by(Processo.om_id, mes_do_pagamento)
        )
    ]
    return saida


def refazer_todos(s: Session) -> int:
    """Regrava o agregado inteiro (a migração que o cria, a carga em massa); devolve quantas
    células."""
    linhas = _todas(s)
    s.execute(delete(EstatisticaMensal))
    _gravar(s, set(), linhas)
    return len(linhas)


def conferir(s: Session) -> list[tuple[str, Any, Any]]:
    """As diferenças entre o agregado gravado e o recalculado das tabelas, em
    `(célula, gravado, recalculado)`, a célula como "indicador OM mês chave"."""

    def chave(x: Agregado) -> str:
        return f"{x.indicador} {x.om_id} {x.mes} {x.chave}".rstrip()

    gravadas = {
        chave(a): (a.quantidade, a.valor)
        for a in (
            Agregado(r.indicador, r.om_id, r.mes, r.chave, r.quantidade, r.valor)
            for r in s.execute(select(EstatisticaMensal)).scalars()
        )
    }
    recalculadas = {chave(a): (a.quantidade, a.valor) for a in _todas(s)}
    return [
        (k, gravadas.get(k), recalculadas.get(k))
        for k in sorted(gravadas.keys() | recalculadas.keys())
        if gravadas.get(k) != recalculadas.get(k)
    ]


@caso_de_uso()
def conferir_estatisticas(s: Session) -> list[tuple[str, Any, Any]]:
    """`conferir` como caso de uso (a CLI: `farol db resumos`)."""
    return conferir(s)


@caso_de_uso(escrita=True)
def refazer_estatisticas(s: Session) -> int:
    """`refazer_todos` como caso de uso (a CLI: `farol db resumos --refazer`)."""
    return refazer_todos(s)


# --------------------------------------------------------------------------- na transação


@event.listens_for(Session, "after_flush")
def _anotar(s: Session, _contexto: Any) -> None:
    """As inspeções (das constatações e medidas novas, com o instante da medida) e os
    processos (dos pagamentos novos, com a data) que este flush tocou."""
    novos = [o for o in s.new if isinstance(o, Constatacao | MedidaAdministrativa | Pagamento)]
    if not novos:
        return
    pendentes = s.info.setdefault(_PENDENTES, {"inspecoes": set(), "medidas": set(), "pg": set()})
    for obj in novos:
        if isinstance(obj, Constatacao):
            pendentes["inspecoes"].add(obj.inspecao_id)
        elif isinstance(obj, MedidaAdministrativa):
            pendentes["medidas"].add((obj.inspecao_id, mes_de(data_local(obj.aplicada_em))))
        else:
            pendentes["pg"].add((obj.processo_id, mes_de(obj.data)))


@event.listens_for(Session, "before_commit")
def _regravar(s: Session) -> None:
    s.flush()
    pendentes = s.info.pop(_PENDENTES, None)
    if not pendentes:
        return
    inspecoes = set(pendentes["inspecoes"]) | {i for i, _ in pendentes["medidas"]}
    om_da_inspecao: dict[int, tuple[int, dt.date | None]] = {
        i: (om, data)
        for i, om, data in s.execute(
            select(Inspecao.id, Inspecao.om_id, Inspecao.data).where(Inspecao.id.in_(inspecoes))
        )
    }
    processos = {p for p, _ in pendentes["pg"]}
    om_do_processo: dict[int, int] = {
        pid: om
        for pid, om in s.execute(
            select(Processo.id, Processo.om_id).where(Processo.id.in_(processos))
        )
    }
    celulas = set(
        chain(
            (
                (om, mes_de(data))
                for om, data in (om_da_inspecao[i] for i in pendentes["inspecoes"])
                if data is not None
            ),
            ((om_da_inspecao[i][0], mes) for i, mes in pendentes["medidas"]),
            ((om_do_processo[p], mes) for p, mes in pendentes["pg"]),
        )
    )
    refazer_celulas(s, celulas)


@event.listens_for(Session, "after_soft_rollback")
def _descartar(s: Session, _transacao: Any) -> None:
    s.info.pop(_PENDENTES, None)
