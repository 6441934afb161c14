"""Hashes de senha com vagas limitadas (issue 14, ponto 6): logins não esfomeiam as leituras.

Sem mocks: threads chamam a `conferir_senha` de verdade (argon2 de verdade) e o pico de
hashes simultâneos é o que a própria função contou ao rodar.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import pytest
from pwdlib.hashers.argon2 import Argon2Hasher

from farol.config import vagas_de_senha_padrao
from farol.services import senhas
from farol.services.limites import MuitasTentativas

# argon2 de custo médio (~10 vezes o de teste): dá tempo de as threads se encontrarem
HASH = Argon2Hasher(time_cost=2, memory_cost=8 * 1024, parallelism=1).hash("certa")
HASH_LENTO = Argon2Hasher(time_cost=15, memory_cost=8 * 1024, parallelism=1).hash("certa")


@pytest.fixture(autouse=True)
def _vagas_de_volta() -> Iterator[None]:
    yield
    senhas.limitar_hashes(vagas_de_senha_padrao())


def _conferir_em_paralelo(n: int, hash_guardado: str = HASH) -> list[bool]:
    resultados: list[bool] = []
    largada = threading.Barrier(n)

    def conferir(i: int) -> None:
        largada.wait()
        resultados.append(senhas.conferir_senha("certa" if i % 2 else "errada", hash_guardado))

    threads = [threading.Thread(target=conferir, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return resultados


@pytest.mark.parametrize("vagas", [1, 2])
def test_no_maximo_as_vagas_configuradas_conferem_senha_ao_mesmo_tempo(vagas: int) -> None:
    limite = senhas.limitar_hashes(vagas, espera_s=60)
    resultados = _conferir_em_paralelo(8, HASH_LENTO)
    assert sorted(resultados) == [False] * 4 + [True] * 4  # o resultado não muda
    assert limite.pico == vagas
    assert limite.em_uso == 0


def test_sem_o_limite_as_oito_threads_rodariam_juntas() -> None:
    """O contraponto: com vagas de sobra, o pico passa de 2 (as threads se encontram de
    fato; o limite acima é do semáforo, não da sorte do escalonador)."""
    limite = senhas.limitar_hashes(64, espera_s=60)
    _conferir_em_paralelo(8, HASH_LENTO)
    assert limite.pico > 2


def test_login_que_espera_demais_pela_vaga_e_recusado_sem_gastar_cpu() -> None:
    limite = senhas.limitar_hashes(1, espera_s=0.05)
    # a vaga fica ocupada até o fim da tentativa (não pela sorte de um hash lento terminar
    # depois dela numa máquina carregada)
    ocupada, liberar = threading.Event(), threading.Event()

    def ocupar() -> None:
        with limite.ocupar():
            ocupada.set()
            liberar.wait(30)

    ocupando = threading.Thread(target=ocupar)
    ocupando.start()
    assert ocupada.wait(30)
    inicio = time.monotonic()
    with pytest.raises(MuitasTentativas, match="muitos logins ao mesmo tempo"):
        senhas.conferir_senha("certa", HASH)
    assert time.monotonic() - inicio < 0.5
    liberar.set()
    ocupando.join()
    assert limite.pico == 1
    assert senhas.conferir_senha("certa", HASH) is True
