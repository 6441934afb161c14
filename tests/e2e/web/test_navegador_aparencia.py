"""O celular do inspetor e a aparência do serviço público (issue 15, itens 4, 7, 8 e 17), no
Chromium, num celular de 375 × 667 e num computador de 1280 × 800:

- o menu recolhido do celular abre e cada item fica visível dentro da tela;
- o resumo fixo da nova inspeção mostra a medida de um item marcado no fim da lista, à vista;
- painel, processo, lista de processos e estatísticas não rolam para o lado em 375 px;
- o alto contraste, ligado no botão do topo, continua depois de recarregar; sem JS, vale a
  preferência do sistema;
- a tela da inspeção registrada repete a embarcação, cada notificado e as infrações de cada um
  como os processos (API) e as Notificações (PDF) as trazem;
- o indicador de etapas do processo marca o estado atual.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip(
    "playwright.sync_api", reason="pacote playwright ausente (pip install playwright)"
)

from playwright.sync_api import expect
from pypdf import PdfReader
from semente import processo_autuado

from farol.domain.procedimento.carregar import carregar_regime

from .conftest import Servidor, capturar, entrar

pytestmark = pytest.mark.lento

TELEFONE = {
    "viewport": {"width": 375, "height": 667},
    "device_scale_factor": 1,
    "is_mobile": True,
    "has_touch": True,
}
COMPUTADOR = {"viewport": {"width": 1280, "height": 800}}
TELAS = {"celular": TELEFONE, "computador": COMPUTADOR}


@pytest.fixture
def abrir(navegador: Any) -> Iterator[Any]:
    """abrir(tela, js=True, **extra) -> um contexto novo do tamanho pedido (fechado no fim)."""
    abertos: list[Any] = []

    def novo(tela: str, js: bool = True, **extra: Any) -> Any:
        ctx = navegador.new_context(
            locale="pt-BR",
            timezone_id="America/Sao_Paulo",
            java_script_enabled=js,
            **TELAS[tela],
            **extra,
        )
        ctx.set_default_timeout(10_000)
        abertos.append(ctx)
        return ctx

    yield novo
    for ctx in abertos:
        ctx.close()


def _dentro_da_tela(pagina: Any, locator: Any) -> None:
    caixa = locator.bounding_box()
    assert caixa is not None, locator
    tela = pagina.viewport_size
    assert caixa["x"] >= 0 and caixa["y"] >= 0, (locator, caixa)
    assert caixa["x"] + caixa["width"] <= tela["width"] + 0.5, (locator, caixa)
    assert caixa["y"] + caixa["height"] <= tela["height"] + 0.5, (locator, caixa)


def _token(pagina: Any, base: str, login: str) -> dict[str, str]:
    r = pagina.request.post(
        f"{base}/api/v1/auth/token", form={"username": login, "password": "farol2026"}
    )
    return {"Authorization": f"Bearer {r.json()['access_token']}"}


# --- menu -------------------------------------------------------------------------------


@pytest.mark.parametrize("login", ["inspetor.cpsc", "auditor.cpsc"])
def test_no_celular_o_menu_recolhido_abre_e_cada_item_fica_na_tela(
    servidor: Servidor, abrir: Any, login: str
) -> None:
    pagina = abrir("celular").new_page()
    entrar(pagina, servidor.url, login)
    links = pagina.locator("nav.menu .menu-lista a")
    total = links.count()
    assert total >= 4
    botao = pagina.locator("nav.menu summary", has_text="Menu")
    expect(botao).to_be_visible()
    _dentro_da_tela(pagina, botao)
    for n in range(total):  # recolhido: nenhum item à vista, nada para fora da tela
        expect(links.nth(n)).to_be_hidden()
    assert pagina.evaluate("document.documentElement.scrollWidth") <= 375

    botao.click()
    nomes = []
    for n in range(total):
        link = links.nth(n)
        expect(link).to_be_visible()
        _dentro_da_tela(pagina, link)
        nomes.append(link.inner_text().strip())
    assert "Painel" in nomes and "Consulta pública" in nomes
    if login == "inspetor.cpsc":
        assert "Nova inspeção" in nomes
    capturar(pagina, f"aparencia-menu-celular-{login}", inteira=False)
    assert pagina.evaluate("document.documentElement.scrollWidth") <= 375

    # o último item leva à página, marcada como a atual no menu
    links.nth(total - 1).click()
    pagina.wait_for_url(f"{servidor.url}/consulta")
    pagina.locator("nav.menu summary").click()
    expect(pagina.locator("nav.menu a[aria-current=page]")).to_have_text("Consulta pública")


def test_sem_javascript_o_menu_do_celular_abre_igual(servidor: Servidor, abrir: Any) -> None:
    pagina = abrir("celular", js=False).new_page()
    entrar(pagina, servidor.url, "inspetor.cpsc")
    links = pagina.locator("nav.menu .menu-lista a")
    expect(links.first).to_be_hidden()
    pagina.locator("nav.menu summary").click()
    for n in range(links.count()):
        expect(links.nth(n)).to_be_visible()
        _dentro_da_tela(pagina, links.nth(n))


@pytest.mark.parametrize("js", [True, False], ids=["com-js", "sem-js"])
def test_no_computador_o_menu_fica_aberto_sem_botao(
    servidor: Servidor, abrir: Any, js: bool
) -> None:
    pagina = abrir("computador", js=js).new_page()
    entrar(pagina, servidor.url, "autoridade.cpsc")
    expect(pagina.locator("nav.menu summary")).to_be_hidden()
    links = pagina.locator("nav.menu .menu-lista a")
    for n in range(links.count()):
        expect(links.nth(n)).to_be_visible()
        _dentro_da_tela(pagina, links.nth(n))
    # a trilha de navegação do gov.br: Início › Painel da OM
    trilha = pagina.locator("nav.migalhas")
    expect(trilha.get_by_role("link", name="Início")).to_be_visible()
    expect(trilha.locator("[aria-current=page]")).to_have_text("Painel da OM")
    if js:
        capturar(pagina, "aparencia-painel-computador", inteira=False)


# --- resumo fixo da nova inspeção ---------------------------------------------------------


@pytest.mark.parametrize("tela", ["celular", "computador"])
def test_resumo_fixo_mostra_a_medida_do_item_marcado_no_fim_da_lista(
    servidor: Servidor, abrir: Any, tela: str
) -> None:
    pagina = abrir(tela).new_page()
    entrar(pagina, servidor.url, "inspetor.cpsc")
    pagina.goto(f"{servidor.url}/inspecoes/nova")
    resumo = pagina.locator("#resumo-avaliacao")
    expect(resumo).to_contain_text("Nenhuma constatação marcada")
    expect(resumo).to_have_attribute("aria-live", "polite")
    pagina.get_by_text("Navegando", exact=True).click()

    # o último grupo da lista, bem abaixo do começo da página
    grupo = pagina.locator("details.grupo").last
    grupo.locator("summary").click()
    item = grupo.locator("label.item").last
    item.scroll_into_view_if_needed()
    item.click()
    assert pagina.evaluate("window.scrollY") > 300, "o item marcado está longe do topo"

    medidas = pagina.locator("#avaliacao [data-medida] strong")
    expect(medidas.first).to_be_visible()
    nomes = [x.strip() for x in medidas.all_inner_texts()]
    for nome in nomes:
        expect(resumo).to_contain_text(nome)
    notificados = pagina.locator("#avaliacao [data-notificar] strong").all_inner_texts()
    for nome in notificados:
        expect(resumo).to_contain_text(nome.strip())

    # sem rolar: o item marcado e o resumo com a medida estão os dois na tela
    _dentro_da_tela(pagina, resumo)
    _dentro_da_tela(pagina, item)
    expect(resumo.locator("[data-resumo-medida]").first).to_be_visible()
    _dentro_da_tela(pagina, resumo.locator("[data-resumo-medida]").first)
    capturar(pagina, f"aparencia-resumo-fixo-{tela}", inteira=False)

    # desmarcou: o resumo volta a dizer que não há constatação
    item.click()
    expect(resumo).to_contain_text("Nenhuma constatação marcada")


def test_sem_javascript_o_resumo_fixo_vem_com_conferir_medidas(
    servidor: Servidor, abrir: Any
) -> None:
    pagina = abrir("celular", js=False).new_page()
    entrar(pagina, servidor.url, "inspetor.cpsc")
    pagina.goto(f"{servidor.url}/inspecoes/nova")
    pagina.check("input[name=situacao][value=navegando]", force=True)
    pagina.check("input[name=constatacoes][value=hab_sem]")
    pagina.get_by_role("button", name="Conferir medidas").click()
    resumo = pagina.locator("#resumo-avaliacao")
    expect(resumo.locator("[data-resumo-medida=retirada_de_trafego]")).to_be_visible()
    _dentro_da_tela(pagina, resumo)


# --- sem rolagem horizontal no celular ----------------------------------------------------


def test_paginas_do_escritorio_nao_rolam_para_o_lado_em_375_px(
    servidor: Servidor, abrir: Any
) -> None:
    pid, _ = processo_autuado(servidor.banco, inscricao="4419900701", dias_atras=40)
    pagina = abrir("celular").new_page()
    entrar(pagina, servidor.url, "autoridade.cpsc")
    for caminho in ("/painel", f"/processos/{pid}", "/processos", "/estatisticas"):
        r = pagina.goto(f"{servidor.url}{caminho}")
        assert r is not None and r.status == 200, caminho
        pagina.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
        largura = pagina.evaluate("document.documentElement.scrollWidth")
        assert largura <= 375, (caminho, largura)
        nome = caminho.strip("/").replace("/", "-")
        capturar(pagina, f"aparencia-375-{nome}")

    # as tabelas do painel viram cartões: cada célula com o rótulo da coluna, sem palavra partida
    pagina.goto(f"{servidor.url}/painel")
    celulas = pagina.locator("table.tabela-cartoes td[data-rotulo]")
    if celulas.count():
        rotulo = pagina.evaluate(
            "getComputedStyle(document.querySelector('table.tabela-cartoes td[data-rotulo]'),"
            " '::before').content"
        )
        assert rotulo.strip('"'), rotulo


def test_graficos_do_celular_tem_texto_legivel(servidor: Servidor, abrir: Any) -> None:
    pagina = abrir("celular").new_page()
    entrar(pagina, servidor.url, "capitao.cpsc")
    pagina.goto(f"{servidor.url}/estatisticas")
    pagina.wait_for_function(
        "() => [...document.querySelectorAll('figure.grafico img')]"
        ".every(i => i.complete && i.naturalWidth > 0)"
    )
    imagens = pagina.locator("figure.grafico img")
    for n in range(imagens.count()):
        img = imagens.nth(n)
        atual = img.evaluate("i => i.currentSrc")
        assert "largura=360" in atual, atual  # o <picture> serve o desenho estreito
        natural = img.evaluate("i => i.naturalWidth")
        mostrada = img.evaluate("i => i.getBoundingClientRect().width")
        svg = pagina.request.get(atual).text()
        menor = min(int(x) for x in _tamanhos_de_fonte(svg))
        # a fonte, na escala em que a imagem aparece, tem ao menos 11 px
        assert menor * mostrada / natural >= 11, (atual, menor, mostrada, natural)


def _tamanhos_de_fonte(svg: str) -> list[str]:
    import re

    return re.findall(r'font-size="(\d+)"', svg)


# --- alto contraste -----------------------------------------------------------------------


def _fundo(pagina: Any) -> str:
    return str(pagina.evaluate("getComputedStyle(document.body).backgroundColor"))


def test_alto_contraste_ligado_no_topo_continua_depois_de_recarregar(
    servidor: Servidor, abrir: Any
) -> None:
    pagina = abrir("celular").new_page()
    entrar(pagina, servidor.url, "autoridade.cpsc")
    botao = pagina.locator("[data-contraste]")
    expect(botao).to_be_visible()
    expect(botao).to_have_attribute("aria-pressed", "false")
    claro = _fundo(pagina)
    assert claro != "rgb(0, 0, 0)"

    botao.click()
    expect(botao).to_have_attribute("aria-pressed", "true")
    expect(pagina.locator("html")).to_have_class("alto-contraste")
    assert _fundo(pagina) == "rgb(0, 0, 0)"

    pagina.reload()
    expect(pagina.locator("html")).to_have_class("alto-contraste")
    expect(pagina.locator("[data-contraste]")).to_have_attribute("aria-pressed", "true")
    assert _fundo(pagina) == "rgb(0, 0, 0)"
    pagina.goto(f"{servidor.url}/processos")  # vale em todas as páginas
    assert _fundo(pagina) == "rgb(0, 0, 0)"
    capturar(pagina, "aparencia-alto-contraste-celular", inteira=False)

    pagina.locator("[data-contraste]").click()
    expect(pagina.locator("[data-contraste]")).to_have_attribute("aria-pressed", "false")
    pagina.reload()
    assert _fundo(pagina) == claro
    expect(pagina.locator("[data-contraste]")).to_have_attribute("aria-pressed", "false")


def test_sem_javascript_vale_o_alto_contraste_pedido_pelo_sistema(
    servidor: Servidor, abrir: Any
) -> None:
    pagina = abrir("celular", js=False, contrast="more").new_page()
    pagina.goto(f"{servidor.url}/consulta")
    assert _fundo(pagina) == "rgb(0, 0, 0)"
    expect(pagina.locator("[data-contraste]")).to_be_hidden()  # o botão precisa de JS
    normal = abrir("celular", js=False).new_page()
    normal.goto(f"{servidor.url}/consulta")
    assert _fundo(normal) != "rgb(0, 0, 0)"


# --- a inspeção registrada ----------------------------------------------------------------

INSCRICAO = "4419900702"


def test_inspecao_registrada_repete_embarcacao_notificados_e_infracoes_como_a_api(
    servidor: Servidor, abrir: Any
) -> None:
    pagina = abrir("celular").new_page()
    entrar(pagina, servidor.url, "inspetor.cpsc")
    pagina.goto(f"{servidor.url}/inspecoes/nova")
    pagina.get_by_text("Navegando", exact=True).click()
    pagina.fill("#c-embarcacao-inscricao", INSCRICAO)
    pagina.fill("#c-embarcacao-nome", "Brisa do Campeche")
    pagina.fill("#c-embarcacao-comprimento", "7,20")
    pagina.fill("#c-proprietario-documento", "529.982.247-25")
    pagina.fill("#c-proprietario-nome", "Joana Proprietária")
    pagina.fill("#c-condutor-documento", "111.444.777-35")
    pagina.fill("#c-condutor-nome", "Pedro Condutor")
    pagina.fill("#c-local", "Baía Sul, próximo ao trapiche")
    pagina.locator("label.item", has_text="Conduz sem habilitação").click()
    pagina.locator("details.grupo", has_text="Dotação").locator("summary").click()
    pagina.locator("label.item", has_text="Sem coletes / boias").click()
    expect(pagina.locator("#resumo-avaliacao [data-resumo-medida]").first).to_be_visible()
    pagina.get_by_role("button", name="Registrar inspeção").click()
    expect(pagina.locator("#inspecao-registrada")).to_contain_text("registrada")
    capturar(pagina, "aparencia-inspecao-registrada-celular")

    embarcacao = pagina.locator("#embarcacao-inspecionada")
    expect(embarcacao).to_contain_text("Brisa do Campeche")
    expect(embarcacao).to_contain_text(INSCRICAO)
    expect(embarcacao).to_contain_text("7,20 m")

    auth = _token(pagina, servidor.url, "inspetor.cpsc")
    notificados = pagina.locator("li.notificado")
    assert notificados.count() == 2
    vistos = set()
    for n in range(notificados.count()):
        item = notificados.nth(n)
        pid = item.get_attribute("data-processo")
        api = pagina.request.get(f"{servidor.url}/api/v1/processos/{pid}", headers=auth).json()
        # o processo: a pessoa, a embarcação e as infrações dela
        expect(item.locator(".notificado-nome")).to_have_text(api["autuado"]["nome"])
        expect(item).to_contain_text(api["autuado"]["documento"])
        expect(item.locator(".processo-numero")).to_have_text(api["numero"])
        assert api["embarcacao"]["inscricao"] == INSCRICAO
        assert api["embarcacao"]["nome"] == embarcacao.locator("[data-campo=nome]").inner_text()
        na_tela = {
            x.get_attribute("data-infracao")
            for x in item.locator(".infracao-imputada").all()
        }
        assert na_tela == {i["codigo"] for i in api["infracoes"]}, (na_tela, api["infracoes"])
        vistos.add(api["autuado"]["nome"])

        # a Notificação para Comparecimento da pessoa: o número e as infrações da tela
        numero = item.locator(".notificacao-numero").inner_text()
        doc = pagina.request.post(
            f"{servidor.url}/api/v1/processos/{pid}/documentos",
            headers=auth,
            data={"tipo": "notificacao_comparecimento"},
        )
        assert doc.status == 201, doc.text()
        pdf = pagina.request.get(f"{servidor.url}{doc.json()['pdf']}", headers=auth).body()
        texto = " ".join(p.extract_text() or "" for p in PdfReader(io.BytesIO(pdf)).pages)
        assert numero in texto, numero
        assert api["autuado"]["nome"] in texto
        for codigo in na_tela:
            assert codigo in texto.replace("\n", " "), codigo
    assert vistos == {"Joana Proprietária", "Pedro Condutor"}


# --- indicador de etapas ------------------------------------------------------------------


@pytest.mark.parametrize("tela", ["celular", "computador"])
def test_indicador_de_etapas_marca_o_estado_atual_do_processo(
    servidor: Servidor, abrir: Any, tela: str
) -> None:
    pid, _ = processo_autuado(
        servidor.banco, inscricao=f"44199007{10 if tela == 'celular' else 11}", dias_atras=30
    )
    pagina = abrir(tela).new_page()
    entrar(pagina, servidor.url, "autoridade.cpsc")
    api = pagina.request.get(
        f"{servidor.url}/api/v1/processos/{pid}",
        headers=_token(pagina, servidor.url, "autoridade.cpsc"),
    ).json()
    pagina.goto(f"{servidor.url}/processos/{pid}")
    etapas = pagina.locator("#etapas")
    expect(etapas).to_be_visible()
    atual = etapas.locator(".etapas-lista [aria-current=step]")
    expect(atual).to_have_count(1)
    expect(atual).to_have_attribute("data-etapa", api["estado"])
    expect(atual.locator(".etapa-marca")).to_be_visible()
    expect(etapas.locator("#etapa-atual")).to_have_text(api["estado_nome"])

    # as etapas são os estados do quadro do regime, na ordem declarada; as de antes da atual
    # por que o processo passou aparecem percorridas
    quadro = list(carregar_regime(api["regime"]).estados)
    ordem = [
        e.split()[0]
        for e in etapas.locator(".etapas-lista li").evaluate_all(
            "l => l.map(x => x.dataset.etapa)"
        )
    ]
    sem_final = ordem[:-1]
    assert sem_final == sorted(sem_final, key=quadro.index)
    assert api["estado"] in ordem
    antes = etapas.locator(".etapas-lista li.etapa-percorrida")
    assert antes.count() >= 2  # constatada e notificado, ao menos
    breadcrumb = pagina.locator("nav.migalhas")
    expect(breadcrumb.get_by_role("link", name="Processos")).to_be_visible()
    expect(breadcrumb.locator("[aria-current=page]")).to_contain_text(api["numero"])
    capturar(pagina, f"aparencia-processo-etapas-{tela}", inteira=False)
