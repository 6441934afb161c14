"""Consultas da OM: processos, prazos do período, situação de uma pessoa, multas vencidas,
dívida ativa e alertas de prescrição (Lei 9.873/1999)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from farol.domain.cpf_cnpj import formatar_documento, validar_documento
from farol.erros import NaoEncontrado
from farol.rules.reincidencia import subtrair_meses
from farol.services.jurisdicao import Ator
from farol.services.leitura import dinheiro, prazo_json, resumo
from farol.store.orm import OM, Ato, Pagamento, Pessoa, Prazo, Processo

ESTADOS_FINAIS = ("arquivado", "quitado", "divida_ativa", "encerrado")
PRESCRICAO_ANOS = 5  # Lei 9.873/1999 art. 1º
INTERCORRENTE_ANOS = 3  # Lei 9.873/1999 art. 1º § 1º


def _oms(s: Session, ator: Ator, om_sigla: str | None) -> frozenset[int]:
    if om_sigla is None:
        return ator.oms
    om = s.execute(select(OM).where(OM.sigla == om_sigla)).scalar_one_or_none()
    if om is None or om.id not in ator.oms:
        raise NaoEncontrado(f"OM {om_sigla!r} não encontrada", campo="om")
    from farol.services.jurisdicao import oms_sob

    return oms_sob(s, om.id) & ator.oms


def listar_processos(
    s: Session, ator: Ator, *, estado: str | None = None, limite: int = 100
) -> list[dict[str, Any]]:
    q = select(Processo).where(Processo.om_id.in_(ator.oms)).order_by(Processo.id.desc())
    if estado:
        q = q.where(Processo.estado == estado)
    return [resumo(s, p) for p in s.execute(q.limit(limite)).scalars()]


def contagem_por_estado(s: Session, ator: Ator) -> dict[str, int]:
    linhas = s.execute(
        select(Processo.estado, func.count())
        .where(Processo.om_id.in_(ator.oms))
        .group_by(Processo.estado)
    ).all()
    return {estado: int(n) for estado, n in linhas}


def prazos_no_periodo(
    s: Session,
    ator: Ator,
    de: dt.date,
    ate: dt.date,
    *,
    om_sigla: str | None = None,
    somente_abertos: bool = True,
) -> list[dict[str, Any]]:
    if ate < de:
        from farol.erros import EntradaInvalida

        raise EntradaInvalida("o fim do período é anterior ao início", campo="ate")
    oms = _oms(s, ator, om_sigla)
    q = (
        select(Prazo, Processo)
        .join(Processo, Processo.id == Prazo.processo_id)
        .where(Processo.om_id.in_(oms), Prazo.vencimento >= de, Prazo.vencimento <= ate)
        .order_by(Prazo.vencimento, Processo.numero)
    )
    if somente_abertos:
        q = q.where(Prazo.encerrado_em.is_(None))
    return [
        {**prazo_json(prazo), "processo": {"id": p.id, "numero": p.numero, "estado": p.estado}}
        for prazo, p in s.execute(q).all()
    ]


def _saldo(s: Session, p: Processo) -> tuple[Decimal, Decimal]:
    from farol.services.penalidades_do_processo import total_multas

    total = total_multas(s, p)
    pago = s.execute(
        select(func.coalesce(func.sum(Pagamento.valor), 0)).where(Pagamento.processo_id == p.id)
    ).scalar_one()
    return total, Decimal(str(pago))


def _vencimento_pagamento(s: Session, p: Processo) -> dt.date | None:
    """O vencimento do prazo de pagamento em curso (um recurso o encerra)."""
    return s.execute(
        select(Prazo.vencimento)
        .where(
            Prazo.processo_id == p.id, Prazo.etapa == "pagamento", Prazo.encerrado_em.is_(None)
        )
        .order_by(Prazo.id.desc())
        .limit(1)
    ).scalar_one_or_none()


def situacao(s: Session, ator: Ator, documento: str) -> dict[str, Any]:
    """Multas não pagas de uma pessoa (LESTA art. 20: atos de interesse do devedor ficam
    sustados até a quitação). Considera processos de todas as OMs, pois o débito é da pessoa;
    o detalhe de processos fora da jurisdição do usuário não é mostrado."""
    digitos = validar_documento(documento)
    pessoa = s.execute(select(Pessoa).where(Pessoa.documento == digitos)).scalar_one_or_none()
    debitos: list[dict[str, Any]] = []
    outras_oms = Decimal("0.00")
    na_jurisdicao = Decimal("0.00")
    if pessoa is not None:
        for p in s.execute(
            select(Processo).where(
                Processo.autuado_id == pessoa.id, Processo.estado.not_in(ESTADOS_FINAIS[:2])
            )
        ).scalars():
            total, pago = _saldo(s, p)
            if total - pago <= 0:
                continue
            if p.om_id in ator.oms:
                na_jurisdicao += total - pago
                venc = _vencimento_pagamento(s, p)
                debitos.append(
                    {
                        "processo": p.numero,
                        "id": p.id,
                        "estado": p.estado,
                        "saldo": dinheiro(total - pago),
                        "vencimento": venc.isoformat() if venc else None,
                    }
                )
            else:
                outras_oms += total - pago
    total_devido = na_jurisdicao + outras_oms
    return {
        "documento": formatar_documento(digitos),
        "nome": pessoa.nome if pessoa else None,
        "em_debito": total_devido > 0,
        "total_devido": dinheiro(total_devido),
        "debitos": debitos,
        "debitos_em_outras_oms": dinheiro(outras_oms),
        "fundamento": "LESTA art. 20: a autoridade marítima sustará o andamento de qualquer "
        "documento ou ato administrativo de interesse de quem estiver em débito decorrente de "
        "infração desta Lei, até a sua quitação.",
    }


def multas_vencidas(s: Session, ator: Ator, hoje: dt.date) -> list[dict[str, Any]]:
    """Multas impostas, não pagas, com o prazo de pagamento já vencido."""
    saida = []
    for p in s.execute(
        select(Processo)
        .where(Processo.om_id.in_(ator.oms), Processo.estado.not_in(ESTADOS_FINAIS))
        .order_by(Processo.numero)
    ).scalars():
        venc = _vencimento_pagamento(s, p)
        if venc is None or venc >= hoje:
            continue
        total, pago = _saldo(s, p)
        if total - pago > 0:
            saida.append(
                {
                    **resumo(s, p),
                    "saldo": dinheiro(total - pago),
                    "vencimento_pagamento": venc.isoformat(),
                    "dias_em_atraso": (hoje - venc).days,
                }
            )
    return saida


def prontos_para_divida_ativa(s: Session, ator: Ator, hoje: dt.date) -> list[dict[str, Any]]:
    """Multas vencidas cujos prazos de recurso também já se encerraram."""
    saida = []
    for item in multas_vencidas(s, ator, hoje):
        recursos_abertos = s.execute(
            select(Prazo.vencimento).where(
                Prazo.processo_id == item["id"],
                Prazo.etapa.in_(("recurso", "recurso_final")),
                Prazo.encerrado_em.is_(None),
                Prazo.vencimento >= hoje,
            )
        ).first()
        if recursos_abertos is None:
            saida.append(item)
    return saida


def alertas_prescricao(
    s: Session, ator: Ator, hoje: dt.date, *, antecedencia_dias: int = 180
) -> list[dict[str, Any]]:
    """Processos não encerrados perto da prescrição.

    - quinquenal (Lei 9.873/1999 art. 1º): 5 anos da data do fato, interrompida pelos atos do
      art. 2º (notificação/ciência do auto, julgamento); o Farol recomeça a contagem no último
      ato interruptivo registrado;
    - intercorrente (art. 1º § 1º): processo parado há mais de 3 anos pendente de julgamento
      ou despacho; conta-se do último ato registrado.
    """
    from farol.services.processos import data_do_fato

    interruptivos = (
        "notificacao_comparecimento",
        "ciencia_auto",
        "julgamento_procedente",
        "decisao_recurso_nao_provido",
        "decisao_recurso_provido_em_parte",
        "decisao_recurso_final_nao_provido",
        "decisao_recurso_final_provido_em_parte",
    )
    saida = []
    for p in s.execute(
        select(Processo).where(
            Processo.om_id.in_(ator.oms),
            Processo.estado.not_in(ESTADOS_FINAIS),
            Processo.sobrestado.is_(False),
        )
    ).scalars():
        atos = s.execute(
            select(Ato.tipo, Ato.data_ato).where(Ato.processo_id == p.id).order_by(Ato.seq)
        ).all()
        marco = data_do_fato(s, p)
        for tipo, data in atos:
            if tipo in interruptivos:
                marco = max(marco, data)
        ultimo = atos[-1][1] if atos else marco
        limites = [
            ("quinquenal", subtrair_meses(marco, -12 * PRESCRICAO_ANOS), "Lei 9.873/1999 art. 1º"),
            (
                "intercorrente",
                subtrair_meses(ultimo, -12 * INTERCORRENTE_ANOS),
                "Lei 9.873/1999 art. 1º, § 1º",
            ),
        ]
        for tipo, limite, fundamento in limites:
            faltam = (limite - hoje).days
            if faltam <= antecedencia_dias:
                saida.append(
                    {
                        **resumo(s, p),
                        "tipo": tipo,
                        "prescreve_em": limite.isoformat(),
                        "dias_restantes": faltam,
                        "prescrito": faltam < 0,
                        "fundamento": fundamento,
                    }
                )
    return sorted(saida, key=lambda x: x["prescreve_em"])
