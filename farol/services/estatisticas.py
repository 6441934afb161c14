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

from sqlalchemy import Select, func, select
from sqlalchemy.orm import Session

from farol.domain.procedimento.carregar import carregar_regimes
from farol.erros import EntradaInvalida
from farol.normas.citacao import registro_normas
from farol.normas.infracoes import catalogo
from farol.normas.poluicao import dados_poluicao
from farol.rules.reincidencia import subtrair_meses
from farol.services import estatistica_mensal
from farol.services.inspecao_do_processo import nome_da_medida
from farol.services.jurisdicao import Ator
from farol.services.leitura import dinheiro
from farol.services.unit_of_work import caso_de_uso
from farol.store.orm import (
    OM,
    Ato,
    AutoDeInfracao,
    Processo,
    ProcessoResumo,
)

ZERO = Decimal("0.00")
MAXIMO_DIAS = 366 * 5
LISTA_DE_IDS = 1000


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

    # --- infrações, medidas e pagamentos: os meses inteiros do agregado mensal, as pontas
    # contadas nas tabelas (`estatistica_mensal.agregados`)
    por_infracao: Counter[str] = Counter()
    por_artigo: Counter[str] = Counter()
    por_mes: Counter[str] = Counter({m: 0 for m in meses})
    por_om: Counter[str] = Counter()
    medidas: Counter[str] = Counter()
    pagas_mes: dict[str, Decimal] = {m: ZERO for m in meses}
    pagas_om: dict[str, Decimal] = {}
    qtd_pagas = 0
    for a in estatistica_mensal.agregados(s, ator.oms, de, ate):
        if a.indicador == estatistica_mensal.INFRACOES:
            por_infracao[a.chave] += a.quantidade
            por_artigo[_artigo(a.chave)] += a.quantidade
            por_mes[a.mes] += a.quantidade
            por_om[siglas[a.om_id]] += a.quantidade
        elif a.indicador == estatistica_mensal.MEDIDAS:
            medidas[a.chave] += a.quantidade
        else:
            qtd_pagas += a.quantidade
            valor = a.valor or ZERO
            pagas_mes[a.mes] += valor
            pagas_om[siglas[a.om_id]] = pagas_om.get(siglas[a.om_id], ZERO) + valor

    # --- multas impostas (penalidade em vigor, na data do ato que a fixou) -----------------
    impostas_mes: dict[str, Decimal] = {m: ZERO for m in meses}
    impostas_om: dict[str, Decimal] = {}
    qtd_impostas = 0
    for om_id, data, quantidade, valor in s.execute(_multas_impostas(ator, de, ate)).all():
        qtd_impostas += quantidade
        impostas_mes[f"{data:%Y-%m}"] += valor
        sigla = siglas[om_id]
        impostas_om[sigla] = impostas_om.get(sigla, ZERO) + valor

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
    """Uma consulta só, pelo índice (om_id, multa_fixada_em) do modelo de leitura: por OM e
    data do ato, quantos processos têm multa em vigor fixada nesse dia e a soma dela. Em vigor
    = as penalidades do último ato (maior `seq`) do processo que fixou penalidades, fora dos
    estados marcados `sem_penalidade` no quadro do regime (`processo_resumo.multa`, nula
    neles); só as multas diferentes de zero contam."""
    r = ProcessoResumo
    return (
        select(r.om_id, r.multa_fixada_em, func.count(), func.sum(r.multa))
        .where(
            r.om_id.in_(ator.oms),
            r.multa_fixada_em >= de,
            r.multa_fixada_em <= ate,
            r.multa > 0,
        )
        .group_by(r.om_id, r.multa_fixada_em)
    )


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
    # os poucos autos do período pelos ids (o índice de `ato.processo_id`); muitos, pela
    # subconsulta (sem estourar o limite de parâmetros do banco)
    dos_autos = Ato.processo_id.in_(ids if len(ids) <= LISTA_DE_IDS else autos)
    for pid, payload in s.execute(
        select(Ato.processo_id, Ato.payload)
        .where(dos_autos, Ato.tipo.in_(laudos))
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
