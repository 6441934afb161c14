"""Os cabeçalhos de segurança de toda resposta (revisão de segurança de 2026-12-06, H): antes,
nenhuma página tinha política de conteúdo, proteção contra ser aberta dentro de outro site,
política de `Referer` ou HSTS. O Chromium com a política: test_navegador_politica_de_conteudo."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from farol.http.cabecalhos import POLITICA_DAS_PAGINAS

from .conftest import API, Api

COMUNS = {
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "same-origin",
}


def _comuns(r: Any) -> dict[str, str]:
    return {k: r.headers.get(k) for k in COMUNS}


def test_paginas_api_e_erros_trazem_os_cabecalhos(api: Api) -> None:
    pid = api.novo_processo()
    api.entrar_na_web("ac.cpsc")
    pagina = api.cliente.get(f"/processos/{pid}")
    entrar = api.cliente.get("/entrar")
    for r in (pagina, entrar):
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
        assert _comuns(r) == COMUNS
        assert r.headers["content-security-policy"] == POLITICA_DAS_PAGINAS
        assert "frame-ancestors 'none'" in POLITICA_DAS_PAGINAS
        assert "<script>" not in r.text and ' style="' not in r.text  # nada em linha
    json = api.get(f"/processos/{pid}")
    nao_achado = api.get("/processos/999999")
    for r in (json, nao_achado):
        assert _comuns(r) == COMUNS
        assert "content-security-policy" not in r.headers  # JSON não é página
    assert nao_achado.status_code == 404
    # sem https, sem HSTS (o navegador só o aceita por https)
    assert "strict-transport-security" not in pagina.headers


def test_a_documentacao_da_api_fica_fora_da_politica(api: Api) -> None:
    r = api.cliente.get("/docs")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    assert "content-security-policy" not in r.headers  # o Swagger UI monta com script em linha
    assert _comuns(r) == COMUNS


def test_por_https_o_navegador_fica_no_https(app_farol: Any) -> None:
    with TestClient(app_farol, base_url="https://farol.exemplo.mil.br") as c:
        for r in (c.get("/entrar"), c.get(f"{API}/processos")):  # página e API (401)
            assert r.headers["strict-transport-security"] == "max-age=31536000", r.headers
