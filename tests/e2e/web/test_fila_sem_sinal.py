"""Inspeção sem sinal, a fila do aparelho (issue 16, itens 3 a 5): inspeções registradas sem
rede ficam no IndexedDB com a sua Idempotency-Key, sobrevivem a fechar o navegador, são
enviadas quando a rede volta e existem uma vez só; a decisão do servidor que difere da do
aparelho fica anotada (fila e processo); sessão expirada espera o login sem perder nada; sair
apaga a fila e o cache; dados novos publicados trocam o cache do service worker."""

from __future__ import annotations

import datetime as dt
import io
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("playwright.sync_api", reason="pacote playwright ausente")

from apoio import csrf_de
from fastapi.testclient import TestClient
from PIL import Image
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect
from sqlalchemy import select

from farol.normas import versao as versao_normas
from farol.relogio import fuso
from farol.services import inspecoes
from farol.services.inspecoes import NovaInspecao
from farol.store.db import BancoIndisponivel
from farol.store.orm import FotoInspecao, Inspecao, MedidaAdministrativa, Processo
from farol.web.rotas import offline
from farol.web.rotas.inspecao import CAMPOS, montar

from .conftest import ARGS_CHROMIUM, CELULAR, CHROMIUM, SENHA, Servidor, entrar, esperar

pytestmark = pytest.mark.lento

NOVA = "/inspecoes/nova"
FILA = "#fila-inspecoes"
AGUARDANDO = f"{FILA} [data-lista=aguardando] > li"
ENVIADAS = f"{FILA} [data-lista=enviada] > li"
RECUSADAS = f"{FILA} [data-lista=recusada] > li"


def _png(cor: tuple[int, int, int]) -> bytes:
    saida = io.BytesIO()
    Image.new("RGB", (24, 16), cor).save(saida, "PNG")
    return saida.getvalue()


def _cpf(base: int) -> str:
    """Um CPF válido (dígitos verificadores do módulo 11) a partir de 9 dígitos."""
    d = [int(x) for x in f"{base:09d}"]
    for pesos in (range(10, 1, -1), range(11, 1, -1)):
        resto = sum(a * b for a, b in zip(d, pesos, strict=False)) % 11
        d.append(0 if resto < 2 else 11 - resto)
    t = "".join(map(str, d))
    return f"{t[:3]}.{t[3:6]}.{t[6:9]}-{t[9:]}"


def _valores(inscricao: str, local: str, constatacao: str, cpf: str) -> dict[str, Any]:
    """Os campos como a página os manda (proprietário também é o condutor)."""
    v: dict[str, Any] = {nome: "" for nome in CAMPOS}
    v.update(
        {
            "situacao": "navegando",
            "embarcacao.inscricao": inscricao,
            "embarcacao.nome": f"Sem Sinal {inscricao[-2:]}",
            "embarcacao.inscrita": "sim",
            "proprietario.documento": cpf,
            "proprietario.nome": "Dona da Fila",
            "condutor.mesmo": "sim",
            "data_hora": (dt.datetime.now(fuso()) - dt.timedelta(minutes=30)).strftime(
                "%Y-%m-%dT%H:%M"
            ),
            "local": local,
            "constatacoes": [constatacao],
        }
    )
    return v


def _medidas_do_servidor(v: dict[str, Any]) -> set[str]:
    return set(inspecoes.avaliar(NovaInspecao.model_validate(montar(v))).medidas)


# --- sem navegador: a rota da página com JSON, a Idempotency-Key e a decisão do aparelho ---


def _entrar(cliente: TestClient, login: str) -> str:
    r = cliente.get("/entrar")
    r = cliente.post("/entrar", data={"csrf": csrf_de(r.text), "login": login, "senha": SENHA})
    assert r.status_code == 303, r.text
    return csrf_de(cliente.get("/painel").text)


def test_a_sessao_da_fila_diz_o_usuario_e_o_csrf_ou_401(cliente: TestClient) -> None:
    cliente.cookies.clear()
    r = cliente.get("/inspecoes/fila/sessao")
    assert r.status_code == 401 and "entre de novo" in r.json()["mensagem"]
    csrf = _entrar(cliente, "inspetor.cpsc")
    r = cliente.get("/inspecoes/fila/sessao")
    assert r.status_code == 200 and r.headers["cache-control"] == "no-store"
    assert r.json() == {"usuario": "inspetor.cpsc", "csrf": csrf}


