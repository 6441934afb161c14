"""O calendário de uma OM (feriados nacionais, da UF e fechamentos próprios)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import ColumnElement, and_, func, or_, select
from sqlalchemy.orm import Session, aliased

from farol.domain.procedimento.carregar import contados_do_vencimento
from farol.erros import EntradaInvalida
from farol.normas.prazos import autoridade_que_decide, regra_prazo
from farol.rules.calendario import Calendario, obter_calendario
from farol.rules.prazos import calcular_prazo
from farol.services.jurisdicao import om_pela_sigla
from farol.services.unit_of_work import caso_de_uso
from farol.store.orm import CONTAGEM_NO_ATO, OM, TIPOS_OM, OMFechamento, Prazo


def calendario_da_om(s: Session, om: OM) -> Calendario:
    """Cada fechamento registrado é um ato da OM: a sigla e a data o identificam, o motivo o
    justifica; o calendário o cita como base legal do dia sem expediente."""
    extras = {
        f.data: f.motivo
        for f in s.execute(select(OMFechamento).where(OMFechamento.om_id == om.id)).scalars()
    }
    return obter_calendario(om.uf, extras or None, om=om.sigla)


@caso_de_uso()
def calendario_da_sigla(s: Session, sigla_om: str) -> Calendario:
    """O calendário da OM pela sigla (`farol prazo --om`): a UF dela e os fechamentos que ela
    registrou (o feriado municipal da sede), o mesmo com que se contam os prazos dos processos
    dela. OM desconhecida: NaoEncontrado no campo `om`."""
    return calendario_da_om(s, om_pela_sigla(s, sigla_om))


def om_que_decide(s: Session, om_id: int, regime: str, etapa: str, inicio: dt.date) -> OM | None:
    """A OM cujo expediente conta o prazo `prazo.<regime>.<etapa>` aberto em `inicio` num
    processo da OM `om_id`, quando o prazo é o da decisão de um recurso (`decide` em
    dados/prazos.yaml) e essa OM não é a do processo: a OM do tipo da sigla da autoridade que
    decide (dados/instancias.yaml) mais próxima acima da do processo (o Capitão dos Portos: a
    Capitania da Delegacia ou Agência), ou a única desse tipo (o DPC). None: a OM do processo
    (o prazo não é de decisão de recurso, quem decide está na própria OM, ou a autoridade não
    tem OM cadastrada, como o DGN). Lei 9.784/1999 art. 66 § 1º: o dia sem expediente que
    prorroga o vencimento é o da repartição que tem de decidir."""
    autoridade = autoridade_que_decide(regra_prazo(regime, etapa), inicio)
    if autoridade is None or autoridade.sigla not in TIPOS_OM:
        return None
    atual = s.get(OM, om_id)
    while atual is not None:
        if atual.tipo == autoridade.sigla:
            return None if atual.id == om_id else atual
        atual = s.get(OM, atual.superior_id) if atual.superior_id is not None else None
    # fora da cadeia de OMs superiores: a única do tipo, se há uma só (o DPC)
    unica = s.execute(select(OM).where(OM.tipo == autoridade.sigla)).scalars().all()
    return unica[0] if len(unica) == 1 else None


def om_do_calendario(tabela: Any = Prazo) -> ColumnElement[int]:
    """A OM cujo calendário conta o prazo (de `tabela`, Prazo ou um apelido): a de quem decide
    (`calendario_om_id`) ou a do processo."""
    return func.coalesce(tabela.calendario_om_id, tabela.om_id)


def contados_pela_om(om_id: int) -> ColumnElement[bool]:
    """O prazo conta pelo calendário da OM `om_id`, pelos índices dos prazos em curso por OM e
    por calendário (a condição a mais de cada lado os deixa usáveis)."""
    return or_(
        and_(Prazo.om_id == om_id, Prazo.calendario_om_id.is_(None)),
        Prazo.calendario_om_id == om_id,
    )


def calendario_do_prazo(s: Session, prazo: Prazo, conhecidos: dict[int, Calendario]) -> Calendario:
    """O calendário que conta o `prazo`: o da OM de quem decide o recurso ou o da OM do
    processo; `conhecidos` (id da OM -> calendário) guarda os já lidos."""
    om_id = prazo.calendario_om_id or prazo.om_id
    if om_id not in conhecidos:
        om = s.get(OM, om_id)
        assert om is not None
        conhecidos[om_id] = calendario_da_om(s, om)
    return conhecidos[om_id]


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
    recalcula os prazos ABERTOS que esse dia alcança contados pelo calendário dela: os dos
    processos da OM e os das decisões de recurso que cabem a ela (Lei 9.784/1999 art. 66 § 1º).
    Devolve os prazos cujo vencimento mudou."""
    om = om_pela_sigla(s, sigla_om)
    if not motivo.strip():
        raise EntradaInvalida("informe o motivo do fechamento", campo="motivo")
    ja = s.execute(
        select(OMFechamento).where(OMFechamento.om_id == om.id, OMFechamento.data == data)
    ).scalar_one_or_none()
    if ja is not None:
        raise EntradaInvalida(f"{data:%d/%m/%Y} já está registrado: {ja.motivo}", campo="data")
    sem_o_dia = calendario_da_om(s, om)
    s.add(OMFechamento(om_id=om.id, data=data, motivo=motivo.strip()))
    s.flush()
    calendario = calendario_da_om(s, om)
    mudaram = []
    abertos = s.execute(
        select(Prazo).where(
            contados_pela_om(om.id),
            Prazo.encerrado_em.is_(None),
            Prazo.contagem != CONTAGEM_NO_ATO,  # a data fixada no ato não se recalcula
            Prazo.inicio < data,
            Prazo.vencimento >= data,
        )
    ).scalars()
    fila: list[tuple[Prazo | Expiracao, dt.date]] = []  # (o que mudou, o vencimento de antes)
    for prazo in abertos:
        antes = prazo.vencimento
        if recalcular_prazo(prazo, prazo.inicio, calendario):
            mudaram.append(prazo)
            fila.append((prazo, antes))
    fila += expiracoes_movidas(s, om.id, data, sem_o_dia, calendario)
    mudaram += [x for x, _ in mover_contados(s, fila, {om.id: calendario})]
    return list(dict.fromkeys(mudaram))


