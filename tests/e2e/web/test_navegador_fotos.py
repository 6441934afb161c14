"""(a) O inspetor no celular (375 × 667): a posição do GPS preenche os campos (editáveis), as
fotos tiradas uma a uma se somam e vão com a inspeção, e uma inscrição já cadastrada mostra a
embarcação e o proprietário registrados: "Usar estes dados" preenche só os campos vazios, o
que foi digitado fica, e a inspeção registrada aponta a diferença do cadastro (issue 15, itens
5 e 6)."""

from __future__ import annotations

import hashlib
import io
from typing import Any

import pytest

pytest.importorskip(
    "playwright.sync_api", reason="pacote playwright ausente (pip install playwright)"
)

from PIL import Image
from playwright.sync_api import expect
from sqlalchemy import select

from farol.store.orm import Embarcacao, FotoInspecao, Inspecao, Pessoa

from .conftest import Servidor, capturar, entrar, esperar

pytestmark = pytest.mark.lento

INSCRICAO = "4419977001"
CPF_CADASTRO = "390.533.447-05"
TELA = {
    "viewport": {"width": 375, "height": 667},
    "device_scale_factor": 1,
    "is_mobile": True,
    "has_touch": True,
}
POSICAO = {"latitude": -27.5935, "longitude": -48.5512, "accuracy": 14.2}


def _imagem(formato: str, cor: tuple[int, int, int]) -> bytes:
    saida = io.BytesIO()
    Image.new("RGB", (40, 30), cor).save(saida, formato)
    return saida.getvalue()


JPEG = _imagem("JPEG", (180, 30, 30))
PNG = _imagem("PNG", (30, 80, 190))


@pytest.fixture(scope="module")
def cadastrada(servidor: Servidor) -> None:
    """Uma embarcação já no cadastro: Brisa do Norte, de Helena Cadastrada."""
    with servidor.banco.unit_of_work() as s:
        dona = Pessoa(documento="39053344705", tipo="fisica", nome="Helena Cadastrada")
        s.add(dona)
        s.flush()
        s.add(
            Embarcacao(
                inscricao=INSCRICAO,
                nome="Brisa do Norte",
                tipo="veleiro",
                propulsao="vela",
                proprietario_id=dona.id,
                estrangeira=False,
            )
        )


@pytest.fixture
def celular(navegador: Any) -> Any:
    ctx = navegador.new_context(
        locale="pt-BR",
        timezone_id="America/Sao_Paulo",
        geolocation=POSICAO,
        permissions=["geolocation"],
        **TELA,
    )
    ctx.set_default_timeout(10_000)
    yield ctx
    ctx.close()


