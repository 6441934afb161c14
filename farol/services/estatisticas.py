"""Estatísticas da jurisdição num período: infrações constatadas por artigo, por mês e por OM,
multas impostas e pagas, medidas administrativas aplicadas, autos de poluição por nível de
impacto; e o CSV das mesmas figuras.

As datas contam no fuso de Brasília (a inspeção às 22h de 31/01 em Florianópolis é de
janeiro). Multa imposta = a penalidade em vigor do processo (a do julgamento ou a da reforma
em recurso), contada na data do ato que a fixou; multa paga = pagamento registrado, na data
do pagamento.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
from collections import Counter
from decimal import Decimal
from typing import Any

from sqlalchemy import Select, and_, false, func, not_, or_, select
from sqlalchemy.orm import Session

from farol.domain.procedimento.carregar import carregar_regimes
from farol.erros import EntradaInvalida
from farol.normas.citacao import registro_normas
from farol.normas.infracoes import catalogo
from farol.normas.poluicao import dados_poluicao
from farol.relogio import data_local
from farol.rules.reincidencia import subtrair_meses
from farol.services.inspecao_do_processo import nome_da_medida
from farol.services.jurisdicao import Ator
from farol.services.leitura import dinheiro
from farol.services.unit_of_work import caso_de_uso
from farol.store.orm import (
    OM,
    Ato,
    AutoDeInfracao,
    Constatacao,
    Inspecao,
    MedidaAdministrativa,
    Pagamento,
    Penalidade,
    Processo,
)

ZERO = Decimal("0.00")
MAXIMO_DIAS = 366 * 5


def periodo_padrao(hoje: dt.date) -> tuple[dt.date, dt.date]:
    """Os 12 meses até hoje: do primeiro dia do mês, 11 meses atrás, até hoje."""
    return subtrair_meses(hoje.replace(day=1), 11), hoje


def _meses(de: dt.date, ate: dt.date) -> list[str]:
    meses = []
    atual = de.replace(day=1)
    while atual <= ate:
        meses.append(f"{atual:%Y-%m}")
        atual = subtrair_meses(atual, -1)
    return meses


def _artigo(codigo: str) -> str:
    inf = catalogo().infracoes.get(codigo)
    if inf is None:
        return codigo
    return f"{registro_normas()[inf.fonte.norma].sigla} art. {inf.artigo}"


def _instante_inicio(d: dt.date) -> dt.datetime:
    # um dia de folga para os dois lados; o filtro exato é feito na data local
    return dt.datetime.combine(d - dt.timedelta(days=1), dt.time.min, tzinfo=dt.UTC)


@caso_de_uso(replica=True)
def calcular(s: Session, ator: Ator, de: dt.date, ate: dt.date) -> dict[str, Any]:
    if ate < de:
        raise EntradaInvalida("o fim do período é anterior ao início", campo="ate")
    if (ate - de).days > MAXIMO_DIAS:
        raise EntradaInvalida("período longo demais: no máximo 5 anos", campo="de")
    siglas: dict[int, str] = {
        i: sigla for i, sigla in s.execute(select(OM.id, OM.sigla).where(OM.id.in_(ator.oms)))
    }
    meses = _meses(de, ate)

    # --- infrações constatadas -------------------------------------------------------------
    linhas = s.execute(
        select(Constatacao.infracao, Inspecao.data_hora, Inspecao.om_id)
        .join(Inspecao, Inspecao.id == Constatacao.inspecao_id)
        .where(
            Inspecao.om_id.in_(ator.oms),
            Inspecao.data_hora >= _instante_inicio(de),
            Inspecao.data_hora < _instante_inicio(ate + dt.timedelta(days=2)),
        )
    ).all()
    por_infracao: Counter[str] = Counter()
    por_artigo: Counter[str] = Counter()
    por_mes: Counter[str] = Counter({m: 0 for m in meses})
    por_om: Counter[str] = Counter()
    for infracao, instante, om_id in linhas:
        data = data_local(instante)
        if not de <= data <= ate:
            continue
        por_infracao[infracao] += 1
        por_artigo[_artigo(infracao)] += 1
        por_mes[f"{data:%Y-%m}"] += 1
        por_om[siglas[om_id]] += 1

    # --- multas impostas (penalidade em vigor, na data do ato que a fixou) e pagas -----------
    impostas_mes: dict[str, Decimal] = {m: ZERO for m in meses}
    pagas_mes: dict[str, Decimal] = {m: ZERO for m in meses}
    impostas_om: dict[str, Decimal] = {}
    pagas_om: dict[str, Decimal] = {}
    qtd_impostas = 0
    for om_id, data, quantidade, valor in s.execute(_multas_impostas(ator, de, ate)).all():
        qtd_impostas += quantidade
        impostas_mes[f"{data:%Y-%m}"] += valor
        sigla = siglas[om_id]
        impostas_om[sigla] = impostas_om.get(sigla, ZERO) + valor
    qtd_pagas = 0
    for valor, data, om_id in s.execute(
        select(Pagamento.valor, Pagamento.data, Processo.om_id)
        .join(Processo, Processo.id == Pagamento.processo_id)
        .where(Processo.om_id.in_(ator.oms), Pagamento.data >= de, Pagamento.data <= ate)
    ).all():
        qtd_pagas += 1
        pagas_mes[f"{data:%Y-%m}"] += valor
        pagas_om[siglas[om_id]] = pagas_om.get(siglas[om_id], ZERO) + valor

    # --- medidas administrativas ---------------------------------------------------------
    medidas: Counter[str] = Counter()
    for tipo, instante in s.execute(
        select(MedidaAdministrativa.tipo, MedidaAdministrativa.aplicada_em)
        .join(Inspecao, Inspecao.id == MedidaAdministrativa.inspecao_id)
        .where(
            Inspecao.om_id.in_(ator.oms),
            MedidaAdministrativa.aplicada_em >= _instante_inicio(de),
            MedidaAdministrativa.aplicada_em < _instante_inicio(ate + dt.timedelta(days=2)),
        )
    ).all():
        if de <= data_local(instante) <= ate:
            medidas[tipo] += 1

    cat = catalogo()
    return {
        "poluicao": _poluicao(s, ator, de, ate),
        "de": de.isoformat(),
        "ate": ate.isoformat(),
        "total_infracoes": sum(por_infracao.values()),
        "por_artigo": [{"chave": k, "rotulo": k, "valor": v} for k, v in _ordenar(por_artigo)],
        "por_infracao": [
            {
                "chave": k,
                "rotulo": k,
                "descricao": cat.infracoes[k].descricao if k in cat.infracoes else k,
                "valor": v,
            }
            for k, v in _ordenar(por_infracao)
        ],
        "por_mes": [{"chave": m, "rotulo": f"{m[5:]}/{m[:4]}", "valor": por_mes[m]} for m in meses],
        "por_om": [{"chave": k, "rotulo": k, "valor": v} for k, v in _ordenar(por_om)],
        "multas": {
            "quantidade_impostas": qtd_impostas,
            "quantidade_pagamentos": qtd_pagas,
            "impostas": dinheiro(sum(impostas_mes.values(), ZERO)),
            "pagas": dinheiro(sum(pagas_mes.values(), ZERO)),
            "por_mes": [
                {
                    "chave": m,
                    "rotulo": f"{m[5:]}/{m[:4]}",
                    "impostas": dinheiro(impostas_mes[m]),
                    "pagas": dinheiro(pagas_mes[m]),
                }
                for m in meses
            ],
            "por_om": [
                {
                    "chave": sigla,
                    "rotulo": sigla,
                    "impostas": dinheiro(impostas_om.get(sigla, ZERO)),
                    "pagas": dinheiro(pagas_om.get(sigla, ZERO)),
                }
                for sigla in sorted(set(impostas_om) | set(pagas_om))
            ],
        },
        "medidas": [
            {"chave": k, "rotulo": nome_da_medida(k), "valor": v} for k, v in _ordenar(medidas)
        ],
    }


def _multas_impostas(ator: Ator, de: dt.date, ate: dt.date) -> Select[Any]:
    """Uma consulta só: por OM e data do ato, quantos processos têm multa em vigor fixada
    nesse dia e a soma dela. Em vigor = as penalidades do último ato (maior `seq`) do processo
    que fixou penalidades, fora dos estados marcados `sem_penalidade` no quadro do regime;
    só as penalidades com multa (não nula, diferente de zero) contam."""
    ultimo = (
        select(Penalidade.processo_id, func.max(Ato.seq).label("seq"))
        .join(Ato, Ato.id == Penalidade.ato_id)
        .join(Processo, Processo.id == Penalidade.processo_id)
        .where(Processo.om_id.in_(ator.oms))
        .group_by(Penalidade.processo_id)
        .subquery()
    )
    sem_penalidade = [
        and_(Processo.regime == m.regime, Processo.estado.in_(m.estados_com("sem_penalidade")))
        for m in carregar_regimes()
        if m.estados_com("sem_penalidade")
    ]
    por_processo = (
        select(
            Processo.id.label("processo_id"),
            Processo.om_id.label("om_id"),
            Ato.data_ato.label("data"),
            func.sum(Penalidade.multa).label("valor"),
        )
        .select_from(ultimo)
        .join(Ato, and_(Ato.processo_id == ultimo.c.processo_id, Ato.seq == ultimo.c.seq))
        .join(Penalidade, Penalidade.ato_id == Ato.id)
        .join(Processo, Processo.id == ultimo.c.processo_id)
        .where(
            Penalidade.multa.is_not(None),
            Penalidade.multa != 0,
            Ato.data_ato >= de,
            Ato.data_ato <= ate,
            not_(or_(false(), *sem_penalidade)),
        )
        .group_by(Processo.id, Processo.om_id, Ato.data_ato)
        .subquery()
    )
    return select(
        por_processo.c.om_id,
        por_processo.c.data,
        func.count(),
        func.sum(por_processo.c.valor),
    ).group_by(por_processo.c.om_id, por_processo.c.data)


def _poluicao(s: Session, ator: Ator, de: dt.date, ate: dt.date) -> dict[str, Any]:
    """Os autos de poluição lavrados no período, à parte, por nível de impacto do último LTA
    registrado (NORMAM-401 item 1.5.1); sem LTA ainda: pendente. Os regimes e os tipos de ato
    vêm dos quadros (marcas `lavra_auto_poluicao` e `registra_laudo`)."""
    maquinas = [m for m in carregar_regimes() if m.tipos_com("registra_laudo")]
    regimes = [m.regime for m in maquinas]
    laudos = [t for m in maquinas for t in m.tipos_com("registra_laudo")]
    autos = (
        select(Processo.id)
        .join(AutoDeInfracao, AutoDeInfracao.processo_id == Processo.id)
        .where(
            Processo.om_id.in_(ator.oms),
            Processo.regime.in_(regimes),
            AutoDeInfracao.lavrado_em >= de,
            AutoDeInfracao.lavrado_em <= ate,
        )
    )
    ids = list(s.execute(autos).scalars())
    nivel: dict[int, int] = {}
    for pid, payload in s.execute(
        select(Ato.processo_id, Ato.payload)
        .where(Ato.processo_id.in_(autos), Ato.tipo.in_(laudos))
        .order_by(Ato.processo_id, Ato.seq)
    ).all():
        nivel[pid] = int((payload or {}).get("nivel_impacto") or 0)  # o último LTA prevalece
    niveis = dados_poluicao().niveis_impacto.niveis
    contagem = Counter(nivel.values())
    return {
        "total": len(ids),
        "por_nivel": [
            {"chave": str(n), "rotulo": f"Nível {n} — {nome}", "valor": contagem[n]}
            for n, nome in niveis.items()
        ]
        + [
            {
                "chave": "pendente",
                "rotulo": "LTA ainda não registrado",
                "valor": len(ids) - len(nivel),
            }
        ],
        "fundamento": dados_poluicao().niveis_impacto.fonte.referencia(),
    }


def _ordenar(c: Counter[str]) -> list[tuple[str, int]]:
    return sorted(c.items(), key=lambda kv: (-kv[1], kv[0]))


def _br(valor: str | None) -> str:
    """'1234.56' -> '1234,56' (planilhas em português)."""
    return "" if valor is None else valor.replace(".", ",")


def para_csv(e: dict[str, Any]) -> str:
    """As mesmas figuras em CSV (separador `;`, decimal com vírgula, como o Excel em pt-BR)."""
    saida = io.StringIO()
    w = csv.writer(saida, delimiter=";", lineterminator="\r\n")
    w.writerow(["tabela", "chave", "rotulo", "quantidade", "multas_impostas", "multas_pagas"])
    periodo = (
        f"{dt.date.fromisoformat(e['de']):%d/%m/%Y} a {dt.date.fromisoformat(e['ate']):%d/%m/%Y}"
    )
    w.writerow(["periodo", "", periodo, "", "", ""])
    for tabela in ("por_artigo", "por_infracao", "por_mes", "por_om", "medidas"):
        for x in e[tabela]:
            w.writerow([tabela, x["chave"], x.get("descricao", x["rotulo"]), x["valor"], "", ""])
    for x in e["poluicao"]["por_nivel"]:
        w.writerow(["poluicao_por_nivel", x["chave"], x["rotulo"], x["valor"], "", ""])
    m = e["multas"]
    for x in m["por_mes"]:
        w.writerow(
            ["multas_por_mes", x["chave"], x["rotulo"], "", _br(x["impostas"]), _br(x["pagas"])]
        )
    for x in m["por_om"]:
        w.writerow(
            ["multas_por_om", x["chave"], x["rotulo"], "", _br(x["impostas"]), _br(x["pagas"])]
        )
    w.writerow(
        [
            "multas_total",
            "",
            "total do período",
            m["quantidade_impostas"],
            _br(m["impostas"]),
            _br(m["pagas"]),
        ]
    )
    return saida.getvalue()
