"""Bench do motor de prazos: lote vetorizado x laço dia a dia sobre o pacote `holidays`.

Uso: .venv/bin/python bench/prazos.py [--n 1000000] [--amostra 20000] [--semente 7]

Sorteia N prazos (regra, UF ou calendário nacional, início dentro da vigência da regra),
calcula-os em lote (`calcular_vencimentos`, agrupados por regra e UF) e, no mesmo processo,
calcula uma amostra com um laço direto dia a dia sobre os feriados do `holidays`, extrapolando
o tempo do laço para N. Metas: >= 1.000.000 prazos/s no lote e >= 50x o laço.
"""

from __future__ import annotations

import argparse
import datetime as dt
import platform
import time
from importlib.metadata import version

import holidays
import numpy as np
import numpy.typing as npt

from farol.normas.prazos import RegraPrazo, ValorPrazo, catalogo_prazos
from farol.rules.calendario import UFS, obter_calendario
from farol.rules.prazos import calcular_vencimentos

PRIMEIRO, ULTIMO = dt.date(2000, 1, 1), dt.date(2090, 12, 31)
SEM_EXPEDIENTE = {"Carnaval", "Corpus Christi"}
EXPEDIENTE_REDUZIDO = {"Véspera de Natal", "Véspera de Ano-Novo"}
UM_DIA = dt.timedelta(days=1)


def janelas(regra: RegraPrazo) -> list[tuple[int, int]]:
    """Intervalos [início, fim] (em dias desde 1970) em que a regra tem prazo em vigor."""
    saida = []
    for i, versao in enumerate(regra.versoes):
        fim = ULTIMO
        if i + 1 < len(regra.versoes):
            fim = regra.versoes[i + 1].inicio - UM_DIA
        inicio = max(versao.inicio, PRIMEIRO)
        if versao.valor is not None and inicio <= fim:
            saida.append((_dia(inicio), _dia(fim)))
    return saida


def _dia(d: dt.date) -> int:
    return (d - dt.date(1970, 1, 1)).days


def sortear(
    n: int, regras: list[RegraPrazo], n_ufs: int, rng: np.random.Generator
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.datetime64]]:
    qual_regra = rng.integers(0, len(regras), n)
    qual_uf = rng.integers(0, n_ufs, n)
    dias = np.empty(n, dtype=np.int64)
    for k, regra in enumerate(regras):
        mascara = qual_regra == k
        js = janelas(regra)
        tamanhos = np.array([b - a + 1 for a, b in js])
        qual_janela = rng.choice(len(js), mascara.sum(), p=tamanhos / tamanhos.sum())
        comeco = np.array([a for a, _ in js])[qual_janela]
        dias[mascara] = comeco + rng.integers(0, tamanhos[qual_janela])
    return qual_regra, qual_uf, dias.astype("datetime64[D]")


def em_lote(
    regras: list[RegraPrazo],
    ufs: list[str | None],
    qual_regra: npt.NDArray[np.int64],
    qual_uf: npt.NDArray[np.int64],
    inicios: npt.NDArray[np.datetime64],
) -> tuple[npt.NDArray[np.datetime64], int]:
    # chave (regra, UF) em int16: a ordenação estável do numpy é radix sort
    chaves_brutas = (qual_regra * len(ufs) + qual_uf).astype(np.int16)
    ordem = np.argsort(chaves_brutas, kind="stable")
    chaves = chaves_brutas[ordem]
    cortes = np.flatnonzero(np.diff(chaves)) + 1
    saida = np.empty_like(inicios)
    grupos = np.split(ordem, cortes)
    for grupo in grupos:
        regra, uf = regras[int(qual_regra[grupo[0]])], ufs[int(qual_uf[grupo[0]])]
        saida[grupo] = calcular_vencimentos(regra.etapa, inicios[grupo], regra.regime, uf)
    return saida, len(grupos)