def test_a_fila_envia_pela_rota_da_pagina_e_a_decisao_diferente_fica_no_processo(
    cliente: TestClient, servidor: Servidor
) -> None:
    csrf = _entrar(cliente, "inspetor.cpsc")
    v = _valores("4419966101", "Fila JSON, Baía Sul", "hab_sem", _cpf(123456789))
    servidor_decide = _medidas_do_servidor(v)
    assert servidor_decide
    dados = {k: x for k, x in v.items() if x != ""}
    dados.update(
        {
            "csrf": csrf,
            "chave": "ignorada",
            "sem_sinal.versao": "versao-antiga",
            "sem_sinal.medidas": [],
        }
    )
    chave = str(uuid.uuid4())
    cab = {"Accept": "application/json", "Idempotency-Key": chave}
    r1 = cliente.post(NOVA, data=dados, headers=cab)
    assert r1.status_code == 201, r1.text
    corpo = r1.json()
    assert set(corpo["medidas"]) == servidor_decide
    diferencas = {d["campo"]: d for d in corpo["diferencas_sem_sinal"]}
    assert diferencas["versao_dos_dados"]["no_aparelho"] == "versao-antiga"
    assert diferencas["versao_dos_dados"]["no_servidor"] == versao_normas.versao_dos_dados()
    assert diferencas["medidas"]["no_aparelho"] == "nenhuma medida"

    # a resposta se perdeu e a fila reenviou: a mesma inspeção, nada novo
    r2 = cliente.post(NOVA, data=dados, headers=cab)
    assert r2.status_code == 201 and r2.json()["inspecao_id"] == corpo["inspecao_id"]
    assert servidor.contar(Inspecao, Inspecao.local == "Fila JSON, Baía Sul") == 1

    # a autoridade vê a diferença no processo
    processo = corpo["processos"][0]["id"]
    html = cliente.get(f"/processos/{processo}").text
    assert 'id="sem-sinal-diferente"' in html
    assert "versao-antiga" in html and "nenhuma medida" in html
    assert 'id="divergencias"' not in html  # não é diferença do cadastro

    # a recusa volta em JSON, com o erro de cada campo
    sem_local = {**dados, "local": ""}
    r3 = cliente.post(NOVA, data=sem_local, headers={**cab, "Idempotency-Key": str(uuid.uuid4())})
    assert r3.status_code == 422
    assert "local" in r3.json()["erros"]


# --- no navegador -----------------------------------------------------------------------------


JS_PRONTA = """() => caches.keys()
  .then((ks) => Promise.all(ks.filter((k) => k.startsWith('farol-inspecao-')).map((k) => caches.open(k))))
  .then((cs) => {
    const urls = ['/inspecoes/nova', '/api/v1/medidas/dados.json',
      ...Array.from(document.scripts).map((s) => s.src).filter(Boolean),
      ...Array.from(document.querySelectorAll('link[rel=stylesheet]')).map((l) => l.href)];
    return Promise.all(urls.map((u) => Promise.all(cs.map((c) => c.match(u)))
      .then((r) => r.some(Boolean)))).then((r) => cs.length > 0 && r.every(Boolean));
  })"""


def _pagina_guardada(pagina: Any, base: str) -> None:
    """Abre a nova inspeção com rede até o service worker controlar a página e guardar a
    página, os scripts e os dados das medidas."""
    pagina.goto(f"{base}{NOVA}")
    esperar(pagina, "navigator.serviceWorker.ready.then(() => true)")
    pagina.reload()
    esperar(pagina, "!!navigator.serviceWorker.controller")
    esperar(pagina, f"({JS_PRONTA})()")


