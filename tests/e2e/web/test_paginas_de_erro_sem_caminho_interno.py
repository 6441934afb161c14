"""A página de erro das páginas não mostra o caminho interno do campo: "papel: o registro de
acesso ..." virou só a mensagem, que já fala do papel; "codigo: texto longo demais" virou
"Código: texto longo demais: no máximo 60 caracteres; foram 61", com o rótulo legível e o
limite dito como o formulário o diz. A API segue com o `campo` (é contrato)."""

from __future__ import annotations

import html
import re
from typing import Any

from farol import entrada

from .conftest import SENHA, entrar_no_cliente


def _mensagem(pagina: str) -> str:
    achada = re.search(r'<p class="alerta alerta-erro" role="alert">([^<]*)</p>', pagina)
    assert achada, pagina
    return html.unescape(achada.group(1))


def test_a_recusa_ao_papel_sai_na_pagina_sem_o_prefixo_papel(cliente: Any) -> None:
    entrar_no_cliente(cliente, "consulta.cpsc")
    r = cliente.get("/acessos")
    assert r.status_code == 403
    assert _mensagem(r.text) == (
        "o registro de acesso a dados pessoais é consultado por Auditor; o papel Consulta não o "
        "consulta (LGPD art. 37)"
    )


def test_o_parametro_invalido_sai_na_pagina_com_o_rotulo_e_o_limite_do_formulario(
    cliente: Any,
) -> None:
    r = cliente.get("/verificar", params={"codigo": "A" * (entrada.CODIGO + 1)})
    assert r.status_code == 422
    assert _mensagem(r.text) == "Código: texto longo demais: no máximo 60 caracteres; foram 61"


def test_a_api_segue_com_o_campo_no_detalhe(cliente: Any) -> None:
    r = cliente.post("/api/v1/auth/token", data={"username": "consulta.cpsc", "password": SENHA})
    token = {"Authorization": f"Bearer {r.json()['access_token']}"}
    r = cliente.get("/api/v1/acessos-a-dados-pessoais", headers=token)
    assert r.status_code == 403
    assert r.json()["campo"] == "papel"
    assert r.json()["detail"].startswith("papel: o registro de acesso")
