"""O processo sobrestado não diz "sobrestado" duas vezes (revisão de UX de 2026-12-05), sem
navegador (TestClient sobre a demonstração), como em test_paginas.py: no estado "Sobrestado,
aguardando decisão do Tribunal Marítimo" o selo "sobrestado" ao lado repetia o próprio estado,
na lista de processos e no cabeçalho do processo."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from .test_paginas import entrar

SELO = '<span class="selo selo-alerta">sobrestado</span>'


def test_o_estado_sobrestado_nao_leva_o_selo_repetido(cliente: TestClient) -> None:
    entrar(cliente, "autoridade.cpsc")
    lista = cliente.get("/processos", params={"estado": "sobrestado"}).text
    ids = re.findall(r'class="processo-numero" href="/processos/(\d+)"', lista)
    assert ids, "a demonstração não tem processo sobrestado"
    assert "Sobrestado, aguardando decisão do Tribunal Marítimo" in lista
    assert SELO not in lista
    pagina = cliente.get(f"/processos/{ids[0]}").text
    cabecalho = pagina.split('class="cabecalho-processo"', 1)[1].split("</div>", 1)[0]
    assert "Sobrestado, aguardando decisão do Tribunal Marítimo" in cabecalho
    assert SELO not in cabecalho
