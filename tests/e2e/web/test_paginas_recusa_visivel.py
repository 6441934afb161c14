"""A recusa de um ato sempre aparece na página (revisão de UX de 2026-12-05), sem navegador
(TestClient sobre a demonstração, SQLite e PostgreSQL), como em test_paginas.py.

O julgamento procedente com a multa em branco é recusado pelo serviço ("informe a multa, a
suspensão ou o cancelamento"), com o erro no grupo `dados.penalidades.0`. O primeiro campo do
grupo que o formulário enviou é o oculto `dados.penalidades.0.infracao`: o erro ia para ele e a
página, que não mostra erro junto de um campo oculto, voltava 422 sem mensagem nenhuma. O mesmo
no recurso provido em parte.
"""

from __future__ import annotations

import re

from apoio import campos_ocultos, formulario_do_ato
from fastapi.testclient import TestClient

from .test_paginas import entrar

JUSTIFICATIVA = "Infração comprovada pelo auto e pela inspeção; sem atenuantes."


def _aguardando_julgamento(cliente: TestClient) -> int:
    html = cliente.get("/processos", params={"estado": "aguardando_julgamento"}).text
    ids = re.findall(r'href="/processos/(\d+)"', html)
    assert ids, "a demonstração não tem processo aguardando julgamento"
    return int(ids[0])


def test_julgamento_com_a_multa_em_branco_diz_por_que_foi_recusado(cliente: TestClient) -> None:
    entrar(cliente, "autoridade.cpsc")
    pid = _aguardando_julgamento(cliente)
    form = formulario_do_ato(cliente.get(f"/processos/{pid}").text, "julgamento_procedente")
    dados = campos_ocultos(form) | {
        "data_ato": re.search(r'name="data_ato" type="date" value="([^"]+)"', form).group(1),  # type: ignore[union-attr]
        "dados.penalidades.0.multa": "",
        "dados.justificativa": JUSTIFICATIVA,
    }
    r = cliente.post(f"/processos/{pid}/atos/julgamento_procedente", data=dados)
    assert r.status_code == 422, r.text
    miolo = formulario_do_ato(r.text, "julgamento_procedente")
    assert 'class="erro-campo"' in miolo, "a recusa voltou sem mensagem no formulário"
    assert "informe a multa, a suspensão ou o cancelamento" in miolo
