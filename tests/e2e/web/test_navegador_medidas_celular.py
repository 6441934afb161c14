"""As medidas administrativas do processo no celular (390 × 844), no Chromium: abertos os
formulários de cada medida em vigor ("Levantar medida", "Recolher à custódia"), a página não
rola de lado. Antes, a lista das medidas (uma grade de coluna `auto`) crescia até a largura
mínima do formulário aberto e empurrava o cartão 50 px para fora da tela."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

pytest.importorskip(
    "playwright.sync_api", reason="pacote playwright ausente (pip install playwright)"
)

from semente import CPF_CONDUTOR, CPF_DONO, atores

from farol.relogio import fuso, hoje
from farol.services import inspecoes

from .conftest import CELULAR, Servidor, capturar, entrar

pytestmark = pytest.mark.lento


@pytest.fixture(scope="module")
def apreendida(servidor: Servidor) -> int:
    """Uma embarcação apreendida há dois dias (RLESTA.16.I, navegando): o processo."""
    a = atores(servidor.banco)
    quando = dt.datetime.combine(hoje() - dt.timedelta(days=2), dt.time(10), tzinfo=fuso())
    corpo = {
        "embarcacao": {"inscricao": "401M2026952", "nome": "Brisa do Sul"},
        "proprietario": {"documento": CPF_DONO, "nome": "João Dono"},
        "condutor": {"documento": CPF_CONDUTOR, "nome": "Pedro Condutor"},
        "data_hora": quando.isoformat(),
        "local": "Baía Norte, Florianópolis",
        "situacao": "navegando",
        "constatacoes": [{"infracao": "RLESTA.16.I"}],
    }
    with servidor.banco.unit_of_work() as s:
        r = inspecoes.registrar_inspecao(
            s, a["inspetor.cpsc"], inspecoes.NovaInspecao.model_validate(corpo)
        )
        return r.processos[0].id


def test_os_formularios_das_medidas_abertos_cabem_na_tela_do_celular(
    servidor: Servidor, contexto_celular: Any, apreendida: int
) -> None:
    pagina = contexto_celular.new_page()
    entrar(pagina, servidor.url, "inspetor.cpsc")
    pagina.goto(f"{servidor.url}/processos/{apreendida}")
    formularios = pagina.locator("#medidas details.ato-form")
    assert formularios.count() >= 3  # levantar a retirada, levantar a apreensão, recolher
    largura = CELULAR["viewport"]["width"]
    for i in range(formularios.count()):
        formularios.nth(i).locator("summary").first.click()
        assert formularios.nth(i).get_attribute("open") is not None
        assert pagina.evaluate("document.documentElement.scrollWidth") <= largura, i
        fora = pagina.evaluate(
            """(l) => [...document.querySelectorAll('#medidas *')]
                 .filter(e => e.getBoundingClientRect().right > l + 1).length""",
            largura,
        )
        assert fora == 0, i
    capturar(pagina, "medidas-formularios-abertos-celular")


@pytest.mark.parametrize("login", ["inspetor.cpsc", "capitao.cpsc", "auditor.cpsc"])
def test_abrir_procedimento_cabe_na_tela_do_celular(
    servidor: Servidor, contexto_celular: Any, login: str
) -> None:
    """Cada procedimento numa linha só de texto ao lado do botão de escolha (antes, o nome, a
    abertura e a citação em três colunas estreitas, com a citação para fora da tela)."""
    pagina = contexto_celular.new_page()
    entrar(pagina, servidor.url, login)
    r = pagina.goto(f"{servidor.url}/procedimentos/novo")
    assert r is not None and r.status == 200
    assert pagina.evaluate("document.documentElement.scrollWidth") <= CELULAR["viewport"]["width"]
    capturar(pagina, f"procedimento-novo-celular-{login.split('.')[0]}", inteira=False)
