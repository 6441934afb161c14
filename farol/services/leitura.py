"""Leitura do processo: cabeçalho, linha do tempo, prazos, penalidades e atos permitidos."""

from __future__ import annotations

from dataclasses import asdict
from decimal import Decimal
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from farol.domain.cpf_cnpj import formatar_documento
from farol.domain.papeis import PAPEIS_SEM_ATOS
from farol.domain.procedimento.carregar import carregar_regime
from farol.domain.procedimento.historico import efeito_do_recurso, fatos_do_recurso
from farol.normas.atos_do_sistema import atos_do_sistema
from farol.normas.infracoes import catalogo
from farol.normas.prazos import catalogo_prazos
from farol.relogio import hoje
from farol.services import custodia, poluicao, procuradores
from farol.services.acordao import acordao_dos_atos
from farol.services.comunicacao import descrever_ciencia, tem_ciencia
from farol.services.inspecao_do_processo import constatacoes_do_autuado
from farol.services.jurisdicao import Ator, carregar_processo
from farol.services.resultados.processo import ProcessoDetalhado
from farol.services.unit_of_work import caso_de_uso
from farol.store.orm import (
    OM,
    Ato,
    AutoDeInfracao,
    Embarcacao,
    Inspecao,
    Pagamento,
    Pessoa,
    Prazo,
    Processo,
    Usuario,
)
from farol.store.repositorio import data_do_fato, itens_do_auto, vigentes


def dinheiro(v: Decimal | None) -> str | None:
    return None if v is None else f"{v:.2f}"


def prazo_json(x: Prazo) -> dict[str, Any]:
    aberto = x.encerrado_em is None
    return {
        "id": x.id,
        "etapa": x.etapa,
        "regime": x.regime,
        "inicio": x.inicio.isoformat(),
        "vencimento": x.vencimento.isoformat(),
        "contagem": x.contagem,
        "dias": x.dias,
        "dias_nao_uteis": x.dias_nao_uteis,
        "fundamentos": x.fundamentos,
        "transicao": x.transicao,
        "aberto": aberto,
        "encerrado_em": None if aberto else x.encerrado_em.isoformat(),  # type: ignore[union-attr]
        "cumprido": x.cumprido,
        "vencido": aberto and hoje() > x.vencimento,
        "nome": catalogo_prazos().nome_da_etapa(x.regime, x.etapa),
    }


def _origem(s: Session, p: Processo) -> dict[str, Any] | None:
    """A apuração ou o inquérito cuja conclusão abriu o processo."""
    if p.origem_id is None:
        return None
    o = s.get(Processo, p.origem_id)
    assert o is not None
    return {"id": o.id, "numero": o.numero, "regime": o.regime}


def resumo(s: Session, p: Processo) -> dict[str, Any]:
    om = s.get(OM, p.om_id)
    autuado = s.get(Pessoa, p.autuado_id) if p.autuado_id else None
    emb = s.get(Embarcacao, p.embarcacao_id) if p.embarcacao_id else None
    assert om is not None
    maquina = carregar_regime(p.regime)
    return {
        "id": p.id,
        "numero": p.numero,
        "regime": p.regime,
        "estado": p.estado,
        "estado_nome": maquina.estado(p.estado).nome,
        "final": maquina.estado(p.estado).final,
        "sobrestado": p.sobrestado,
        "versao": p.versao,
        "om": {"sigla": om.sigla, "nome": om.nome, "uf": om.uf},
        "autuado": None
        if autuado is None
        else {
            "id": autuado.id,
            "nome": autuado.nome,
            "documento": formatar_documento(autuado.documento),
            "tipo": autuado.tipo,
        },
        "embarcacao": None
        if emb is None
        else {"id": emb.id, "nome": emb.nome, "inscricao": emb.inscricao},
        "criado_em": p.criado_em.isoformat(),
    }


def _embarcacao(s: Session, p: Processo) -> dict[str, Any] | None:
    """A embarcação do processo com o que o cadastro tem (nulo o que não foi informado)."""
    e = s.get(Embarcacao, p.embarcacao_id) if p.embarcacao_id else None
    if e is None:
        return None
    return {
        "id": e.id,
        "nome": e.nome,
        "inscricao": e.inscricao,
        "tipo": e.tipo,
        "propulsao": e.propulsao,
        "comprimento": e.comprimento,
    }


def _infracoes(s: Session, p: Processo) -> list[dict[str, Any]]:
    cat = catalogo()
    itens = itens_do_auto(s, p)
    fonte: list[tuple[str, str | None, int | None, list[str]]]
    if itens:
        fonte = [(i.infracao, i.autor_tipo, i.faltas, []) for i in itens]
    else:
        # Antes do auto: as constatações da inspeção que são do autuado, com o tipo de autor
        # e os fundamentos da autoria (a mesma decisão que abriu o processo).
        fonte = [
            (c.infracao, i.autor_tipo if i else None, c.faltas, list(i.fundamentos) if i else [])
            for c, i in constatacoes_do_autuado(s, p)
        ]
    saida = _infracoes_de_poluicao(s, p) if not fonte else []
    for codigo, autor, faltas, fundamentos_autoria in fonte:
        inf = cat.infracoes.get(codigo)
        if inf is not None and not fundamentos_autoria:
            fundamentos_autoria = [c.referencia() for c in inf.autoria.fontes]
        saida.append(
            {
                "codigo": codigo,
                "descricao": inf.descricao if inf else None,
                "penalidade": inf.penalidade_texto if inf else None,
                "fundamento": inf.fonte.referencia() if inf else None,
                "autor_tipo": autor,
                "fundamentos_autoria": list(dict.fromkeys(fundamentos_autoria)),
                "faltas": faltas,
            }
        )
    return saida


