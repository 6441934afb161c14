"""O formulário do recurso na página do processo: os fundamentos do pedido de reexame.

Lei 9.784/1999 art. 60: "O recurso interpõe-se por meio de requerimento no qual o recorrente
deverá expor os fundamentos do pedido de reexame, podendo juntar os documentos que julgar
convenientes." Antes, o formulário enviado em branco (sem texto e sem arquivo) registrava o
recurso. Agora a página volta com 422 e o erro no campo do texto, com a regra, sem gravar
nada; com o documento anexado (ou o texto), o recurso entra.
"""

from __future__ import annotations

import re
from typing import Any

from apoio import campos_ocultos, formulario_do_ato
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from farol.relogio import hoje
from farol.store.db import Banco
from farol.store.orm import Ato, DocumentoAnexo, Processo

from .test_paginas import entrar

PDF = b"%PDF-1.4\n% razoes do recurso\n%%EOF\n"


def _contar(banco: Banco, modelo: Any, pid: int) -> int:
    with banco.unit_of_work(somente_leitura=True) as s:
        return int(
            s.execute(
                select(func.count()).select_from(modelo).where(modelo.processo_id == pid)
            ).scalar_one()
        )


def _estado(banco: Banco, pid: int) -> str:
    with banco.unit_of_work(somente_leitura=True) as s:
        return str(s.execute(select(Processo.estado).where(Processo.id == pid)).scalar_one())


def test_recurso_em_branco_volta_com_o_erro_no_campo_e_com_o_documento_entra(
    cliente: TestClient, banco_demo: Banco
) -> None:
    with banco_demo.unit_of_work(somente_leitura=True) as s:
        pid = s.execute(
            select(Processo.id).where(Processo.estado == "decisao_notificada").limit(1)
        ).scalar_one()
    entrar(cliente, "autoridade.cpsc")
    form = formulario_do_ato(cliente.get(f"/processos/{pid}").text, "recurso")
    assert "Fundamentos do pedido de reexame" in form
    assert "Lei 9.784/1999 art. 60" in form and 'type="file"' in form
    campos = campos_ocultos(form) | {"data_ato": hoje().isoformat(), "dados.texto": "  "}
    atos, anexos = _contar(banco_demo, Ato, pid), _contar(banco_demo, DocumentoAnexo, pid)

    r = cliente.post(f"/processos/{pid}/atos/recurso", data=campos)
    assert r.status_code == 422, r.text
    erro = re.search(r'<p class="erro-campo" id="erro-dados-texto" role="alert">(.*?)</p>', r.text)
    assert erro, "o erro não está no campo do texto"
    assert "fundamentos do pedido de reexame" in erro.group(1)
    assert "(Lei 9.784/1999 art. 60)" in erro.group(1)
    assert 'aria-invalid="true" aria-describedby="erro-dados-texto' in r.text
    assert _contar(banco_demo, Ato, pid) == atos
    assert _contar(banco_demo, DocumentoAnexo, pid) == anexos
    assert _estado(banco_demo, pid) == "decisao_notificada"

    r = cliente.post(
        f"/processos/{pid}/atos/recurso",
        data=campos,
        files={"arquivo": ("razoes-do-recurso.pdf", PDF, "application/pdf")},
    )
    assert r.status_code == 303, r.text
    assert _estado(banco_demo, pid) == "em_recurso"
    assert _contar(banco_demo, DocumentoAnexo, pid) == anexos + 1