def _registrar(
    pagina: Any, inscricao: str, local: str, constatacao: str, cpf: str, foto: bytes | None
) -> None:
    pagina.get_by_text("Navegando", exact=True).click()
    pagina.fill("#c-embarcacao-inscricao", inscricao)
    pagina.fill("#c-embarcacao-nome", f"Sem Sinal {inscricao[-2:]}")
    pagina.fill("#c-proprietario-documento", cpf)
    pagina.fill("#c-proprietario-nome", "Dona da Fila")
    pagina.check("input[name='condutor.mesmo']")
    caixa = pagina.locator(f"input[name=constatacoes][value={constatacao}]")
    grupo = pagina.locator("details.grupo", has=caixa)
    if grupo.get_attribute("open") is None:
        grupo.locator("summary").click()
    caixa.check()
    pagina.fill("#c-data_hora", "")  # o campo vem da cópia guardada: a hora de agora, menos 30 min
    pagina.fill(
        "#c-data_hora",
        (dt.datetime.now(fuso()) - dt.timedelta(minutes=30)).strftime("%Y-%m-%dT%H:%M"),
    )
    pagina.fill("#c-local", local)
    if foto is not None:
        pagina.set_input_files(
            "#c-fotos",
            files=[{"name": f"{inscricao}.png", "mimeType": "image/png", "buffer": foto}],
        )
        expect(pagina.locator("[data-fotos-lista] li.foto-escolhida")).to_have_count(1)
    pagina.get_by_role("button", name="Registrar inspeção").click()


def _perfil(navegador: Any, pasta: Path, sem_rede: bool = False) -> Any:
    """Um navegador com perfil em disco (o IndexedDB e o service worker ficam ao fechar);
    `sem_rede`: já abre sem rede (o worker também, desde o início)."""
    ctx = navegador.browser_type.launch_persistent_context(
        str(pasta),
        offline=sem_rede,
        executable_path=str(CHROMIUM),
        headless=True,
        args=ARGS_CHROMIUM,
        locale="pt-BR",
        timezone_id="America/Sao_Paulo",
        **CELULAR,
    )
    ctx.set_default_timeout(15_000)
    return ctx


def _inspecao(servidor: Servidor, local: str) -> Inspecao:
    with servidor.banco.unit_of_work(somente_leitura=True) as s:
        achadas = s.execute(select(Inspecao).where(Inspecao.local == local)).scalars().all()
        assert len(achadas) == 1, f"{local}: {len(achadas)} inspeções"
        s.expunge(achadas[0])
        return achadas[0]


@pytest.fixture
def servidor_fora(monkeypatch: pytest.MonkeyPatch) -> dict[str, bool]:
    """O servidor fora de alcance enquanto `fora` é verdadeiro: o service worker que o Chromium
    sobe com um perfil em disco nem sempre fica sob a emulação de rede do Playwright e poderia
    enviar a fila "sem sinal"; aqui ele recebe 503 (a fila guarda a inspeção e tenta depois)."""
    estado = {"fora": False}
    registrar = inspecoes.registrar

    def registrar_se_alcancavel(*args: Any, **kwargs: Any) -> Any:
        if estado["fora"]:
            raise BancoIndisponivel("rede cortada no teste")
        return registrar(*args, **kwargs)

    monkeypatch.setattr(inspecoes, "registrar", registrar_se_alcancavel)
    return estado