@dataclass(frozen=True)
class Expiracao:
    """A expiração de hoje de um prazo já encerrado de que outro se conta (a defesa apresentada
    antes do fim: o julgamento se conta "da data da expiração do prazo para apresentação da
    defesa", Norma de 2023 item 3.6.3 b). O prazo encerrado guarda o vencimento que tinha ao se
    encerrar; só os contados dele acompanham a expiração nova."""

    id: int
    processo_id: int
    regime: str
    etapa: str
    vencimento: dt.date


def expiracoes_movidas(
    s: Session, om_id: int, data: dt.date, antes: Calendario, depois: Calendario
) -> list[tuple[Prazo | Expiracao, dt.date]]:
    """Os prazos encerrados contados pelo calendário da OM `om_id` de que outro prazo se conta
    (`contado_do_vencimento_de`) e cuja contagem o dia sem expediente `data` alcança: (a
    expiração pelo calendário `depois` do dia, a expiração pelo de `antes`), se mudou. O
    prazo encerrado não se regrava: a expiração de antes é a do calendário sem o dia (de que os
    contados dele começaram), não a gravada quando ele se encerrou."""
    origens = contados_do_vencimento()
    if not origens:
        return []
    contado = aliased(Prazo)
    saida: list[tuple[Prazo | Expiracao, dt.date]] = []
    for prazo in s.execute(
        select(Prazo).where(
            contados_pela_om(om_id),
            Prazo.encerrado_em.is_not(None),
            Prazo.contagem != CONTAGEM_NO_ATO,
            Prazo.inicio < data,
            das_regras(origens),
            # só os que têm, depois deles no processo, um prazo em curso que se conta de um
            # deles (a consulta não cresce com os encerrados sem nada a mover)
            select(contado.id)
            .where(
                contado.processo_id == Prazo.processo_id,
                contado.id > Prazo.id,
                contado.encerrado_em.is_(None),
                das_regras({r for rs in origens.values() for r in rs}, contado),
            )
            .exists(),
        )
    ).scalars():
        velho, novo = (
            calcular_prazo(
                prazo.etapa,
                prazo.inicio,
                regime=prazo.regime,
                calendario=cal,
                dias_fixados=prazo.dias,
            ).vencimento
            for cal in (antes, depois)
        )
        if velho >= data and novo != velho:
            expiracao = Expiracao(prazo.id, prazo.processo_id, prazo.regime, prazo.etapa, novo)
            saida.append((expiracao, velho))
    return saida


def das_regras(regras: Iterable[str], tabela: Any = Prazo) -> ColumnElement[bool]:
    """O prazo (de `tabela`, Prazo ou um apelido dele) é de uma das `regras`
    (`prazo.<regime>.<etapa>`)."""
    pares = sorted(tuple(r.split(".")[1:]) for r in regras)
    return or_(*(and_(tabela.regime == regime, tabela.etapa == etapa) for regime, etapa in pares))


def mover_contados(
    s: Session,
    fila: Sequence[tuple[Prazo | Expiracao, dt.date]],
    calendarios: dict[int, Calendario],
) -> list[tuple[Prazo, dt.date]]:
    """Os prazos em curso contados do vencimento de um que mudou (o do laudo, do fim da
    defesa), que começavam no vencimento de antes, passam a contar do novo (e os contados
    deles), cada um pelo seu calendário (`calendario_do_prazo`; `calendarios`: os já lidos);
    `fila`: (prazo que mudou, ou a expiração nova de um encerrado, e o vencimento de antes).
    Devolve os que mudaram, com o vencimento de antes de cada um."""
    mudaram: list[tuple[Prazo, dt.date]] = []
    dependentes = contados_do_vencimento()
    pendentes = list(fila)
    while pendentes:
        fonte, antes = pendentes.pop()
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
                d, fonte.vencimento, calendario_do_prazo(s, d, calendarios)
            ):
                mudaram.append((d, anterior))
                pendentes.append((d, anterior))
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
