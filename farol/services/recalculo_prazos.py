"""Recálculo dos prazos em curso depois de mudar o calendário (issue 13, item 7).

Lei 9.784/1999 art. 66 § 1º: "Considera-se prorrogado o prazo até o primeiro dia útil seguinte
se o vencimento cair em dia em que não houver expediente ou este for encerrado antes da hora
normal." Um feriado acrescentado aos dados, um ponto facultativo ou um fechamento de OM
(`OMFechamento`) registrado depois da abertura do prazo muda o vencimento dos prazos em curso;
`farol prazos recalcular` (toda noite, ou depois da mudança) os põe em dia.

Por conjunto, não por processo: uma consulta lê todos os prazos em curso (da OM, com `om_sigla`)
e outra os fechamentos das OMs; os prazos se agrupam por (calendário da OM, regime, etapa) e o
motor vetorial (`calcular_vencimentos`, com a UF da OM e os seus fechamentos como `extras`) dá
o vencimento de cada grupo de uma vez. A versão da regra é a vigente no `inicio`, como quando o
prazo se abriu (`_abrir_prazo` chama `calcular_prazo` sem `data_norma`). Só os que mudaram são
calculados um a um (`calcular_prazo` com o calendário da OM: dias não úteis e fundamentos,
como `registrar_fechamento`) e gravados num só UPDATE em lote.

Ficam de fora os prazos cuja data o próprio ato fixou (`contagem == CONTAGEM_NO_ATO`), que não
se recalculam. Os de regra cujo número de dias a decisão fixa (`RegraPrazo.dias_da_decisao`)
não cabem no motor vetorial: são calculados um a um com os dias gravados (`dias_fixados`).

Prazo contado do vencimento de outro (`contado_do_vencimento_de` no quadro do regime, ex.: o do
laudo, contado do vencimento da defesa aberta pelo mesmo ato): se o vencimento do outro muda,
o seu início acompanha e ele é recalculado também.

O UPDATE só grava o prazo ainda em curso e com o vencimento lido (um ato que o encerre durante o
recálculo prevalece); o modelo de leitura (`processo_resumo`) dos processos alterados é
regravado na mesma transação.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt
from sqlalchemy import String, and_, bindparam, select, type_coerce, update
from sqlalchemy.orm import Session, aliased

from farol.domain.procedimento.carregar import carregar_regimes, contados_do_vencimento
from farol.domain.procedimento.guardas import ContextoAto, avaliar_guarda
from farol.domain.procedimento.quadro import PrazoIniciado, Transicao
from farol.erros import ErroFarol, NaoEncontrado
from farol.formatos import citado
from farol.normas.prazos import regra_prazo
from farol.rules.calendario import Calendario, obter_calendario
from farol.rules.prazos import ResultadoPrazo, calcular_prazo, calcular_vencimentos
from farol.services import resumo_processo
from farol.services.calendario_om import contados_pela_om, das_regras, om_do_calendario
from farol.services.resultados.base import Resultado
from farol.services.unit_of_work import caso_de_uso
from farol.store.orm import CONTAGEM_NO_ATO, OM, Ato, OMFechamento, Prazo

Inteiros = npt.NDArray[np.int64]


class RecalculoDaOM(Resultado):
    """Os prazos em curso dos processos de uma OM: quantos se examinaram e quantos mudaram."""

    om: str
    examinados: int
    alterados: int


class PrazoNaoRecalculado(Resultado):
    """Um prazo em curso que o motor recusou (ex.: regra extinta no início): fica como está."""

    prazo_id: int
    processo_id: int
    om: str
    regra: str
    motivo: str


class ResultadoRecalculo(Resultado):
    """O que o recálculo examinou e gravou; `por_om` conta os que ele achou mudados (um prazo
    encerrado por um ato durante o recálculo não se grava e sai de `alterados`)."""

    examinados: int
    """Prazos em curso recalculados (sem os de data fixada no ato, que não se recalculam)."""
    alterados: int
    """Prazos gravados com novo vencimento (ou novo início, se contado do vencimento de outro)."""
    por_om: list[RecalculoDaOM]
    nao_recalculados: list[PrazoNaoRecalculado]


@dataclass(frozen=True)
class _OM:
    sigla: str
    uf: str
    extras: tuple[tuple[dt.date, str], ...]  # os fechamentos (OMFechamento), por data

    def calendario(self) -> Calendario:
        """O mesmo de `calendario_da_om`, sem ler de novo os fechamentos. A sigla só nomeia o
        ato de cada fechamento: sem fechamento, é o calendário da UF, o mesmo (e do mesmo cache)
        que o motor vetorial usa."""
        if not self.extras:
            return obter_calendario(self.uf)
        return obter_calendario(self.uf, dict(self.extras), om=self.sigla)


@dataclass
class _Abertos:
    """Os prazos em curso, coluna a coluna (a posição `i` é o mesmo prazo em todas)."""

    ids: Inteiros
    processos: Inteiros
    oms: Inteiros
    regimes: list[str]
    etapas: list[str]
    inicios: npt.NDArray[np.datetime64]
    vencimentos: npt.NDArray[np.datetime64]
    dias: Inteiros


@dataclass(frozen=True)
class _Calculado:
    """Um prazo calculado um a um e o que dele se grava (o mesmo em todo prazo da mesma OM,
    regra, início e dias)."""

    prazo: ResultadoPrazo
    dias_nao_uteis: list[dict[str, Any]]
    fundamentos: list[str]


@cache
def _entradas() -> dict[tuple[str, str], tuple[tuple[Transicao, PrazoIniciado], ...]]:
    """(tipo do ato, regra do prazo) -> as entradas `inicia` dos quadros que abrem esse prazo
    por esse ato, em todos os regimes (o mesmo prazo pode contar do vencimento de outro numa
    norma e da data do ato noutra: duas entradas com condições)."""
    entradas: dict[tuple[str, str], list[tuple[Transicao, PrazoIniciado]]] = {}
    for maquina in carregar_regimes():
        for t in maquina.transicoes:
            for i in t.inicia:
                entradas.setdefault((t.tipo_ato, i.prazo), []).append((t, i))
    return {k: tuple(v) for k, v in entradas.items()}


@cache
def _origem(tipo: str, regra: str, regime: str, data_ato: dt.date) -> str | None:
    """De que prazo conta o prazo `regra` aberto pelo ato `tipo` de `data_ato` (None: da data
    do ato). Com entradas de condições diferentes, a que vale na data do ato, como no registro
    (as condições dessas entradas são as da norma em vigor na data)."""
    entradas = _entradas().get((tipo, regra), ())
    contadas = [i.contado_do_vencimento_de for _, i in entradas if i.contado_do_vencimento_de]
    if not contadas:
        return None
    if len(contadas) == len(entradas):
        return contadas[0]
    contexto = ContextoAto(data_ato=data_ato)
    for t, i in entradas:
        try:
            vale = i.se is None or avaliar_guarda(i.se, t, contexto, regime).permitido
        except ValueError:  # condição que pede fatos do processo: não se infere daqui
            return None
        if vale:
            return i.contado_do_vencimento_de
    return None


def _oms(s: Session, om_sigla: str | None) -> dict[int, _OM]:
    consulta = select(OM.id, OM.sigla, OM.uf)
    if om_sigla is not None:
        consulta = consulta.where(OM.sigla == om_sigla)
    linhas = s.execute(consulta).all()
    if om_sigla is not None and not linhas:
        raise NaoEncontrado(f"OM {citado(om_sigla)} não encontrada", campo="om")
    fechamentos: dict[int, dict[dt.date, str]] = {}
    consulta_f = select(OMFechamento.om_id, OMFechamento.data, OMFechamento.motivo)
    if om_sigla is not None:
        consulta_f = consulta_f.where(OMFechamento.om_id == linhas[0].id)
    for om_id, data, motivo in s.execute(consulta_f):
        fechamentos.setdefault(om_id, {})[data] = motivo
    return {
        om_id: _OM(sigla, uf, tuple(sorted(fechamentos.get(om_id, {}).items())))
        for om_id, sigla, uf in linhas
    }


def _datas(valores: Iterable[Any], n: int) -> npt.NDArray[np.datetime64]:
    """Datas ISO (texto cru do SQLite) ou `date` (PostgreSQL) -> datetime64[D]."""
    return np.array(list(valores) if n else [], dtype="datetime64[D]").reshape(n)


def _abertos(s: Session, om_id: int | None) -> _Abertos:
    """Todos os prazos em curso numa consulta; as datas vêm sem conversão para `date` (no
    SQLite, o texto ISO que o numpy lê de uma vez)."""
    consulta = select(
        Prazo.id,
        Prazo.processo_id,
        om_do_calendario(),
        Prazo.regime,
        Prazo.etapa,
        type_coerce(Prazo.inicio, String),
        type_coerce(Prazo.vencimento, String),
        Prazo.dias,
    ).where(
        Prazo.encerrado_em.is_(None),
        Prazo.contagem != CONTAGEM_NO_ATO,  # a data fixada no ato não se recalcula
    )
    if om_id is not None:
        consulta = consulta.where(contados_pela_om(om_id))
    linhas = s.execute(consulta).all()
    n = len(linhas)
    colunas: list[tuple[Any, ...]] = (
        list(zip(*linhas, strict=True)) if n else [()] * len(consulta.selected_columns)
    )
    ids, processos, oms, regimes, etapas, inicios, vencimentos, dias = colunas
    return _Abertos(
        ids=np.fromiter(ids, np.int64, n),
        processos=np.fromiter(processos, np.int64, n),
        oms=np.fromiter(oms, np.int64, n),
        regimes=list(regimes),
        etapas=list(etapas),
        inicios=_datas(inicios, n),
        vencimentos=_datas(vencimentos, n),
        dias=np.fromiter(dias, np.int64, n),
    )


def _grupos(a: _Abertos, oms: dict[int, _OM]) -> Iterable[tuple[_OM, str, str, Inteiros]]:
    """(uma OM do calendário, regime, etapa, posições) de cada grupo de prazos com o mesmo
    calendário (UF e fechamentos) e a mesma regra."""
    calendarios: dict[tuple[str, tuple[tuple[dt.date, str], ...]], int] = {}
    representante: list[_OM] = []
    cal_da_om = np.zeros(max(oms, default=0) + 1, dtype=np.int64)
    for om_id, om in oms.items():
        chave = (om.uf, om.extras)
        if chave not in calendarios:
            calendarios[chave] = len(representante)
            representante.append(om)
        cal_da_om[om_id] = calendarios[chave]
    regras: dict[tuple[str, str], int] = {}
    codigos = np.fromiter(
        (regras.setdefault(k, len(regras)) for k in zip(a.regimes, a.etapas, strict=True)),
        np.int64,
        len(a.ids),
    )
    if not regras:
        return
    chaves = cal_da_om[a.oms] * len(regras) + codigos
    ordem = np.argsort(chaves, kind="stable")
    cortes = np.flatnonzero(np.diff(chaves[ordem])) + 1
    nomes = {codigo: regra for regra, codigo in regras.items()}
    for posicoes in np.split(ordem, cortes):
        cal, codigo = divmod(int(chaves[posicoes[0]]), len(regras))
        regime, etapa = nomes[codigo]
        yield representante[cal], regime, etapa, posicoes


class _Recalculo:
    """Os prazos que mudaram, calculados um a um (com memória: muitos prazos da mesma OM e
    etapa começam no mesmo dia)."""

    def __init__(self, a: _Abertos, oms: dict[int, _OM]) -> None:
        self.a = a
        self.oms = oms
        self.calendarios: dict[int, Calendario] = {}
        self.memoria: dict[tuple[int, str, str, dt.date, int | None], _Calculado | str] = {}
        self.linhas: dict[int, dict[str, Any]] = {}  # posição -> linha do UPDATE
        self.recusas: dict[int, str] = {}

    def calcular(self, i: int, inicio: dt.date) -> _Calculado | str:
        a = self.a
        return self.calcular_na_om(int(a.oms[i]), a.regimes[i], a.etapas[i], inicio, int(a.dias[i]))

    def calcular_na_om(
        self, om_id: int, regime: str, etapa: str, inicio: dt.date, dias: int
    ) -> _Calculado | str:
        """O prazo `prazo.<regime>.<etapa>` de `inicio` pelo calendário da OM `om_id` (uma das
        lidas); `dias`: os gravados, usados só na regra cujo número de dias a decisão fixa."""
        fixados = dias if regra_prazo(regime, etapa).dias_da_decisao else None
        chave = (om_id, regime, etapa, inicio, fixados)
        if chave not in self.memoria:
            if om_id not in self.calendarios:
                self.calendarios[om_id] = self.oms[om_id].calendario()
            try:
                r = calcular_prazo(
                    etapa,
                    inicio,
                    regime=regime,
                    calendario=self.calendarios[om_id],
                    dias_fixados=fixados,  # o prazo cujo número de dias a decisão fixou o mantém
                )
                self.memoria[chave] = _Calculado(r, r.dias_nao_uteis_json(), list(r.fundamentos))
            except ErroFarol as e:
                self.memoria[chave] = e.texto()
        return self.memoria[chave]

    def conferir(self, i: int, inicio: dt.date | None = None) -> None:
        """Recalcula o prazo da posição `i` (com outro início, se o dado) e anota a linha do
        UPDATE se o vencimento ou o início mudou."""
        a = self.a
        antigo = _data(a.inicios[i])
        calculado = self.calcular(i, inicio or antigo)
        if isinstance(calculado, str):
            self.recusas[i] = calculado
            return
        r = calculado.prazo
        if r.vencimento == _data(a.vencimentos[i]) and r.inicio == antigo:
            self.linhas.pop(i, None)
            return
        self.linhas[i] = {
            "b_id": int(a.ids[i]),
            "b_lido": _data(a.vencimentos[i]),
            "b_inicio": r.inicio,
            "b_vencimento": r.vencimento,
            "b_dias": r.dias,
            "b_dias_nao_uteis": calculado.dias_nao_uteis,
            "b_fundamentos": calculado.fundamentos,
        }

    def seguir_contados(self) -> None:
        """Os prazos contados do vencimento de um prazo que mudou (no mesmo processo, com
        início no vencimento de antes) passam a contar do novo vencimento."""
        dependentes = contados_do_vencimento()
        a = self.a
        fila = [i for i in self.linhas if _regra(a, i) in dependentes]
        if not fila:
            return
        alvos = {r for regras in dependentes.values() for r in regras}
        por_processo: dict[tuple[int, str], list[int]] = {}
        for posicao in np.flatnonzero(np.isin(a.processos, a.processos[fila])).tolist():
            if _regra(a, posicao) in alvos:
                chave = (int(a.processos[posicao]), _regra(a, posicao))
                por_processo.setdefault(chave, []).append(posicao)
        vistos: set[int] = set()
        while fila:
            i = fila.pop()
            linha = self.linhas.get(i)
            if linha is None or i in vistos:
                continue
            vistos.add(i)
            for regra in dependentes.get(_regra(a, i), ()):
                for j in por_processo.get((int(a.processos[i]), regra), []):
                    if _data(a.inicios[j]) == linha["b_lido"]:
                        self.conferir(j, linha["b_vencimento"])
                        fila.append(j)


def _data(d: np.datetime64) -> dt.date:
    valor: dt.date = d.astype(dt.date)
    return valor


def _regra(a: _Abertos, i: int) -> str:
    return f"prazo.{a.regimes[i]}.{a.etapas[i]}"


@caso_de_uso(escrita=True)
def recalcular_prazos_abertos(s: Session, om_sigla: str | None = None) -> ResultadoRecalculo:
    """Recalcula o vencimento de todo prazo em curso (só os da OM `om_sigla`, se dada) com o
    calendário de hoje: feriados nacionais e da UF da OM e os fechamentos dela. Grava só os que
    mudaram, num UPDATE em lote; devolve quantos se examinaram e quantos mudaram, por OM."""
    oms = _oms(s, om_sigla)
    a = _abertos(s, next(iter(oms)) if om_sigla is not None else None)
    r = _Recalculo(a, oms)
    for om, regime, etapa, posicoes in _grupos(a, oms):
        regra = regra_prazo(regime, etapa)
        candidatos = posicoes
        if regra.calculavel:
            try:
                novos = calcular_vencimentos(
                    etapa,
                    a.inicios[posicoes],
                    regime,
                    om.uf,
                    extras=dict(om.extras) or None,
                )
                candidatos = posicoes[novos != a.vencimentos[posicoes]]
            except ErroFarol:  # um início que o motor recusa: um a um, para nomear qual
                pass
        for i in candidatos:
            r.conferir(int(i))
    r.seguir_contados()
    _alinhar_contados(s, r, next(iter(oms)) if om_sigla is not None else None)
    r.seguir_contados()
    alterados = _gravar(s, r)
    return _resultado(a, oms, r, alterados)


def _alinhar_contados(s: Session, r: _Recalculo, om_id: int | None) -> None:
    """O prazo em curso contado do vencimento de outro (`contado_do_vencimento_de`) começa no
    vencimento de hoje desse outro, ainda que o outro tenha mudado antes deste recálculo (um
    fechamento da OM registrado, que move o prazo em curso da defesa mas não o do laudo, contado
    do fim dela): `seguir_contados` só alcança os que mudam nesta passagem. O outro é o último
    prazo da sua regra no processo aberto antes deste, como quando este se abriu. Uma consulta:
    cada prazo contado de outro, com o ato que o abriu e os prazos de origem do processo.

    O outro já encerrado (a defesa apresentada antes do fim, de cuja expiração o julgamento se
    conta, Norma de 2023 item 3.6.3 b) não se regrava, mas a sua expiração é a do calendário de
    hoje: um dia sem expediente registrado na contagem dele adia o início do contado."""
    contados = contados_do_vencimento()  # regra de origem -> as contadas do vencimento dela
    if not contados:
        return
    alvos = {regra for dependentes in contados.values() for regra in dependentes}
    a = r.a
    origem = aliased(Prazo)
    consulta = (
        select(
            Prazo.id,
            Ato.tipo,
            Ato.data_ato,
            origem.id,
            origem.regime,
            origem.etapa,
            origem.vencimento,
            origem.encerrado_em,
            origem.inicio,
            origem.dias,
            origem.contagem,
            om_do_calendario(origem),
        )
        .join(Ato, Ato.id == Prazo.ato_id)
        .join(
            origem,
            and_(
                origem.processo_id == Prazo.processo_id,
                origem.id < Prazo.id,
                das_regras(contados, origem),
            ),
        )
        .where(
            Prazo.encerrado_em.is_(None),
            Prazo.contagem != CONTAGEM_NO_ATO,
            das_regras(alvos, Prazo),
        )
        .order_by(Prazo.id, origem.id)
    )
    if om_id is not None:
        consulta = consulta.where(contados_pela_om(om_id))
    fonte: dict[int, tuple[int, dt.date]] = {}  # prazo -> (último de origem, vencimento)
    ordem = np.argsort(a.ids)
    for (
        prazo_id,
        tipo,
        data_ato,
        origem_id,
        regime,
        etapa,
        vencimento,
        encerrado_em,
        inicio_origem,
        dias_origem,
        contagem_origem,
        om_origem,
    ) in s.execute(consulta):
        i = _posicao(a, ordem, prazo_id)
        if i is None:
            continue
        de = _origem(tipo, _regra(a, i), a.regimes[i], data_ato)
        if de != f"prazo.{regime}.{etapa}":
            continue
        if encerrado_em is not None and contagem_origem != CONTAGEM_NO_ATO and om_origem in r.oms:
            calculado = r.calcular_na_om(om_origem, regime, etapa, inicio_origem, dias_origem)
            if not isinstance(calculado, str):
                vencimento = calculado.prazo.vencimento
        fonte[prazo_id] = (origem_id, vencimento)  # na ordem: fica o último
    novos = {int(a.ids[i]): linha["b_vencimento"] for i, linha in r.linhas.items()}
    for prazo_id, (origem_id, vencimento) in fonte.items():
        i = _posicao(a, ordem, prazo_id)
        assert i is not None
        inicio = novos.get(origem_id, vencimento)
        atual = r.linhas[i]["b_inicio"] if i in r.linhas else _data(a.inicios[i])
        if inicio != atual:
            r.conferir(i, inicio)


def _posicao(a: _Abertos, ordem: Inteiros, prazo_id: int) -> int | None:
    """A posição do prazo `prazo_id` nos prazos em curso lidos (None se não está entre eles);
    `ordem`: `np.argsort(a.ids)`."""
    k = int(np.searchsorted(a.ids, prazo_id, sorter=ordem))
    if k < len(ordem) and int(a.ids[ordem[k]]) == prazo_id:
        return int(ordem[k])
    return None


def _gravar(s: Session, r: _Recalculo) -> int:
    """Um UPDATE em lote (executemany) das linhas que mudaram; devolve quantas se gravaram."""
    if not r.linhas:
        return 0
    comando = (
        update(Prazo)
        .where(
            Prazo.id == bindparam("b_id"),
            Prazo.encerrado_em.is_(None),  # encerrado durante o recálculo: o ato prevalece
            Prazo.vencimento == bindparam("b_lido"),
        )
        .values(
            inicio=bindparam("b_inicio"),
            vencimento=bindparam("b_vencimento"),
            dias=bindparam("b_dias"),
            dias_nao_uteis=bindparam("b_dias_nao_uteis"),
            fundamentos=bindparam("b_fundamentos"),
        )
    )
    gravados = s.connection().execute(comando, list(r.linhas.values())).rowcount
    resumo_processo.atualizar(s, {int(r.a.processos[i]) for i in r.linhas})
    return int(gravados) if gravados >= 0 else len(r.linhas)  # -1: o driver não informa


def _resultado(
    a: _Abertos, oms: dict[int, _OM], r: _Recalculo, alterados: int
) -> ResultadoRecalculo:
    examinados = Counter(dict(zip(*np.unique(a.oms, return_counts=True), strict=True)))
    mudaram = Counter(int(a.oms[i]) for i in r.linhas)
    por_om = sorted(
        (
            RecalculoDaOM(om=oms[int(o)].sigla, examinados=int(n), alterados=mudaram[int(o)])
            for o, n in examinados.items()
        ),
        key=lambda x: x.om,
    )
    recusas = [
        PrazoNaoRecalculado(
            prazo_id=int(a.ids[i]),
            processo_id=int(a.processos[i]),
            om=oms[int(a.oms[i])].sigla,
            regra=_regra(a, i),
            motivo=motivo,
        )
        for i, motivo in sorted(r.recusas.items())
    ]
    return ResultadoRecalculo(
        examinados=len(a.ids), alterados=alterados, por_om=por_om, nao_recalculados=recusas
    )