def test_tres_inspecoes_sem_sinal_sobrevivem_ao_fechar_o_navegador_e_chegam_uma_vez(
    servidor: Servidor, navegador: Any, tmp_path: Path, servidor_fora: dict[str, bool]
) -> None:
    casos = [
        ("4419966201", "Fila sem sinal 1", "hab_sem", _cpf(111222331)),
        ("4419966202", "Fila sem sinal 2", "hab_sem_documentacao", _cpf(111222332)),
        ("4419966203", "Fila sem sinal 3", "cts_nao_possui", _cpf(111222333)),
    ]
    fotos = [_png((200, 20, 20)), _png((20, 200, 20)), _png((20, 20, 200))]
    perfil = tmp_path / "perfil"
    ctx = _perfil(navegador, perfil)
    try:
        pagina = ctx.pages[0] if ctx.pages else ctx.new_page()
        entrar(pagina, servidor.url, "inspetor.cpsc")
        _pagina_guardada(pagina, servidor.url)
        ctx.set_offline(True)
        servidor_fora["fora"] = True
        pagina.goto(f"{servidor.url}{NOVA}")  # da cópia guardada
        expect(pagina.locator("#aviso-sem-sinal")).to_be_visible()
        for n, ((inscricao, local, constatacao, cpf), foto) in enumerate(
            zip(casos, fotos, strict=True), 1
        ):
            _registrar(pagina, inscricao, local, constatacao, cpf, foto)
            expect(pagina.locator(AGUARDANDO)).to_have_count(n)
            expect(pagina.locator(f"{FILA} [data-fila-estado]")).to_contain_text(
                "guardada no aparelho"
            )
            # o formulário volta limpo para a próxima abordagem, sem as fotos
            expect(pagina.locator("#c-embarcacao-inscricao")).to_have_value("")
            expect(pagina.locator("[data-fotos-lista] li.foto-escolhida")).to_have_count(0)
        chaves = pagina.evaluate("FarolFila.listar().then((l) => l.map((i) => i.chave))")
        assert len(set(chaves)) == 3
        assert servidor.contar(Inspecao, Inspecao.local.like("Fila sem sinal %")) == 0
    finally:
        ctx.close()

    # o navegador fechou (o telefone reiniciou): a fila está lá, e sai quando a rede volta
    ctx = _perfil(navegador, perfil, sem_rede=True)
    try:
        pagina = ctx.pages[0] if ctx.pages else ctx.new_page()
        pagina.goto(f"{servidor.url}{NOVA}")
        expect(pagina.locator(AGUARDANDO)).to_have_count(3)
        depois = pagina.evaluate("FarolFila.listar().then((l) => l.map((i) => i.chave))")
        assert sorted(depois) == sorted(chaves)
        fotos_guardadas = pagina.evaluate(
            "FarolFila.listar().then((l) => l.map((i) => i.campos.filter((c) => c[0] === 'fotos'"
            " && c[1].size > 0).length))"
        )
        assert fotos_guardadas == [1, 1, 1]
        servidor_fora["fora"] = False
        ctx.set_offline(False)
        expect(pagina.locator(ENVIADAS)).to_have_count(3, timeout=30_000)
        expect(pagina.locator(AGUARDANDO)).to_have_count(0)
        expect(pagina.locator(f"{FILA} [data-fila-estado]")).to_contain_text("3 inspeções enviadas")
        expect(pagina.locator(f"{ENVIADAS} .fila-diferencas")).to_have_count(0)
    finally:
        ctx.close()

    for inscricao, local, constatacao, cpf in casos:
        insp = _inspecao(servidor, local)
        esperadas = _medidas_do_servidor(_valores(inscricao, local, constatacao, cpf))
        with servidor.banco.unit_of_work(somente_leitura=True) as s:
            medidas = set(
                s.execute(
                    select(MedidaAdministrativa.tipo).where(
                        MedidaAdministrativa.inspecao_id == insp.id
                    )
                ).scalars()
            )
        assert medidas == esperadas, local
        assert servidor.contar(Processo, Processo.inspecao_id == insp.id) == 1
        assert servidor.contar(FotoInspecao, FotoInspecao.inspecao_id == insp.id) == 1
        assert not insp.divergencias  # a mesma versão e as mesmas medidas do aparelho
    ids = [_inspecao(servidor, c[1]).id for c in casos]
    assert servidor.contar(Processo, Processo.inspecao_id.in_(ids)) == 3


@pytest.fixture
def contexto_celular_sw(navegador: Any) -> Iterator[Any]:
    ctx = navegador.new_context(locale="pt-BR", timezone_id="America/Sao_Paulo", **CELULAR)
    ctx.set_default_timeout(15_000)
    yield ctx
    ctx.close()


def _guardar_uma(pagina: Any, servidor: Servidor, inscricao: str, local: str, cpf: str) -> None:
    entrar(pagina, servidor.url, "inspetor.cpsc")
    _pagina_guardada(pagina, servidor.url)
    pagina.context.set_offline(True)
    _registrar(pagina, inscricao, local, "hab_sem", cpf, _png((90, 90, 90)))
    expect(pagina.locator(AGUARDANDO)).to_have_count(1)


