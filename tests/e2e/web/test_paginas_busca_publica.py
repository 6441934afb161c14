"""As páginas públicas e a busca, sobre a demonstração (TestClient, sem navegador):

- busca e legislação sem acentos nem caixa ("Marcio" acha "Márcio"; "colete", "extintor",
  "art. 15");
- consulta pública: o autuado baixa os documentos do seu processo com o número e o CPF/CNPJ
  (par errado: a mesma recusa neutra) e vê os dados do DARF já preenchidos;
- /verificar com a cara das demais páginas, horário de Brasília e campo para o código;
- /docs e /redoc sem internet: só arquivos servidos pelo próprio Farol.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from typing import Any

import pytest
from apoio import csrf_de
from fastapi.testclient import TestClient
from sqlalchemy import select
from texto_humano import formatos_de_maquina, texto_visivel

from farol.domain.cpf_cnpj import formatar_documento
from farol.services import consulta_publica
from farol.store.db import Banco
from farol.store.orm import OM, Pessoa, Processo

API = "/api/v1"
CPF_DE_OUTRO = "111.444.777-35"


def _sem_acento(texto: str) -> str:
    return unicodedata.normalize("NFKD", texto).encode("ascii", "ignore").decode()


def _entrar(cliente: TestClient, login: str) -> None:
    r = cliente.post(
        "/entrar",
        data={"csrf": csrf_de(cliente.get("/entrar").text), "login": login, "senha": "farol2026"},
    )
    assert r.status_code == 303, r.text


def _emitir(cliente: TestClient, processo_id: int, tipo: str = "auto_de_infracao") -> str:
    """Emite o documento pela API (Autoridade Competente da CPSC); devolve o código."""
    token = cliente.post(
        f"{API}/auth/token", data={"username": "autoridade.cpsc", "password": "farol2026"}
    ).json()["access_token"]
    r = cliente.post(
        f"{API}/processos/{processo_id}/documentos",
        json={"tipo": tipo},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert r.status_code == 201, r.text
    return str(r.json()["codigo"])


@pytest.fixture(scope="module")
def com_multa(banco_demo: Banco) -> dict[str, Any]:
    """Dois processos da CPSC com Auto de Infração e multa a pagar (o primeiro com o número e o
    CPF/CNPJ do autuado, como a consulta o mostra)."""
    achados = []
    with banco_demo.unit_of_work(somente_leitura=True) as s:
        linhas = s.execute(
            select(Processo, Pessoa)
            .join(Pessoa, Pessoa.id == Processo.autuado_id)
            .join(OM, OM.id == Processo.om_id)
            .where(OM.sigla == "CPSC")
            .order_by(Processo.id)
        ).all()
        for p, pessoa in linhas:
            documento = formatar_documento(pessoa.documento)
            r = consulta_publica.consultar.na_sessao(s, p.numero, documento)
            if r and r["guia"] and r["auto"]:
                achados.append({"id": p.id, "numero": p.numero, "documento": documento, "r": r})
    assert len(achados) >= 2, "a demonstração não tem dois processos com multa a pagar"
    return {"este": achados[0], "outro": achados[1]}


@pytest.fixture
def emitidos(cliente: TestClient, com_multa: dict[str, Any]) -> Iterator[dict[str, str]]:
    yield {
        "este": _emitir(cliente, com_multa["este"]["id"]),
        "outro": _emitir(cliente, com_multa["outro"]["id"]),
    }


def _consultar(cliente: TestClient, numero: str, documento: str) -> Any:
    csrf = csrf_de(cliente.get("/consulta").text)
    return cliente.post("/consulta", data={"csrf": csrf, "numero": numero, "documento": documento})


def _baixar(cliente: TestClient, numero: str, documento: str, codigo: str) -> Any:
    csrf = csrf_de(cliente.get("/consulta").text)
    return cliente.post(
        "/consulta/documento",
        data={"csrf": csrf, "numero": numero, "documento": documento, "codigo": codigo},
    )


# --- busca e legislação ---------------------------------------------------------------------


def test_busca_acha_o_autuado_sem_acento_e_em_maiusculas(
    cliente: TestClient, banco_demo: Banco
) -> None:
    with banco_demo.unit_of_work(somente_leitura=True) as s:
        numero, nome = next(
            (p.numero, pessoa.nome)
            for p, pessoa in s.execute(
                select(Processo, Pessoa)
                .join(Pessoa, Pessoa.id == Processo.autuado_id)
                .join(OM, OM.id == Processo.om_id)
                .where(OM.sigla == "CPSC")
            ).all()
            if _sem_acento(pessoa.nome) != pessoa.nome
        )
    _entrar(cliente, "autoridade.cpsc")
    primeiro = nome.split()[0]
    for termo in (_sem_acento(primeiro).upper(), _sem_acento(nome).lower(), nome):
        pagina = cliente.get("/busca", params={"q": termo})
        assert pagina.status_code == 200
        assert numero in pagina.text, termo


def _como_se_digita(numero: str) -> list[str]:
    """O número oficial (2026/CPSC/000022) como a pessoa o digita do papel."""
    ano, sigla, seq = numero.split("/")
    curto = str(int(seq))
    return [
        f"{ano}/{sigla}/{curto}",
        f"{ano}/{sigla.lower()}/{curto}",
        f"{ano}-{sigla}-{seq}",
        f" {ano} {sigla} {curto} ",
    ]


def test_busca_acha_o_processo_pelo_numero_sem_zeros_e_com_hifens(
    cliente: TestClient, com_multa: dict[str, Any]
) -> None:
    numero = com_multa["este"]["numero"]
    _entrar(cliente, "autoridade.cpsc")
    for termo in _como_se_digita(numero):
        pagina = cliente.get("/busca", params={"q": termo})
        assert pagina.status_code == 200 and numero in pagina.text, termo
        assert "0 processos" not in texto_visivel(pagina.text), termo


def test_consulta_aceita_o_numero_como_se_digita_e_o_numero_do_auto(
    cliente: TestClient, com_multa: dict[str, Any]
) -> None:
    este, outro = com_multa["este"], com_multa["outro"]
    for numero in [*_como_se_digita(este["numero"]), este["r"]["auto"]["numero"]]:
        r = _consultar(cliente, numero, este["documento"])
        assert r.status_code == 200 and 'id="guia-pagamento"' in r.text, numero
        assert este["numero"] in r.text, numero
    # o número do Auto de outro autuado, com este documento: a mesma recusa neutra
    recusa = _consultar(cliente, outro["r"]["auto"]["numero"], este["documento"])
    assert "Nenhum processo encontrado" in recusa.text


@pytest.mark.parametrize("termo", ["colete", "COLETE", "extintor", "art. 15", "artigo 15", "15"])
def test_legislacao_acha_a_dotacao_por_palavra_e_por_artigo(
    cliente: TestClient, termo: str
) -> None:
    pagina = cliente.get("/catalogo", params={"q": termo}).text
    achadas = re.findall(r'<article class="cartao infracao" id="([^"]+)"', pagina)
    assert {"RLESTA.15.I", "RLESTA.15.II", "RLESTA.15.III"} <= set(achadas), termo
    assert "RLESTA.11" not in achadas and "RLESTA.23.I" not in achadas


def test_legislacao_por_artigo_e_inciso(cliente: TestClient) -> None:
    pagina = cliente.get("/catalogo", params={"q": "art. 15, II"}).text
    assert re.findall(r'<article class="cartao infracao" id="([^"]+)"', pagina) == ["RLESTA.15.II"]


# --- consulta pública: documentos e DARF ----------------------------------------------------


def test_consulta_mostra_os_dados_do_darf_preenchidos(
    cliente: TestClient, com_multa: dict[str, Any]
) -> None:
    este = com_multa["este"]
    r = _consultar(cliente, este["numero"], este["documento"])
    assert r.status_code == 200
    texto = texto_visivel(r.text)
    assert 'id="guia-pagamento"' in r.text
    assert "DARF" in texto and "Documento de Arrecadação de Receitas Federais" in texto
    assert "Tesouro Nacional" in texto and "NORMAM (Port. 110/2023) item 3.4, nota b" in texto
    guia = este["r"]["guia"]
    assert guia["numero_referencia"] == este["r"]["auto"]["numero"]
    bloco = r.text[r.text.index('id="guia-pagamento"') :]
    assert este["documento"] in bloco and este["r"]["auto"]["numero"] in bloco
    valor = f"{float(guia['valor']):,.2f}".replace(",", "X").replace(".", ",").replace("X", ".")
    assert f"R$ {valor}" in texto_visivel(bloco)
    if guia["vencimento"]:
        ano, mes, dia = guia["vencimento"].split("-")
        assert f"{dia}/{mes}/{ano}" in texto_visivel(bloco)
    else:  # decisão ainda não comunicada: diz de onde o prazo vai correr
        assert "ainda sem data" in texto_visivel(bloco) and "LESTA art. 32" in texto_visivel(bloco)
    # as normas não dão o código da receita: a página diz isso em vez de inventar um
    assert "não informado pelas normas" in texto_visivel(bloco)


def test_autuado_baixa_o_auto_com_o_numero_e_o_cpf(
    cliente: TestClient, com_multa: dict[str, Any], emitidos: dict[str, str]
) -> None:
    este = com_multa["este"]
    pagina = _consultar(cliente, este["numero"], este["documento"]).text
    assert 'id="documentos-do-processo"' in pagina and emitidos["este"] in pagina
    assert emitidos["outro"] not in pagina
    r = _baixar(cliente, este["numero"], este["documento"], emitidos["este"])
    assert r.status_code == 200
    assert r.headers["content-type"] == "application/pdf"
    assert "attachment" in r.headers["content-disposition"]
    assert r.content.startswith(b"%PDF")


@pytest.mark.parametrize("erro", ["cpf_de_outro", "numero_de_outro", "codigo_de_outro"])
def test_par_errado_ou_codigo_alheio_recebe_a_mesma_recusa_neutra(
    cliente: TestClient, com_multa: dict[str, Any], emitidos: dict[str, str], erro: str
) -> None:
    este, outro = com_multa["este"], com_multa["outro"]
    numero, documento, codigo = este["numero"], este["documento"], emitidos["este"]
    if erro == "cpf_de_outro":
        documento = CPF_DE_OUTRO if este["documento"] != CPF_DE_OUTRO else outro["documento"]
    elif erro == "numero_de_outro":
        numero = outro["numero"]
    else:
        codigo = emitidos["outro"]
    r = _baixar(cliente, numero, documento, codigo)
    assert r.status_code == 404
    assert not r.content.startswith(b"%PDF")
    assert "Nenhum processo encontrado" in r.text
    # a mesma recusa da consulta com o par errado: nada diz se o processo existe
    recusa = _consultar(cliente, numero, documento if erro != "codigo_de_outro" else CPF_DE_OUTRO)
    assert "Nenhum processo encontrado" in recusa.text


def _cabecalho(html: str) -> str:
    """O <header> da página, sem a marca do item de menu atual."""
    m = re.search(r"<header.*?</header>", html, re.S)
    assert m, "página sem <header>"
    return m.group(0).replace('aria-current="page"', "")


# --- verificação ----------------------------------------------------------------------------


def test_verificar_tem_a_cara_das_paginas_e_o_campo_do_codigo(cliente: TestClient) -> None:
    r = cliente.get("/verificar")
    assert r.status_code == 200
    # o mesmo esqueleto das demais páginas (base.html): cabeçalho, folha de estilo e menu
    assert "/estatico/farol.css" in r.text and 'id="conteudo"' in r.text
    assert _cabecalho(r.text) == _cabecalho(cliente.get("/consulta").text)
    form = re.search(r'<form method="get" action="/verificar"[^>]*>(.*?)</form>', r.text, re.S)
    assert form and 'name="codigo"' in form.group(1)
    digitado = cliente.get("/verificar", params={"codigo": " abcd-efgh-jkmn "})
    assert digitado.status_code == 303
    assert digitado.headers["location"] == "/verificar/ABCD-EFGH-JKMN"
    assert "Código não encontrado" in cliente.get(digitado.headers["location"]).text
    sem_hifens = cliente.get("/verificar", params={"codigo": "abcd efgh jkmn"})
    assert sem_hifens.headers["location"] == "/verificar/ABCD-EFGH-JKMN"


def test_verificar_mostra_o_horario_de_brasilia_no_formato_brasileiro(
    cliente: TestClient, com_multa: dict[str, Any], emitidos: dict[str, str]
) -> None:
    r = cliente.get(f"/verificar/{emitidos['este']}")
    texto = texto_visivel(r.text)
    assert "Documento autêntico" in texto and com_multa["este"]["numero"] in texto
    emitido = re.search(r'id="v-emitido"[^>]*>([^<]+)<', r.text)
    assert emitido
    assert re.fullmatch(r"\d{2}/\d{2}/\d{4} \d{2}:\d{2} \(horário de Brasília\)", emitido.group(1))
    assert formatos_de_maquina(texto) == []


# --- documentação da API sem internet --------------------------------------------------------


@pytest.mark.parametrize("caminho", ["/docs", "/redoc"])
def test_documentacao_da_api_so_usa_arquivos_locais(cliente: TestClient, caminho: str) -> None:
    r = cliente.get(caminho)
    assert r.status_code == 200
    enderecos = re.findall(r'(?:src|href)=["\']([^"\']+)', r.text)
    enderecos += re.findall(r"url:\s*['\"]([^'\"]+)", r.text)
    assert enderecos and all(e.startswith("/") and not e.startswith("//") for e in enderecos)
    assert "http://" not in r.text and "https://" not in r.text
    scripts = re.findall(r'<script src="([^"]+)"', r.text)
    assert scripts
    for endereco in [*scripts, *re.findall(r'<link[^>]+href="([^"]+\.css)"', r.text)]:
        arquivo = cliente.get(endereco)
        assert arquivo.status_code == 200, endereco
        assert len(arquivo.content) > 10_000, endereco