def _infracoes_de_poluicao(s: Session, p: Processo) -> list[dict[str, Any]]:
    """A infração do Auto de Infração por poluição, registrada no próprio ato com o
    enquadramento, e a faixa em vigor no fato (dados/poluicao.yaml)."""
    ato = poluicao.lavratura(s, p)
    if ato is None:
        return []
    codigo, registro, versao = poluicao.enquadramento(ato)
    return [
        {
            "codigo": codigo,
            "descricao": registro.descricao,
            "penalidade": poluicao.penalidade_texto(registro, versao.valor)
            if versao.valor
            else None,
            "fundamento": (ato.payload or {}).get("enquadramento") or versao.fonte.referencia(),
            "autor_tipo": None,
            "fundamentos_autoria": [],
            "faltas": None,
        }
    ]


@caso_de_uso()
def detalhar(s: Session, ator: Ator, processo_id: int) -> ProcessoDetalhado:
    p = carregar_processo(s, ator, processo_id)
    # a OM, o autuado, a embarcação e a inspeção numa consulta; guardados aqui, as leituras
    # seguintes deles (`resumo`, `_embarcacao`, a data do fato) não voltam ao banco
    relacionados = s.execute(
        select(OM, Pessoa, Embarcacao, Inspecao)
        .select_from(Processo)
        .join(OM, OM.id == Processo.om_id)
        .outerjoin(Pessoa, Pessoa.id == Processo.autuado_id)
        .outerjoin(Embarcacao, Embarcacao.id == Processo.embarcacao_id)
        .outerjoin(Inspecao, Inspecao.id == Processo.inspecao_id)
        .where(Processo.id == p.id)
    ).one()
    maquina = carregar_regime(p.regime)
    nomes_atos = {**atos_do_sistema().nomes, **{t.tipo_ato: t.nome for t in maquina.transicoes}}
    lista_atos = list(
        s.execute(select(Ato).where(Ato.processo_id == p.id).order_by(Ato.seq)).scalars()
    )
    ids = {a.ator_id for a in lista_atos}
    usuarios = {u.id: u for u in s.execute(select(Usuario).where(Usuario.id.in_(ids))).scalars()}
    atos = []
    for a in lista_atos:
        u = usuarios.get(a.ator_id)
        atos.append(
            {
                "id": a.id,
                "seq": a.seq,
                "tipo": a.tipo,
                "nome": nomes_atos.get(a.tipo, a.tipo),
                "data_ato": a.data_ato.isoformat(),
                "registrado_em": a.registrado_em.isoformat(),
                "ator": {"nome": u.nome if u else None, "papel": a.papel},
                "dados": a.payload,
                "intempestivo": a.intempestivo,
                "corrige_ato_id": a.corrige_ato_id,
                "hash": a.hash,
                "ciencia": (
                    descrever_ciencia(a.payload or {}) if tem_ciencia(maquina, a.tipo) else None
                ),
            }
        )
    prazos = [
        prazo_json(x)
        for x in s.execute(
            select(Prazo).where(Prazo.processo_id == p.id).order_by(Prazo.id)
        ).scalars()
    ]
    auto = s.execute(
        select(AutoDeInfracao).where(AutoDeInfracao.processo_id == p.id)
    ).scalar_one_or_none()
    pagos = list(s.execute(select(Pagamento).where(Pagamento.processo_id == p.id)).scalars())
    fatos = fatos_do_recurso(maquina, [(a.tipo, a.payload or {}) for a in lista_atos])
    penalidades = vigentes(s, p)
    total = sum((x.multa or Decimal("0.00") for x in penalidades), Decimal("0.00"))
    pago = sum((x.valor for x in pagos), Decimal("0.00"))
    permitidos = (
        [] if ator.papel in PAPEIS_SEM_ATOS else maquina.atos_permitidos(p.estado, ator.papel)
    )
    detalhe = {
        **resumo(s, p),
        "embarcacao": _embarcacao(s, p),
        "data_fato": data_do_fato(s, p).isoformat(),
        "origem": _origem(s, p),
        "auto": None
        if auto is None
        else {"numero": auto.numero, "lavrado_em": auto.lavrado_em.isoformat()},
        "acordao": acordao_dos_atos(maquina, [(a.tipo, a.payload or {}) for a in lista_atos]),
        "infracoes": _infracoes(s, p),
        "atos": atos,
        "prazos": prazos,
        "penalidades": [
            {
                "infracao": x.infracao,
                "multa": dinheiro(x.multa),
                "suspensao_dias": x.suspensao_dias,
                "cancelamento": x.cancelamento,
                "multiplicador": x.multiplicador,
                "justificativa": x.justificativa,
                "acessorias": x.acessorias or [],
            }
            for x in penalidades
        ],
        "multa_total": dinheiro(total),
        "pago": dinheiro(pago),
        "saldo": dinheiro(max(total - pago, Decimal("0.00"))),
        "restituicao_pendente": dinheiro(fatos.restituicao_pendente),
        "efeito_do_recurso": asdict(efeito_do_recurso(fatos)),
        "pagamentos": [
            {"valor": dinheiro(x.valor), "data": x.data.isoformat(), "referencia": x.referencia}
            for x in pagos
        ],
        "procuradores": procuradores.resumos(s, p.id),
        "atos_permitidos": [
            {"tipo": t.tipo_ato, "nome": t.nome, "fundamentos": list(t.fundamentos())}
            for t in permitidos
        ],
        "medidas": custodia.medidas_do_processo(s, p),
        "custodia": custodia.resumo(s, p),
    }
    del relacionados
    return ProcessoDetalhado.model_validate(detalhe)
