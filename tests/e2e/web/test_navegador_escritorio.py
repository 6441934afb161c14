"""O escritório no navegador, no celular (390 × 844) e no computador (issue 15, itens 9 a 12):

- 9: do painel, o contador de prazos vencidos leva à lista já filtrada; a lista se ordena pelo
  próximo prazo e se pagina, sem rolar de lado no celular;
- 10: na página do processo, a lavratura no prazo de esclarecimentos aparece desabilitada, com
  a data a partir da qual cabe e o motivo, e sem formulário;
- 11: o comprimento da embarcação se corrige pela página, com o histórico; a Notificação emitida
  antes continua com o valor antigo, a emitida depois traz o novo;
- 12: o ato recusado mostra todos os erros ao lado dos campos; recarregar a página não dá 405 e
  mostra a mesma recusa.

As telas ficam em artefatos/capturas/escritorio-*.png."""

from __future__ import annotations

import datetime as dt
import io
import re
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip(
    "playwright.sync_api", reason="pacote playwright ausente (pip install playwright)"
)

from playwright.sync_api import expect
from pypdf import PdfReader
from semente import atores, inspecao, processo_autuado

from farol.formatos import data as data_br
from farol.relogio import hoje
from farol.services import inspecoes

from .conftest import CELULAR, COMPUTADOR, Servidor, capturar, entrar

pytestmark = pytest.mark.lento

UM_DIA = dt.timedelta(days=1)


@pytest.fixture(params=["celular", "computador"])
def tela(navegador: Any, request: pytest.FixtureRequest) -> Iterator[tuple[str, Any]]:
    """A página num contexto novo, no tamanho do celular ou do computador."""
    tamanho = CELULAR if request.param == "celular" else COMPUTADOR
    ctx = navegador.new_context(locale="pt-BR", timezone_id="America/Sao_Paulo", **tamanho)
    ctx.set_default_timeout(10_000)
    yield request.param, ctx.new_page()
    ctx.close()


def _sem_rolagem_lateral(pagina: Any) -> None:
    largura = pagina.evaluate("document.documentElement.scrollWidth")
    assert largura <= pagina.viewport_size["width"], largura


def _notificado_ontem(servidor: Servidor, inscricao: str) -> int:
    with servidor.banco.unit_of_work() as s:
        r = inspecoes.registrar_inspecao(
            s,
            atores(servidor.banco)["inspetor.cpsc"],
            inspecao(inscricao=inscricao, dias_atras=1, condutor=None),
        )
    return r.processos[0].id


def _texto_do_pdf(conteudo: bytes) -> str:
    return re.sub(
        r"\s+", "", "".join(p.extract_text() or "" for p in PdfReader(io.BytesIO(conteudo)).pages)
    )


def test_painel_leva_a_lista_filtrada_ordenada_e_paginada(
    servidor: Servidor, tela: tuple[str, Any]
) -> None:
    nome, pagina = tela
    entrar(pagina, servidor.url, "autoridade.cpsc")
    pagina.locator("[data-contagem=prazos_vencidos]").click()
    expect(pagina.get_by_role("heading", name="Processos", exact=True)).to_be_visible()
    expect(pagina.locator("#c-vencidos")).to_be_checked()
    expect(pagina.locator("#total")).to_contain_text("com prazo vencido em aberto")
    linhas = pagina.locator("tbody tr")
    expect(linhas.first).to_be_visible()
    for i in range(linhas.count()):
        expect(linhas.nth(i).locator(".selo-erro")).to_contain_text("vencido há")
    datas = linhas.evaluate_all("l => l.map(x => x.dataset.proximoPrazo)")
    assert datas == sorted(datas)
    _sem_rolagem_lateral(pagina)
    capturar(pagina, f"escritorio-09-lista-vencidos-{nome}")

    # toda a jurisdição, 5 por página, pelo próximo prazo (o sem prazo no fim)
    pagina.goto(f"{servidor.url}/processos?por_pagina=5&ordem=prazo")
    total = int(pagina.locator("#total").get_attribute("data-total"))
    expect(pagina.locator("#total")).to_contain_text(f"página 1 de {-(-total // 5)}")
    primeira = linhas.evaluate_all("l => l.map(x => x.dataset.processo)")
    pagina.get_by_role("link", name="Próxima ›").click()
    expect(pagina.locator(".paginacao [aria-current=page]")).to_have_text("2")
    segunda = linhas.evaluate_all("l => l.map(x => x.dataset.processo)")
    assert len(primeira) == 5 and not set(primeira) & set(segunda)
    _sem_rolagem_lateral(pagina)
    capturar(pagina, f"escritorio-09-lista-pagina-2-{nome}", inteira=False)

    # a ordem inversa: pelo cabeçalho da coluna no computador, pelo campo "Ordem" no celular
    # (lá a tabela vira cartões, sem cabeçalho)
    pagina.goto(f"{servidor.url}/processos?ordem=prazo")
    if nome == "computador":
        pagina.locator("th a[data-ordem=prazo]").click()
    else:
        pagina.select_option("#c-ordem", "-prazo")
        pagina.get_by_role("button", name="Filtrar").click()
    expect(pagina.locator("#total")).to_contain_text("o mais distante primeiro")
    datas = linhas.evaluate_all("l => l.map(x => x.dataset.proximoPrazo).filter(Boolean)")
    assert datas == sorted(datas, reverse=True)


