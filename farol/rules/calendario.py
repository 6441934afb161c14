"""Calendário de expediente de uma OM federal (CP/DL/AG): dias úteis e o motivo de cada folga.

Lei 9.784/1999 art. 66 §1º: "Considera-se prorrogado o prazo até o primeiro dia útil seguinte
se o vencimento cair em dia em que não houver expediente ou este for encerrado antes da hora
normal." Um dia é, portanto, de uma de três classes:

- útil: conta nos prazos em dias úteis e pode ser o dia do vencimento;
- útil de expediente reduzido (ponto facultativo a partir das 14h): conta como dia útil, mas um
  prazo que nele venceria prorroga-se;
- sem expediente (sábado, domingo, feriado nacional, estadual da UF, ponto facultativo
  integral, fechamento informado pela OM): não conta e não pode ser vencimento.

Os feriados vêm do pacote `holidays` (Brasil, e a UF quando informada); a lei de cada um (e os
feriados nacionais garantidos mesmo que o pacote não os traga) vem de `dados/feriados.yaml`, e os
pontos facultativos de cada ano, com o ato que os declarou e o expediente da OM, de
`dados/pontos_facultativos.yaml`. Cada dia sem expediente guarda as suas `Folga`s: o motivo
legível e a base legal (norma, dispositivo, texto e o que falta conferir). O calendário é
pré-calculado de 1990 a 2100 em vetores numpy (acumulado de dias úteis e próximo dia de
vencimento possível), para que o motor de prazos só faça indexação.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

import holidays
import numpy as np
import numpy.typing as npt

from farol.erros import EntradaInvalida
from farol.formatos import citado
from farol.normas.calendario import (
    BaseLegal,
    BasesCalendario,
    FeriadoNacional,
    bases_calendario,
    pontos_facultativos,
)

PRIMEIRO_DIA = dt.date(1990, 1, 1)
ULTIMO_DIA = dt.date(2100, 12, 31)
BASE = np.datetime64(PRIMEIRO_DIA.isoformat(), "D")
# fmt: off
UFS = frozenset((
    "AC", "AL", "AM", "AP", "BA", "CE", "DF", "ES", "GO", "MA", "MG", "MS", "MT", "PA",
    "PB", "PE", "PI", "PR", "RJ", "RN", "RO", "RR", "RS", "SC", "SE", "SP", "TO",
))
# fmt: on
_FIM_DE_SEMANA = {5: "sábado", 6: "domingo"}

Indices = npt.NDArray[np.int64]
Mascara = npt.NDArray[np.bool_]


def pascoa(ano: int) -> dt.date:
    """Domingo de Páscoa no calendário gregoriano (algoritmo de Meeus/Jones/Butcher)."""
    a = ano % 19
    b, c = divmod(ano, 100)
    d, e = divmod(b, 4)
    f = (b + 8) // 25
    g = (b - f + 1) // 3
    h = (19 * a + b - d - g + 15) % 30
    i, k = divmod(c, 4)
    semana = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 22 * semana) // 451
    mes, dia = divmod(h + semana - 7 * m + 114, 31)
    return dt.date(ano, mes, dia + 1)


@dataclass(frozen=True)
class Folga:
    """Um motivo de o dia não ser útil comum, com a sua base legal (uma ou mais citações)."""

    motivo: str  # "Natal (feriado nacional)", "sábado", o motivo informado pela OM
    bases: tuple[BaseLegal, ...]

    def para_json(self) -> list[dict[str, object]]:
        return [{"motivo": self.motivo, **b.para_json()} for b in self.bases]


@dataclass(frozen=True, eq=False)
class Calendario:
    """Calendário pré-calculado de `PRIMEIRO_DIA` a `ULTIMO_DIA`; índices contam a partir de 0."""

    uf: str | None
    extras: tuple[tuple[dt.date, str], ...]
    util: Mascara  # conta como dia útil
    vencivel: Mascara  # um prazo pode vencer neste dia (útil e sem expediente reduzido)
    acumulado_util: Indices  # acumulado_util[i] = nº de dias úteis em [0, i]
    posicoes_uteis: Indices  # índice do 1º, 2º, ... dia útil
    proximo_vencivel: Indices  # menor j >= i com vencivel[j]; len(util) se não houver
    folgas: Mapping[dt.date, tuple[Folga, ...]]  # feriados, pontos facultativos, fechamentos
    fim_de_semana: BaseLegal  # por que sábado e domingo não têm expediente

    @property
    def tamanho(self) -> int:
        return len(self.util)

    def indice(self, data: dt.date, *, campo: str = "data") -> int:
        if isinstance(data, dt.datetime) or not isinstance(data, dt.date):
            raise EntradaInvalida("informe uma data (AAAA-MM-DD), sem hora", campo=campo)
        if not PRIMEIRO_DIA <= data <= ULTIMO_DIA:
            raise EntradaInvalida(
                f"data {data:%d/%m/%Y} fora do calendário suportado "
                f"({PRIMEIRO_DIA:%d/%m/%Y} a {ULTIMO_DIA:%d/%m/%Y})",
                campo=campo,
            )
        return (data - PRIMEIRO_DIA).days

    @staticmethod
    def data(indice: int) -> dt.date:
        return PRIMEIRO_DIA + dt.timedelta(days=int(indice))

    def eh_dia_util(self, data: dt.date) -> bool:
        return bool(self.util[self.indice(data)])

    def pode_vencer(self, data: dt.date) -> bool:
        return bool(self.vencivel[self.indice(data)])

    def folgas_do_dia(self, data: dt.date) -> tuple[Folga, ...]:
        """Cada motivo de `data` não ser dia útil comum, com a base legal (fim de semana antes)."""
        folgas = self.folgas.get(data, ())
        fim_de_semana = _FIM_DE_SEMANA.get(data.weekday())
        if fim_de_semana:
            folgas = (Folga(fim_de_semana, (self.fim_de_semana,)), *folgas)
        return folgas

    def motivo(self, data: dt.date) -> str | None:
        """Por que `data` não é dia útil comum ("sábado", "Natal (feriado nacional)" ...)."""
        return "; ".join(f.motivo for f in self.folgas_do_dia(data)) or None

    def sem_vencimento_entre(self, de: int, ate: int, *, uteis: bool) -> list[int]:
        """Índices em [de, ate) que não são úteis (uteis=True) ou não podem ser vencimento."""
        if ate <= de:
            return []
        mascara = self.util if uteis else self.vencivel
        return [de + int(i) for i in np.flatnonzero(~mascara[de:ate])]


def validar_uf(uf: str | None) -> str | None:
    if uf is None:
        return None
    normalizada = uf.strip().upper()
    if normalizada not in UFS:
        raise EntradaInvalida(
            f"UF desconhecida: {citado(uf)} (use a sigla de uma das 27 unidades da federação)",
            campo="uf",
        )
    return normalizada


def obter_calendario(
    uf: str | None = None,
    extras: Mapping[dt.date, str] | None = None,
    *,
    om: str | None = None,
) -> Calendario:
    """Calendário nacional, da UF (feriados estaduais) e dos fechamentos da OM (`extras`).

    `extras` mapeia data -> motivo (feriado municipal, fechamento da OM); `om` é a sigla da OM
    que os informou, e com a data identifica o ato de cada fechamento. Calendários são guardados
    em cache por (uf, extras, om).
    """
    fechamentos: list[tuple[dt.date, str]] = []
    for data, motivo in sorted((extras or {}).items()):
        if isinstance(data, dt.datetime) or not isinstance(data, dt.date):
            raise EntradaInvalida(f"data de fechamento inválida: {data!r}", campo="extras")
        if not PRIMEIRO_DIA <= data <= ULTIMO_DIA:
            raise EntradaInvalida(f"fechamento fora do calendário: {data:%d/%m/%Y}", campo="extras")
        if not str(motivo).strip():
            raise EntradaInvalida(f"fechamento de {data:%d/%m/%Y} sem motivo", campo="extras")
        fechamentos.append((data, str(motivo).strip()))
    om_sigla = om.strip().upper() if om and om.strip() else None
    return _construir(validar_uf(uf), tuple(fechamentos), om_sigla)


@lru_cache(maxsize=64)
def _construir(
    uf: str | None, extras: tuple[tuple[dt.date, str], ...], om: str | None = None
) -> Calendario:
    bases = bases_calendario()
    anos = range(PRIMEIRO_DIA.year, ULTIMO_DIA.year + 1)
    tamanho = (ULTIMO_DIA - PRIMEIRO_DIA).days + 1
    dias_semana = (np.arange(tamanho, dtype=np.int64) + PRIMEIRO_DIA.weekday()) % 7
    util: Mascara = dias_semana < 5
    reduzido: Mascara = np.zeros(tamanho, dtype=np.bool_)
    folgas: dict[dt.date, dict[str, Folga]] = defaultdict(dict)

    def anotar(data: dt.date, motivo: str, *base: BaseLegal) -> None:
        folgas[data].setdefault(motivo, Folga(motivo, base))

    def fechar(data: dt.date, motivo: str, *base: BaseLegal) -> None:
        util[(data - PRIMEIRO_DIA).days] = False
        anotar(data, motivo, *base)

    nacionais = _feriados_nacionais(anos, bases)
    for data, feriados in nacionais.items():
        for nome, base in feriados.items():
            fechar(data, f"{nome} (feriado nacional)", base)
    if uf is not None:
        estaduais = holidays.country_holidays("BR", subdiv=uf, years=anos, language="pt_BR")
        for data in sorted(estaduais):
            for nome in estaduais.get_list(data):
                if nome not in nacionais.get(data, {}):
                    leis = bases.feriados_estaduais.bases(uf, nome, data)
                    fechar(data, f"{nome} (feriado estadual — {uf})", *leis)
    catalogo = pontos_facultativos()
    for ano in anos:
        for ponto in catalogo.do_ano(ano, pascoa(ano)):
            if ponto.expediente == "sem_expediente":
                fechar(ponto.data, f"{ponto.nome} (ponto facultativo)", ponto.base)
            elif ponto.expediente == "expediente_reduzido":
                reduzido[(ponto.data - PRIMEIRO_DIA).days] = True
                motivo = f"{ponto.nome} (expediente encerrado antes da hora normal)"
                anotar(ponto.data, motivo, ponto.base)
    for data, motivo in extras:
        fechar(data, motivo, bases.fechamento(data, motivo, om))

    vencivel = util & ~reduzido
    candidatos = np.where(vencivel, np.arange(tamanho, dtype=np.int64), tamanho)
    proximo = np.minimum.accumulate(candidatos[::-1])[::-1]
    return Calendario(
        uf=uf,
        extras=extras,
        util=util,
        vencivel=vencivel,
        acumulado_util=np.cumsum(util, dtype=np.int64),
        posicoes_uteis=np.flatnonzero(util).astype(np.int64),
        proximo_vencivel=np.ascontiguousarray(proximo, dtype=np.int64),
        folgas={d: tuple(f.values()) for d, f in folgas.items()},
        fim_de_semana=BaseLegal(bases.fim_de_semana),
    )


def _feriados_nacionais(anos: range, bases: BasesCalendario) -> dict[dt.date, dict[str, BaseLegal]]:
    """Feriados nacionais do pacote `holidays`, cada um com a sua lei (`dados/feriados.yaml`).

    Um feriado dos dados que o pacote não traga é acrescentado (Lei 14.759/2023 art. 1º: 20 de
    novembro, a partir de 2024, se a versão instalada não o tiver); um do pacote sem lei nos
    dados recebe a base genérica da portaria anual, com o `pendente` que o diz.
    """
    pacote = holidays.country_holidays("BR", years=anos, language="pt_BR")
    registrados = _feriados_registrados(anos, bases.feriados_nacionais)
    nacionais: dict[dt.date, dict[str, BaseLegal]] = {}
    for data in sorted(pacote):
        for nome in pacote.get_list(data):
            base = registrados.get((data, nome))
            nacionais.setdefault(data, {})[nome] = base or _sem_lei_registrada(nome)
    for (data, nome), base in registrados.items():
        if not nacionais.get(data):
            nacionais.setdefault(data, {})[nome] = base
    return nacionais


def _feriados_registrados(
    anos: range, feriados: tuple[FeriadoNacional, ...]
) -> dict[tuple[dt.date, str], BaseLegal]:
    """(data, nome) -> a base do registro de `desde` mais recente que já vale na data."""
    escolhidos: dict[tuple[dt.date, str], FeriadoNacional] = {}
    for ano in anos:
        for feriado in feriados:
            if feriado.pascoa is not None:
                data = pascoa(ano) + dt.timedelta(days=feriado.pascoa)
            else:
                assert feriado.mes is not None and feriado.dia is not None
                data = dt.date(ano, feriado.mes, feriado.dia)
            atual = escolhidos.get((data, feriado.nome))
            if feriado.desde <= data and (atual is None or atual.desde < feriado.desde):
                escolhidos[(data, feriado.nome)] = feriado
    return {chave: feriado.base for chave, feriado in sorted(escolhidos.items())}


def _sem_lei_registrada(nome: str) -> BaseLegal:
    padrao = pontos_facultativos().padrao
    return BaseLegal(padrao.ato, f"{nome}: feriado do pacote holidays sem lei em feriados.yaml")
