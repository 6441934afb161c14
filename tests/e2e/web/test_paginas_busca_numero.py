"""A busca pelo número exato de um processo: ele vem primeiro, e o outro processo listado, cujo
auto de infração tem esse número (processo e auto têm a mesma forma de número), diz que foi
achado pelo auto (revisão de UX de 2026-12-05, L2; TestClient, SQLite e PostgreSQL)."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from farol.store.db import Banco
from farol.store.orm import AutoDeInfracao, Processo

from .conftest import entrar_no_cliente
from .test_paginas import API, token_api


@pytest.fixture
def cliente(cliente_novo: TestClient) -> TestClient:
    entrar_no_cliente(cliente_novo)
    return cliente_novo


def _itens(pagina: str) -> list[str]:
    lista = pagina.split('<ul class="lista-processos">', 1)[1].split("</ul>", 1)[0]
    return lista.split("<li>")[1:]


def test_numero_exato_vem_primeiro_e_o_achado_pelo_auto_diz_por_que(
    cliente: TestClient, banco: Banco
) -> None:
    with banco.unit_of_work(somente_leitura=True) as s:
        # um processo cujo número é o do auto de infração de outro processo da CPSC
        par = s.execute(
            select(Processo.numero, Processo.id, AutoDeInfracao.processo_id)
            .join(AutoDeInfracao, AutoDeInfracao.numero == Processo.numero)
            .where(AutoDeInfracao.processo_id != Processo.id, Processo.numero.like("%/CPSC/%"))
            .order_by(Processo.id)
        ).first()
    assert par is not None, "a demonstração tem um auto com o número de outro processo"
    numero, pid, outro = par
    for termo in (numero, numero.lower().replace("/000", "/")):  # exato e digitado
        pagina = cliente.get("/busca", params={"q": termo}).text
        itens = _itens(pagina)
        assert f'href="/processos/{pid}"' in itens[0], (termo, itens)
        assert "Achado pelo auto" not in itens[0]
        do_outro = [i for i in itens if f'href="/processos/{outro}"' in i]
        assert len(do_outro) == 1, (termo, itens)
        assert re.search(
            rf"Achado pelo auto de infração:</span> {re.escape(numero)} é o número do auto",
            do_outro[0],
        ), do_outro[0]
    # a busca por outro termo não marca nada
    assert "Achado pelo auto" not in cliente.get("/busca", params={"q": "Silva"}).text
    # a API diz o mesmo
    r = cliente.get(
        f"{API}/busca", params={"q": numero}, headers=token_api(cliente, "autoridade.cpsc")
    )
    assert r.status_code == 200, r.text
    assert r.json()["achados_pelo_auto"] == {str(outro): numero}
