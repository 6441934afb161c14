"""Leitura do processo: cabeçalho, linha do tempo, prazos, penalidades e atos permitidos."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from decimal import Decimal
from functools import lru_cache
from typing import Any

from sqlalchemy import Row, bindparam, exists, select
from sqlalchemy.orm import Session, aliased

from farol import entrada
from farol.domain.cpf_cnpj import formatar_documento
from farol.domain.papeis import PAPEIS_SEM_ATOS
from farol.domain.procedimento.carregar import carregar_regime
from farol.domain.procedimento.historico import (
    EfeitoDoRecurso,
    efeito_do_recurso_no_regime,
    fatos_do_recurso,
)
from farol.domain.procedimento.maquina import Maquina
from farol.erros import NaoEncontrado
from farol.normas.atos_do_sistema import atos_do_sistema
from farol.normas.infracoes import catalogo
from farol.normas.prazos import catalogo_prazos
from farol.relogio import data_local, hoje
from farol.services import custodia, poluicao, procuradores
from farol.services.acordao import acordao_dos_atos
from farol.services.comunicacao import descrever_ciencia, tem_ciencia
from farol.services.inspecao_do_processo import constatacoes_do_autuado, do_autuado
from farol.services.jurisdicao import (
    Ator,
    competente_no_processo,
    competente_para_o_ato,
    corrige_no_processo,
    exigir_alcance,
)
from farol.services.penalidades_do_processo import agravantes_do_ato
from farol.services.resultados.processo import ProcessoDetalhado
from farol.services.unit_of_work import caso_de_uso
from farol.store.consulta_fixa import ConsultaFixa
from farol.store.orm import (
    OM,
    Ato,
    AutoDeInfracao,
    AutoInfracaoItem,
    Constatacao,
    Custodia,
    Embarcacao,
    Inspecao,
    MedidaAdministrativa,
    Pagamento,
    Penalidade,
    Pessoa,
    Prazo,
    Processo,
    Procurador,
    Usuario,
)
from farol.store.repositorio import conversao_da_origem, data_do_fato
from farol.store.secoes import Secoes


def dinheiro(v: Decimal | None) -> str | None:
    return None if v is None else f"{v:.2f}"


def prazo_json(x: Prazo | Row[Any] | Linha) -> dict[str, Any]:
    """Um prazo (objeto do ORM ou linha do Core, com as mesmas colunas) no JSON da leitura."""
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
        "expediente": _expediente(getattr(x, "calendario_om_sigla", None)),
    }


def _expediente(sigla: str | None) -> dict[str, str] | None:
    """O prazo da decisão do recurso que se prorroga pelo expediente da OM de quem decide
    (`calendario_om_id`; a leitura do processo junta a sigla): a OM e o fundamento."""
    if sigla is None:
        return None
    return {"om": sigla, "fundamento": catalogo_prazos().contagem.prorrogacao.referencia()}


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


_documento_formatado = lru_cache(maxsize=entrada.POR_PAGINA_MAXIMO)(formatar_documento)
"""`formatar_documento` (confere os dígitos verificadores a cada chamada) lembrado para os
documentos de uma página inteira: a mesma página pedida de novo não refaz as contas."""


def resumo_da_linha(x: Sequence[Any]) -> dict[str, Any]:
    """`resumo` de uma linha do Core, sem voltar ao banco (a lista de processos): a linha traz,
    nesta ordem, id, numero, regime, estado, sobrestado, versao, criado_em, autuado_id e
    embarcacao_id do processo; sigla, nome e uf da OM; nome, documento e tipo do autuado; nome
    e inscrição da embarcação (e o que mais vier depois, que fica de fora)."""
    (
        pid,
        numero,
        regime,
        sigla_estado,
        sobrestado,
        versao,
        criado_em,
        autuado_id,
        embarcacao_id,
        om_sigla,
        om_nome,
        om_uf,
        autuado_nome,
        autuado_documento,
        autuado_tipo,
        emb_nome,
        emb_inscricao,
    ) = x[:17]
    estado = carregar_regime(regime).estado(sigla_estado)
    return {
        "id": pid,
        "numero": numero,
        "regime": regime,
        "estado": sigla_estado,
        "estado_nome": estado.nome,
        "final": estado.final,
        "sobrestado": sobrestado,
        "versao": versao,
        "om": {"sigla": om_sigla, "nome": om_nome, "uf": om_uf},
        "autuado": None
        if not autuado_id
        else {
            "id": autuado_id,
            "nome": autuado_nome,
            "documento": _documento_formatado(autuado_documento),
            "tipo": autuado_tipo,
        },
        "embarcacao": None
        if not embarcacao_id
        else {"id": embarcacao_id, "nome": emb_nome, "inscricao": emb_inscricao},
        # o instante, não o texto: o resultado o tem como `Instante` (o mesmo JSON), e o texto
        # seria lido de volta na validação de cada item da página
        "criado_em": criado_em,
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


Fonte = list[tuple[str, str | None, int | None, list[str]]]
"""(código da infração, tipo de autor, faltas, fundamentos da autoria) de cada infração."""


def _infracoes(s: Session, p: Processo | None, itens: Fonte) -> list[dict[str, Any]]:
    """As infrações dos itens do auto (`itens`); sem eles, as constatações da inspeção que são
    do autuado (do processo `p`), com o tipo de autor e os fundamentos da autoria (a mesma
    decisão que abriu o processo); sem elas, as que a conclusão da apuração ou do inquérito de
    origem constatou; sem estas, a do auto de poluição."""
    cat = catalogo()
    if not itens:
        assert p is not None
    fonte = itens or [
        (c.infracao, i.autor_tipo if i else None, c.faltas, list(i.fundamentos) if i else [])
        for c, i in constatacoes_do_autuado(s, p)  # type: ignore[arg-type]
    ]
    if not fonte and p is not None:
        # o processo aberto pela conclusão da apuração ou do inquérito, antes do auto: as
        # infrações que a conclusão constatou (as da Notificação para Comparecimento)
        fonte = [(c, None, None, []) for c in _infracoes_da_conversao(s, p)]
    saida = _infracoes_de_poluicao(s, p) if not fonte and p is not None else []
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


def _infracoes_da_conversao(s: Session, p: Processo) -> list[str]:
    """Os códigos que a conclusão da apuração ou do inquérito de origem constatou (os mesmos da
    Notificação para Comparecimento em PDF), sem repetir."""
    conversao = conversao_da_origem(s, p)
    if conversao is None:
        return []
    return list(dict.fromkeys(str(c) for c in (conversao[1].payload or {}).get("infracoes", [])))


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


# --- o GET de um processo: consultas prontas do SQLAlchemy Core ------------------------------
#
# O GET de um processo é o caminho de leitura mais pedido: as consultas são montadas uma vez (na
# importação) e rodam pelo Core, sem o mapeamento de objetos do ORM. A primeira traz o processo
# e tudo o que é um-para-um (OM, autuado, embarcação, inspeção, origem, auto) e diz se há
# pagamentos, procuradores, medidas e custódia: as consultas dessas seções só rodam se houver.

_P = Processo.__table__
_ORIGEM = aliased(Processo, name="origem")
_ID: Any = bindparam("processo_id")


def _existe(coluna: Any) -> Any:
    return exists().where(coluna == _P.c.id)


_CABECALHO = (
    select(
        _P,
        OM.sigla.label("om_sigla"),
        OM.nome.label("om_nome"),
        OM.uf.label("om_uf"),
        Pessoa.nome.label("autuado_nome"),
        Pessoa.documento.label("autuado_documento"),
        Pessoa.tipo.label("autuado_tipo"),
        Embarcacao.id.label("emb_id"),
        Embarcacao.nome.label("emb_nome"),
        Embarcacao.inscricao.label("emb_inscricao"),
        Embarcacao.tipo.label("emb_tipo"),
        Embarcacao.propulsao.label("emb_propulsao"),
        Embarcacao.comprimento.label("emb_comprimento"),
        Inspecao.data_hora.label("inspecao_data_hora"),
        Inspecao.condutor_id.label("inspecao_condutor_id"),
        Inspecao.proprietario_id.label("inspecao_proprietario_id"),
        _ORIGEM.numero.label("origem_numero"),
        _ORIGEM.regime.label("origem_regime"),
        AutoDeInfracao.id.label("auto_id"),
        AutoDeInfracao.numero.label("auto_numero"),
        AutoDeInfracao.lavrado_em.label("auto_lavrado_em"),
        _existe(Procurador.processo_id).label("tem_procuradores"),
        _existe(MedidaAdministrativa.processo_id).label("tem_medidas"),
        _existe(Custodia.processo_id).label("tem_custodia"),
    )
    .join(OM, OM.id == _P.c.om_id)
    .outerjoin(Pessoa, Pessoa.id == _P.c.autuado_id)
    .outerjoin(Embarcacao, Embarcacao.id == _P.c.embarcacao_id)
    .outerjoin(Inspecao, Inspecao.id == _P.c.inspecao_id)
    .outerjoin(_ORIGEM, _ORIGEM.id == _P.c.origem_id)
    .outerjoin(AutoDeInfracao, AutoDeInfracao.processo_id == _P.c.id)
    .where(_P.c.id == _ID)
)
_ATOS = (
    select(Ato.__table__, Usuario.nome.label("ator_nome"))
    .outerjoin(Usuario, Usuario.id == Ato.ator_id)
    .where(Ato.processo_id == _ID)
)
_PRAZOS = select(
    Prazo.__table__,
    select(OM.sigla)
    .where(OM.id == Prazo.calendario_om_id)
    .scalar_subquery()
    .label("calendario_om_sigla"),
).where(Prazo.processo_id == _ID)
_PAGAMENTOS = select(Pagamento.valor, Pagamento.data, Pagamento.referencia).where(
    Pagamento.processo_id == _ID
)
_PENALIDADES = (
    select(Penalidade.__table__, Ato.seq.label("ato_seq"))
    .join(Ato, Ato.id == Penalidade.ato_id)
    .where(Penalidade.processo_id == _ID)
)
_CONSTATACOES = (
    select(Constatacao.infracao, Constatacao.faltas)
    .join(_P, _P.c.inspecao_id == Constatacao.inspecao_id)
    .where(_P.c.id == _ID)
)
_ITENS_DO_AUTO = (
    select(AutoInfracaoItem.infracao, AutoInfracaoItem.autor_tipo, AutoInfracaoItem.faltas)
    .join(AutoDeInfracao, AutoDeInfracao.id == AutoInfracaoItem.auto_id)
    .where(AutoDeInfracao.processo_id == _ID)
)
_ABERTO = aliased(Processo, name="aberto")
_ABERTOS = select(_ABERTO.id, _ABERTO.numero, _ABERTO.regime).where(_ABERTO.origem_id == _ID)
"""Os processos que este abriu (a conclusão da apuração ou do inquérito, a custódia da
apreensão): `processo.origem_id` tem índice."""
_CONSULTAS_DO_PROCESSO: dict[str, tuple[Any, Any]] = {
    "cabecalho": (_CABECALHO, _P.c.id),
    "atos": (_ATOS, Ato.seq),
    "prazos": (_PRAZOS, Prazo.id),
    "pagamentos": (_PAGAMENTOS, Pagamento.id),
    "penalidades": (_PENALIDADES, Penalidade.id),
    "itens_do_auto": (_ITENS_DO_AUTO, AutoInfracaoItem.id),
    "constatacoes": (_CONSTATACOES, Constatacao.id),
    "abertos": (_ABERTOS, _ABERTO.id),
}
"""Cada seção da leitura de um processo: a sua consulta e a coluna da sua ordem."""
_SECOES = Secoes(_CONSULTAS_DO_PROCESSO)
"""O processo e as suas listas numa consulta: uma ida ao banco, não oito (`farol.store.secoes`).
A linha do processo vem na seção `cabecalho`; sem ela, o processo não existe."""
_UNIAO = ConsultaFixa(_SECOES.consulta)
"""A união de `_SECOES`, com o SQL compilado guardado nela (`farol.store.consulta_fixa`)."""
Linha = Any
"""Uma linha de uma seção de `_SECOES`: tupla nomeada com as colunas da consulta da seção."""


def _penalidades_vigentes(p: Linha, maquina: Any, todas: list[Linha]) -> list[Linha]:
    """As penalidades da decisão mais recente que as fixou (o mesmo que
    `repositorio.vigentes`: as do ato de maior `seq`)."""
    if not todas or p.estado in maquina.estados_com("sem_penalidade"):
        return []
    ultima = max(todas, key=lambda x: x.ato_seq)
    return [x for x in todas if x.ato_id == ultima.ato_id]


def _constatacoes(p: Linha, linhas: list[Linha]) -> Fonte:
    """Sem auto: as constatações da inspeção que são do autuado, com o tipo de autor e os
    fundamentos da autoria (`inspecao_do_processo.do_autuado`, a mesma decisão que abriu o
    processo), com as pessoas da inspeção que o cabeçalho já trouxe."""
    if p.inspecao_id is None or p.autuado_id is None:
        return []
    return [
        (c.infracao, i.autor_tipo if i else None, c.faltas, list(i.fundamentos) if i else [])
        for c, i in do_autuado(
            linhas,
            [c.infracao for c in linhas],
            p.inspecao_condutor_id,
            p.inspecao_proprietario_id,
            p.autuado_id,
        )
    ]


def _data_do_fato(s: Session, p: Linha, atos: list[Linha]) -> dt.date:
    """`repositorio.data_do_fato` com o que o cabeçalho e a linha do tempo já trouxeram; só a
    origem (apuração, inquérito) volta ao banco."""
    if p.inspecao_id is not None:
        return data_local(p.inspecao_data_hora)
    if p.origem_id is not None:
        return data_do_fato(s, _orm(s, p))
    if not atos:
        return data_local(p.criado_em)
    registrada = (atos[0].payload or {}).get("data_fato")
    return dt.date.fromisoformat(registrada) if registrada else atos[0].data_ato


def _efeito(e: EfeitoDoRecurso) -> dict[str, Any]:
    """`asdict(e)` sem a cópia recursiva de `dataclasses.asdict` (os campos são simples)."""
    return {"suspensivo": e.suspensivo, "texto": e.texto, "fundamento": e.fundamento}


def _orm(s: Session, p: Linha) -> Processo:
    """O processo como objeto do ORM, para as seções raras que o pedem (custódia, medidas,
    constatações da inspeção, auto de poluição)."""
    o = s.get(Processo, p.id)
    assert o is not None
    return o


@caso_de_uso()
def detalhar(s: Session, ator: Ator, processo_id: int) -> ProcessoDetalhado:
    # `.all()`: as linhas num `fetchall` do driver, não um `fetchone` por linha
    linhas = _UNIAO.executar(s.connection(), {"processo_id": processo_id}).all()
    secoes = _SECOES.separar(linhas)
    if not secoes["cabecalho"]:
        raise NaoEncontrado("processo não encontrado", campo="id")
    p = secoes["cabecalho"][0]
    exigir_alcance(ator, p.om_id)
    maquina = carregar_regime(p.regime)
    lista_atos = secoes["atos"]
    do_sistema = atos_do_sistema().nomes
    # o nome pela transição que cada ato disparou (o pagamento "com recurso pendente" só quando
    # havia recurso pendente)
    nomes_atos = maquina.nomes_dos_atos([(a.tipo, a.payload or {}) for a in lista_atos])
    atos = [
        {
            "id": a.id,
            "seq": a.seq,
            "tipo": a.tipo,
            "nome": nome or do_sistema.get(a.tipo, a.tipo),
            "data_ato": a.data_ato.isoformat(),
            "registrado_em": a.registrado_em.isoformat(),
            "ator": {"nome": a.ator_nome, "papel": a.papel},
            "dados": a.payload,
            "intempestivo": a.intempestivo,
            "corrige_ato_id": a.corrige_ato_id,
            "hash": a.hash,
            "ciencia": (
                descrever_ciencia(a.payload or {}) if tem_ciencia(maquina, a.tipo) else None
            ),
        }
        for a, nome in zip(lista_atos, nomes_atos, strict=True)
    ]
    prazos = [prazo_json(x) for x in secoes["prazos"]]
    pagos = secoes["pagamentos"]
    tipos_e_dados = [(a.tipo, a.payload or {}) for a in lista_atos]
    fatos = fatos_do_recurso(maquina, tipos_e_dados)
    penalidades = _penalidades_vigentes(p, maquina, secoes["penalidades"])
    payloads = {a.id: a.payload for a in lista_atos}  # as agravantes, do ato que decidiu
    total = sum((x.multa or Decimal("0.00") for x in penalidades), Decimal("0.00"))
    pago = sum((x.valor for x in pagos), Decimal("0.00"))
    permitidos = (
        []
        if ator.papel in PAPEIS_SEM_ATOS or not competente_no_processo(ator, p.om_id)
        else _permitidos_ao_ator(maquina, ator, p.om_id, p.estado, lista_atos)
    )
    estado = maquina.estado(p.estado)
    itens: Fonte = [(c, autor, faltas, []) for c, autor, faltas in secoes["itens_do_auto"]]
    itens = itens or _constatacoes(p, secoes["constatacoes"])
    # sem itens do auto nem constatações, o auto de poluição (raro: pelo ORM)
    infracoes = _infracoes(s, None if itens else _orm(s, p), itens)
    detalhe = {
        "id": p.id,
        "numero": p.numero,
        "regime": p.regime,
        "estado": p.estado,
        "estado_nome": estado.nome,
        "final": estado.final,
        "sobrestado": p.sobrestado,
        "versao": p.versao,
        "om": {"sigla": p.om_sigla, "nome": p.om_nome, "uf": p.om_uf},
        "autuado": None
        if p.autuado_id is None
        else {
            "id": p.autuado_id,
            "nome": p.autuado_nome,
            "documento": formatar_documento(p.autuado_documento),
            "tipo": p.autuado_tipo,
        },
        "embarcacao": None
        if p.emb_id is None
        else {
            "id": p.emb_id,
            "nome": p.emb_nome,
            "inscricao": p.emb_inscricao,
            "tipo": p.emb_tipo,
            "propulsao": p.emb_propulsao,
            "comprimento": p.emb_comprimento,
        },
        "criado_em": p.criado_em.isoformat(),
        "data_fato": _data_do_fato(s, p, lista_atos).isoformat(),
        "origem": None
        if p.origem_id is None
        else {"id": p.origem_id, "numero": p.origem_numero, "regime": p.origem_regime},
        "abertos": [
            {"id": x.id, "numero": x.numero, "regime": x.regime} for x in secoes["abertos"]
        ],
        "auto": None
        if p.auto_id is None
        else {"numero": p.auto_numero, "lavrado_em": p.auto_lavrado_em.isoformat()},
        "acordao": acordao_dos_atos(maquina, tipos_e_dados),
        "infracoes": infracoes,
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
                "agravantes": agravantes_do_ato(payloads.get(x.ato_id), x.infracao),
            }
            for x in penalidades
        ],
        "multa_total": dinheiro(total),
        "pago": dinheiro(pago),
        "saldo": dinheiro(max(total - pago, Decimal("0.00"))),
        "restituicao_pendente": dinheiro(fatos.restituicao_pendente),
        "efeito_do_recurso": _efeito(efeito_do_recurso_no_regime(maquina, fatos, hoje())),
        "pagamentos": [
            {"valor": dinheiro(x.valor), "data": x.data.isoformat(), "referencia": x.referencia}
            for x in pagos
        ],
        "procuradores": procuradores.resumos(s, p.id) if p.tem_procuradores else [],
        "atos_permitidos": [
            {"tipo": t.tipo_ato, "nome": t.nome, "fundamentos": list(t.fundamentos())}
            for t in permitidos
        ],
        "medidas": custodia.medidas_do_processo(s, _orm(s, p)) if p.tem_medidas else [],
        "custodia": custodia.resumo(s, _orm(s, p)) if p.tem_custodia else None,
        "divergencias": p.divergencias or [],
    }
    return ProcessoDetalhado.model_validate(detalhe)


def _permitidos_ao_ator(
    maquina: Maquina, ator: Ator, om_id: int, estado: str, atos: Sequence[Any]
) -> list[Any]:
    """Os atos do estado que o papel registra neste processo: na OM subordinada, o Capitão dos
    Portos só os do recurso, e corrige só o que registraria (`jurisdicao`)."""
    praticados = (maquina.transicao_do_tipo(a.tipo) for a in atos)
    corrige = corrige_no_processo(ator, om_id, (t.papeis for t in praticados if t))
    return [
        t
        for t in maquina.atos_permitidos(estado, ator.papel)
        if (corrige if t.e_correcao else competente_para_o_ato(ator, om_id, t.papeis))
    ]
