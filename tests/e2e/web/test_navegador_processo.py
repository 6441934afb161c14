"""O processo no navegador: (b) a autoridade registra a ciência, deixa passar o prazo de defesa
e julga, primeiro com multa fora da faixa (recusada, com a explicação) e depois dentro dela;
(c) o proprietário paga; (d) a consulta pública mostra o processo ao dono e nada a um CPF
errado; (e) um usuário de outra Capitania não o abre. E a defesa com o documento anexado."""

from __future__ import annotations

import datetime as dt
import hashlib
from typing import Any

import pytest

pytest.importorskip(
    "playwright.sync_api", reason="pacote playwright ausente (pip install playwright)"
)

from playwright.sync_api import expect
from semente import CPF_CONDUTOR, CPF_DONO, CPF_ESTRANHO, processo_autuado, registrar
from sqlalchemy import update

from farol.relogio import hoje
from farol.store.orm import Processo

from .conftest import SENHA, Servidor, capturar, entrar

pytestmark = pytest.mark.lento


def _abrir(pagina: Any, tipo: str) -> Any:
    form = pagina.locator(f"#form-{tipo}")
    if form.get_attribute("open") is None:
        form.locator("summary").click()
    return form


def _registrar(pagina: Any, tipo: str) -> None:
    pagina.locator(f"#form-{tipo} button[type=submit]").click()


def _estado(pagina: Any) -> Any:
    return pagina.locator(".cabecalho-processo .estado")


def _em_defesa(servidor: Servidor, inscricao: str) -> int:
    """Processo autuado com a ciência do auto há 3 dias: o prazo de defesa em curso."""
    pid, _ = processo_autuado(servidor.banco, inscricao=inscricao, dias_atras=25)
    registrar(
        servidor.banco,
        "autoridade.cpsc",
        pid,
        "ciencia_auto",
        hoje() - dt.timedelta(days=3),
        meio="pessoal",
    )
    return pid


def _defesa_aberta(servidor: Servidor, contexto: Any, inscricao: str) -> tuple[int, Any]:
    """Um processo com o prazo de defesa em curso (`_em_defesa`) e a página dele, aberta pela
    autoridade, com o formulário da defesa aberto."""
    pid = _em_defesa(servidor, inscricao)
    pagina = contexto.new_page()
    entrar(pagina, servidor.url, "autoridade.cpsc")
    pagina.goto(f"{servidor.url}/processos/{pid}")
    _abrir(pagina, "defesa")
    return pid, pagina


def _enviar_com_a_sessao_expirada(pagina: Any, contexto: Any, servidor: Servidor, pid: int) -> None:
    """A sessão expira com a defesa preenchida; o envio leva à página de login."""
    contexto.clear_cookies()
    _registrar(pagina, "defesa")
    pagina.wait_for_url(f"{servidor.url}/entrar?proximo=/processos/{pid}/atos/defesa")


def _entrar_de_novo_na_defesa(pagina: Any, servidor: Servidor, pid: int) -> None:
    """Na página de login a que o envio com a sessão expirada levou: a autoridade entra e volta
    ao formulário da defesa."""
    pagina.fill("#c-login", "autoridade.cpsc")
    pagina.fill("#c-senha", SENHA)
    pagina.click("form[action='/entrar'] button[type=submit]")
    pagina.wait_for_url(f"{servidor.url}/processos/{pid}/atos/defesa")


def _consultar(pagina: Any, base: str, numero: str, documento: str) -> None:
    pagina.goto(f"{base}/consulta")
    pagina.fill("#c-numero", numero)
    pagina.fill("#c-documento", documento)
    pagina.get_by_role("button", name="Consultar").click()