def test_gps_fotos_e_inscricao_conhecida_no_celular(
    servidor: Servidor, celular: Any, cadastrada: None
) -> None:
    pagina = celular.new_page()
    entrar(pagina, servidor.url, "inspetor.cpsc")
    pagina.goto(f"{servidor.url}/inspecoes/nova")

    # a permissão já foi dada: a posição do GPS preenche os campos, com a precisão
    expect(pagina.locator("#c-localizacao-latitude")).to_have_value("-27.593500")
    expect(pagina.locator("#c-localizacao-longitude")).to_have_value("-48.551200")
    expect(pagina.locator("#c-localizacao-precisao_m")).to_have_value("15")
    expect(pagina.locator("[data-gps-estado]")).to_contain_text("precisão de 15 m")
    # e continuam editáveis
    pagina.fill("#c-localizacao-longitude", "-48.551250")

    # o inspetor digitou o nome da proprietária como ela disse a bordo, e a inscrição
    pagina.get_by_text("Navegando", exact=True).click()
    pagina.fill("#c-proprietario-nome", "Helena C. Souza")
    pagina.fill("#c-embarcacao-inscricao", INSCRICAO)
    pagina.locator("#c-embarcacao-inscricao").press("Tab")
    caixa = pagina.locator("#cadastro-inscricao")
    expect(caixa).to_be_visible()
    expect(caixa).to_contain_text(
        "Embarcação já registrada: Brisa do Norte, proprietário Helena Cadastrada"
    )
    expect(caixa.get_by_role("button", name="Informar diferença")).to_be_visible()
    caixa.scroll_into_view_if_needed()
    capturar(pagina, "fotos-01-inscricao-conhecida-celular", inteira=False)
    assert pagina.evaluate("document.scrollingElement.scrollWidth") <= 375

    # "usar estes dados": só os campos vazios; o nome digitado fica como está
    caixa.get_by_role("button", name="Usar estes dados").click()
    expect(pagina.locator("#c-embarcacao-nome")).to_have_value("Brisa do Norte")
    expect(pagina.locator("#c-embarcacao-tipo")).to_have_value("veleiro")
    expect(pagina.locator("#c-proprietario-documento")).to_have_value(CPF_CADASTRO)
    expect(pagina.locator("#c-proprietario-nome")).to_have_value("Helena C. Souza")
    expect(caixa).to_contain_text("Mantido o que você digitou, diferente do cadastro")
    expect(caixa).to_contain_text("nome do proprietário (cadastro: Helena Cadastrada)")

    # duas fotos, tiradas uma de cada vez: a segunda se soma à primeira
    pagina.set_input_files(
        "#c-fotos", [{"name": "proa.jpg", "mimeType": "image/jpeg", "buffer": JPEG}]
    )
    pagina.set_input_files(
        "#c-fotos", [{"name": "coletes.png", "mimeType": "image/png", "buffer": PNG}]
    )
    escolhidas = pagina.locator(".foto-escolhida")
    expect(escolhidas).to_have_count(2)
    expect(pagina.locator(".fotos-resumo")).to_contain_text("2 fotos para registrar")
    assert pagina.evaluate("document.getElementById('c-fotos').files.length") == 2
    pagina.fill("#c-foto-descricao-1", "Coletes ausentes")

    pagina.locator("#grupo-dotacao > summary").click()
    pagina.locator("label.item", has_text="Sem coletes / boias").click()
    pagina.fill("#c-local", "Baía Norte, Florianópolis")
    pagina.locator("#bloco-fotos").scroll_into_view_if_needed()
    capturar(pagina, "fotos-02-fotos-escolhidas-celular", inteira=False)
    pagina.get_by_role("button", name="Registrar inspeção").click()

    registrada = pagina.locator("#inspecao-registrada")
    expect(registrada).to_contain_text("registrada")
    expect(pagina.locator("#fotos-gravadas")).to_have_text("2 fotos gravadas com a inspeção")
    expect(pagina.locator("#registro-campo")).to_contain_text("27,593500° S, 48,551250° O")
    diferencas = pagina.locator("#divergencias")
    expect(diferencas).to_contain_text("Diferente do cadastro")
    expect(diferencas).to_contain_text("Nome do proprietário (390.533.447-05)")
    expect(diferencas).to_contain_text("Helena C. Souza")
    capturar(pagina, "fotos-03-inspecao-registrada-celular")
    iid = int(registrada.get_attribute("data-inspecao") or 0)

    with servidor.banco.unit_of_work(somente_leitura=True) as s:
        insp = s.get(Inspecao, iid)
        assert insp is not None
        assert (str(insp.latitude), str(insp.longitude), insp.precisao_m) == (
            "-27.593500",
            "-48.551250",
            15,
        )
        fotos = s.execute(
            select(FotoInspecao).where(FotoInspecao.inspecao_id == iid).order_by(FotoInspecao.id)
        ).scalars()
        assert [(f.sha256, f.tipo_mime, f.descricao) for f in fotos] == [
            (hashlib.sha256(JPEG).hexdigest(), "image/jpeg", None),
            (hashlib.sha256(PNG).hexdigest(), "image/png", "Coletes ausentes"),
        ]
        dona = s.get(Pessoa, insp.proprietario_id)
        assert dona is not None and dona.nome == "Helena Cadastrada"  # o cadastro não mudou

    # na página do processo, as miniaturas levam às fotos
    pagina.locator(".lista-processos a.processo-numero").first.click()
    miniaturas = pagina.locator("#campo-inspecao .fotos-inspecao img")
    expect(miniaturas).to_have_count(2)
    expect(pagina.locator("#campo-inspecao #divergencias")).to_contain_text("Helena C. Souza")
    pagina.locator("#campo-inspecao").scroll_into_view_if_needed()
    esperar(  # as miniaturas (carregadas só quando à vista) são as fotos
        pagina,
        "[...document.querySelectorAll('#campo-inspecao .fotos-inspecao img')]"
        ".every(i => i.complete && i.naturalWidth === 40)",
    )
    capturar(pagina, "fotos-04-processo-com-fotos-celular")


def test_sem_permissao_de_localizacao_os_campos_ficam_para_digitar(
    servidor: Servidor, navegador: Any, cadastrada: None
) -> None:
    ctx = navegador.new_context(locale="pt-BR", timezone_id="America/Sao_Paulo", **TELA)
    try:
        pagina = ctx.new_page()
        entrar(pagina, servidor.url, "inspetor.cpsc")
        pagina.goto(f"{servidor.url}/inspecoes/nova")
        expect(pagina.get_by_role("button", name="Usar a posição do celular")).to_be_visible()
        pagina.wait_for_timeout(300)
        expect(pagina.locator("#c-localizacao-latitude")).to_have_value("")
        # "informar diferença": nada é preenchido, o foco vai ao nome da embarcação
        pagina.fill("#c-embarcacao-inscricao", INSCRICAO.lower())
        pagina.locator("#c-embarcacao-inscricao").press("Tab")
        caixa = pagina.locator("#cadastro-inscricao")
        caixa.get_by_role("button", name="Informar diferença").click()
        expect(caixa).to_contain_text("a inspeção fica como digitada")
        expect(pagina.locator("#c-embarcacao-nome")).to_have_value("")
        expect(pagina.locator("#c-embarcacao-nome")).to_be_focused()
    finally:
        ctx.close()