def test_resposta_perdida_depois_de_gravar_a_inspecao_existe_uma_vez(
    servidor: Servidor, contexto_celular_sw: Any
) -> None:
    pagina = contexto_celular_sw.new_page()
    local = "Fila resposta perdida"
    _guardar_uma(pagina, servidor, "4419966301", local, _cpf(222333441))
    chave = pagina.evaluate(
        "FarolFila.listar().then(([i]) => { window.copiaDoItem = i; return i.chave; })"
    )
    cortes: list[tuple[str, int]] = []

    def cortar(route: Any) -> None:
        if route.request.method == "POST" and not cortes:
            resposta = route.fetch()  # o servidor recebe e grava...
            cortes.append((route.request.headers.get("idempotency-key"), resposta.status))
            route.abort("internetdisconnected")  # ...e a resposta não chega ao aparelho
        else:
            route.continue_()

    # no contexto: vale para a página e para o service worker (Background Sync), quem enviar
    pagina.context.route(f"{servidor.url}{NOVA}", cortar)
    pagina.context.set_offline(False)
    expect(pagina.locator(ENVIADAS)).to_have_count(1, timeout=20_000)
    assert cortes == [(chave, 201)]  # gravada na primeira vez, resposta perdida
    insp = _inspecao(servidor, local)
    expect(pagina.locator(ENVIADAS)).to_contain_text(f"Inspeção nº {insp.id} registrada")
    assert servidor.contar(Processo, Processo.inspecao_id == insp.id) == 1
    assert servidor.contar(FotoInspecao, FotoInspecao.inspecao_id == insp.id) == 1

    # a mesma inspeção (mesma chave, mesmas fotos) mandada mais uma vez: a mesma resposta
    r = pagina.evaluate("FarolFila.guardar(window.copiaDoItem).then(() => FarolFila.enviarTodas())")
    assert r["enviadas"] == 1 and r["recusadas"] == 0
    assert pagina.evaluate("FarolFila.listar().then(([i]) => i.resposta.inspecao_id)") == insp.id
    assert servidor.contar(Inspecao, Inspecao.local == local) == 1


def test_a_pagina_diz_o_envio_feito_por_outra_aba_no_lugar_do_aviso_velho(
    servidor: Servidor, contexto_celular_sw: Any, servidor_fora: dict[str, bool]
) -> None:
    """Quem envia a fila pode ser o service worker (Background Sync) ou outra aba: a página que
    mostrava "não pôde receber" (ou "sem sinal") diz "1 inspeção enviada", e não fica com o aviso
    velho ao lado da lista já enviada (o CI pegou isso quando o service worker enviou antes da
    página)."""
    pagina = contexto_celular_sw.new_page()
    local = "Fila enviada por outra aba"
    _guardar_uma(pagina, servidor, "4419966701", local, _cpf(555666771))
    estado = pagina.locator(f"{FILA} [data-fila-estado]")
    servidor_fora["fora"] = True
    pagina.context.set_offline(False)
    expect(estado).to_contain_text("o servidor não pôde receber agora (503)")
    expect(pagina.locator(AGUARDANDO)).to_have_count(1)

    servidor_fora["fora"] = False
    # a outra aba envia o que aguarda ao abrir (ou o service worker, se tentar de novo antes:
    # quem enviar, a primeira aba não envia nada e tem de dizer o resultado)
    outra = pagina.context.new_page()
    outra.goto(f"{servidor.url}{NOVA}")
    expect(pagina.locator(ENVIADAS)).to_have_count(1)
    expect(pagina.locator(AGUARDANDO)).to_have_count(0)
    expect(estado).to_have_text("1 inspeção enviada.")
    expect(estado).to_have_class("alerta alerta-sucesso")
    assert servidor.contar(Inspecao, Inspecao.local == local) == 1


