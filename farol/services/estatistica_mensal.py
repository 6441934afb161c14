"""O agregado mensal das estatísticas (`estatistica_mensal`): por OM e mês civil, as infrações
constatadas (por infração), as medidas aplicadas (por tipo) e os pagamentos (quantidade e soma).

As estatísticas de um período (`farol.services.estatisticas.calcular`) leem aqui os meses
inteiros e contam nas tabelas só as pontas (o mês de `de` e o de `ate`, se o período não os
cobre inteiros): o número de linhas lidas não cresce com os processos, só com as OMs e os meses.

A conta de um mês é a mesma de um intervalo qualquer (`do_intervalo`): as infrações pela data
civil da inspeção (`inspecao.data`), as medidas pelo instante em que foram aplicadas (do início
do primeiro dia ao fim do último, no fuso do Farol) e os pagamentos pela data do pagamento.

Como se mantém: a sessão anota, depois de cada `flush`, as constatações, medidas e pagamentos
novos; antes do `commit`, soma-os às suas células (OM, mês, indicador, chave) num upsert, na
mesma transação (`somar_pendentes`): uma constatação soma 1 à infração, uma medida 1 ao tipo, um
pagamento 1 e o valor; o custo de um ato não cresce com o que o mês já tem. Nenhum deles é
apagado nem muda de OM ou de data (um ato não se edita: a correção é um ato novo). A carga em
massa, que grava fora do ORM, refaz tudo no fim (`refazer_todos`); `conferir` compara o
gravado com o recalculado das tabelas (`farol db resumos`).
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from functools import cache
from itertools import chain
from typing import Any

from sqlalchemy import (
    Integer,
    String,
    bindparam,
    cast,
    delete,
    event,
    func,
    insert,
    select,
    text,
)
from sqlalchemy.orm import Session
from sqlalchemy.orm.util import identity_key

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
from farol.store.tipos import SomaDeDinheiro

INFRACOES = "infracoes"
MEDIDAS = "medidas"
PAGAMENTOS = "pagamentos"
CARACTERES_DO_MES = 7
"""O mês de uma data ISO: "AAAA-MM"."""

_PENDENTES = "farol.estatistica_mensal.pendentes"
_OM_DO_PROCESSO = "farol.estatistica_mensal.om_do_processo"
"""A OM dos processos dos pagamentos novos, lida no flush que os gravou (`_anotar`)."""
ZERO = Decimal("0.00")


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


_SOMAR = (
    f"INSERT INTO {EstatisticaMensal.__tablename__}"
    " (om_id, mes, indicador, chave, quantidade, valor)"
    " VALUES (:om_id, :mes, :indicador, :chave, :quantidade, :valor)"
    " ON CONFLICT (om_id, mes, indicador, chave) DO UPDATE SET"
    f" quantidade = {EstatisticaMensal.__tablename__}.quantidade + excluded.quantidade,"
    " valor = CASE WHEN excluded.valor IS NULL"
    f" THEN {EstatisticaMensal.__tablename__}.valor"
    f" ELSE coalesce({EstatisticaMensal.__tablename__}.valor, 0) + excluded.valor END"
)


@cache
def _somar() -> Any:
    """O upsert que soma às células: o mesmo texto nos dois bancos (`ON CONFLICT ... DO UPDATE`
    do PostgreSQL e do SQLite 3.24+), compilado uma vez."""
    return text(_SOMAR).bindparams(
        bindparam("quantidade", type_=Integer()), bindparam("valor", type_=SomaDeDinheiro())
    )


@event.listens_for(Session, "after_flush")
def _anotar(s: Session, _contexto: Any) -> None:
    """As constatações (inspeção e infração), medidas (inspeção, mês do instante e tipo) e
    pagamentos (processo, mês e valor) novos deste flush."""
    novos = [o for o in s.new if isinstance(o, Constatacao | MedidaAdministrativa | Pagamento)]
    if not novos:
        return
    pendentes = s.info.setdefault(_PENDENTES, {INFRACOES: [], MEDIDAS: [], PAGAMENTOS: []})
    for obj in novos:
        if isinstance(obj, Constatacao):
            pendentes[INFRACOES].append((obj.inspecao_id, obj.infracao))
        elif isinstance(obj, MedidaAdministrativa):
            pendentes[MEDIDAS].append(
                (obj.inspecao_id, mes_de(data_local(obj.aplicada_em)), obj.tipo)
            )
        else:
            pendentes[PAGAMENTOS].append((obj.processo_id, mes_de(obj.data), obj.valor))
            # a OM do processo (que não muda) lida já, enquanto ele está no mapa de identidade:
            # no COMMIT, o processo do ato pode ter saído dele, e seria outra consulta
            processo = s.identity_map.get(identity_key(Processo, obj.processo_id))
            if processo is not None:
                s.info.setdefault(_OM_DO_PROCESSO, {})[obj.processo_id] = (processo.om_id,)


def _colunas_das_linhas(
    s: Session, modelo: Any, ids: set[int], *colunas: Any
) -> dict[int, tuple[Any, ...]]:
    """As `colunas` das linhas de `modelo` com esses ids: do mapa de identidade da sessão (o
    processo do ato já está nela) ou, as que faltam, numa consulta."""
    achadas: dict[int, tuple[Any, ...]] = {}
    faltam: set[int] = set()
    for i in ids:
        obj = s.identity_map.get(identity_key(modelo, i))
        if obj is None:
            faltam.add(i)
        else:
            achadas[i] = tuple(getattr(obj, c.key) for c in colunas)
    if faltam:
        achadas.update(
            (r[0], tuple(r[1:]))
            for r in s.execute(select(modelo.id, *colunas).where(modelo.id.in_(faltam)))
        )
    return achadas


def somar_pendentes(s: Session) -> int:
    """Soma às células (OM, mês, indicador, chave) as constatações, medidas e pagamentos novos
    da transação, num upsert só (`quantidade + 1`, `valor + pago`): o custo não cresce com o
    que a célula já tem. No PostgreSQL, duas transações que somam à mesma célula se enfileiram
    na trava da linha (ou da chave ainda por gravar) e cada uma soma ao que a outra gravou; as
    linhas vão na ordem das células, e duas transações não se esperam em círculo. Devolve
    quantas células."""
    pendentes = s.info.pop(_PENDENTES, None)
    conhecidas: dict[int, tuple[Any, ...]] = s.info.pop(_OM_DO_PROCESSO, {})
    if not pendentes:
        return 0
    inspecoes = {i for i, *_ in chain(pendentes[INFRACOES], pendentes[MEDIDAS])}
    da_inspecao = _colunas_das_linhas(s, Inspecao, inspecoes, Inspecao.om_id, Inspecao.data)
    processos = {p for p, *_ in pendentes[PAGAMENTOS]}
    do_processo = _colunas_das_linhas(s, Processo, processos - conhecidas.keys(), Processo.om_id)
    do_processo.update(conhecidas)
    somas: dict[tuple[int, str, str, str], tuple[int, Decimal | None]] = {}

    def somar(celula: tuple[int, str, str, str], valor: Decimal | None = None) -> None:
        n, total = somas.get(celula, (0, None))
        somas[celula] = (n + 1, total if valor is None else (total or ZERO) + valor)

    for inspecao_id, infracao in pendentes[INFRACOES]:
        om_id, data = da_inspecao[inspecao_id]
        if data is not None:
            somar((om_id, mes_de(data), INFRACOES, infracao))
    for inspecao_id, mes, tipo in pendentes[MEDIDAS]:
        somar((da_inspecao[inspecao_id][0], mes, MEDIDAS, tipo))
    for processo_id, mes, valor in pendentes[PAGAMENTOS]:
        somar((do_processo[processo_id][0], mes, PAGAMENTOS, ""), valor)
    if somas:
        s.execute(
            _somar(),
            [
                {"om_id": o, "mes": m, "indicador": i, "chave": c, "quantidade": n, "valor": v}
                for (o, m, i, c), (n, v) in sorted(somas.items())
            ],
        )
    return len(somas)


@event.listens_for(Session, "before_commit")
def _regravar(s: Session) -> None:
    s.flush()
    somar_pendentes(s)


@event.listens_for(Session, "after_soft_rollback")
def _descartar(s: Session, _transacao: Any) -> None:
    s.info.pop(_PENDENTES, None)
    s.info.pop(_OM_DO_PROCESSO, None)
