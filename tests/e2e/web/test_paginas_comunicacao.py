"""A página do processo pergunta a publicação oficial na ciência e constitui o procurador com
o instrumento (Norma de 2023, item 3.6.6), pelos mesmos serviços da API (TestClient, SQLite e
PostgreSQL)."""

from __future__ import annotations

import datetime as dt
import html
import re

import pytest
from apoio import campos_ocultos, formulario_do_ato
from fastapi.testclient import TestClient
from semente import processo_autuado

from farol.relogio import hoje
from farol.store.db import Banco
from farol.store.orm import Procurador

from .conftest import entrar_no_cliente

PDF = b"%PDF-1.4\n% procuracao com poderes especificos\n%%EOF\n"


@pytest.fixture
def cliente(cliente_novo: TestClient) -> TestClient:
    return cliente_novo


def test_ciencia_por_publicacao_pelo_formulario_da_pagina(
    cliente: TestClient, banco: Banco
) -> None:
    pid, _ = processo_autuado(banco, inscricao="4419900601", dias_atras=80)
    entrar_no_cliente(cliente)
    form = formulario_do_ato(cliente.get(f"/processos/{pid}").text, "ciencia_auto")
    assert 'name="dados.publicacao.veiculo"' in form
    assert '<option value="dou"' in form and "Diário Oficial da União" in form
    assert 'name="dados.hipotese"' in form and "interessado de endereço indefinido" in form

    publicado = hoje() - dt.timedelta(days=60)
    base = campos_ocultos(form) | {
        "data_ato": publicado.isoformat(),
        "dados.meio": "edital",
        "dados.publicacao.veiculo": "pagina_om",
        "dados.publicacao.publicado_em": publicado.isoformat(),
        "dados.publicacao.referencia": "https://www.marinha.mil.br/cpsc/editais/2026-7",
        "dados.hipotese": "desconhecido",
    }
    # sem a justificativa, a página volta com o erro no campo
    r = cliente.post(f"/processos/{pid}/atos/ciencia_auto", data=base)
    assert r.status_code == 422, r.text
    assert 'id="erro-dados-justificativa"' in r.text

    dados = base | {"dados.justificativa": "Notificação devolvida: destinatário desconhecido."}
    r = cliente.post(f"/processos/{pid}/atos/ciencia_auto", data=dados)
    assert r.status_code == 303, r.text
    pagina = cliente.get(f"/processos/{pid}").text
    assert f"Ciência por publicação em página da OM na internet de {publicado:%d/%m/%Y}" in pagina


def test_procurador_constituido_pelo_formulario_com_o_instrumento(
    cliente: TestClient, banco: Banco
) -> None:
    pid, _ = processo_autuado(banco, inscricao="4419900602", dias_atras=80)
    entrar_no_cliente(cliente)
    form = formulario_do_ato(cliente.get(f"/processos/{pid}").text, "constituicao_procurador")
    assert 'name="dados.cpf"' in form and 'type="file"' in form
    campos = campos_ocultos(form) | {
        "data_ato": (hoje() - dt.timedelta(days=62)).isoformat(),
        "dados.nome": "Rui Procurador Teste",
        "dados.cpf": "935.411.347-80",
        "dados.email": "rui@exemplo.br",
    }
    r = cliente.post(f"/processos/{pid}/atos/constituicao_procurador", data=campos)
    assert r.status_code == 422, r.text
    assert 'id="erro-arquivo"' in r.text and "instrumento de procuração" in r.text
    with banco.unit_of_work(somente_leitura=True) as s:
        assert s.query(Procurador).filter_by(processo_id=pid).count() == 0

    r = cliente.post(
        f"/processos/{pid}/atos/constituicao_procurador",
        data=campos,
        files={"arquivo": ("procuracao.pdf", PDF, "application/pdf")},
    )
    assert r.status_code == 303, r.text
    pagina = cliente.get(f"/processos/{pid}").text
    assert 'id="procurador-' in pagina and "Rui Procurador Teste" in pagina
    assert "instrumento de procuração" in pagina
    # a ciência seguinte pode ser dada ao procurador
    form = formulario_do_ato(pagina, "ciencia_auto")
    assert 'name="dados.procurador_id"' in form and "procurador Rui Procurador Teste" in form


def test_ciencia_por_publicacao_sem_os_dados_aponta_cada_campo_sem_codigos(
    cliente: TestClient, banco: Banco
) -> None:
    """Revisão de UX de 2026-12-05, M2: o edital sem os dados da publicação dizia "veículo
    (pagina_om (página da OM…), …), data (publicado_em)" só no campo do veículo; cada campo
    que falta tem a sua mensagem ao lado dele, e nenhuma traz o código interno."""
    pid, _ = processo_autuado(banco, inscricao="4419900603", dias_atras=80)
    entrar_no_cliente(cliente)
    form = formulario_do_ato(cliente.get(f"/processos/{pid}").text, "ciencia_auto")
    dados = campos_ocultos(form) | {
        "data_ato": (hoje() - dt.timedelta(days=60)).isoformat(),
        "dados.meio": "edital",
    }
    r = cliente.post(f"/processos/{pid}/atos/ciencia_auto", data=dados)
    assert r.status_code == 422, r.text
    mensagens = dict(
        re.findall(r'<p class="erro-campo" id="erro-([\w-]+)" role="alert">([^<]*)</p>', r.text)
    )
    for campo in (
        "dados-publicacao-veiculo",
        "dados-publicacao-publicado_em",
        "dados-publicacao-referencia",
        "dados-hipotese",
        "dados-justificativa",
    ):
        assert campo in mensagens, (campo, mensagens)
    assert "Diário Oficial da União" in html.unescape(mensagens["dados-publicacao-veiculo"])
    assert "data da publicação" in mensagens["dados-publicacao-publicado_em"]
    assert "interessado desconhecido" in mensagens["dados-hipotese"]
    todas = html.unescape(" ".join(mensagens.values()))
    for codigo in ("pagina_om", "quadro_gap", "dou (", "publicado_em", "endereco_indefinido",
                   "campo obrigatório ausente"):  # fmt: skip
        assert codigo not in todas, (codigo, todas)
