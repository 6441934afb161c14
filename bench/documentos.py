"""Bench do renderizador de documentos: quantos PDFs oficiais por segundo.

Uso: .venv/bin/python bench/documentos.py [--n 200] [--processos 2] [--estrito]

Cada PDF recebe um código de verificação diferente (o QR é recalculado, como na emissão
real). Mede, num processo: o Auto de Infração de exemplo (2 infrações, 3 páginas), o Auto
extenso (12 infrações, nomes e endereços de 200+ caracteres) e a mistura de todos os tipos;
depois o Auto de exemplo com `--processos` processos em paralelo. Meta: >= 20 Autos de
Infração por segundo num processo. `--estrito` sai com código 1 abaixo da meta.
"""

from __future__ import annotations

import argparse
import platform
import re
import time
from concurrent.futures import ProcessPoolExecutor
from importlib.metadata import PackageNotFoundError, version

from farol.pdf.dados import DadosDocumento, TipoDocumento, Verificacao
from farol.pdf.exemplos import auto_extenso, exemplo
from farol.pdf.renderizador import renderizar

META = 20.0


def _com_codigo(dados: DadosDocumento, i: int) -> DadosDocumento:
    codigo = f"BENCH{i:08d}"
    url = f"https://farol.example.mar.mil.br/verificar/{codigo}"
    return dados.model_copy(update={"verificacao": Verificacao(codigo=codigo, url=url)})


def _medir(lote: list[DadosDocumento]) -> tuple[float, int, int]:
    """(PDFs por segundo, bytes médios, páginas do primeiro)"""
    inicio = time.perf_counter()
    tamanhos = [len(renderizar(d)) for d in lote]
    decorrido = time.perf_counter() - inicio
    primeiro = renderizar(lote[0])
    paginas = len(re.findall(rb"/Type /Page\b(?!s)", primeiro))
    return len(lote) / decorrido, sum(tamanhos) // len(tamanhos), paginas


def _fatia(args: tuple[int, int]) -> int:
    inicio, n = args
    base = exemplo(TipoDocumento.auto_de_infracao)
    for i in range(inicio, inicio + n):
        renderizar(_com_codigo(base, i))
    return n


def _paralelo(n: int, processos: int) -> float:
    por_processo = n // processos
    with ProcessPoolExecutor(processos) as pool:
        list(pool.map(_fatia, [(10**6, 2)] * processos))  # aquece cada processo
        inicio = time.perf_counter()
        feitos = sum(pool.map(_fatia, [(k * por_processo, por_processo) for k in range(processos)]))
        return feitos / (time.perf_counter() - inicio)


def _versao(pacote: str) -> str:
    try:
        return version(pacote)
    except PackageNotFoundError:
        return "ausente"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=200, help="PDFs por medição")
    parser.add_argument("--processos", type=int, default=2)
    parser.add_argument("--estrito", action="store_true", help="código 1 abaixo da meta")
    args = parser.parse_args()

    print(
        f"Python {platform.python_version()} — reportlab {_versao('reportlab')}, "
        f"rl-accel {_versao('rl-accel')}, pypdf {_versao('pypdf')}"
    )
    renderizar(exemplo(TipoDocumento.auto_de_infracao))  # aquece modelos e fontes

    ai = exemplo(TipoDocumento.auto_de_infracao)
    extenso = auto_extenso(12)
    tipos = list(TipoDocumento)
    medicoes = [
        ("Auto de Infração (2 infrações)", [_com_codigo(ai, i) for i in range(args.n)]),
        ("Auto de Infração extenso (12)", [_com_codigo(extenso, i) for i in range(args.n)]),
        (
            f"{len(tipos)} tipos, alternados",
            [_com_codigo(exemplo(tipos[i % len(tipos)]), i) for i in range(args.n)],
        ),
    ]
    resultado_ai = 0.0
    for nome, lote in medicoes:
        por_segundo, tamanho, paginas = _medir(lote)
        if not resultado_ai:
            resultado_ai = por_segundo
        print(
            f"{nome:<34} {por_segundo:7.1f} PDF/s  ({1000 / por_segundo:5.1f} ms/PDF, "
            f"{tamanho / 1024:5.1f} KiB, {paginas} pág. no 1º)"
        )
    if args.processos > 1:
        por_segundo = _paralelo(args.n, args.processos)
        print(f"{'Auto de Infração, ' + str(args.processos) + ' processos':<34} "
              f"{por_segundo:7.1f} PDF/s")  # fmt: skip
    situacao = "OK" if resultado_ai >= META else "ABAIXO DA META"
    print(f"meta: >= {META:.0f} Autos de Infração/s num processo — {situacao}")
    return 1 if args.estrito and resultado_ai < META else 0


if __name__ == "__main__":
    raise SystemExit(main())