def test_ato_que_ainda_nao_cabe_aparece_desabilitado_com_a_data_e_o_motivo(
    servidor: Servidor, tela: tuple[str, Any]
) -> None:
    nome, pagina = tela
    pid = _notificado_ontem(servidor, "4419915100" if nome == "celular" else "4419915101")
    entrar(pagina, servidor.url, "autoridade.cpsc")
    pagina.goto(f"{servidor.url}/processos/{pid}#acoes")
    expect(pagina.locator("#form-lavratura_auto")).to_have_count(0)
    expect(pagina.locator("#form-esclarecimentos_prestados")).to_be_visible()
    item = pagina.locator("#indisponivel-lavratura_auto")
    expect(item.get_by_role("button")).to_be_disabled()
    a_partir_de = dt.date.fromisoformat(item.get_attribute("data-a-partir-de"))
    vencimento = a_partir_de - UM_DIA
    expect(item).to_contain_text(f"A partir de {data_br(a_partir_de)}")
    expect(item).to_contain_text(
        f"Prazo para prestar esclarecimentos em curso até {data_br(vencimento)}"
    )
    # é o dia seguinte ao vencimento do prazo de comparecimento mostrado na página
    prazo = pagina.locator("#prazos .prazo", has_text="Prestação de esclarecimentos")
    expect(prazo).to_contain_text(f"vence em {data_br(vencimento)}")
    item.scroll_into_view_if_needed()
    _sem_rolagem_lateral(pagina)
    capturar(pagina, f"escritorio-10-ainda-nao-cabem-{nome}", inteira=False)


def test_comprimento_corrigido_com_historico_e_documento_antigo_intacto(
    servidor: Servidor, tela: tuple[str, Any]
) -> None:
    nome, pagina = tela
    pid = _notificado_ontem(servidor, "4419915102" if nome == "celular" else "4419915103")
    entrar(pagina, servidor.url, "autoridade.cpsc")
    pagina.goto(f"{servidor.url}/processos/{pid}")
    pagina.locator("#cadastro-embarcacao").click()
    expect(pagina.locator("#comprimento-atual")).to_have_text("não informado")
    expect(pagina.locator("#c-estrangeira")).not_to_be_checked()  # brasileira, como gravada

    def corrigir(comprimento: str, motivo: str) -> None:
        pagina.fill("#c-comprimento", comprimento)
        pagina.fill("#c-motivo", motivo)
        pagina.locator("#form-correcao button[type=submit]").click()

    # erros de uma vez, ao lado dos campos, com o limite de cada um
    expect(pagina.locator("#ajuda-c-comprimento")).to_contain_text("até 500,00")
    corrigir("0", "curto")
    expect(pagina.locator("#erro-comprimento")).to_contain_text("maior que zero")
    expect(pagina.locator("#erro-motivo")).to_contain_text("diga o motivo da correção")
    capturar(pagina, f"escritorio-11-correcao-recusada-{nome}", inteira=False)

    corrigir("6,50", "Medido no cais pelo inspetor na vistoria de 30/11.")
    expect(pagina.locator("#cadastro-corrigido")).to_be_visible()
    expect(pagina.locator("#comprimento-atual")).to_have_text("6,50 m")

    # a Notificação emitida com 6,50 m
    pagina.goto(f"{servidor.url}/processos/{pid}#oficiais")
    pagina.select_option("#tipo-documento", "notificacao_comparecimento")
    pagina.get_by_role("button", name="Emitir PDF").click()
    antigo = pagina.locator("#oficiais li a[href$='.pdf']").last.get_attribute("href")
    pdf_antigo = pagina.request.get(f"{servidor.url}{antigo}").body()
    assert "6,50m" in _texto_do_pdf(pdf_antigo)

    pagina.locator("#cadastro-embarcacao").click()
    corrigir("7,20", "Conferido com o título de inscrição apresentado pelo proprietário.")
    expect(pagina.locator("#comprimento-atual")).to_have_text("7,20 m")
    historico = pagina.locator("#tabela-historico tbody tr[data-campo=comprimento]")
    expect(historico).to_have_count(2)
    expect(historico.first.locator(".valor-anterior")).to_have_text("6,50 m")
    expect(historico.first.locator(".valor-novo")).to_have_text("7,20 m")
    expect(historico.first).to_contain_text("Conferido com o título de inscrição")
    expect(historico.first).to_contain_text("autoridade.cpsc")
    expect(historico.last.locator(".valor-anterior")).to_have_text("não informado")
    # só mudou o que foi corrigido: a bandeira continua brasileira, fora do histórico
    expect(pagina.locator("#tabela-historico tr[data-campo=estrangeira]")).to_have_count(0)
    expect(pagina.locator("#dados-embarcacao")).to_contain_text("brasileira")
    _sem_rolagem_lateral(pagina)
    capturar(pagina, f"escritorio-11-historico-{nome}")

    # o documento emitido antes é o mesmo, com 6,50 m; o emitido agora traz 7,20 m
    assert pagina.request.get(f"{servidor.url}{antigo}").body() == pdf_antigo
    pagina.goto(f"{servidor.url}/processos/{pid}#oficiais")
    pagina.select_option("#tipo-documento", "notificacao_comparecimento")
    pagina.get_by_role("button", name="Emitir PDF").click()
    novo = pagina.locator("#oficiais li a[href$='.pdf']").last.get_attribute("href")
    assert novo != antigo
    texto_novo = _texto_do_pdf(pagina.request.get(f"{servidor.url}{novo}").body())
    assert "7,20m" in texto_novo and "6,50m" not in texto_novo


