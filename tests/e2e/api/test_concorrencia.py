"""Pedidos simultâneos: um ato por vez em cada processo, e numeração oficial sem lacunas."""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import httpx

from farol.store.auditoria import verificar_cadeias
from farol.store.orm import Notificacao, Pessoa, Processo

from .conftest import Api, cpf, inspecao, lavratura

T = TypeVar("T")


def _ao_mesmo_tempo(*chamadas: Callable[[], T]) -> list[T]:
    """Executa as chamadas em threads soltas juntas por uma barreira."""
    barreira = threading.Barrier(len(chamadas))

    def rodar(f: Callable[[], T]) -> T:
        barreira.wait(timeout=10)
        return f()

    with ThreadPoolExecutor(max_workers=len(chamadas)) as pool:
        return list(pool.map(rodar, chamadas))


def _cadeia_integra(api: Api) -> None:
    with api.banco.unit_of_work(somente_leitura=True) as s:
        assert verificar_cadeias(s) == []


def test_dois_atos_diferentes_ao_mesmo_tempo_um_entra_e_o_outro_e_conflito(api: Api) -> None:
    for rodada in range(3):
        pid = api.novo_processo(inspecao(inscricao=f"SC-{rodada}"))
        antes = api.levar_ate(pid, "em_defesa")
        api.cabecalhos("inspetor.cpsc")  # login antes da largada

        def defesa(pid: int = pid) -> httpx.Response:
            return api.ato(pid, "defesa", "2026-03-20", {"texto": "Defesa."})

        def renuncia(pid: int = pid) -> httpx.Response:
            return api.ato(pid, "renuncia_defesa", "2026-03-20", {"texto": "Renúncia."})

        respostas = _ao_mesmo_tempo(defesa, renuncia)
        assert sorted(r.status_code for r in respostas) == [201, 409], [r.text for r in respostas]
        (vencedor,) = [r.json() for r in respostas if r.status_code == 201]
        (perdedor,) = [r.json() for r in respostas if r.status_code == 409]
        assert perdedor["campo"] in ("tipo_ato", "versao", "seq"), perdedor

        p = api.processo(pid)
        assert p["estado"] == "aguardando_julgamento"
        assert [a["seq"] for a in p["atos"]] == list(range(1, len(antes["atos"]) + 2))
        assert p["atos"][:-1] == antes["atos"]
        assert p["atos"][-1]["tipo"] == vencedor["ato"]["tipo"]
        assert p["atos"][-1]["hash"] == vencedor["ato"]["hash"]
        assert [x["etapa"] for x in p["prazos"] if x["aberto"]] == ["julgamento"]
        assert p["versao"] == vencedor["processo"]["versao"]
    _cadeia_integra(api)


def test_lavraturas_simultaneas_na_mesma_om_recebem_numeros_de_auto_seguidos_sem_lacunas(
    api: Api,
) -> None:
    n = 8
    pids = [api.novo_processo(inspecao(inscricao=f"SC-{i}")) for i in range(n)]

    def lavrar(pid: int) -> Callable[[], httpx.Response]:
        return lambda: api.ato(pid, "lavratura_auto", "2026-03-13", lavratura())

    respostas = _ao_mesmo_tempo(*(lavrar(pid) for pid in pids))
    assert [r.status_code for r in respostas] == [201] * n, [
        r.text for r in respostas if r.status_code != 201
    ]
    numeros = sorted(r.json()["auto"]["sequencial"] for r in respostas)
    assert numeros == list(range(1, n + 1))
    autos = {api.processo(pid)["auto"]["numero"] for pid in pids}
    assert autos == {f"2026/CPSC/{i:06d}" for i in range(1, n + 1)}
    _cadeia_integra(api)


def _inspecoes_simultaneas(api: Api, corpos: list[dict[str, Any]]) -> list[httpx.Response]:
    api.cabecalhos("inspetor.cpsc")  # login antes da largada

    def inspecionar(corpo: dict[str, Any]) -> Callable[[], httpx.Response]:
        return lambda: api.post("/inspecoes", corpo, como="inspetor.cpsc")

    return _ao_mesmo_tempo(*(inspecionar(c) for c in corpos))


def test_inspecoes_simultaneas_numeram_processos_e_notificacoes_sem_lacunas(api: Api) -> None:
    n = 6
    corpos = [
        inspecao(inscricao=f"SC-{i}", proprietario=cpf(100 + i), condutor=None) for i in range(n)
    ]
    respostas = _inspecoes_simultaneas(api, corpos)
    assert [r.status_code for r in respostas] == [201] * n, [
        r.text for r in respostas if r.status_code != 201
    ]
    numeros = sorted(r.json()["processos"][0]["numero"] for r in respostas)
    assert numeros == [f"2026/CPSC/{i:06d}" for i in range(1, n + 1)]
    assert api.contar(Notificacao) == n
    _cadeia_integra(api)


def test_inspecoes_simultaneas_do_mesmo_proprietario_novo_sao_todas_gravadas(api: Api) -> None:
    n = 4
    respostas = _inspecoes_simultaneas(api, [inspecao(inscricao=f"SC-{i}") for i in range(n)])
    assert [r.status_code for r in respostas] == [201] * n
    assert api.contar(Pessoa) == 2  # proprietário e condutor, uma vez cada
    assert api.contar(Processo) == n