def test_recusada_mostra_o_motivo_e_volta_ao_formulario_para_corrigir(
    servidor: Servidor, contexto_celular_sw: Any
) -> None:
    pagina = contexto_celular_sw.new_page()
    local = "Fila recusada"
    _guardar_uma(pagina, servidor, "4419966601", local, "529.982.247-26")  # dígito errado
    pagina.context.set_offline(False)
    recusada = pagina.locator(RECUSADAS)
    expect(recusada).to_have_count(1)
    expect(recusada).to_contain_text("Motivo:")
    expect(recusada).to_contain_text(
        "CPF ou CNPJ: CPF 529.982.247-26 com dígito verificador errado"
    )
    assert servidor.contar(Inspecao, Inspecao.local == local) == 0

    recusada.get_by_role("button", name="Corrigir no formulário").click()
    expect(pagina.locator(RECUSADAS)).to_have_count(0)
    expect(pagina.locator("#c-local")).to_have_value(local)
    expect(pagina.locator("input[name=constatacoes][value=hab_sem]")).to_be_checked()
    expect(pagina.locator("[data-fotos-lista] li.foto-escolhida")).to_have_count(1)
    pagina.fill("#c-proprietario-documento", "529.982.247-25")
    pagina.get_by_role("button", name="Registrar inspeção").click()
    expect(pagina.locator("#inspecao-registrada")).to_contain_text("registrada")
    insp = _inspecao(servidor, local)
    assert servidor.contar(FotoInspecao, FotoInspecao.inspecao_id == insp.id) == 1
    # a cópia guardada antes do envio com rede saiu da fila na página do resultado
    assert pagina.evaluate("FarolFila.listar().then((l) => l.length)") == 0