def test_autoridade_julga_fora_e_dentro_da_faixa_e_o_proprietario_paga(
    servidor: Servidor, contexto: Any, navegador: Any
) -> None:
    pid, numero = processo_autuado(servidor.banco, inscricao="4419900101", dias_atras=80)
    pagina = contexto.new_page()
    entrar(pagina, servidor.url, "autoridade.cpsc")
    pagina.goto(f"{servidor.url}/processos/{pid}")
    expect(pagina.locator("h1")).to_contain_text(numero)
    expect(_estado(pagina)).to_contain_text("Auto de Infração lavrado")

    # (b) ciência do auto há 62 dias: o prazo de defesa (15 dias úteis) já venceu
    _abrir(pagina, "ciencia_auto")
    pagina.fill("#c-ciencia_auto-data_ato", (hoje() - dt.timedelta(days=62)).isoformat())
    pagina.select_option("#c-ciencia_auto-dados-meio", "pessoal")
    _registrar(pagina, "ciencia_auto")
    expect(pagina.locator("#ato-registrado")).to_contain_text("Ciência do Auto")
    expect(_estado(pagina)).to_contain_text("Prazo de defesa em curso")
    defesa = pagina.locator("#prazos .prazo", has_text="Defesa contra o Auto de Infração")
    expect(defesa).to_contain_text("15 dias úteis")
    expect(defesa).to_contain_text("vencido há")
    defesa.locator("summary").click()
    expect(defesa.locator(".dias-pulados")).to_contain_text("sábado")
    expect(defesa.locator(".dias-pulados")).to_contain_text("Lei 9.784/1999 art. 66 §1º")
    expect(defesa).to_contain_text("LESTA art. 23")

    # sem defesa no prazo: revelia, hoje
    _abrir(pagina, "revelia")
    _registrar(pagina, "revelia")
    expect(_estado(pagina)).to_contain_text("Aguardando julgamento")

    # julgamento: a faixa legal aparece; valor fora dela é recusado e explicado
    form = _abrir(pagina, "julgamento_procedente")
    expect(form.locator(".faixa")).to_contain_text("R$ 40,00 a R$ 800,00")
    expect(form.locator(".historico")).to_contain_text("sem reincidência")
    multa = pagina.locator("#c-julgamento_procedente-multa-0")
    justificativa = pagina.locator("#c-julgamento_procedente-dados-justificativa")
    multa.fill("5.000,00")
    justificativa.fill("Embarcação sem o documento de inscrição a bordo; revelia do autuado.")
    _registrar(pagina, "julgamento_procedente")
    erro = pagina.locator("#erro-dados-penalidades-0-multa")
    expect(erro).to_contain_text("multa de R$ 5.000,00 fora da faixa legal de R$ 40,00 a R$ 800,00")
    expect(erro).to_contain_text("RLESTA art. 16, II")
    expect(multa).to_have_value("5.000,00")
    expect(multa).to_have_attribute("aria-invalid", "true")
    expect(justificativa).to_have_value(
        "Embarcação sem o documento de inscrição a bordo; revelia do autuado."
    )
    expect(_estado(pagina)).to_contain_text("Aguardando julgamento")
    capturar(pagina, "06-processo-julgamento-recusado")

    multa.fill("500,00")
    _registrar(pagina, "julgamento_procedente")
    expect(_estado(pagina)).to_contain_text("Auto julgado procedente")
    expect(pagina.locator("#multa")).to_contain_text("R$ 500,00")

    _abrir(pagina, "ciencia_decisao")
    _registrar(pagina, "ciencia_decisao")
    expect(_estado(pagina)).to_contain_text("Decisão notificada")
    capturar(pagina, "05-processo")

    # (c) o proprietário vê quanto pagar e até quando, e que o recurso não suspende o prazo;
    # paga ainda dentro do prazo de recurso: a multa fica paga e o processo segue aberto até a
    # decisão ficar definitiva (LESTA art. 24 § 1º)
    publico = navegador.new_context(locale="pt-BR", viewport={"width": 390, "height": 844})
    try:
        dono = publico.new_page()
        _consultar(dono, servidor.url, numero, CPF_DONO)
        vencimento = hoje() + dt.timedelta(days=15)
        expect(dono.locator("#situacao-multa")).to_contain_text("Valor a pagar: R$ 500,00")
        expect(dono.locator("#situacao-multa")).to_contain_text("até")
        expect(dono.locator("#efeito-do-recurso")).to_contain_text("não tem efeito suspensivo")

        form = _abrir(pagina, "pagamento")
        expect(pagina.locator("#c-pagamento-dados-valor")).to_have_value("500,00")
        pagina.fill("#c-pagamento-dados-referencia", "GRU 2026.000123")
        _registrar(pagina, "pagamento")
        expect(_estado(pagina)).to_contain_text("Decisão notificada")
        expect(pagina.locator("#multa")).to_contain_text("saldo R$ 0,00")

        _consultar(dono, servidor.url, numero, CPF_DONO)
        expect(dono.locator("#situacao-multa")).to_contain_text("Multa paga.")
        expect(dono.locator("#resultado-consulta")).to_contain_text("Multa paga")
        assert vencimento >= hoje()
        capturar(dono, "07-consulta-publica-celular")
    finally:
        publico.close()


