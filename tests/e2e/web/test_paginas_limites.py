"""As páginas recusam a entrada ruim com uma página 4xx em português, nunca um 500 (issue 14,
ponto 4; revisão de 30/11/2026, achados F7 e F9): id acima de 2³¹, formulário com campo ao
mesmo tempo valor e grupo ou aninhado 3.000 níveis, caractere nulo, corpo acima do limite."""

from __future__ import annotations

import re

from apoio import csrf_de
from fastapi.testclient import TestClient

from farol import entrada
from farol.store.orm import Ato

from .conftest import SENHA


def _entrar(cliente: TestClient, login: str = "autoridade.cpsc") -> str:
    r = cliente.post(
        "/entrar",
        data={"csrf": csrf_de(cliente.get("/entrar").text), "login": login, "senha": SENHA},
    )
    assert r.status_code == 303, r.text
    return csrf_de(cliente.get("/painel").text)


def _texto(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_id_acima_do_inteiro_de_32_bits_e_a_pagina_404(cliente: TestClient) -> None:
    _entrar(cliente)
    for caminho in ("/processos/2147483648", "/processos/1/anexos/9223372036854775808",
                    "/processos/1/documentos/99999999999.pdf"):  # fmt: skip
        r = cliente.get(caminho)
        assert r.status_code == 404, caminho
        assert "não existe ou não está na sua jurisdição" in r.text


def test_formulario_com_campo_valor_e_grupo_ou_aninhado_demais_volta_com_o_erro(
    cliente: TestClient,
) -> None:
    csrf = _entrar(cliente)
    for dados, mensagem in [
        (
            {"dados.texto": "a", "dados.texto.b": "c"},
            "campo enviado mais de uma vez, ou como valor e como grupo",
        ),
        ({"dados." + ".".join(["a"] * 3000): "c"}, "nome de campo com níveis demais: no máximo 8"),
    ]:
        r = cliente.post(
            "/processos/1/atos/defesa", data={"csrf": csrf, "data_ato": "2026-01-01", **dados}
        )
        assert r.status_code == 422, r.text[:300]
        assert mensagem in _texto(r.text)


def test_caractere_nulo_no_formulario_e_na_consulta_e_pagina_422(cliente: TestClient) -> None:
    csrf = _entrar(cliente)
    r = cliente.post("/processos/1/atos/defesa", data={"csrf": csrf, "dados.texto": "a\x00b"})
    assert r.status_code == 422
    assert "o caractere nulo (U+0000) não é aceito" in _texto(r.text)
    r = cliente.get("/busca", params={"q": "a\x00b"})
    assert (r.status_code, "o caractere nulo (U+0000) não é aceito" in r.text) == (422, True)
    r = cliente.post("/consulta", data={"csrf": csrf, "numero": "2026\x00", "documento": "1"})
    assert r.status_code == 422


def test_formulario_acima_de_1_mib_e_413_e_nada_e_gravado(
    cliente: TestClient, app_demo: object
) -> None:
    csrf = _entrar(cliente)
    banco = app_demo.state.banco  # type: ignore[attr-defined]
    with banco.unit_of_work(somente_leitura=True) as s:
        atos = s.query(Ato).count()
    r = cliente.post(
        "/processos/1/atos/defesa",
        data={"csrf": csrf, "data_ato": "2026-01-01", "dados.texto": "A" * entrada.CORPO_JSON},
    )
    assert r.status_code == 413
    assert "Envio grande demais" in r.text
    assert "corpo da requisição acima do limite de 1 MiB" in _texto(r.text)
    with banco.unit_of_work(somente_leitura=True) as s:
        assert s.query(Ato).count() == atos
