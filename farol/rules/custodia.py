"""As contas da custódia: diárias pela tabela datada da OM e o que falta pagar para liberar o
bem (NORMAM-07 itens 0311 e 0312 a; LESTA art. 18). Funções puras, em Decimal.

Regra das diárias (dados/custodia.yaml, `diarias`): cada dia de guarda se cobra pelo valor da
tabela em vigor nesse dia, do recolhimento (incluído) ao fim da guarda (excluído); no mínimo uma
diária. Um dia sem tabela em vigor não se cobra e o extrato o aponta.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal

ZERO = Decimal("0.00")


@dataclass(frozen=True)
class Tarifa:
    """Um valor diário da tabela de uma OM, em vigor a partir de `vigente_desde`."""

    item: str
    vigente_desde: dt.date
    valor: Decimal
    ato: str


@dataclass(frozen=True)
class TrechoDiario:
    """Dias seguidos de um item cobrados pelo mesmo valor (de `de` a `ate`, incluídos)."""

    item: str
    de: dt.date
    ate: dt.date
    dias: int
    valor_diario: Decimal
    ato: str

    @property
    def subtotal(self) -> Decimal:
        return self.valor_diario * self.dias


@dataclass(frozen=True)
class Lancamento:
    descricao: str
    valor: Decimal


@dataclass(frozen=True)
class Extrato:
    """As contas da custódia numa data."""

    ate: dt.date
    """Último dia cobrado (incluído)."""
    diarias: int
    trechos: tuple[TrechoDiario, ...]
    sem_tabela: tuple[tuple[str, dt.date, dt.date], ...]
    """Itens e períodos (de, até, incluídos) sem tabela em vigor: não cobrados."""
    avulsas: tuple[Lancamento, ...]
    pago: Decimal
    multas: tuple[Lancamento, ...] = field(default=())
    deduzido_do_leilao: Decimal = ZERO
    """O que o produto do leilão cobriu das despesas da custódia (NORMAM-07 item 0313)."""
    diarias_correm: bool = True
    """Falso com a guarda pelo fiel depositário que responde pelas despesas (custodia.yaml,
    `diarias.sem_diarias`): os dias se contam, as diárias da tabela da OM não se cobram."""

    @property
    def total_diarias(self) -> Decimal:
        return sum((t.subtotal for t in self.trechos), ZERO)

    @property
    def total_custodia(self) -> Decimal:
        return self.total_diarias + sum((x.valor for x in self.avulsas), ZERO)

    @property
    def saldo_custodia(self) -> Decimal:
        """O que falta pagar das despesas da custódia (negativo: pago a maior), depois do que
        o produto do leilão cobriu."""
        return self.total_custodia - self.pago - self.deduzido_do_leilao

    @property
    def total_multas(self) -> Decimal:
        return sum((x.valor for x in self.multas), ZERO)

    @property
    def total_devido(self) -> Decimal:
        return max(self.saldo_custodia, ZERO) + self.total_multas


def numero_de_diarias(inicio: dt.date, fim: dt.date) -> int:
    """Diárias do recolhimento (incluído) ao fim da guarda (excluído), no mínimo uma."""
    return max(1, (fim - inicio).days)


def trechos(
    tarifas: Iterable[Tarifa], itens: Sequence[str], inicio: dt.date, ultimo: dt.date
) -> tuple[tuple[TrechoDiario, ...], tuple[tuple[str, dt.date, dt.date], ...]]:
    """Os dias de `inicio` a `ultimo` (incluídos), por item, cortados nas mudanças da tabela.

    Item sem tabela numa OM que tem tabela de outros: a OM não o cobra. A OM sem tabela
    nenhuma não disse o que cobra: todos os dias de todos os itens ficam "sem tabela" (o extrato
    o aponta, em vez de dizer que nada há a pagar)."""
    por_item: dict[str, list[Tarifa]] = {}
    for t in tarifas:
        por_item.setdefault(t.item, []).append(t)
    saida: list[TrechoDiario] = []
    sem: list[tuple[str, dt.date, dt.date]] = []
    if not por_item:
        return (), tuple((item, inicio, ultimo) for item in itens)
    for item in itens:
        lista = sorted(por_item.get(item, ()), key=lambda t: t.vigente_desde)
        if not lista:
            continue  # a OM não cobra este item
        primeira = lista[0].vigente_desde
        if primeira > inicio:
            sem.append((item, inicio, min(ultimo, primeira - dt.timedelta(days=1))))
        for n, t in enumerate(lista):
            proxima = lista[n + 1].vigente_desde if n + 1 < len(lista) else None
            de = max(inicio, t.vigente_desde)
            ate = ultimo if proxima is None else min(ultimo, proxima - dt.timedelta(days=1))
            if de > ate:
                continue
            saida.append(TrechoDiario(item, de, ate, (ate - de).days + 1, t.valor, t.ato))
    return tuple(saida), tuple(sem)


def extrato(
    tarifas: Iterable[Tarifa],
    itens: Sequence[str],
    inicio: dt.date,
    fim: dt.date,
    avulsas: Iterable[Lancamento] = (),
    pago: Decimal = ZERO,
    multas: Iterable[Lancamento] = (),
    deduzido_do_leilao: Decimal = ZERO,
    *,
    diarias_correm: bool = True,
) -> Extrato:
    """As contas da guarda de `inicio` até o dia anterior a `fim` (a data da entrega, ou a de
    hoje para a guarda em curso), no mínimo um dia. Sem `diarias_correm`, nenhum item da
    tabela se cobra (nem se aponta dia sem tabela)."""
    n = numero_de_diarias(inicio, fim)
    ultimo = inicio + dt.timedelta(days=n - 1)
    t, sem = trechos(tarifas, itens if diarias_correm else (), inicio, ultimo)
    return Extrato(
        ate=ultimo,
        diarias=n,
        trechos=t,
        sem_tabela=sem,
        avulsas=tuple(avulsas),
        pago=pago,
        multas=tuple(x for x in multas if x.valor > 0),
        deduzido_do_leilao=deduzido_do_leilao,
        diarias_correm=diarias_correm,
    )


def pendencias(e: Extrato, nomes: dict[str, str]) -> list[Lancamento]:
    """O que falta pagar para liberar o bem, item a item: o pago abate primeiro as despesas de
    quem apreendeu e as avulsas, depois as diárias na ordem dos itens; as multas se pagam no
    processo delas."""
    devidos: list[Lancamento] = [*e.avulsas]
    por_item: dict[str, tuple[int, Decimal]] = {}
    for t in e.trechos:
        dias, valor = por_item.get(t.item, (0, ZERO))
        por_item[t.item] = (dias + t.dias, valor + t.subtotal)
    devidos += [
        Lancamento(f"{nomes.get(item, item)} ({dias} diária{'s' if dias != 1 else ''})", valor)
        for item, (dias, valor) in por_item.items()
    ]
    resta = e.pago
    saida: list[Lancamento] = []
    for x in devidos:
        abatido = min(resta, x.valor)
        resta -= abatido
        if x.valor - abatido > 0:
            saida.append(Lancamento(x.descricao, x.valor - abatido))
    return saida + list(e.multas)
