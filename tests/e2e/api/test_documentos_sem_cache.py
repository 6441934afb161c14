"""O PDF oficial traz o nome, o CPF/CNPJ e o endereço do autuado: sai com `Cache-Control:
no-store` (e `nosniff`), como o anexo do processo e o PDF da consulta pública; antes saía sem
cabeçalho de cache nenhum pela API e pela página, e o navegador de um terminal compartilhado o
guardava no disco (revisão de segurança de 2026-12-06)."""

from __future__ import annotations

from .conftest import Api


def test_o_pdf_oficial_nao_fica_no_cache(api: Api) -> None:
    pid = api.novo_processo()
    api.levar_ate(pid, "autuado")
    r = api.post(f"/processos/{pid}/documentos", {"tipo": "auto_de_infracao"})
    assert r.status_code == 201, r.text
    doc = r.json()
    pela_api = api.get(f"/documentos/{doc['id']}.pdf")
    api.entrar_na_web("ac.cpsc")
    pela_pagina = api.cliente.get(f"/processos/{pid}/documentos/{doc['id']}.pdf")
    for resposta in (pela_api, pela_pagina):
        assert resposta.status_code == 200 and resposta.content.startswith(b"%PDF")
        assert resposta.headers["cache-control"] == "no-store"
        assert resposta.headers["x-content-type-options"] == "nosniff"
