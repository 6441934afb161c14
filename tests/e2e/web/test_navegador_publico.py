"""As páginas do público no Chromium: a verificação do QR num celular de 375 px (sem rolagem
lateral, com o campo do código), a consulta pública que entrega o Auto em PDF e mostra o DARF,
e a documentação da API (/docs) carregando com a rede de fora bloqueada."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest

pytest.importorskip(
    "playwright.sync_api", reason="pacote playwright ausente (pip install playwright)"
)

from playwright.sync_api import expect
from sqlalchemy import select

from farol.domain.cpf_cnpj import formatar_documento
from farol.services import consulta_publica
from farol.store.orm import OM, Pessoa, Processo

from .conftest import CELULAR, Servidor, capturar

pytestmark = pytest.mark.lento

TELEFONE = {**CELULAR, "viewport": {"width": 375, "height": 812}}


@pytest.fixture(scope="module")
def processo_com_auto(servidor: Servidor, navegador: Any) -> dict[str, str]:
    """Um processo da CPSC com multa a pagar e o Auto de Infração emitido (pela API)."""
    with servidor.banco.unit_of_work(somente_leitura=True) as s:
        achado = None
        for p, pessoa in s.execute(
            select(Processo, Pessoa)
            .join(Pessoa, Pessoa.id == Processo.autuado_id)
            .join(OM, OM.id == Processo.om_id)
            .where(OM.sigla == "CPSC")
            .order_by(Processo.id)
        ).all():
            documento = formatar_documento(pessoa.documento)
            r = consulta_publica.consultar.na_sessao(s, p.numero, documento)
            if r and r["guia"] and r["auto"]:
                achado = {"id": str(p.id), "numero": p.numero, "documento": documento}
                break
    assert achado, "a demonstração não tem processo com multa a pagar"
    ctx = navegador.new_context()
    try:
        pedido = ctx.request
        token = pedido.post(
            f"{servidor.url}/api/v1/auth/token",
            form={"username": "autoridade.cpsc", "password": "farol2026"},
        ).json()["access_token"]
        r = pedido.post(
            f"{servidor.url}/api/v1/processos/{achado['id']}/documentos",
            data={"tipo": "auto_de_infracao"},
            headers={"Authorization": f"Bearer {token}"},
        )
        assert r.status == 201, r.text()
        achado["codigo"] = r.json()["codigo"]
    finally:
        ctx.close()
    return achado


def _sem_rolagem_lateral(pagina: Any, largura: int = 375) -> None:
    rolagem = pagina.evaluate("document.scrollingElement.scrollWidth")
    assert rolagem <= largura, f"{pagina.url}: {rolagem} px de largura numa tela de {largura}"


def test_verificacao_cabe_no_celular_e_aceita_o_codigo_digitado(
    servidor: Servidor, navegador: Any, processo_com_auto: dict[str, str]
) -> None:
    ctx = navegador.new_context(locale="pt-BR", timezone_id="America/Sao_Paulo", **TELEFONE)
    ctx.set_default_timeout(10_000)
    try:
        pagina = ctx.new_page()
        pagina.goto(f"{servidor.url}/verificar")
        expect(pagina.locator("header.topo")).to_be_visible()
        _sem_rolagem_lateral(pagina)
        capturar(pagina, "90-verificar-celular")

        campo = pagina.get_by_label("Código de verificação")
        expect(campo).to_be_visible()
        campo.fill(processo_com_auto["codigo"].lower())
        pagina.get_by_role("button", name="Verificar código").click()
        pagina.wait_for_url(f"{servidor.url}/verificar/{processo_com_auto['codigo']}")
        expect(pagina.locator("#resultado-verificacao")).to_contain_text("Documento autêntico")
        expect(pagina.locator("#v-processo")).to_have_text(processo_com_auto["numero"])
        expect(pagina.locator("#v-emitido")).to_have_text(
            re.compile(r"^\d{2}/\d{2}/\d{4} \d{2}:\d{2} \(horário de Brasília\)$")
        )
        # o SHA-256 (64 caracteres sem espaço) quebra em vez de alargar a página
        _sem_rolagem_lateral(pagina)
        capturar(pagina, "91-verificar-autentico-celular")

        pagina.goto(f"{servidor.url}/verificar/ZZZZ-ZZZZ-ZZZZ")
        expect(pagina.locator("#resultado-verificacao")).to_contain_text("Código não encontrado")
        _sem_rolagem_lateral(pagina)
    finally:
        ctx.close()


def test_consulta_publica_entrega_o_auto_e_mostra_o_darf_no_celular(
    servidor: Servidor, navegador: Any, processo_com_auto: dict[str, str], tmp_path: Path
) -> None:
    ctx = navegador.new_context(
        locale="pt-BR", timezone_id="America/Sao_Paulo", accept_downloads=True, **TELEFONE
    )
    ctx.set_default_timeout(10_000)
    try:
        pagina = ctx.new_page()
        pagina.goto(f"{servidor.url}/consulta")
        pagina.fill("#c-numero", processo_com_auto["numero"])
        pagina.fill("#c-documento", processo_com_auto["documento"])
        pagina.get_by_role("button", name="Consultar").click()
        expect(pagina.locator("#guia-pagamento")).to_contain_text("DARF")
        expect(pagina.locator("#codigo-receita")).to_contain_text("não informado pelas normas")
        item = pagina.locator("#documentos-do-processo li", has_text=processo_com_auto["codigo"])
        expect(item).to_contain_text("Auto de Infração")
        _sem_rolagem_lateral(pagina)
        capturar(pagina, "92-consulta-documentos-darf-celular")
        with pagina.expect_download() as baixado:
            item.get_by_role("button", name="Baixar PDF").click()
        destino = tmp_path / "auto.pdf"
        baixado.value.save_as(destino)
        assert destino.read_bytes().startswith(b"%PDF")
    finally:
        ctx.close()


def test_docs_carrega_com_a_rede_de_fora_bloqueada(servidor: Servidor, contexto: Any) -> None:
    local = urlparse(servidor.url).netloc
    de_fora: list[str] = []

    def so_local(rota: Any) -> None:
        if urlparse(rota.request.url).netloc == local:
            rota.continue_()
        else:
            de_fora.append(rota.request.url)
            rota.abort()

    contexto.route("**/*", so_local)
    pagina = contexto.new_page()
    pagina.goto(f"{servidor.url}/docs")
    # o primeiro pedido de /openapi.json monta o esquema (segundos numa máquina carregada)
    expect(pagina.locator(".swagger-ui .info .title")).to_contain_text("Farol", timeout=30_000)
    expect(pagina.locator(".opblock-tag").first).to_be_visible()
    capturar(pagina, "93-docs-sem-internet")
    assert de_fora == []
    pagina.goto(f"{servidor.url}/redoc")
    expect(pagina.locator("h1").first).to_contain_text("Farol")
    # o ReDoc só tenta o logotipo decorativo do rodapé do menu, que some quando não carrega
    assert set(de_fora) <= {"https://cdn.redoc.ly/redoc/logo-mini.svg"}
    expect(pagina.locator("img[alt='redocly logo']")).to_have_count(0)
