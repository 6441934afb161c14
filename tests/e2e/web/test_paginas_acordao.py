"""A página do processo e o Acórdão do Tribunal Marítimo (issue 12, item 3), sem navegador
(TestClient sobre a demonstração, SQLite e PostgreSQL), como em test_paginas_acessorias.py.

O processo notificado em 02/03/2026 é sobrestado pela API em 04/03/2026 (IAFN pendente, LESTA
art. 33, parágrafo único); a autoridade o levanta pelo formulário da página com o Acórdão
publicado em 26/06/2026, e a página mostra o acórdão no cabeçalho e na linha do tempo; dada a
ciência do levantamento ao notificado, o formulário da lavratura passa a pedir a justificativa das infrações que o acórdão não apontou.
"""

from __future__ import annotations

from typing import Any

from apoio import campos_ocultos, formulario_do_ato
from fastapi.testclient import TestClient
from semente import CPF_ESTRANHO

from .test_paginas import entrar, token_api
from .test_paginas_acessorias import _grupo, _texto

API = "/api/v1"


def _sobrestado(cliente: TestClient, inscricao: str) -> int:
    corpo = {
        "embarcacao": {"inscricao": inscricao, "nome": "Maré Alta"},
        "proprietario": {"documento": CPF_ESTRANHO, "nome": "Joana Dona"},
        "data_hora": "2026-03-02T10:00:00-03:00",
        "local": "Baía Norte, Florianópolis",
        "situacao": "navegando",
        "constatacoes": [{"infracao": "RLESTA.15.I", "categoria_item": "salvatagem"}],
    }
    r = cliente.post(f"{API}/inspecoes", json=corpo, headers=token_api(cliente, "inspetor.cpsc"))
    assert r.status_code == 201, r.text
    (processo,) = r.json()["processos"]
    pid = int(processo["id"])
    r = cliente.post(
        f"{API}/processos/{pid}/atos",
        json={"tipo": "sobrestamento", "data_ato": "2026-03-04",
              "dados": {"inquerito": "IAFN nº 31/2026"}},
        headers=token_api(cliente, "autoridade.cpsc"),
    )  # fmt: skip
    assert r.status_code == 201, r.text
    return pid


def _levantar(cliente: TestClient, pid: int, **campos: str) -> Any:
    form = formulario_do_ato(cliente.get(f"/processos/{pid}").text, "levantamento_sobrestamento")
    dados = campos_ocultos(form) | {
        "data_ato": "2026-07-01",
        "dados.numero": "7.010/2026",
        "dados.publicado_em": "2026-06-26",
        "dados.infracoes_apontadas": "RLESTA.15.I, RLESTA.23.II",
        "dados.medidas_preventivas": "Sinalizar a área de banhistas da Baía Norte.",
    }
    return cliente.post(f"/processos/{pid}/atos/levantamento_sobrestamento", data=dados | campos)


def test_levantamento_pela_pagina_registra_o_acordao_e_a_pagina_o_mostra(
    cliente: TestClient,
) -> None:
    pid = _sobrestado(cliente, "4419900901")
    entrar(cliente, "autoridade.cpsc")
    form = formulario_do_ato(cliente.get(f"/processos/{pid}").text, "levantamento_sobrestamento")
    for nome in ("numero", "publicado_em", "infracoes_apontadas", "medidas_preventivas"):
        assert f'name="dados.{nome}"' in form, nome

    r = _levantar(cliente, pid)
    assert r.status_code == 303, r.text
    pagina = cliente.get(r.headers["location"]).text
    bruto = _grupo(r'<dd id="acordao">(.*?)</dd>', pagina)
    cabecalho = _texto(bruto)
    assert cabecalho.startswith("nº 7.010/2026, publicado em 26/06/2026 · infrações apontadas:")
    assert (
        '<span class="codigo">RLESTA.15.I</span>, <span class="codigo">RLESTA.23.II</span>' in bruto
    )
    assert "Medidas preventivas propostas: Sinalizar a área de banhistas" in cabecalho
    assert "NORMAM (Port. 110/2023) item 3.2; LESTA art. 33, parágrafo único" in cabecalho
    linha = _texto(pagina[pagina.index('data-tipo="levantamento_sobrestamento"') :])
    assert "Acórdão do Tribunal Marítimo nº 7.010/2026, publicado em 26/06/2026" in linha
    # o comparecimento é prazo do interessado: a página oferece a ciência do levantamento, com
    # o meio, e não a lavratura
    assert "aguardando a ciência do interessado" in pagina
    assert 'data-form-ato="lavratura_auto"' not in pagina
    form = formulario_do_ato(pagina, "ciencia_levantamento_sobrestamento")
    assert 'name="dados.meio"' in form
    dados = campos_ocultos(form) | {"data_ato": "2026-07-02", "dados.meio": "pessoal"}
    r = cliente.post(f"/processos/{pid}/atos/ciencia_levantamento_sobrestamento", data=dados)
    assert r.status_code == 303, r.text
    pagina = cliente.get(r.headers["location"]).text
    # de volta a notificado: a lavratura que vier pede a justificativa do que for além do acórdão
    form = formulario_do_ato(pagina, "lavratura_auto")
    assert 'name="dados.justificativa"' in form
    assert "Acórdão nº 7.010/2026: RLESTA.15.I, RLESTA.23.II" in _texto(form)


def test_levantamento_sem_numero_volta_com_o_erro_no_campo(cliente: TestClient) -> None:
    pid = _sobrestado(cliente, "4419900902")
    entrar(cliente, "autoridade.cpsc")
    r = _levantar(cliente, pid, **{"dados.numero": ""})
    assert r.status_code == 422, r.text
    form = formulario_do_ato(r.text, "levantamento_sobrestamento")
    assert "campo obrigatório ausente" in _texto(
        _grupo(r'id="erro-dados-numero"[^>]*>(.*?)</p>', form)
    )
    r = _levantar(cliente, pid, **{"dados.infracoes_apontadas": "RLESTA.15.I RLESTA.99"})
    assert r.status_code == 422, r.text
    form = formulario_do_ato(r.text, "levantamento_sobrestamento")
    erro = _texto(_grupo(r'id="erro-dados-infracoes_apontadas"[^>]*>(.*?)</p>', form))
    assert erro == (
        "infração desconhecida: “RLESTA.99”, fora do catálogo de infrações; os códigos estão "
        "na página Legislação"
    )
    assert 'data-form-ato="levantamento_sobrestamento"' in cliente.get(f"/processos/{pid}").text
