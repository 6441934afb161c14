"""POST /processos/{id}/atos: o recurso sem os fundamentos do pedido de reexame é 422.

Lei 9.784/1999 art. 60: "O recurso interpõe-se por meio de requerimento no qual o recorrente
deverá expor os fundamentos do pedido de reexame, podendo juntar os documentos que julgar
convenientes." Antes, `{"tipo": "recurso", "data_ato": ..., "dados": {}}` entrava com 201 e
levava o processo a `em_recurso`. Agora a API (que recebe o ato em JSON, sem arquivo) exige o
texto: 422 no campo `dados.texto`, com a regra, e nada gravado. A defesa segue como antes: as
suas fontes (LESTA arts. 22 e 23; Norma de 2023 item 3.6.3 a) não lhe exigem conteúdo.
"""

from __future__ import annotations

from typing import Any

import pytest

from farol.store.orm import Ato

from .conftest import Api
from .test_poluicao import abrir, ate_julgamento_401, decisao


def _recusado_sem_gravar(api: Api, pid: int, tipo: str, data: str, dados: dict[str, Any]) -> None:
    antes = api.processo(pid)
    atos = api.contar(Ato, Ato.processo_id == pid)
    r = api.ato(pid, tipo, data, dados)
    assert r.status_code == 422, r.text
    corpo = r.json()
    assert corpo["campo"] == "dados.texto"
    assert corpo["regra"] == "Lei 9.784/1999 art. 60"
    assert "fundamentos do pedido de reexame" in corpo["mensagem"]
    assert corpo["detail"].startswith("dados.texto: ")
    assert api.processo(pid) == antes
    assert api.contar(Ato, Ato.processo_id == pid) == atos


@pytest.mark.parametrize("dados", [{}, {"texto": "  "}], ids=["sem texto", "texto em branco"])
def test_recurso_sem_fundamentos_e_422_e_com_eles_entra(api: Api, dados: dict[str, Any]) -> None:
    pid = api.novo_processo()
    api.levar_ate(pid, "decisao_notificada")
    _recusado_sem_gravar(api, pid, "recurso", "2026-04-16", dados)
    r = api.ato_ok(pid, "recurso", "2026-04-16", {"texto": "Recorre da multa."})
    assert r["processo"]["estado"] == "em_recurso"


def test_recurso_em_ultima_instancia_sem_fundamentos_e_422(api: Api) -> None:
    pid = api.novo_processo()
    api.levar_ate(pid, "decisao_recurso_notificada")
    _recusado_sem_gravar(api, pid, "recurso_final", "2026-05-08", {"documento": "Protocolo 7"})
    r = api.ato_ok(pid, "recurso_final", "2026-05-08", {"texto": "Recorre ao DPC."})
    assert r["processo"]["estado"] == "em_recurso_final"


def test_recurso_ao_dpc_na_poluicao_sem_fundamentos_e_422(api: Api) -> None:
    r = abrir(api, "2026-02-27", "2026-03-02")
    assert r.status_code == 201, r.text
    pid = r.json()["id"]
    ate_julgamento_401(api, pid, ["2026-03-02", "2026-03-10", "2026-04-15", "2026-04-20",
                                 "2026-05-04"])  # fmt: skip
    api.ato_ok(pid, "julgamento_procedente", "2026-05-20", decisao("100000.00"))
    api.ato_ok(pid, "ciencia_decisao", "2026-05-21", {"meio": "pessoal"})
    _recusado_sem_gravar(api, pid, "recurso", "2026-06-01", {})
    api.ato_ok(pid, "recurso", "2026-06-01", {"texto": "Recurso ao DPC, sem pagamento."})


def test_defesa_sem_texto_continua_aceita(api: Api) -> None:
    pid = api.novo_processo()
    api.levar_ate(pid, "em_defesa")
    r = api.ato_ok(pid, "defesa", "2026-03-20")
    assert r["processo"]["estado"] == "aguardando_julgamento"
