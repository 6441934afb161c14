"""A política de conteúdo (CSP) das páginas não quebra nada: no Chromium, as páginas mais
usadas carregam e funcionam sem nenhuma violação (script ou estilo em linha, recurso de fora),
o contraste escolhido vale antes de pintar (contraste_inicial.js, fora da página) e a página
que volta com a recusa de um ato troca o endereço pelo da recusa (farol.js, não mais um script
em linha). Os cabeçalhos em si: tests/e2e/api/test_cabecalhos_de_seguranca.py."""

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

VIOLACOES = """() => {
  window.__violacoes = window.__violacoes || [];
  return window.__violacoes;
}"""
OUVIR = """document.addEventListener("securitypolicyviolation", function (e) {
  (window.__violacoes = window.__violacoes || []).push(e.violatedDirective + " " + e.blockedURI);
});"""


def test_as_paginas_carregam_sem_violar_a_politica(servidor: Servidor, contexto: Any) -> None:
    contexto.add_init_script(OUVIR)
    pagina = contexto.new_page()
    console: list[str] = []
    pagina.on("console", lambda m: console.append(m.text) if m.type == "error" else None)
    pagina.goto(f"{servidor.url}/entrar")
    entrar(pagina, servidor.url, "autoridade.cpsc")
    vistas: dict[str, list[str]] = {}
    for caminho in ("/", "/processos", "/inspecoes/nova", "/busca?q=silva", "/verificacao"):
        pagina.goto(servidor.url + caminho)
        pagina.wait_for_load_state("networkidle")
        vistas[caminho] = list(pagina.evaluate(VIOLACOES))
    pagina.goto(f"{servidor.url}/processos?estado=em_defesa")
    pagina.locator("main a.processo-numero").first.click()
    pagina.wait_for_load_state("networkidle")
    vistas["processo"] = list(pagina.evaluate(VIOLACOES))
    assert not any(vistas.values()), vistas
    assert not [m for m in console if "Content Security Policy" in m], console


def test_a_recusa_troca_o_endereco_e_o_contraste_vale_antes_de_pintar(
    servidor: Servidor, contexto: Any
) -> None:
    contexto.add_init_script(OUVIR)
    pagina = contexto.new_page()
    entrar(pagina, servidor.url, "autoridade.cpsc")
    pagina.goto(f"{servidor.url}/processos?estado=em_defesa")
    pagina.locator("main a.processo-numero").first.click()
    form = pagina.locator("#form-defesa")
    if form.get_attribute("open") is None:
        form.locator("summary").click()
    form.locator("[name=data_ato]").fill((hoje() + dt.timedelta(days=30)).isoformat())
    form.locator("button[type=submit]").click()
    expect(pagina.locator("#form-defesa .erro-campo")).to_contain_text("não pode ser futura")
    # o endereço é o GET da recusa (recarregar mostra a recusa de novo, sem reenviar)
    expect(pagina).to_have_url(re.compile(r"/processos/\d+/atos/defesa$"))
    resposta = pagina.reload()
    assert resposta is not None and resposta.request.method == "GET", resposta
    expect(pagina.locator("#form-defesa .erro-campo")).to_contain_text("não pode ser futura")
    # o alto contraste gravado neste aparelho vale já na carga seguinte
    pagina.evaluate("() => localStorage.setItem('farol-contraste', 'alto')")
    pagina.goto(f"{servidor.url}/processos")
    assert pagina.evaluate("() => document.documentElement.classList.contains('alto-contraste')")
    assert pagina.evaluate("() => document.getElementById('css-contraste').media") == "all"
    assert not pagina.evaluate(VIOLACOES)
