"""A recusa de um ato fica à vista (revisão de UX de 2026-12-05): o ato recusado volta com a
página do processo; o foco vai ao primeiro campo com erro, e a mensagem dele, logo abaixo do
campo, precisa estar na tela (antes, o foco rolava só até o campo, e a mensagem ficava abaixo
da dobra numa tela de 1280×900). Sem campo visível com erro (o erro do grupo da penalidade,
"informe a multa, a suspensão ou o cancelamento"), a tela vai à primeira mensagem de erro."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest

pytest.importorskip(
    "playwright.sync_api", reason="pacote playwright ausente (pip install playwright)"
)

from playwright.sync_api import expect

from farol.relogio import hoje

from .conftest import Servidor, entrar

pytestmark = pytest.mark.lento

JUSTIFICATIVA = "Infração comprovada pelo auto e pela inspeção; sem atenuantes."


def _primeiro(pagina: Any, servidor: Servidor, estado: str) -> None:
    pagina.goto(f"{servidor.url}/processos?estado={estado}")
    href = pagina.locator("main a.processo-numero").first.get_attribute("href")
    assert href and re.fullmatch(r"/processos/\d+", href), href
    pagina.goto(servidor.url + href)


def _abrir(pagina: Any, tipo: str) -> Any:
    form = pagina.locator(f"#form-{tipo}")
    if form.get_attribute("open") is None:
        form.locator("summary").click()
    return form


def test_a_mensagem_da_data_recusada_fica_na_tela(servidor: Servidor, contexto: Any) -> None:
    pagina = contexto.new_page()
    entrar(pagina, servidor.url, "autoridade.cpsc")
    _primeiro(pagina, servidor, "em_defesa")
    form = _abrir(pagina, "defesa")
    futura = hoje() + dt.timedelta(days=30)
    form.locator("[name=data_ato]").fill(futura.isoformat())
    form.locator("button[type=submit]").click()
    erro = pagina.locator("#form-defesa .erro-campo")
    expect(erro).to_contain_text("não pode ser futura")
    expect(pagina.locator("#form-defesa [name=data_ato]")).to_be_focused()
    expect(erro).to_be_in_viewport()


def test_a_multa_em_branco_mostra_por_que_foi_recusada(servidor: Servidor, contexto: Any) -> None:
    pagina = contexto.new_page()
    entrar(pagina, servidor.url, "autoridade.cpsc")
    _primeiro(pagina, servidor, "aguardando_julgamento")
    form = _abrir(pagina, "julgamento_procedente")
    form.locator("[name='dados.justificativa']").fill(JUSTIFICATIVA)
    form.locator("button[type=submit]").click()
    erro = pagina.locator("#form-julgamento_procedente .erro-campo")
    expect(erro).to_contain_text("informe a multa, a suspensão ou o cancelamento")
    expect(erro).to_be_in_viewport()


def test_senha_errada_leva_o_foco_a_senha(servidor: Servidor, contexto: Any) -> None:
    """Revisão de UX de 2026-12-05, L5: depois da senha errada, o foco voltava ao Login, já
    preenchido; vai à Senha, que é o que se redigita."""
    pagina = contexto.new_page()
    pagina.goto(f"{servidor.url}/entrar")
    expect(pagina.locator("[name=login]")).to_be_focused()
    pagina.fill("[name=login]", "autoridade.cpsc")
    pagina.fill("[name=senha]", "errada")
    pagina.locator("form button[type=submit]").click()
    expect(pagina.locator(".alerta-erro")).to_contain_text("login ou senha incorretos")
    expect(pagina.locator("[name=login]")).to_have_value("autoridade.cpsc")
    expect(pagina.locator("[name=senha]")).to_be_focused()
