"""As demais páginas no navegador, sobre a demonstração: painel (os mesmos números da API),
busca, estatísticas (gráficos SVG e CSV), catálogo da legislação; teclado e tela de 390 px."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip(
    "playwright.sync_api", reason="pacote playwright ausente (pip install playwright)"
)

from playwright.sync_api import expect
from semente import inspecao_com_apreensao

from .conftest import CELULAR, Servidor, capturar, entrar, esperar

pytestmark = pytest.mark.lento


@pytest.fixture(scope="module", autouse=True)
def _apreensoes(servidor: Servidor) -> None:
    """Além da demonstração, duas inspeções com apreensão (painel e estatísticas)."""
    inspecao_com_apreensao(servidor.banco, inscricao="4419900601", dias_atras=3)
    inspecao_com_apreensao(servidor.banco, inscricao="4419900602", dias_atras=40)


PAGINAS = ["/painel", "/processos", "/busca?q=CPSC", "/estatisticas", "/catalogo", "/consulta"]


def _token(pagina: Any, base: str, login: str) -> str:
    r = pagina.request.post(
        f"{base}/api/v1/auth/token", form={"username": login, "password": "farol2026"}
    )
    return str(r.json()["access_token"])


def test_painel_mostra_os_numeros_da_api_e_cada_prazo_leva_ao_processo(
    servidor: Servidor, contexto: Any
) -> None:
    pagina = contexto.new_page()
    entrar(pagina, servidor.url, "autoridade.cpsc")
    expect(pagina.get_by_role("heading", name="Painel da OM")).to_be_visible()
    cabecalho = pagina.locator("#usuario")
    expect(cabecalho).to_contain_text("CT Mariana Albuquerque")
    expect(cabecalho).to_contain_text("Autoridade Competente")
    expect(cabecalho).to_contain_text("CPSC")
    expect(pagina.locator("#apreendidas")).to_contain_text("4419900601")
    capturar(pagina, "02-painel")

    auth = {"Authorization": f"Bearer {_token(pagina, servidor.url, 'autoridade.cpsc')}"}
    api = pagina.request.get(f"{servidor.url}/api/v1/painel", headers=auth).json()
    for chave, valor in api["contagens"].items():
        indicador = pagina.locator(f"[data-contagem={chave}]")
        assert indicador.get_attribute("data-valor") == str(valor), chave
    processos = pagina.request.get(
        f"{servidor.url}/api/v1/processos", headers=auth, params={"limite": 500}
    ).json()
    assert api["contagens"]["processos"] == len(processos)

    link = pagina.locator("#prazos a").first
    if link.count():
        numero = link.inner_text()
        link.click()
        expect(pagina.locator("h1")).to_contain_text(numero)


def test_busca_por_numero_cpf_e_embarcacao(servidor: Servidor, contexto: Any) -> None:
    pagina = contexto.new_page()
    entrar(pagina, servidor.url, "autoridade.cpsc")
    pagina.get_by_role("link", name="Busca").click()
    pagina.fill("#c-q", "Maré Mansa")
    pagina.get_by_role("button", name="Buscar").click()
    resultado = pagina.locator(".lista-processos li")
    expect(resultado.first).to_contain_text("Maré Mansa")
    capturar(pagina, "09-busca")

    numero = resultado.first.locator(".processo-numero").inner_text()
    pagina.fill("#c-q", numero)
    pagina.get_by_role("button", name="Buscar").click()
    expect(pagina.locator(".lista-processos li .processo-numero").first).to_have_text(numero)

    documento = pagina.locator(".lista-processos .doc").first.inner_text()
    pagina.fill("#c-q", documento)
    pagina.get_by_role("button", name="Buscar").click()
    expect(pagina.locator(".lista-processos li").first).to_contain_text(documento)

    pagina.fill("#c-q", "529.982.247-26")
    pagina.get_by_role("button", name="Buscar").click()
    expect(pagina.locator("#erro-q")).to_contain_text("dígito verificador errado")


def test_estatisticas_com_graficos_svg_e_csv_das_mesmas_figuras(
    servidor: Servidor, contexto: Any
) -> None:
    pagina = contexto.new_page()
    entrar(pagina, servidor.url, "capitao.cpsc")
    pagina.get_by_role("link", name="Estatísticas").click()
    imagens = pagina.locator("figure.grafico img")
    expect(imagens).to_have_count(5)
    esperar(
        pagina,
        "() => [...document.querySelectorAll('figure.grafico img')]"
        ".every(i => i.complete && i.naturalWidth > 0)",
    )
    svg = pagina.request.get(f"{servidor.url}{imagens.first.get_attribute('src')}")
    assert svg.headers["content-type"].startswith("image/svg+xml")
    assert "RLESTA art. 16" in svg.text()
    capturar(pagina, "10-estatisticas")

    with pagina.expect_download() as baixar:
        pagina.get_by_role("link", name="Baixar CSV").click()
    caminho = baixar.value.path()
    texto = Path(caminho).read_text(encoding="utf-8-sig")
    total = pagina.locator(".indicadores .numero").first.inner_text()
    linhas = [x.split(";") for x in texto.splitlines()]
    assert linhas[0][:4] == ["tabela", "chave", "rotulo", "quantidade"]
    assert sum(int(x[3]) for x in linhas if x[0] == "por_artigo") == int(total.replace(".", ""))


def test_catalogo_publico_com_busca_e_prazos(servidor: Servidor, contexto: Any) -> None:
    pagina = contexto.new_page()
    pagina.goto(f"{servidor.url}/catalogo")
    expect(pagina.locator("#RLESTA\\.11")).to_contain_text("Conduzir embarcação")
    expect(pagina.locator("#prazo\\.lesta\\.defesa")).to_contain_text("15 dias úteis")
    capturar(pagina, "11-catalogo", inteira=False)
    pagina.fill("#c-q", "embriaguez")
    pagina.get_by_role("button", name="Buscar").click()
    capturar(pagina, "11-catalogo-busca")
    expect(pagina.locator("#RLESTA\\.23\\.I")).to_be_visible()
    expect(pagina.locator("#RLESTA\\.11")).to_have_count(0)
    expect(pagina.locator("#RLESTA\\.23\\.I > .citacao")).to_contain_text("RLESTA art. 23, I")
    # o texto de referência da NORMAM acaba no art. 17: a embriaguez (art. 23) leva a lacuna,
    # não "a norma não lista medida"
    lacuna = pagina.locator("#RLESTA\\.23\\.I .lacuna")
    expect(lacuna).to_contain_text("arts. 18 a 28")
    expect(lacuna).to_contain_text("RLESTA art. 29, parágrafo único")


def test_teclado_entra_e_navega_sem_mouse(servidor: Servidor, contexto: Any) -> None:
    pagina = contexto.new_page()
    pagina.goto(f"{servidor.url}/entrar")
    expect(pagina.locator("#c-login")).to_be_focused()  # autofocus
    pagina.keyboard.type("autoridade.cpsc")
    pagina.keyboard.press("Tab")
    expect(pagina.locator("#c-senha")).to_be_focused()
    pagina.keyboard.type("farol2026")
    pagina.keyboard.press("Enter")
    pagina.wait_for_url(f"{servidor.url}/painel")
    pagina.keyboard.press("Tab")
    expect(pagina.locator(".pular")).to_be_focused()
    pagina.keyboard.press("Tab")
    expect(pagina.locator(".marca")).to_be_focused()
    pagina.locator("a[href='/busca']").focus()
    pagina.keyboard.press("Enter")
    pagina.wait_for_url(f"{servidor.url}/busca")
    pagina.locator("#c-q").focus()
    pagina.keyboard.type("Maré Mansa")
    pagina.keyboard.press("Enter")
    expect(pagina.locator(".lista-processos li").first).to_contain_text("Maré Mansa")


def test_paginas_cabem_em_390_px(servidor: Servidor, navegador: Any) -> None:
    ctx = navegador.new_context(locale="pt-BR", **CELULAR)
    try:
        pagina = ctx.new_page()
        entrar(pagina, servidor.url, "autoridade.cpsc")
        for caminho in [*PAGINAS, "/processos/6", "/inspecoes/nova"]:
            r = pagina.goto(f"{servidor.url}{caminho}")
            assert r is not None and r.status == 200, caminho
            largura = pagina.evaluate("document.scrollingElement.scrollWidth")
            assert largura <= 390, (caminho, largura)
        pagina.goto(f"{servidor.url}/painel")
        capturar(pagina, "02-painel-celular")
    finally:
        ctx.close()
