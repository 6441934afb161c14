"""Consultas da OM: processos, prazos do período, situação de uma pessoa, multas vencidas,
dívida ativa e alertas de prescrição (Lei 9.873/1999)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from farol.domain.cpf_cnpj import formatar_documento, validar_documento
from farol.domain.papeis import VE_DADOS_PESSOAIS, pode
from farol.domain.procedimento.carregar import carregar_regime, carregar_regimes
from farol.domain.procedimento.historico import fatos_do_recurso
from farol.erros import EntradaInvalida, ForaDeVigencia, NaoEncontrado
from farol.normas.atos_do_sistema import atos_do_sistema
from farol.normas.citacao import Citacao
from farol.normas.citacoes import citacao
from farol.normas.prazos import regra_prazo
from farol.rules.reincidencia import somar_anos
from farol.services import acessos
from farol.services.jurisdicao import Ator, oms_sob
from farol.services.leitura import dinheiro, prazo_json, resumo
from farol.services.resultados.consultas import (
    AlertaDePrescricao,
    MultaVencida,
    RestituicaoPendente,
    SituacaoDaPessoa,
)
from farol.services.resultados.processo import PrazoComProcesso, ProcessoResumo
from farol.services.unit_of_work import caso_de_uso
from farol.store.orm import OM, Ato, Pagamento, Pessoa, Prazo, Processo
from farol.store.repositorio import historico, marco_da_prescricao, total_multas


def _estados_finais() -> tuple[str, ...]:
    """Os estados finais de todos os regimes (o processo está encerrado)."""
    return tuple(dict.fromkeys(e for m in carregar_regimes() for e in m.estados_finais()))


def _estados_sem_debito() -> tuple[str, ...]:
    """Os estados em que não há multa a pagar (marca `sem_debito`; LESTA art. 20)."""
    return tuple(dict.fromkeys(e for m in carregar_regimes() for e in m.estados_com("sem_debito")))


def _prescreve_em(etapa: str, desde: dt.date) -> dt.date | None:
    """`desde` mais os anos de `prazo.prescricao.<etapa>` (prazos.yaml) em vigor nessa data;
    `None` antes da vigência da Lei 9.873/1999 (o Farol não alerta o que ela não alcança)."""
    try:
        _, valor = regra_prazo("prescricao", etapa).vigente(desde)
    except ForaDeVigencia:
        return None
    assert valor.anos is not None  # prazos de prescrição são em anos (validado na carga)
    return somar_anos(desde, valor.anos)


def _fundamento_com_texto(c: Citacao) -> str:
    """'LESTA art. 20: a autoridade marítima sustará ...' (a referência e o texto citado)."""
    return f"{c.referencia()}: {c.texto[:1].lower()}{c.texto[1:]}"


def _oms(s: Session, ator: Ator, om_sigla: str | None) -> frozenset[int]:
    if om_sigla is None:
        return ator.oms
    om = s.execute(select(OM).where(OM.sigla == om_sigla)).scalar_one_or_none()
    if om is None or om.id not in ator.oms:
        raise NaoEncontrado(f"OM {om_sigla!r} não encontrada", campo="om")
    return oms_sob(s, om.id) & ator.oms


@caso_de_uso()
def listar_processos(
    s: Session, ator: Ator, *, estado: str | None = None, limite: int = 100
) -> list[ProcessoResumo]:
    q = select(Processo).where(Processo.om_id.in_(ator.oms)).order_by(Processo.id.desc())
    if estado:
        q = q.where(Processo.estado == estado)
    return [
        ProcessoResumo.model_validate(resumo(s, p)) for p in s.execute(q.limit(limite)).scalars()
    ]


@caso_de_uso()
def contagem_por_estado(s: Session, ator: Ator) -> dict[str, int]:
    linhas = s.execute(
        select(Processo.estado, func.count())
        .where(Processo.om_id.in_(ator.oms))
        .group_by(Processo.estado)
    ).all()
    return {estado: int(n) for estado, n in linhas}


@caso_de_uso()
def prazos_no_periodo(
    s: Session,
    ator: Ator,
    de: dt.date,
    ate: dt.date,
    *,
    om_sigla: str | None = None,
    somente_abertos: bool = True,
) -> list[PrazoComProcesso]:
    if ate < de:
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
        PrazoComProcesso.model_validate(
            {**prazo_json(prazo), "processo": {"id": p.id, "numero": p.numero, "estado": p.estado}}
        )
        for prazo, p in s.execute(q).all()
    ]


def _saldo(s: Session, p: Processo) -> tuple[Decimal, Decimal]:
    total = total_multas(s, p)
    pago = s.execute(
        select(func.coalesce(func.sum(Pagamento.valor), 0)).where(Pagamento.processo_id == p.id)
    ).scalar_one()
    return total, Decimal(str(pago))


def _vencimento_pagamento(s: Session, p: Processo) -> dt.date | None:
    """O vencimento do prazo de pagamento em curso (o efeito suspensivo o encerra)."""
    return s.execute(
        select(Prazo.vencimento)
        .where(Prazo.processo_id == p.id, Prazo.etapa == "pagamento", Prazo.encerrado_em.is_(None))
        .order_by(Prazo.id.desc())
        .limit(1)
    ).scalar_one_or_none()


@caso_de_uso(escrita=True)
def situacao(s: Session, ator: Ator, documento: str) -> SituacaoDaPessoa:
    """Multas não pagas de uma pessoa (LESTA art. 20: atos de interesse do devedor ficam
    sustados até a quitação).

    Quem tem a permissão `ve_dados_pessoais` (papeis.yaml: quem registra atos e por isso
    susta os de interesse do devedor) vê os dados completos: o nome e os débitos de todas as
    OMs, pois o débito é da pessoa (o detalhe de processos fora da jurisdição não é mostrado,
    só a soma); cada leitura fica no registro de acesso a dados pessoais (`acessos`). Os
    demais papéis veem só os débitos da sua jurisdição, sem o nome (LGPD art. 6º, III:
    necessidade)."""
    digitos = validar_documento(documento)
    pessoa = s.execute(select(Pessoa).where(Pessoa.documento == digitos)).scalar_one_or_none()
    completa = pode(ator.papel, VE_DADOS_PESSOAIS)
    if completa:
        acessos.registrar_leitura(
            s, ator, digitos, pessoa.id if pessoa else None, acessos.CONSULTA_SITUACAO
        )
    debitos: list[dict[str, Any]] = []
    outras_oms = Decimal("0.00")
    na_jurisdicao = Decimal("0.00")
    suspensos = Decimal("0.00")
    if pessoa is not None:
        for p in s.execute(
            select(Processo).where(
                Processo.autuado_id == pessoa.id, Processo.estado.not_in(_estados_sem_debito())
            )
        ).scalars():
            total, pago = _saldo(s, p)
            if total - pago <= 0:
                continue
            # Recurso com efeito suspensivo: a multa não é exigível até a decisão do recurso
            # (Lei 9.784/1999 art. 61, parágrafo único); sem ele, o recurso não suspende o débito
            # (LESTA art. 24 § 1º).
            if not completa and p.om_id not in ator.oms:
                continue  # sem `ve_dados_pessoais`, só a jurisdição do usuário
            suspenso = fatos_do_recurso(
                carregar_regime(p.regime), historico(s, p)
            ).efeito_suspensivo
            if suspenso:
                suspensos += total - pago
                if p.om_id in ator.oms:
                    debitos.append(
                        {
                            "processo": p.numero,
                            "id": p.id,
                            "estado": p.estado,
                            "saldo": dinheiro(total - pago),
                            "vencimento": None,
                            "exigibilidade_suspensa": True,
                        }
                    )
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
    resposta = {
        "documento": formatar_documento(digitos),
        "nome": pessoa.nome if pessoa and completa else None,
        "abrangencia": "nacional" if completa else "jurisdicao",
        "em_debito": total_devido > 0,
        "total_devido": dinheiro(total_devido),
        "debitos": debitos,
        "debitos_em_outras_oms": dinheiro(outras_oms) if completa else None,
        "suspensos": dinheiro(suspensos),
        "fundamento": _fundamento_com_texto(citacao("sustacao_por_debito")),
    }
    return SituacaoDaPessoa.model_validate(resposta)


@caso_de_uso()
def multas_vencidas(s: Session, ator: Ator, hoje: dt.date) -> list[MultaVencida]:
    """Multas impostas, não pagas, com o prazo de pagamento já vencido."""
    saida = []
    for p in s.execute(
        select(Processo)
        .where(Processo.om_id.in_(ator.oms), Processo.estado.not_in(_estados_finais()))
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
    return [MultaVencida.model_validate(x) for x in saida]


@caso_de_uso()
def prontos_para_divida_ativa(s: Session, ator: Ator, hoje: dt.date) -> list[MultaVencida]:
    """Multas vencidas e não pagas, prontas para o encaminhamento à dívida ativa.

    O recurso não tem efeito suspensivo (LESTA art. 24 § 1º): uma multa vencida se encaminha
    mesmo com recurso pendente. O efeito suspensivo concedido (Lei 9.784/1999 art. 61,
    parágrafo único) e o próprio encaminhamento encerram o prazo de pagamento, e a multa deixa
    de estar vencida em `multas_vencidas`.
    """
    return multas_vencidas.na_sessao(s, ator, hoje)


@caso_de_uso()
def restituicoes_pendentes(s: Session, ator: Ator) -> list[RestituicaoPendente]:
    """Processos da jurisdição com valor pago a maior reconhecido e ainda não restituído.

    Uma só consulta: os atos que reconhecem ou efetuam restituição (marcas do quadro) dos
    processos não encerrados da jurisdição; o pendente de cada um é o de `fatos_do_recurso`.
    """
    tipos = {
        t
        for m in carregar_regimes()
        for marca in ("reconhece_restituicao", "efetua_restituicao")
        for t in m.tipos_com(marca)
    }
    if not tipos:
        return []
    atos: dict[int, list[tuple[str, dict[str, Any]]]] = {}
    processos: dict[int, tuple[str, str, str]] = {}
    for pid, numero, estado, regime, tipo, payload in s.execute(
        select(
            Processo.id, Processo.numero, Processo.estado, Processo.regime, Ato.tipo, Ato.payload
        )
        .join(Ato, Ato.processo_id == Processo.id)
        .where(
            Processo.om_id.in_(ator.oms),
            Processo.estado.not_in(_estados_finais()),
            Ato.tipo.in_(tipos),
        )
        .order_by(Processo.numero, Ato.seq)
    ):
        atos.setdefault(pid, []).append((tipo, payload or {}))
        processos[pid] = (numero, estado, regime)
    # o pendente de cada processo pela mesma conta da página do processo (fatos_do_recurso)
    pendente = {
        pid: fatos_do_recurso(carregar_regime(processos[pid][2]), lista).restituicao_pendente
        for pid, lista in atos.items()
    }
    fundamento = citacao("restituicao_do_indevido").referencia()
    return [
        RestituicaoPendente(
            id=pid,
            numero=processos[pid][0],
            estado=processos[pid][1],
            valor=v,
            fundamento=fundamento,
        )
        for pid, v in pendente.items()
        if v > 0
    ]


@caso_de_uso()
def alertas_prescricao(
    s: Session, ator: Ator, hoje: dt.date, *, antecedencia_dias: int = 180
) -> list[AlertaDePrescricao]:
    """Processos não encerrados perto da prescrição.

    - quinquenal (Lei 9.873/1999 art. 1º): 5 anos da data do fato, interrompida pelos atos do
      art. 2º (notificação/ciência do auto, julgamento); o Farol recomeça a contagem no último
      ato interruptivo registrado;
    - intercorrente (art. 1º § 1º): processo parado há mais de 3 anos pendente de julgamento
      ou despacho; conta-se do último ato registrado.
    """
    saida = []
    for p in s.execute(
        select(Processo).where(
            Processo.om_id.in_(ator.oms),
            Processo.estado.not_in(_estados_finais()),
            Processo.sobrestado.is_(False),
        )
    ).scalars():
        atos = s.execute(  # a emissão de documento (ato do sistema) não move o processo
            select(Ato.tipo, Ato.data_ato)
            .where(Ato.processo_id == p.id, Ato.tipo.not_in(atos_do_sistema().tipos))
            .order_by(Ato.seq)
        ).all()
        marco = marco_da_prescricao(s, p, [(tipo, data) for tipo, data in atos])
        ultimo = atos[-1][1] if atos else marco
        limites = [
            (
                "quinquenal",
                _prescreve_em("punitiva", marco),
                citacao("prescricao_punitiva").referencia(),
            ),
            (
                "intercorrente",
                _prescreve_em("intercorrente", ultimo),
                citacao("prescricao_intercorrente").referencia(),
            ),
        ]
        for tipo, limite, fundamento in limites:
            if limite is None:
                continue
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
    return [
        AlertaDePrescricao.model_validate(x) for x in sorted(saida, key=lambda x: x["prescreve_em"])
    ]
