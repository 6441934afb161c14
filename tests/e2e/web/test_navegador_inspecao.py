"""(a) O inspetor, no celular (390 × 844), registra a inspeção de uma embarcação navegando com
condutor sem habilitação e vê, antes de salvar, a retirada de tráfego e a apreensão com as
citações; o reenvio do mesmo formulário (conexão que caiu) não cria nada duas vezes."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip(
    "playwright.sync_api", reason="pacote playwright ausente (pip install playwright)"
)

from playwright.sync_api import expect
from sqlalchemy import select

from farol.store.orm import Embarcacao, Inspecao, MedidaAdministrativa, Notificacao

from .conftest import Servidor, capturar, entrar

pytestmark = pytest.mark.lento

INSCRICAO = "4419900001"


def _preencher(pagina: Any) -> None:
    pagina.get_by_text("Navegando", exact=True).click()
    pagina.fill("#c-embarcacao-inscricao", INSCRICAO)
    pagina.fill("#c-embarcacao-nome", "Veloz do Sul")
    pagina.select_option("#c-embarcacao-tipo", "lancha")
    pagina.fill("#c-proprietario-nome", "Joana Proprietária")
    pagina.fill("#c-condutor-documento", "111.444.777-35")
    pagina.fill("#c-condutor-nome", "Pedro Condutor")
    pagina.fill("#c-local", "Baía Norte, próximo à Ponte Hercílio Luz")


def test_inspetor_no_celular_ve_retirada_e_apreensao_do_condutor_sem_habilitacao(
    servidor: Servidor, contexto_celular: Any
) -> None:
    pagina = contexto_celular.new_page()
    pagina.goto(f"{servidor.url}/entrar")
    capturar(pagina, "01-entrar-celular")
    entrar(pagina, servidor.url, "inspetor.cpsc")
    expect(pagina.locator("#usuario")).to_contain_text("Inspetor Naval")
    expect(pagina.locator("#usuario")).to_contain_text("CPSC")

    # no celular o menu fica recolhido no botão "Menu": o inspetor o abre e escolhe o item
    nova = pagina.get_by_role("link", name="Nova inspeção")
    expect(nova).to_be_hidden()
    pagina.locator("nav.menu summary", has_text="Menu").click()
    expect(nova).to_be_visible()
    nova.click()
    expect(pagina.get_by_role("heading", name="Nova inspeção")).to_be_visible()
    _preencher(pagina)

    # CPF conferido enquanto se digita
    pagina.fill("#c-proprietario-documento", "529.982.247-26")
    expect(pagina.locator("#bloco-proprietario")).to_contain_text(
        "CPF 529.982.247-26 com dígito verificador errado"
    )
    pagina.fill("#c-proprietario-documento", "529.982.247-25")
    expect(pagina.locator("#bloco-proprietario .erro-campo")).to_have_count(0)

    # marcou a constatação: a prévia aparece já, com as citações
    pagina.locator("label.item", has_text="Conduz sem habilitação").click()
    retirada = pagina.locator("#avaliacao [data-medida=retirada_de_trafego]")
    apreensao = pagina.locator("#avaliacao [data-medida=apreensao_embarcacao]")
    expect(retirada).to_contain_text("Retirada de tráfego da embarcação")
    expect(retirada).to_contain_text("NORMAM (Port. 110/2023) item 3.8.1 b")
    expect(retirada).to_contain_text("LESTA art. 16, II")
    expect(apreensao).to_contain_text("Apreensão da embarcação")
    expect(apreensao).to_contain_text("NORMAM (Port. 110/2023) item 3.8.1 b")
    notificar = pagina.locator("#avaliacao .notificar")
    expect(notificar).to_contain_text("Condutor")
    expect(notificar).to_contain_text("Proprietário")
    expect(pagina.locator("#avaliacao")).to_contain_text("Auto de Apreensão")
    capturar(pagina, "03-nova-inspecao-celular")
    pagina.locator("#avaliacao").scroll_into_view_if_needed()
    capturar(pagina, "03-nova-inspecao-celular-medidas", inteira=False)
    assert pagina.evaluate("document.scrollingElement.scrollWidth") <= 390

    corpo = pagina.evaluate(
        "new URLSearchParams(new FormData(document.getElementById('form-inspecao'))).toString()"
    )
    pagina.get_by_role("button", name="Registrar inspeção").click()
    registrada = pagina.locator("#inspecao-registrada")
    expect(registrada).to_contain_text("registrada")
    expect(registrada).to_contain_text("2 notificações emitidas")
    expect(pagina.locator("[data-medida=apreensao_embarcacao]")).to_be_visible()
    capturar(pagina, "04-inspecao-registrada-celular")
    inspecao_id = registrada.get_attribute("data-inspecao")

    with servidor.banco.unit_of_work(somente_leitura=True) as s:
        emb = s.execute(select(Embarcacao).where(Embarcacao.inscricao == INSCRICAO)).scalar_one()
        antes = (
            servidor.contar(Inspecao, Inspecao.embarcacao_id == emb.id),
            servidor.contar(Notificacao),
            servidor.contar(MedidaAdministrativa),
        )
    assert antes[0] == 1

    # a conexão caiu e o inspetor reenviou o mesmo formulário: a mesma resposta, nada novo
    r = pagina.request.post(
        f"{servidor.url}/inspecoes/nova",
        data=corpo,
        headers={"Content-Type": "application/x-www-form-urlencoded"},
    )
    assert r.status == 200
    assert f'data-inspecao="{inspecao_id}"' in r.text()
    depois = (
        servidor.contar(Inspecao, Inspecao.embarcacao_id == emb.id),
        servidor.contar(Notificacao),
        servidor.contar(MedidaAdministrativa),
    )
    assert depois == antes


def test_sem_javascript_o_botao_conferir_medidas_mostra_as_medidas(
    servidor: Servidor, navegador: Any
) -> None:
    from .conftest import CELULAR

    ctx = navegador.new_context(locale="pt-BR", java_script_enabled=False, **CELULAR)
    try:
        pagina = ctx.new_page()
        entrar(pagina, servidor.url, "inspetor.cpsc")
        pagina.goto(f"{servidor.url}/inspecoes/nova")
        pagina.check("input[name=situacao][value=navegando]", force=True)
        pagina.check("input[name=constatacoes][value=hab_sem]")
        pagina.get_by_role("button", name="Conferir medidas").click()
        expect(pagina.locator("#avaliacao [data-medida=retirada_de_trafego]")).to_be_visible()
        expect(pagina.locator("input[name=constatacoes][value=hab_sem]")).to_be_checked()

        # recusa do servidor: o que foi digitado fica, o erro aparece ao lado do campo
        pagina.fill("#c-proprietario-documento", "123.456.789-00")
        pagina.fill("#c-embarcacao-nome", "Sem Pressa")
        pagina.get_by_role("button", name="Registrar inspeção").click()
        expect(pagina.locator("#erro-geral")).to_be_visible()
        expect(pagina.locator("#c-embarcacao-nome")).to_have_value("Sem Pressa")
        expect(pagina.locator("#erro-embarcacao-inscricao")).to_be_visible()
        expect(pagina.locator("input[name=constatacoes][value=hab_sem]")).to_be_checked()
    finally:
        ctx.close()