class LacoDiaADia:
    """Implementação direta: anda um dia de cada vez consultando os feriados do `holidays`.

    `direto=True` consulta o próprio calendário do pacote a cada dia (`d in feriados`,
    `get_list`): o laço "ingênuo" do enunciado. `direto=False` extrai antes os feriados para
    conjuntos Python: um laço já otimizado, referência mais exigente.
    """

    def __init__(self, uf: str | None, *, direto: bool) -> None:
        anos = range(1990, 2101)
        self.publicos = holidays.country_holidays("BR", subdiv=uf, years=anos, language="pt_BR")
        self.opcionais = holidays.country_holidays(
            "BR", subdiv=uf, years=anos, language="pt_BR", categories=("optional",)
        )
        self.direto = direto
        nomes = {d: set(self.opcionais.get_list(d)) for d in self.opcionais}
        self.fechados = set(self.publicos) | {d for d, n in nomes.items() if n & SEM_EXPEDIENTE}
        self.reduzidos = {d for d, n in nomes.items() if n & EXPEDIENTE_REDUZIDO}

    def util(self, d: dt.date) -> bool:
        if d.weekday() >= 5:
            return False
        if self.direto:
            return d not in self.publicos and not SEM_EXPEDIENTE & set(self.opcionais.get_list(d))
        return d not in self.fechados

    def pode_vencer(self, d: dt.date) -> bool:
        if not self.util(d):
            return False
        if self.direto:
            return not EXPEDIENTE_REDUZIDO & set(self.opcionais.get_list(d))
        return d not in self.reduzidos

    def vencimento(self, valor: ValorPrazo, inicio: dt.date) -> dt.date:
        if valor.anos is not None:
            try:
                return inicio.replace(year=inicio.year + valor.anos)
            except ValueError:
                return dt.date(inicio.year + valor.anos, 2, 28)
        assert valor.dias is not None
        dia = inicio
        if valor.contagem == "uteis":
            contados = 0
            while contados < valor.dias:
                dia += UM_DIA
                contados += self.util(dia)
        else:
            dia = inicio + dt.timedelta(days=valor.dias)
        while valor.prorroga and not self.pode_vencer(dia):
            dia += UM_DIA
        return dia


def medir_laco(
    casos: list[tuple[RegraPrazo, str | None, dt.date]], ufs: list[str | None], *, direto: bool
) -> tuple[list[dt.date], float]:
    lacos = {uf: LacoDiaADia(uf, direto=direto) for uf in ufs}  # preparo fora da conta
    t0 = time.perf_counter()
    resultados = []
    for regra, uf, inicio in casos:
        _, valor = regra.vigente(inicio)
        resultados.append(lacos[uf].vencimento(valor, inicio))
    return resultados, time.perf_counter() - t0


