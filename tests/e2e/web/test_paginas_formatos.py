"""As páginas falam português: dinheiro R$ 600,00, datas 09/10/2026, durações "60 dias"; a API
ao lado guarda os formatos de máquina ("600.00", "2026-10-09", "P60D") no JSON.

Sobre a demonstração (TestClient, SQLite e PostgreSQL), como em test_paginas.py.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi.testclient import TestClient
from texto_humano import formatos_de_maquina, texto_visivel

from farol.relogio import hoje

from .test_paginas import csrf_de, entrar

API = "/api/v1"


def _api(cliente: TestClient, caminho: str, login: str = "autoridade.cpsc") -> Any:
    r = cliente.post(f"{API}/auth/token", data={"username": login, "password": "farol2026"})
    cab = {"Authorization": f"Bearer {r.json()['access_token']}"}
    resposta = cliente.get(f"{API}{caminho}", headers=cab)
    assert resposta.status_code == 200, resposta.text
    return resposta.json()


def _br(iso: str) -> str:
    """'2026-10-09' -> '09/10/2026', à mão (sem a função sob teste)."""
    ano, mes, dia = iso.split("-")
    return f"{dia}/{mes}/{ano}"


def _processo_com_multa(cliente: TestClient) -> dict[str, Any]:
    for resumo in _api(cliente, "/processos"):
        p = _api(cliente, f"/processos/{resumo['id']}")
        if p.get("saldo") == "600.00":
            return dict(p)
    raise AssertionError("a demonstração tem processos com multa de R$ 600,00 a pagar")


def test_pagina_do_processo_mostra_reais_e_datas_e_a_api_os_formatos_de_maquina(
    cliente: TestClient,
) -> None:
    entrar(cliente, "autoridade.cpsc")
    p = _processo_com_multa(cliente)
    # a API (JSON) guarda o contrato: valores com ponto, datas ISO
    assert (p["multa_total"], p["saldo"]) == ("600.00", "600.00")
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", p["data_fato"])

    texto = texto_visivel(cliente.get(f"/processos/{p['id']}").text)
    # a multa de R$ 600,00 que a demonstração impõe (services/demo.py, MULTA) e o fato em DD/MM
    assert "R$ 600,00" in texto and "600.00" not in texto
    assert _br(p["data_fato"]) in texto and p["data_fato"] not in texto
    assert _br(p["auto"]["lavrado_em"]) in texto
    assert formatos_de_maquina(texto) == []


def test_consulta_publica_mostra_o_valor_a_pagar_em_reais_e_o_vencimento_dd_mm_aaaa(
    cliente: TestClient,
) -> None:
    entrar(cliente, "autoridade.cpsc")
    p = _processo_com_multa(cliente)
    csrf = csrf_de(cliente.get("/consulta").text)
    r = cliente.post(
        "/consulta",
        data={"csrf": csrf, "numero": p["numero"], "documento": p["autuado"]["documento"]},
    )
    assert r.status_code == 200, r.text
    texto = texto_visivel(r.text)
    assert "Valor a pagar: R$ 600,00" in texto
    assert re.search(r"até\s+\d{2}/\d{2}/\d{4}", texto)
    assert formatos_de_maquina(texto) == []


@pytest.mark.parametrize("login", ["autoridade.cpsc", "dpc", "delegado.itajai"])
def test_nenhuma_pagina_mostra_formato_de_maquina(cliente: TestClient, login: str) -> None:
    """Guarda: painel, listas, legislação, estatísticas e a página de cada processo visível."""
    entrar(cliente, login)
    caminhos = ["/painel", "/processos", "/busca?q=CPSC", "/catalogo", "/estatisticas"]
    caminhos += [f"/processos/{x['id']}" for x in _api(cliente, "/processos", login)]
    achados = []
    for caminho in caminhos:
        r = cliente.get(caminho)
        assert r.status_code == 200, (caminho, r.status_code)
        achados += [f"{caminho}: {a}" for a in formatos_de_maquina(texto_visivel(r.text))]
    assert achados == []


def test_verificacao_do_documento_mostra_datas_no_horario_de_brasilia(
    cliente: TestClient,
) -> None:
    csrf = entrar(cliente, "autoridade.cpsc")
    p = _processo_com_multa(cliente)
    r = cliente.post(
        f"/processos/{p['id']}/documentos", data={"csrf": csrf, "tipo": "auto_de_infracao"}
    )
    assert r.status_code == 303
    codigo = re.search(r'href="/verificar/([A-Z0-9-]+)"', cliente.get(f"/processos/{p['id']}").text)
    assert codigo
    texto = texto_visivel(cliente.get(f"/verificar/{codigo.group(1)}").text)
    assert "Documento autêntico" in texto
    # emitido agora: a data de hoje em Brasília, DD/MM/AAAA
    assert f"{hoje():%d/%m/%Y}" in texto and "horário de Brasília" in texto
    assert formatos_de_maquina(texto) == []