def test_consulta_publica_mostra_o_processo_ao_dono_e_nada_a_cpf_errado(
    servidor: Servidor, contexto: Any
) -> None:
    _, numero = processo_autuado(servidor.banco, inscricao="4419900102", dias_atras=40)
    pagina = contexto.new_page()

    _consultar(pagina, servidor.url, numero, CPF_DONO)
    resultado = pagina.locator("#resultado-consulta")
    expect(resultado).to_contain_text(f"Processo {numero}")
    expect(resultado).to_contain_text("Auto de Infração lavrado")
    expect(resultado).to_contain_text("RLESTA.16.II")
    # o condutor é outra pessoa: aparece mascarado (LGPD)
    expect(resultado).to_contain_text("***.444.777-**")
    expect(resultado).to_contain_text("P**** C******* T****")
    assert "111.444.777-35" not in pagina.content()
    assert "Pedro Condutor" not in pagina.content()
    capturar(pagina, "08-consulta-publica")

    for outro in (CPF_CONDUTOR, CPF_ESTRANHO):
        _consultar(pagina, servidor.url, numero, outro)
        expect(resultado).to_contain_text("Nenhum processo encontrado")
        expect(resultado).not_to_contain_text(numero)
        assert "Joana" not in pagina.content()

    _consultar(pagina, servidor.url, numero, "123.456.789-00")
    expect(pagina.locator("#erro-documento")).to_contain_text(
        "CPF 123.456.789-00 com dígito verificador errado"
    )
    expect(pagina.locator("#c-numero")).to_have_value(numero)


def test_usuario_de_outra_capitania_nao_abre_o_processo(servidor: Servidor, contexto: Any) -> None:
    pid, numero = processo_autuado(servidor.banco, inscricao="4419900103", dias_atras=40)
    pagina = contexto.new_page()
    entrar(pagina, servidor.url, "autoridade.cpsp")
    expect(pagina.locator("#usuario")).to_contain_text("CPSP")

    r = pagina.goto(f"{servidor.url}/processos/{pid}")
    assert r is not None and r.status == 404
    expect(pagina.locator("h1")).to_contain_text("Página não encontrada")
    assert numero not in pagina.content()

    pagina.goto(f"{servidor.url}/busca?q={numero}")
    expect(pagina.locator("main")).to_contain_text("Nada encontrado")

    token = pagina.request.post(
        f"{servidor.url}/api/v1/auth/token",
        form={"username": "autoridade.cpsp", "password": "farol2026"},
    ).json()["access_token"]
    api = pagina.request.get(
        f"{servidor.url}/api/v1/processos/{pid}", headers={"Authorization": f"Bearer {token}"}
    )
    assert api.status == 404

    # nem pelo formulário de ato
    csrf = pagina.locator("form.form-sair input[name=csrf]").get_attribute("value")
    post = pagina.request.post(
        f"{servidor.url}/processos/{pid}/atos/ciencia_auto",
        form={"csrf": csrf or "", "data_ato": hoje().isoformat(), "dados.meio": "pessoal"},
    )
    assert post.status == 404


def test_defesa_com_o_documento_anexado_e_listado(servidor: Servidor, contexto: Any) -> None:
    _, pagina = _defesa_aberta(servidor, contexto, "4419900104")
    texto = pagina.locator("#c-defesa-dados-texto")
    texto.fill("O documento estava a bordo; segue a cópia do TIE.")
    pagina.set_input_files(
        "#c-defesa-arquivo",
        files=[
            {
                "name": "programa.exe",
                "mimeType": "application/octet-stream",
                "buffer": b"MZ\x90\x00",
            }
        ],
    )
    _registrar(pagina, "defesa")
    expect(pagina.locator("#erro-arquivo")).to_contain_text("tipo de arquivo não aceito")
    expect(texto).to_have_value("O documento estava a bordo; segue a cópia do TIE.")
    expect(_estado(pagina)).to_contain_text("Prazo de defesa em curso")

    pdf = b"%PDF-1.4\n% defesa de teste\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"
    pagina.set_input_files(
        "#c-defesa-arquivo",
        files=[{"name": "defesa-TIE.pdf", "mimeType": "application/pdf", "buffer": pdf}],
    )
    _registrar(pagina, "defesa")
    expect(_estado(pagina)).to_contain_text("Aguardando julgamento")
    link = pagina.locator("#linha-do-tempo a", has_text="defesa-TIE.pdf")
    expect(link).to_be_visible()
    expect(pagina.locator("#documentos")).to_contain_text(hashlib.sha256(pdf).hexdigest())
    baixado = pagina.request.get(f"{servidor.url}{link.get_attribute('href')}")
    assert baixado.status == 200
    assert baixado.body() == pdf
    assert baixado.headers["content-type"] == "application/pdf"


