"""Calendário de expediente de uma OM federal (CP/DL/AG): dias úteis e o motivo de cada folga.

Lei 9.784/1999 art. 66 §1º: "Considera-se prorrogado o prazo até o primeiro dia útil seguinte
se o vencimento cair em dia em que não houver expediente ou este for encerrado antes da hora
normal." Um dia é, portanto, de uma de três classes:

- útil: conta nos prazos em dias úteis e pode ser o dia do vencimento;
- útil de expediente reduzido (ponto facultativo a partir das 14h): conta como dia útil, mas um
  prazo que nele venceria prorroga-se;
- sem expediente (sábado, domingo, feriado nacional, estadual da UF, ponto facultativo
  integral, fechamento informado pela OM): não conta e não pode ser vencimento.

Os feriados vêm do pacote `holidays` (Brasil, e a UF quando informada); a política de pontos
facultativos e os feriados nacionais de data fixa garantidos vêm de `dados/prazos.yaml`. O
calendário é pré-calculado de 1990 a 2100 em vetores numpy (acumulado de dias úteis e próximo
dia de vencimento possível), para que o motor de prazos só faça indexação.
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
from farol.normas.prazos import PoliticaCalendario, catalogo_prazos

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
    motivos: Mapping[dt.date, tuple[str, ...]]  # feriados, pontos facultativos, fechamentos
    fundamentos: Mapping[dt.date, str]  # lei do feriado nacional, quando registrada

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

    def motivo(self, data: dt.date) -> str | None:
        """Por que `data` não é dia útil comum ("sábado", "Natal (feriado nacional)" ...)."""
        partes = list(self.motivos.get(data, ()))
        fim_de_semana = _FIM_DE_SEMANA.get(data.weekday())
        if fim_de_semana:
            partes.insert(0, fim_de_semana)
        return "; ".join(partes) or None

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
            f"UF desconhecida: {uf!r} (use a sigla de uma das 27 unidades da federação)",
            campo="uf",
        )
    return normalizada


def obter_calendario(
    uf: str | None = None, extras: Mapping[dt.date, str] | None = None
) -> Calendario:
    """Calendário nacional, da UF (feriados estaduais) e dos fechamentos da OM (`extras`).

    `extras` mapeia data -> motivo (feriado municipal, fechamento da OM); calendários são
    guardados em cache por (uf, extras).
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
    return _construir(validar_uf(uf), tuple(fechamentos))


@lru_cache(maxsize=64)
def _construir(uf: str | None, extras: tuple[tuple[dt.date, str], ...]) -> Calendario:
    politica = catalogo_prazos().calendario
    anos = range(PRIMEIRO_DIA.year, ULTIMO_DIA.year + 1)
    tamanho = (ULTIMO_DIA - PRIMEIRO_DIA).days + 1
    dias_semana = (np.arange(tamanho, dtype=np.int64) + PRIMEIRO_DIA.weekday()) % 7
    util: Mascara = dias_semana < 5
    reduzido: Mascara = np.zeros(tamanho, dtype=np.bool_)
    motivos: dict[dt.date, list[str]] = defaultdict(list)

    def fechar(data: dt.date, motivo: str) -> None:
        util[(data - PRIMEIRO_DIA).days] = False
        motivos[data].append(motivo)

    nacionais, fundamentos = _feriados_nacionais(anos, politica)
    for data, nomes in nacionais.items():
        for nome in nomes:
            fechar(data, f"{nome} (feriado nacional)")
    if uf is not None:
        estaduais = holidays.country_holidays("BR", subdiv=uf, years=anos, language="pt_BR")
        for data in sorted(estaduais):
            for nome in estaduais.get_list(data):
                if nome not in nacionais.get(data, ()):
                    fechar(data, f"{nome} (feriado estadual — {uf})")
    for data, nome, tratamento in _pontos_facultativos(anos, politica):
        if tratamento == "sem_expediente":
            fechar(data, f"{nome} (ponto facultativo)")
        elif tratamento == "expediente_reduzido":
            reduzido[(data - PRIMEIRO_DIA).days] = True
            motivos[data].append(f"{nome} (expediente encerrado antes da hora normal)")
    for data, motivo in extras:
        fechar(data, motivo)

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
        motivos={d: tuple(dict.fromkeys(m)) for d, m in motivos.items()},
        fundamentos=fundamentos,
    )


def _feriados_nacionais(
    anos: range, politica: PoliticaCalendario
) -> tuple[dict[dt.date, list[str]], dict[dt.date, str]]:
    """Feriados nacionais do pacote `holidays`, garantidos os de data fixa da política.

    Lei 14.759/2023 art. 1º: 20 de novembro é feriado nacional a partir de 2024; se a versão
    instalada do pacote não o trouxer, ele é acrescentado aqui com a sua fonte.
    """
    pacote = holidays.country_holidays("BR", years=anos, language="pt_BR")
    nacionais = {data: list(pacote.get_list(data)) for data in sorted(pacote)}
    fundamentos: dict[dt.date, str] = {}
    for feriado in politica.feriados_nacionais:
        for ano in anos:
            data = dt.date(ano, feriado.mes, feriado.dia)
            if data < feriado.desde:
                continue
            nacionais.setdefault(data, [feriado.nome])
            fundamentos[data] = feriado.fonte.referencia()
    return nacionais, fundamentos


def _pontos_facultativos(
    anos: range, politica: PoliticaCalendario
) -> list[tuple[dt.date, str, str]]:
    dias: list[tuple[dt.date, str, str]] = []
    for ponto in politica.pontos_facultativos:
        for ano in anos:
            if ponto.pascoa:
                domingo = pascoa(ano)
                datas = [domingo + dt.timedelta(days=d) for d in ponto.pascoa]
            else:
                assert ponto.mes is not None and ponto.dia is not None
                datas = [dt.date(ano, ponto.mes, ponto.dia)]
            dias += [(data, ponto.nome, ponto.tratamento) for data in datas]
    return dias
