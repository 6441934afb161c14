"""O celular do inspetor e a aparência do serviço público (issue 15, itens 4, 7, 8 e 17), no
Chromium, num celular de 390 × 844 (o da revisão) e num computador de 1280 × 800:

- o menu recolhido do celular abre e cada item fica visível dentro da tela;
- o resumo fixo da nova inspeção mostra a medida e quem notificar de um item marcado longe do
  topo, à vista sem rolar;
- painel, processo, lista de processos e estatísticas não rolam para o lado em 390 px nem em
  375 px, e as tabelas viram cartões sem partir palavra;
- os gráficos servidos ao celular têm texto de ao menos 11 px e nada cortado nas bordas;
- o alto contraste, ligado no botão do topo, continua depois de recarregar; sem JS, vale a
  preferência do sistema;
- a tela da inspeção registrada repete a embarcação, cada notificado e as infrações de cada um
  como os processos (API) e as Notificações (PDF) as trazem; o que não foi informado (o
  comprimento) fica "não informado" e sai em branco no documento;
- o indicador de etapas do processo marca o estado atual.

As capturas ficam em artefatos/capturas/aparencia-*.png.
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

from .conftest import Servidor, capturar, entrar, esperar

pytestmark = pytest.mark.lento

TELEFONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 1,
    "is_mobile": True,
    "has_touch": True,
}
ESTREITO = {**TELEFONE, "viewport": {"width": 375, "height": 667}}
COMPUTADOR = {"viewport": {"width": 1280, "height": 800}}
TELAS = {"celular": TELEFONE, "estreito": ESTREITO, "computador": COMPUTADOR}


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
    assert pagina.evaluate("document.documentElement.scrollWidth") <= 390

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
    assert pagina.evaluate("document.documentElement.scrollWidth") <= 390

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
def test_resumo_fixo_mostra_a_medida_do_item_marcado_longe_do_topo(
    servidor: Servidor, abrir: Any, tela: str
) -> None:
    pagina = abrir(tela).new_page()
    entrar(pagina, servidor.url, "inspetor.cpsc")
    pagina.goto(f"{servidor.url}/inspecoes/nova")
    resumo = pagina.locator("#resumo-avaliacao")
    expect(resumo).to_contain_text("Nenhuma constatação marcada")
    expect(resumo).to_have_attribute("aria-live", "polite")
    pagina.get_by_text("Navegando", exact=True).click()

    # "Motor / eixo sem proteção", o último item do grupo "Luzes e equipamentos", bem abaixo
    # do começo da lista: retirada de tráfego e apreensão da habilitação
    grupo = pagina.locator("details.grupo", has_text="Luzes e equipamentos")
    grupo.locator("summary").click()
    item = grupo.locator("label.item", has=pagina.locator("input[value=protecao_motor]"))
    item.scroll_into_view_if_needed()
    item.click()
    assert pagina.evaluate("window.scrollY") > 300, "o item marcado está longe do topo"

    medidas = pagina.locator("#avaliacao [data-medida] strong")
    expect(medidas).to_have_count(2)
    nomes = [x.strip() for x in medidas.all_inner_texts()]
    for nome in nomes:
        expect(resumo).to_contain_text(nome)
    notificados = pagina.locator("#avaliacao [data-notificar] strong").all_inner_texts()
    assert notificados
    for nome in notificados:
        expect(resumo).to_contain_text(nome.strip())

    # sem rolar: o item marcado e o resumo com as medidas e quem notificar, tudo na tela
    _dentro_da_tela(pagina, resumo)
    _dentro_da_tela(pagina, item)
    for marca in ("[data-resumo-medida]", "[data-resumo-notificar]"):
        primeiro = resumo.locator(marca).first
        expect(primeiro).to_be_visible()
        _dentro_da_tela(pagina, primeiro)
    # o resumo não cobre o item marcado
    caixa_item, caixa_resumo = item.bounding_box(), resumo.bounding_box()
    assert caixa_item is not None and caixa_resumo is not None
    assert caixa_item["y"] + caixa_item["height"] <= caixa_resumo["y"], (caixa_item, caixa_resumo)
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

# As palavras das células de tabela que o navegador partiu em duas linhas ("Proc / esso",
# "05/ 11/ 20 26"): cada palavra de cada nó de texto, medida pelos retângulos da sua faixa.
PALAVRAS_PARTIDAS = """() => {
  const partidas = [];
  for (const cel of document.querySelectorAll("table td, table th")) {
    if (!cel.getClientRects().length) continue;
    const nos = document.createTreeWalker(cel, NodeFilter.SHOW_TEXT);
    for (let no = nos.nextNode(); no; no = nos.nextNode()) {
      const palavras = /\\S+/g;
      for (let m = palavras.exec(no.data); m; m = palavras.exec(no.data)) {
        const faixa = document.createRange();
        faixa.setStart(no, m.index);
        faixa.setEnd(no, m.index + m[0].length);
        const linhas = new Set([...faixa.getClientRects()]
          .filter(r => r.width > 0).map(r => Math.round(r.bottom)));
        if (linhas.size > 1) partidas.push(m[0]);
      }
    }
  }
  return partidas;
}"""


# As células cujo conteúdo passa da própria borda (o texto que não cabe e vaza do cartão).
CELULAS_QUE_VAZAM = """() => [...document.querySelectorAll("table td, table th")]
  .filter(c => c.getClientRects().length && c.scrollWidth > c.clientWidth + 1)
  .map(c => `${c.dataset.rotulo || c.tagName}: ${c.textContent.trim().slice(0, 40)}`)"""

# Os elementos que passam da borda direita da tela (para a mensagem de erro).
PASSAM_DA_TELA = """() => [...document.querySelectorAll("body *")]
  .filter(e => e.getBoundingClientRect().right > window.innerWidth + 0.5)
  .slice(0, 8)
  .map(e => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)}px: `
            + (e.textContent || "").trim().slice(0, 40))"""


@pytest.mark.parametrize("tela", ["celular", "estreito"])
def test_paginas_do_escritorio_nao_rolam_para_o_lado_nem_partem_palavras(
    servidor: Servidor, abrir: Any, tela: str
) -> None:
    pid, _ = processo_autuado(
        servidor.banco, inscricao=f"441990070{1 if tela == 'celular' else 3}", dias_atras=40
    )
    pagina = abrir(tela).new_page()
    largura_tela = TELAS[tela]["viewport"]["width"]
    entrar(pagina, servidor.url, "autoridade.cpsc")
    for caminho in ("/painel", f"/processos/{pid}", "/processos", "/estatisticas"):
        r = pagina.goto(f"{servidor.url}{caminho}")
        assert r is not None and r.status == 200, caminho
        pagina.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
        largura = pagina.evaluate("document.documentElement.scrollWidth")
        assert largura <= largura_tela, (caminho, largura, pagina.evaluate(PASSAM_DA_TELA))
        assert pagina.evaluate(PALAVRAS_PARTIDAS) == [], caminho
        assert pagina.evaluate(CELULAS_QUE_VAZAM) == [], caminho
        nome = "processo" if caminho.startswith("/processos/") else caminho.strip("/")
        capturar(pagina, f"aparencia-{largura_tela}-{nome}")

    # as tabelas do painel e da lista viram cartões: cada célula com o rótulo da coluna
    for caminho in ("/painel", "/processos"):
        pagina.goto(f"{servidor.url}{caminho}")
        celulas = pagina.locator("table.tabela-cartoes td[data-rotulo]")
        assert celulas.count() > 0, caminho
        rotulos = celulas.evaluate_all(
            "l => l.filter(c => c.getClientRects().length)"
            ".map(c => [c.dataset.rotulo, getComputedStyle(c, '::before').content,"
            " getComputedStyle(c).display])"
        )
        assert rotulos, caminho
        for rotulo, antes, exibicao in rotulos:
            assert antes.strip('"') == rotulo, (caminho, rotulo, antes)
            assert exibicao != "table-cell", (caminho, rotulo)  # a linha virou cartão


def test_no_computador_as_tabelas_continuam_tabelas(servidor: Servidor, abrir: Any) -> None:
    pagina = abrir("computador").new_page()
    entrar(pagina, servidor.url, "autoridade.cpsc")
    pagina.goto(f"{servidor.url}/processos")
    cabecalho = pagina.locator("table.tabela-cartoes thead").first
    expect(cabecalho).to_be_visible()
    celula = pagina.locator("table.tabela-cartoes td[data-rotulo]").first
    assert celula.evaluate("c => getComputedStyle(c).display") == "table-cell"
    assert pagina.evaluate(PALAVRAS_PARTIDAS) == []
    assert pagina.evaluate(CELULAS_QUE_VAZAM) == []


# O texto de cada gráfico, desenhado pelo navegador: a caixa de cada <text> dentro do desenho.
TEXTO_FORA_DO_DESENHO = """() => {
  const svg = document.querySelector("svg");
  const largura = svg.viewBox.baseVal.width, altura = svg.viewBox.baseVal.height;
  return [...svg.querySelectorAll("text")].map(t => [t.textContent, t.getBBox()])
    .filter(([_, c]) => c.x < 0 || c.y < 0 || c.x + c.width > largura + 0.5
                        || c.y + c.height > altura + 0.5)
    .map(([texto, c]) => `${texto} (${Math.round(c.x)}, ${Math.round(c.width)})`);
}"""


@pytest.mark.parametrize("tela", ["celular", "computador"])
def test_graficos_tem_texto_legivel_e_nada_cortado(
    servidor: Servidor, abrir: Any, tela: str
) -> None:
    pagina = abrir(tela).new_page()
    entrar(pagina, servidor.url, "capitao.cpsc")
    pagina.goto(f"{servidor.url}/estatisticas")
    esperar(
        pagina,
        "() => [...document.querySelectorAll('figure.grafico img')]"
        ".every(i => i.complete && i.naturalWidth > 0)",
    )
    imagens = pagina.locator("figure.grafico img")
    assert imagens.count() >= 4
    enderecos = []
    for n in range(imagens.count()):
        img = imagens.nth(n)
        atual = img.evaluate("i => i.currentSrc")
        # o <picture> serve ao celular o desenho estreito
        assert ("largura=360" in atual) == (tela == "celular"), atual
        natural = img.evaluate("i => i.naturalWidth")
        mostrada = img.evaluate("i => i.getBoundingClientRect().width")
        svg = pagina.request.get(atual).text()
        menor = min(int(x) for x in _tamanhos_de_fonte(svg))
        # a fonte, na escala em que a imagem aparece, tem ao menos 11 px
        assert menor * mostrada / natural >= 11, (atual, menor, mostrada, natural)
        enderecos.append(atual)
    capturar(pagina, f"aparencia-graficos-{tela}")
    for atual in enderecos:  # cada rótulo inteiro dentro do desenho (nada de "$ 20.000,00")
        pagina.goto(atual)
        assert pagina.evaluate(TEXTO_FORA_DO_DESENHO) == [], atual


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

# Pessoas que a demonstração e as sementes não têm: o cadastro guarda o nome que o inspetor
# digita (uma pessoa já cadastrada manteria o nome gravado).
REGISTRADAS = {
    "celular": ("4419900702", "7,20", ("390.120.450-45", "Joana Proprietária"),
                ("390.120.451-26", "Pedro Condutor")),
    "computador": ("4419900704", "", ("390.120.452-07", "Marta Armadora"),
                   ("390.120.453-98", "Caio Timoneiro")),
}  # fmt: skip


@pytest.mark.parametrize("tela", ["celular", "computador"])
def test_inspecao_registrada_repete_embarcacao_notificados_e_infracoes_como_a_api(
    servidor: Servidor, abrir: Any, tela: str
) -> None:
    inscricao, comprimento, (cpf_dono, dono), (cpf_condutor, condutor) = REGISTRADAS[tela]
    pagina = abrir(tela).new_page()
    entrar(pagina, servidor.url, "inspetor.cpsc")
    pagina.goto(f"{servidor.url}/inspecoes/nova")
    pagina.get_by_text("Navegando", exact=True).click()
    pagina.fill("#c-embarcacao-inscricao", inscricao)
    pagina.fill("#c-embarcacao-nome", "Brisa do Campeche")
    pagina.fill("#c-embarcacao-comprimento", comprimento)  # no computador, em branco
    pagina.fill("#c-proprietario-documento", cpf_dono)
    pagina.fill("#c-proprietario-nome", dono)
    pagina.fill("#c-condutor-documento", cpf_condutor)
    pagina.fill("#c-condutor-nome", condutor)
    pagina.fill("#c-local", "Baía Sul, próximo ao trapiche")
    pagina.locator("label.item", has_text="Conduz sem habilitação").click()
    pagina.locator("details.grupo", has_text="Dotação").locator("summary").click()
    pagina.locator("label.item", has_text="Sem coletes / boias").click()
    expect(pagina.locator("#resumo-avaliacao [data-resumo-medida]").first).to_be_visible()
    pagina.get_by_role("button", name="Registrar inspeção").click()
    expect(pagina.locator("#inspecao-registrada")).to_contain_text("registrada")
    capturar(pagina, f"aparencia-inspecao-registrada-{tela}")

    embarcacao = pagina.locator("#embarcacao-inspecionada")
    expect(embarcacao).to_contain_text("Brisa do Campeche")
    expect(embarcacao).to_contain_text(inscricao)
    # o que foi digitado, no formato brasileiro; o que não foi, "não informado", nunca 6,00 m
    expect(embarcacao).to_contain_text(f"{comprimento} m" if comprimento else "não informado")
    expect(embarcacao).not_to_contain_text("6,00")

    auth = _token(pagina, servidor.url, "inspetor.cpsc")
    notificados = pagina.locator("li.notificado")
    expect(notificados).to_have_count(2)
    vistos = set()
    for n in range(notificados.count()):
        item = notificados.nth(n)
        pid = item.get_attribute("data-processo")
        api = pagina.request.get(f"{servidor.url}/api/v1/processos/{pid}", headers=auth).json()
        # o processo: a pessoa, a embarcação e as infrações dela
        expect(item.locator(".notificado-nome")).to_have_text(api["autuado"]["nome"])
        expect(item).to_contain_text(api["autuado"]["documento"])
        expect(item.locator(".processo-numero")).to_have_text(api["numero"])
        assert api["embarcacao"]["inscricao"] == inscricao
        assert api["embarcacao"]["nome"] == embarcacao.locator("[data-campo=nome]").inner_text()
        assert (api["embarcacao"]["comprimento"] is None) == (not comprimento)
        na_tela = {
            x.get_attribute("data-infracao") for x in item.locator(".infracao-imputada").all()
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
        compacto = "".join(texto.split())
        medida = f"Comprimento{comprimento}m" if comprimento else "Comprimento________m"
        assert medida in compacto, texto
    assert vistos == {dono, condutor}
    # quem responde por qual infração: o condutor pela habilitação; a dotação, o proprietário
    por_nome = {
        notificados.nth(n).locator(".notificado-nome").inner_text(): {
            x.get_attribute("data-infracao")
            for x in notificados.nth(n).locator(".infracao-imputada").all()
        }
        for n in range(2)
    }
    assert "RLESTA.15.I" in por_nome[dono] and "RLESTA.15.I" not in por_nome[condutor]


# --- botões e mensagens (gov.br DS) ----------------------------------------------------------

AZUL_DS = "rgb(19, 81, 180)"  # #1351B4, blue-warm-vivid-70: a cor interativa do DS
ESTILO_BOTAO = """b => { const s = getComputedStyle(b); return {
  fundo: s.backgroundColor, texto: s.color, borda: s.borderTopColor,
  raio: parseFloat(s.borderTopLeftRadius), altura: b.getBoundingClientRect().height } }"""


@pytest.mark.parametrize("tela", ["celular", "computador"])
def test_botoes_e_mensagens_seguem_o_padrao_digital_de_governo(
    servidor: Servidor, abrir: Any, tela: str
) -> None:
    pagina = abrir(tela).new_page()
    # a mensagem de erro (br-message): faixa vermelha à esquerda e o ícone "!"
    pagina.goto(f"{servidor.url}/entrar")
    pagina.fill("#c-login", f"ninguem.{tela}")
    pagina.fill("#c-senha", "senha-errada")
    pagina.click("form[action='/entrar'] button[type=submit]")
    alerta = pagina.locator(".alerta-erro[role=alert]")
    expect(alerta).to_be_visible()
    faixa, cor, icone = alerta.evaluate(
        "a => [getComputedStyle(a).borderLeftWidth, getComputedStyle(a).borderLeftColor,"
        " getComputedStyle(a, '::before').content]"
    )
    assert (faixa, icone) == ("6px", '"!"') and cor == "rgb(176, 12, 12)", (faixa, cor, icone)
    capturar(pagina, f"aparencia-mensagem-erro-{tela}", inteira=False)

    # botões (br-button): pílula; o primário cheio de azul, o secundário com borda azul
    entrar(pagina, servidor.url, "inspetor.cpsc")
    pagina.goto(f"{servidor.url}/inspecoes/nova")
    primario = pagina.evaluate(ESTILO_BOTAO, pagina.locator("[data-enviar]").element_handle())
    secundario = pagina.evaluate(ESTILO_BOTAO, pagina.locator("[data-conferir]").element_handle())
    assert primario["fundo"] == AZUL_DS and primario["texto"] == "rgb(255, 255, 255)", primario
    assert secundario["fundo"] == "rgb(255, 255, 255)", secundario
    assert secundario["texto"] == secundario["borda"] == AZUL_DS, secundario
    for botao in (primario, secundario):
        assert botao["raio"] >= botao["altura"] / 2 and botao["altura"] >= 44, botao

    # o botão sem classe ("Emitir PDF", que a revisão achou sem estilo) é o secundário
    pid, _ = processo_autuado(
        servidor.banco, inscricao=f"441990070{5 if tela == 'celular' else 6}", dias_atras=20
    )
    entrar(pagina, servidor.url, "autoridade.cpsc")
    pagina.goto(f"{servidor.url}/processos/{pid}")
    emitir = pagina.get_by_role("button", name="Emitir PDF")
    emitir.scroll_into_view_if_needed()
    expect(emitir).to_be_visible()
    estilo = emitir.evaluate(ESTILO_BOTAO)
    assert estilo["fundo"] == "rgb(255, 255, 255)" and estilo["borda"] == AZUL_DS, estilo
    assert estilo["raio"] >= estilo["altura"] / 2, estilo


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
        for e in etapas.locator(".etapas-lista li").evaluate_all("l => l.map(x => x.dataset.etapa)")
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