def test_defesa_enviada_com_a_sessao_expirada_volta_preenchida_depois_do_login(
    servidor: Servidor, contexto: Any
) -> None:
    """Nada se perde quando a sessão expira com o formulário aberto: o envio leva ao login,
    que volta ao formulário com o texto digitado (da aba, não do servidor), sem registrar nada;
    o arquivo, que não se guarda, é pedido de novo."""
    pid, pagina = _defesa_aberta(servidor, contexto, "4419900105")
    escrito = "O documento estava a bordo.\nSegue a cópia do TIE e a declaração do condutor."
    pagina.locator("#c-defesa-dados-texto").fill(escrito)
    pdf = b"%PDF-1.4\n% defesa de teste\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"
    pagina.set_input_files(
        "#c-defesa-arquivo",
        files=[{"name": "defesa-TIE.pdf", "mimeType": "application/pdf", "buffer": pdf}],
    )

    _enviar_com_a_sessao_expirada(pagina, contexto, servidor, pid)  # expirou enquanto digitava
    _entrar_de_novo_na_defesa(pagina, servidor, pid)

    aviso = pagina.locator("#form-defesa [data-rascunho-recuperado]")
    expect(aviso).to_contain_text("nada foi registrado")
    expect(aviso).to_contain_text("Anexe de novo o arquivo")
    expect(pagina.locator("#c-defesa-dados-texto")).to_have_value(escrito)
    expect(_estado(pagina)).to_contain_text("Prazo de defesa em curso")

    pagina.set_input_files(
        "#c-defesa-arquivo",
        files=[{"name": "defesa-TIE.pdf", "mimeType": "application/pdf", "buffer": pdf}],
    )
    _registrar(pagina, "defesa")
    expect(_estado(pagina)).to_contain_text("Aguardando julgamento")
    expect(pagina.locator("[data-rascunho-recuperado]")).to_have_count(0)
    guardados = pagina.evaluate(
        "Object.keys(sessionStorage).filter((k) => k.startsWith('farol-rascunho:'))"
    )
    assert guardados == []  # o envio passou: o rascunho saiu da aba


def test_o_rascunho_de_outro_usuario_nao_volta_para_quem_entra_na_mesma_aba(
    servidor: Servidor, contexto: Any
) -> None:
    pid, pagina = _defesa_aberta(servidor, contexto, "4419900106")
    pagina.locator("#c-defesa-dados-texto").fill("Texto de outro usuário deste aparelho.")
    _enviar_com_a_sessao_expirada(pagina, contexto, servidor, pid)
    # o rascunho ficou com o login de quem o escreveu; aqui, como se fosse de outro
    trocados = pagina.evaluate(
        """() => Object.keys(sessionStorage).filter((k) => k.startsWith('farol-rascunho:'))
            .map((k) => { const r = JSON.parse(sessionStorage.getItem(k));
                          const antes = r.usuario; r.usuario = 'inspetor.cpsc';
                          sessionStorage.setItem(k, JSON.stringify(r)); return antes; })"""
    )
    assert trocados == ["autoridade.cpsc"]
    _entrar_de_novo_na_defesa(pagina, servidor, pid)
    expect(pagina.locator("#c-defesa-dados-texto")).to_have_value("")
    expect(pagina.locator("[data-rascunho-recuperado]")).to_have_count(0)


def test_o_rascunho_leva_a_versao_que_a_pessoa_via_e_o_processo_mudado_e_recusado(
    servidor: Servidor, contexto: Any
) -> None:
    """O formulário refeito depois do login envia a versão do processo da página em que o texto
    foi escrito: se o processo mudou nesse meio tempo, o servidor recusa (trava otimista) em vez
    de registrar sobre o que a pessoa não viu, e o texto continua no formulário."""
    pid, pagina = _defesa_aberta(servidor, contexto, "4419900107")
    escrito = "Defesa escrita sobre a versão que a autoridade via."
    pagina.locator("#c-defesa-dados-texto").fill(escrito)
    vista = pagina.locator("#form-defesa input[name=versao]").input_value()
    _enviar_com_a_sessao_expirada(pagina, contexto, servidor, pid)
    with servidor.banco.engine.begin() as c:  # outro usuário mexeu no processo nesse meio tempo
        c.execute(update(Processo).where(Processo.id == pid).values(versao=Processo.versao + 1))
    _entrar_de_novo_na_defesa(pagina, servidor, pid)
    expect(pagina.locator("#form-defesa [data-rascunho-recuperado]")).to_be_visible()
    assert pagina.locator("#form-defesa input[name=versao]").input_value() == vista

    _registrar(pagina, "defesa")
    expect(pagina.locator("#form-defesa .alerta-erro")).to_contain_text("o processo mudou")
    expect(pagina.locator("#c-defesa-dados-texto")).to_have_value(escrito)
    expect(_estado(pagina)).to_contain_text("Prazo de defesa em curso")