def test_sessao_expirada_sem_sinal_pede_login_e_a_decisao_diferente_aparece(
    servidor: Servidor, contexto_celular_sw: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    pagina = contexto_celular_sw.new_page()
    local = "Fila sessão expirada"
    _guardar_uma(pagina, servidor, "4419966401", local, _cpf(333444551))
    decisao = pagina.evaluate("FarolFila.listar().then(([i]) => i.decisao)")
    assert decisao["versao"] == offline.versao_dos_dados()
    v = _valores("4419966401", local, "hab_sem", _cpf(333444551))
    assert set(decisao["medidas"]) == _medidas_do_servidor(v)  # o aparelho decidiu igual
    # o servidor publicou dados novos enquanto o inspetor estava sem sinal
    monkeypatch.setattr(versao_normas, "versao_dos_dados", lambda: "dados-novos-teste")

    # o que a página e o service worker pediram, para dizer por que o login não voltou à página
    trafego: list[str] = []
    pagina.context.on(
        "response", lambda r: trafego.append(f"{r.request.method} {r.url} → {r.status}")
    )
    pagina.context.clear_cookies()  # a sessão expirou no mar
    pagina.context.set_offline(False)
    estado = pagina.locator(f"{FILA} [data-fila-estado]")
    expect(estado).to_contain_text("Sua sessão expirou")
    expect(pagina.locator(AGUARDANDO)).to_have_count(1)
    assert servidor.contar(Inspecao, Inspecao.local == local) == 0

    pagina.locator("[data-acao=entrar-fila]").click()
    pagina.fill("#c-login", "inspetor.cpsc")
    pagina.fill("#c-senha", SENHA)
    pagina.click("form[action='/entrar'] button[type=submit]")
    try:
        pagina.wait_for_url(f"{servidor.url}{NOVA}")
    except PlaywrightTimeoutError:
        alertas = pagina.locator(".alerta").all_inner_texts()
        pytest.fail(f"o login não voltou à inspeção: {pagina.url}, {alertas}; {trafego}")
    enviada = pagina.locator(ENVIADAS)
    expect(enviada).to_have_count(1)
    diferenca = enviada.locator(".fila-diferencas [data-campo=versao_dos_dados]")
    expect(diferenca).to_contain_text(decisao["versao"])
    expect(diferenca).to_contain_text("dados-novos-teste")

    insp = _inspecao(servidor, local)
    assert [d["campo"] for d in insp.divergencias or []] == ["versao_dos_dados"]
    enviada.get_by_role("link").first.click()
    nota = pagina.locator("#sem-sinal-diferente")
    expect(nota).to_contain_text("Decidida sem sinal")
    expect(nota).to_contain_text("dados-novos-teste")


def test_sair_apaga_a_fila_e_o_cache_do_aparelho(
    servidor: Servidor, contexto_celular_sw: Any
) -> None:
    pagina = contexto_celular_sw.new_page()
    _guardar_uma(pagina, servidor, "4419966501", "Fila apagada ao sair", _cpf(444555661))
    # no contexto: a página e o service worker (Background Sync) ficam sem servidor
    pagina.context.route(
        f"{servidor.url}{NOVA}",
        lambda r: r.abort() if r.request.method == "POST" else r.continue_(),
    )
    pagina.context.set_offline(False)
    expect(pagina.locator(f"{FILA} [data-fila-estado]")).to_contain_text("Sem conexão")
    perguntas: list[str] = []

    def responder(dialogo: Any) -> None:
        perguntas.append(dialogo.message)
        dialogo.accept()

    pagina.on("dialog", responder)
    pagina.locator(".botao-sair").click()
    pagina.wait_for_url(f"{servidor.url}/entrar")
    assert perguntas and "1 inspeção guardada neste aparelho ainda não foi enviada" in perguntas[0]
    restos = pagina.evaluate(
        """async () => ({
          bancos: (await indexedDB.databases()).map((b) => b.name),
          caches: (await caches.keys()).filter((k) => k.startsWith('farol-inspecao-')),
        })"""
    )
    assert restos == {"bancos": [], "caches": []}
    assert servidor.contar(Inspecao, Inspecao.local == "Fila apagada ao sair") == 0


def test_dados_novos_publicados_trocam_o_cache_do_aparelho(
    servidor: Servidor, contexto_celular_sw: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    pagina = contexto_celular_sw.new_page()
    entrar(pagina, servidor.url, "inspetor.cpsc")
    _pagina_guardada(pagina, servidor.url)
    assert pagina.evaluate("caches.keys()") == [offline.nome_do_cache()]

    monkeypatch.setattr(offline, "versao_dos_dados", lambda: "publicada-no-teste")
    offline.dados_medidas_offline.cache_clear()
    nova = offline.nome_do_cache()
    assert nova.startswith("farol-inspecao-publicada-no-teste-")
    try:
        pagina.reload()
        # o worker novo instala o cache da versão nova (página, estáticos e dados) e apaga o antigo
        esperar(
            pagina,
            f"caches.keys().then((k) => k.length === 1 && k[0] === '{nova}'"
            " && caches.open(k[0]).then((c) => c.match('/api/v1/medidas/dados.json'))"
            ".then((r) => !!r))",
        )
        versao = pagina.evaluate(
            f"caches.open('{nova}')"
            ".then((c) => c.match('/api/v1/medidas/dados.json')).then((r) => r.json())"
            ".then((d) => d.versao)"
        )
        assert versao == "publicada-no-teste"
        pagina.context.set_offline(True)
        pagina.goto(f"{servidor.url}{NOVA}")
        pagina.get_by_text("Navegando", exact=True).click()
        pagina.locator("input[name=constatacoes][value=hab_sem]").check()
        expect(pagina.locator("[data-sem-sinal]")).to_contain_text("versão publicada-no-teste")
    finally:
        pagina.context.set_offline(False)
        monkeypatch.undo()
        offline.dados_medidas_offline.cache_clear()


def test_codigo_novo_do_servidor_chega_ao_aparelho_pelo_worker_novo(
    servidor: Servidor, contexto_celular_sw: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Uma versão nova do Farol (outro JS da fila, outro CSS) com os mesmos dados normativos: o
    # /sw.js muda, o aparelho instala o worker novo na próxima visita com rede, que guarda de
    # novo a página e os estáticos num cache novo e apaga o antigo; sem sinal, abre o novo.
    pagina = contexto_celular_sw.new_page()
    entrar(pagina, servidor.url, "inspetor.cpsc")
    _pagina_guardada(pagina, servidor.url)
    antiga = offline.nome_do_cache()
    assert pagina.evaluate("caches.keys()") == [antiga]

    monkeypatch.setattr(offline, "versao_dos_estaticos", lambda: "codigo-novo")
    nova = offline.nome_do_cache()
    assert nova != antiga and nova.endswith("-codigo-novo")
    assert offline.versao_dos_dados() in nova  # os dados são os mesmos
    try:
        pagina.reload()
        esperar(
            pagina,
            f"caches.keys().then((k) => k.length === 1 && k[0] === '{nova}'"
            " && caches.open(k[0]).then((c) => Promise.all(["
            "c.match('/estatico/fila_inspecoes.js', {ignoreSearch: true}), c.match('/api/v1/medidas/dados.json')]))"
            ".then((r) => r.every(Boolean)))",
        )
        pagina.context.set_offline(True)
        pagina.goto(f"{servidor.url}{NOVA}")
        expect(pagina.locator("#form-inspecao")).to_be_visible()
        # os scripts vieram do cache novo e rodaram: a página avisa que está sem sinal
        expect(pagina.locator("#aviso-sem-sinal")).to_be_visible()
    finally:
        pagina.context.set_offline(False)
        monkeypatch.undo()


def test_embarcacao_ja_sob_custodia_e_diferenca_que_o_aparelho_nao_via(
    cliente: TestClient, servidor: Servidor
) -> None:
    # A embarcação foi apreendida e recolhida antes; a inspeção que esperou na fila do
    # celular (sem sinal, sem como consultar) é gravada, e a custódia em curso vira diferença.
    from semente import atores

    from farol.services.custodias import NovaCustodia, abrir_custodia

    inscricao = "4419966109"
    quando = dt.datetime.now(fuso()) - dt.timedelta(hours=2)
    apreensao = {
        "embarcacao": {"inscricao": inscricao, "nome": "Sob Guarda"},
        "proprietario": {"documento": _cpf(123456780), "nome": "Dono Recolhido"},
        "data_hora": quando.isoformat(),
        "local": "Baía Norte, Florianópolis",
        "situacao": "navegando",
        "constatacoes": [{"infracao": "RLESTA.16.I"}],
    }
    a = atores(servidor.banco)
    with servidor.banco.unit_of_work() as s:
        r = inspecoes.registrar_inspecao(
            s, a["inspetor.cpsc"], NovaInspecao.model_validate(apreensao)
        )
        medida = s.execute(
            select(MedidaAdministrativa.id).where(
                MedidaAdministrativa.processo_id == r.processos[0].id,
                MedidaAdministrativa.tipo == "apreensao_embarcacao",
            )
        ).scalar_one()
        recolhimento = {
            "local_guarda": "Pátio da CPSC",
            "estado_na_chegada": "Casco íntegro, sem avarias aparentes.",
            "medida_id": medida,
        }
        aberta = abrir_custodia(
            s,
            a["inspetor.cpsc"],
            NovaCustodia.model_validate(
                {"data_ato": quando.date().isoformat(), "recolhimento": recolhimento}
            ),
        )

    csrf = _entrar(cliente, "inspetor.cpsc")
    v = _valores(inscricao, "Fila da custódia", "hab_sem", _cpf(123456780))
    dados = {k: x for k, x in v.items() if x != ""}
    medidas = sorted(_medidas_do_servidor(v))
    dados.update(
        {
            "csrf": csrf,
            "sem_sinal.versao": versao_normas.versao_dos_dados(),
            "sem_sinal.medidas": medidas,
        }
    )
    cab = {"Accept": "application/json", "Idempotency-Key": str(uuid.uuid4())}
    r2 = cliente.post(NOVA, data=dados, headers=cab)
    assert r2.status_code == 201, r2.text
    (custodia,) = [d for d in r2.json()["diferencas_sem_sinal"] if d["campo"] == "custodia"]
    assert custodia["no_servidor"].startswith(f"sob custódia no processo {aberta.numero} desde")
    # mesma versão e mesmas medidas: a custódia é a única diferença
    assert [d["campo"] for d in r2.json()["diferencas_sem_sinal"]] == ["custodia"]
    html = cliente.get(f"/processos/{r2.json()['processos'][0]['id']}").text
    assert aberta.numero in html and 'id="sem-sinal-diferente"' in html
