"""Inspeção sem sinal: manifesto, service worker e a página de inspeção aberta sem rede."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("playwright.sync_api", reason="pacote playwright ausente")

from playwright.sync_api import expect

from farol.web.rotas.offline import nome_do_cache, versao_dos_dados, versao_dos_estaticos

from .conftest import CELULAR, SENHA, Servidor, entrar, esperar

DADOS_GUARDADOS = (
    "caches.keys().then((k) => Promise.all(k.map((n) => caches.open(n)"
    ".then((c) => c.match('/api/v1/medidas/dados.json'))))).then((r) => r.some(Boolean))"
)
"""Os dados das medidas já estão no cache do service worker (a página funciona sem sinal)."""


def test_manifesto_e_service_worker_com_a_versao_dos_dados(cliente: Any) -> None:
    m = cliente.get("/manifest.webmanifest")
    assert m.status_code == 200 and m.json()["start_url"] == "/inspecoes/nova"
    sw = cliente.get("/sw.js")
    assert sw.status_code == 200
    assert sw.headers["service-worker-allowed"] == "/"
    # o cache leva as duas versões: dados normativos novos ou código novo trocam o worker
    assert nome_do_cache() == f"farol-inspecao-{versao_dos_dados()}-{versao_dos_estaticos()}"
    assert f'"{nome_do_cache()}"' in sw.text
    # e as páginas pedem os estáticos pela mesma versão (o hash do conteúdo deles)
    assert f"/estatico/farol.js?v={versao_dos_estaticos()}" in cliente.get("/entrar").text


def test_inspetor_abre_a_pagina_de_inspecao_sem_sinal_depois_de_uma_visita(
    servidor: Servidor, contexto_celular: Any
) -> None:
    pagina = contexto_celular.new_page()
    entrar(pagina, servidor.url, "inspetor.cpsc")
    pagina.goto(f"{servidor.url}/inspecoes/nova")
    esperar(
        pagina,
        "navigator.serviceWorker.ready.then(() => !!navigator.serviceWorker.controller ||"
        " caches.keys().then((k) => k.some((n) => n.startsWith('farol-inspecao-'))))",
    )
    pagina.reload()  # a página passa a ser controlada pelo worker
    esperar(pagina, DADOS_GUARDADOS)
    contexto_celular.set_offline(True)
    try:
        pagina.goto(f"{servidor.url}/inspecoes/nova")
        expect(pagina.locator("#form-inspecao")).to_be_visible()
        expect(pagina.locator("#aviso-sem-sinal")).to_be_visible()
        versao = pagina.evaluate(
            "fetch('/api/v1/medidas/dados.json').then((r) => r.json()).then((d) => d.versao)"
        )
        assert versao == versao_dos_dados()
    finally:
        contexto_celular.set_offline(False)


def test_sem_sinal_a_pagina_calcula_as_medidas_no_aparelho_e_diz_a_versao(
    servidor: Servidor, contexto_celular: Any
) -> None:
    from farol.normas.medidas import carregar_tabela
    from farol.rules.medidas import aplicar_medidas, constatacao_de_dict

    pagina = contexto_celular.new_page()
    entrar(pagina, servidor.url, "inspetor.cpsc")
    pagina.goto(f"{servidor.url}/inspecoes/nova")
    esperar(pagina, DADOS_GUARDADOS)
    pagina.reload()
    contexto_celular.set_offline(True)
    try:
        pagina.get_by_text("Navegando", exact=True).click()
        pagina.locator('input[name="constatacoes"][value="hab_sem"]').check()
        caixa = pagina.locator("[data-sem-sinal]")
        expect(caixa).to_contain_text(
            f"Calculado sem sinal, no aparelho, com os dados versão {versao_dos_dados()}"
        )
        t = carregar_tabela()
        r = aplicar_medidas(constatacao_de_dict({"infracao": "RLESTA.11", "situacao": "navegando"}))
        assert r.medidas
        for m in r.medidas:
            expect(caixa).to_contain_text(t.medidas[m].nome)
    finally:
        contexto_celular.set_offline(False)


def test_sessao_expirada_na_previa_avisa_sem_trocar_o_cookie_do_login(
    servidor: Servidor, contexto_celular: Any
) -> None:
    """Com sinal e a sessão expirada, a prévia das medidas diz que a sessão expirou e calcula
    no aparelho; não traz a página de login para dentro do formulário nem grava um cookie CSRF
    novo (que recusaria, com 403, o login aberto ao mesmo tempo noutra aba ou nesta)."""
    pagina = contexto_celular.new_page()
    entrar(pagina, servidor.url, "inspetor.cpsc")
    pagina.goto(f"{servidor.url}/inspecoes/nova")
    esperar(pagina, DADOS_GUARDADOS)
    contexto_celular.clear_cookies()  # a sessão expirou com a página aberta

    pagina.get_by_text("Navegando", exact=True).click()
    pagina.locator('input[name="constatacoes"][value="hab_sem"]').check()
    aviso = pagina.locator("#avaliacao-conteudo [data-sessao-expirada]")
    expect(aviso).to_contain_text("Sua sessão expirou: o servidor não conferiu as medidas")
    expect(pagina.locator("#avaliacao-conteudo [data-sem-sinal]")).to_contain_text(
        "Calculado com a sessão expirada, no aparelho"
    )
    expect(pagina.locator("#resumo-avaliacao")).to_contain_text("Com a sessão expirada (dados")
    expect(pagina.locator("#avaliacao-conteudo")).not_to_contain_text("Entrar no Farol")
    assert [c["name"] for c in contexto_celular.cookies()] == []

    # o login pelo link, numa aba nova: a sessão vale para a aba do formulário, que confere
    with contexto_celular.expect_page() as nova:
        aviso.get_by_role("link").click()
    login = nova.value
    login.fill("#c-login", "inspetor.cpsc")
    login.fill("#c-senha", SENHA)
    login.click("form[action='/entrar'] button[type=submit]")
    login.wait_for_url(f"{servidor.url}/inspecoes/nova")
    pagina.locator('input[name="constatacoes"][value="hab_sem"]').uncheck()
    pagina.locator('input[name="constatacoes"][value="hab_sem"]').check()
    expect(aviso).to_have_count(0)
    expect(pagina.locator("#avaliacao-conteudo [data-sem-sinal]")).to_have_count(0)


def test_com_o_service_worker_a_pagina_sem_sessao_ainda_leva_ao_login(
    servidor: Servidor, contexto_celular: Any
) -> None:
    """A navegação que o service worker repassa (fetch do pedido de navegação) continua uma
    navegação para o servidor: sem sessão, o login, não o 401 em JSON dos scripts."""
    pagina = contexto_celular.new_page()
    entrar(pagina, servidor.url, "inspetor.cpsc")
    pagina.goto(f"{servidor.url}/inspecoes/nova")
    esperar(pagina, "navigator.serviceWorker.ready.then(() => true)")
    pagina.reload()
    assert pagina.evaluate("!!navigator.serviceWorker.controller")
    contexto_celular.clear_cookies()
    pagina.goto(f"{servidor.url}/inspecoes/nova")
    expect(pagina.locator("#c-login")).to_be_visible()
    assert "/entrar?proximo=" in pagina.url


def test_sem_sinal_a_infracao_desconhecida_diz_que_os_codigos_estao_na_pagina_legislacao(
    servidor: Servidor, navegador: Any
) -> None:
    """O avaliador do aparelho recusava a infração fora dos dados guardados só com "infração
    desconhecida: “RLESTA.99”, fora do catálogo de infrações"; a página com sinal (a borda do
    servidor, `ONDE_NA_PAGINA`) acrescenta onde estão os códigos, e o aparelho também."""
    import json

    ctx = navegador.new_context(
        locale="pt-BR", timezone_id="America/Sao_Paulo", service_workers="block", **CELULAR
    )
    ctx.set_default_timeout(10_000)

    def dados_com_item_estranho(rota: Any) -> None:
        # a lista de verificação com um item cuja infração os dados guardados não conhecem
        resposta = rota.fetch()
        dados = resposta.json()
        dados["checklist"]["hab_sem"]["infracao"] = "RLESTA.99"
        rota.fulfill(response=resposta, body=json.dumps(dados, ensure_ascii=False))

    try:
        pagina = ctx.new_page()
        pagina.route("**/api/v1/medidas/dados.json", dados_com_item_estranho)
        entrar(pagina, servidor.url, "inspetor.cpsc")
        pagina.goto(f"{servidor.url}/inspecoes/nova")
        esperar(pagina, "fetch('/api/v1/medidas/dados.json').then((r) => r.ok)")
        ctx.set_offline(True)
        pagina.get_by_text("Navegando", exact=True).click()
        pagina.locator('input[name="constatacoes"][value="hab_sem"]').check()
        caixa = pagina.locator("[data-sem-sinal]")
        expect(caixa.locator(".alerta-erro")).to_contain_text(
            "infração desconhecida: “RLESTA.99”, fora do catálogo de infrações; os códigos "
            "estão na página Legislação"
        )
    finally:
        ctx.close()