def diferentes(
    casos: list[tuple[RegraPrazo, str | None, dt.date]],
    do_lote: list[dt.date],
    do_laco: list[dt.date],
    mostrar: int = 5,
) -> None:
    """Os casos em que o lote e o laço divergem, com os dias sem expediente que só o calendário
    do Farol tem entre o início e o vencimento: o laço conhece só o `holidays`; os pontos
    facultativos declarados por portaria (dados/pontos_facultativos.yaml, como o dia seguinte a
    Corpus Christi) e os fechamentos de OM vêm dos dados do Farol."""
    divergem = [(c, a, b) for c, a, b in zip(casos, do_lote, do_laco, strict=True) if a != b]
    for (regra, uf, inicio), lote, laco in divergem[:mostrar]:
        laco_uf = LacoDiaADia(uf, direto=False)
        so_no_farol = sorted(
            d
            for d, folgas in obter_calendario(uf).folgas.items()
            if inicio < d <= max(lote, laco)
            and d not in laco_uf.fechados
            and d.weekday() < 5
            and folgas
        )
        dias = ", ".join(f"{d:%d/%m/%Y}" for d in so_no_farol) or "nenhum"
        print(
            f"    diverge: {regra.id} {uf or 'nacional'} início {inicio:%d/%m/%Y}: lote "
            f"{lote:%d/%m/%Y}, laço {laco:%d/%m/%Y}; sem expediente só nos dados do Farol: {dias}"
        )
    if len(divergem) > mostrar:
        print(f"    (e mais {len(divergem) - mostrar})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=1_000_000)
    parser.add_argument("--amostra", type=int, default=20_000)
    parser.add_argument("--semente", type=int, default=7)
    args = parser.parse_args()

    # só os que o motor calcula com o início: o prazo cujos dias a decisão fixa
    # (prazo.lesta.acessoria) e o que vence na data que o ato fixa (prazo.custodia.leilao)
    # não se calculam sem ela
    regras = sorted(
        (r for r in catalogo_prazos().regras.values() if r.calculavel),
        key=lambda r: r.id,
    )
    ufs: list[str | None] = [None, *sorted(UFS)]
    rng = np.random.default_rng(args.semente)
    qual_regra, qual_uf, inicios = sortear(args.n, regras, len(ufs), rng)
    print(
        f"Farol — bench de prazos (Python {platform.python_version()}, numpy {np.__version__}, "
        f"holidays {version('holidays')})"
    )

    t0 = time.perf_counter()
    for uf in ufs:
        obter_calendario(uf)
    t_cal = time.perf_counter() - t0
    print(f"calendários: {len(ufs)} (nacional + 27 UFs, 1990–2100) construídos em {t_cal:.2f} s")

    tempos = []
    for _ in range(3):
        t0 = time.perf_counter()
        lote, n_grupos = em_lote(regras, ufs, qual_regra, qual_uf, inicios)
        tempos.append(time.perf_counter() - t0)
    t_lote = min(tempos)
    taxa_lote = args.n / t_lote
    print(
        f"lote: {args.n:,} prazos ({len(regras)} regras x {len(ufs)} calendários, "
        f"{n_grupos} grupos) em {t_lote:.3f} s (melhor de 3; 1ª: {tempos[0]:.3f} s) "
        f"-> {taxa_lote:,.0f} prazos/s"
    )

    amostra = rng.choice(args.n, min(args.amostra, args.n), replace=False)
    casos = [
        (regras[int(qual_regra[k])], ufs[int(qual_uf[k])], inicios[k].astype(dt.date))
        for k in amostra
    ]
    razoes: dict[bool, float] = {}
    for direto, nome in [
        (True, "laço direto sobre o calendário do holidays"),
        (False, "laço com feriados pré-extraídos em conjuntos"),
    ]:
        resultados, t_laco = medir_laco(casos, ufs, direto=direto)
        taxa_laco = len(casos) / t_laco
        extrapolado = args.n / taxa_laco
        razoes[direto] = extrapolado / t_lote
        iguais = sum(lote[k].astype(dt.date) == v for k, v in zip(amostra, resultados, strict=True))
        print(
            f"{nome}: {len(casos):,} prazos em {t_laco:.3f} s -> {taxa_laco:,.0f} prazos/s; "
            f"extrapolado para {args.n:,}: {extrapolado:.1f} s; lote {razoes[direto]:,.0f}x "
            f"mais rápido; conferência {iguais:,}/{len(casos):,} iguais ao lote"
        )
        if direto:
            diferentes(casos, [lote[k].astype(dt.date) for k in amostra], resultados)
    razao = razoes[True]
    ok_taxa = "OK" if taxa_lote >= 1_000_000 else "ABAIXO"
    ok_razao = "OK" if razao >= 50 else "ABAIXO"
    print(f"metas: >= 1.000.000 prazos/s [{ok_taxa}]; >= 50x o laço direto [{ok_razao}]")
    if args.n < 1_000_000:
        print("modo curto (< 1.000.000 prazos): o custo fixo de cada grupo pesa; as metas valem")
        print("para a execução completa (sem --n)")


if __name__ == "__main__":
    main()