def test_ato_recusado_mostra_tudo_e_recarregar_nao_da_405(
    servidor: Servidor, tela: tuple[str, Any]
) -> None:
    nome, pagina = tela
    pid, _ = processo_autuado(
        servidor.banco, inscricao="4419915104" if nome == "celular" else "4419915105"
    )
    entrar(pagina, servidor.url, "autoridade.cpsc")
    pagina.goto(f"{servidor.url}/processos/{pid}")
    form = pagina.locator("#form-ciencia_auto")
    form.locator("summary").click()
    pagina.fill("#c-ciencia_auto-data_ato", (hoje() + UM_DIA).isoformat())
    justificativa = pagina.locator("#c-ciencia_auto-dados-justificativa")
    expect(pagina.locator("#ajuda-c-ciencia_auto-dados-justificativa")).to_contain_text(
        "4.000 caracteres"
    )
    # o navegador corta no maxlength; quem passa do limite é o formulário adulterado
    justificativa.evaluate("e => { e.removeAttribute('maxlength'); e.value = 'x'.repeat(4001) }")
    form.get_by_role("button", name=re.compile("^Registrar")).click()
    expect(pagina).to_have_url(f"{servidor.url}/processos/{pid}/atos/ciencia_auto")
    expect(pagina.locator("#erro-data_ato")).to_contain_text("não pode ser futura")
    expect(pagina.locator("#erro-dados-justificativa")).to_contain_text(
        "no máximo 4.000 caracteres; foram 4.001"
    )
    capturar(pagina, f"escritorio-12-ato-recusado-{nome}", inteira=False)

    resposta = pagina.reload()
    assert resposta is not None and resposta.status == 200
    expect(pagina.locator("#erro-data_ato")).to_contain_text("não pode ser futura")
    expect(pagina.locator("#c-ciencia_auto-data_ato")).to_have_value((hoje() + UM_DIA).isoformat())
    expect(pagina.locator("#form-ciencia_auto")).to_have_attribute("open", "")
    capturar(pagina, f"escritorio-12-recarregada-{nome}", inteira=False)

    # corrigido, registra; o endereço da recusa volta limpo
    pagina.fill("#c-ciencia_auto-data_ato", hoje().isoformat())
    pagina.locator("#c-ciencia_auto-dados-justificativa").fill("")
    pagina.locator("#form-ciencia_auto").get_by_role(
        "button", name=re.compile("^Registrar")
    ).click()
    expect(pagina.locator("#ato-registrado")).to_contain_text("Ciência do Auto")
    pagina.goto(f"{servidor.url}/processos/{pid}/atos/ciencia_auto")
    expect(pagina.locator("#erro-data_ato")).to_have_count(0)
