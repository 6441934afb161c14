"""A conclusão do inquérito administrativo pela página (TestClient): o Capitão dos Portos
escolhe o procedimento que ela abre, o da LESTA (NORMAM-07 item 0321) ou o ambiental
(NORMAM-401 item 1.2 c: a infração por poluição constatada "mediante inquérito
administrativo"), cada um no seu formulário, pelo mesmo serviço da API
(tests/e2e/api/test_apuracao_inquerito.py)."""

from __future__ import annotations

import re
import uuid
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import select

from farol.store.db import Banco
from farol.store.orm import Ato, Processo

from .test_paginas import API, csrf_de, entrar, token_api


def _inquerito_ate_a_defesa(cliente: TestClient, documento: str) -> int:
    """O inquérito instaurado e levado à defesa registrada pela API (a mesma aplicação)."""
    cp, ac = token_api(cliente, "capitao.cpsc"), token_api(cliente, "autoridade.cpsc")
    corpo = {
        "regime": "inquerito",
        "investigado": {"documento": documento, "nome": "Investigado do Inquérito"},
        "data_fato": "2026-09-20",
        "data_ato": "2026-10-01",
        "dados": {"texto": "Portaria nº 40/2026: designa o Encarregado do Inquérito."},
    }
    r = cliente.post(f"{API}/procedimentos", json=corpo, headers=cp)
    assert r.status_code == 201, r.text
    pid = int(r.json()["id"])
    for tipo, data, cab in (
        ("portaria_escrivao", "2026-10-02", ac),
        ("auto_perguntas_indiciado", "2026-10-03", ac),
        ("inicio_instrucao", "2026-10-05", ac),
        ("relatorio_inquerito", "2026-10-08", ac),
        ("conclusao_inquerito", "2026-10-10", cp),
        ("defesa_inquerito", "2026-10-20", ac),
    ):
        corpo = {"tipo": tipo, "data_ato": data, "dados": {"texto": "Registro."}}
        r = cliente.post(f"{API}/processos/{pid}/atos", json=corpo, headers=cab)
        assert r.status_code == 201, r.text
    return pid


def _ato(cliente: TestClient, url: str, tipo: str, campos: dict[str, Any]) -> Any:
    pagina = cliente.get(url).text
    versao = re.search(r'name="versao" value="(\d+)"', pagina)
    assert versao, pagina
    dados = {"csrf": csrf_de(pagina), "chave": str(uuid.uuid4()), "versao": versao.group(1)}
    return cliente.post(f"{url}/atos/{tipo}", data={**dados, **campos})


def _aberto(banco: Banco, pid: int) -> tuple[Processo, list[Ato]]:
    with banco.unit_of_work(somente_leitura=True) as s:
        p = s.execute(select(Processo).where(Processo.origem_id == pid)).scalar_one()
        atos = list(s.execute(select(Ato).where(Ato.processo_id == p.id)).scalars())
        s.expunge_all()
        return p, atos


def test_a_pagina_oferece_os_dois_procedimentos_e_abre_o_ambiental(
    cliente: TestClient, banco_demo: Banco
) -> None:
    pid = _inquerito_ate_a_defesa(cliente, "529.982.247-25")
    entrar(cliente, "capitao.cpsc")
    url = f"/processos/{pid}"
    pagina = cliente.get(url).text
    # as duas conclusões que abrem processo, cada uma com os campos do seu ato de abertura
    assert 'id="form-instauracao_procedimento_sancionador"' in pagina
    assert 'id="form-instauracao_procedimento_ambiental"' in pagina
    assert 'name="dados.infracoes"' in pagina and 'name="dados.infracao"' in pagina
    assert 'name="dados.substancia"' in pagina
    assert "NORMAM-401/DPC item 1.2" in pagina
    # o campo das infrações (códigos separados por vírgula) não limita os caracteres pelo
    # número de itens da lista
    campo = re.search(r'<input[^>]*name="dados\.infracoes"[^>]*>', pagina)
    assert campo and "maxlength" not in campo.group(0)

    # sem a fundamentação: a recusa volta ao formulário, nada se abre
    falta = {
        "data_ato": "2026-10-26",
        "dados.descricao": "Descarga de mistura oleosa apurada no inquérito.",
        "dados.local": "Porto de Itajaí, berço 2",
        "dados.substancia": "mistura oleosa",
        "dados.volume_estimado_litros": "1.200,5",
    }
    r = _ato(cliente, url, "instauracao_procedimento_ambiental", falta)
    assert r.status_code == 422, r.text
    assert "dados.fundamentacao" in r.text
    fundamentacao = "O inquérito concluiu pela descarga de óleo e identificou o autor."
    r = _ato(cliente, url, "instauracao_procedimento_ambiental",
             {**falta, "dados.fundamentacao": fundamentacao})  # fmt: skip
    assert r.status_code == 303, r.text
    aberto, atos = _aberto(banco_demo, pid)
    assert (aberto.regime, aberto.estado) == ("poluicao", "autuado")
    (lavratura,) = atos
    assert lavratura.payload["fundamentacao"] == fundamentacao
    assert lavratura.payload["data_fato"] == "2026-09-20"
    assert lavratura.payload["volume_estimado_litros"] == "1200.5"


def test_a_pagina_abre_o_procedimento_da_lesta_com_as_infracoes_digitadas(
    cliente: TestClient, banco_demo: Banco
) -> None:
    pid = _inquerito_ate_a_defesa(cliente, "111.444.777-35")
    entrar(cliente, "capitao.cpsc")
    url = f"/processos/{pid}"
    campos = {
        "data_ato": "2026-10-26",
        "dados.infracoes": "RLESTA.16.II, RLESTA.99",
        "dados.fundamentacao": "O inquérito concluiu pela infração e identificou o proprietário.",
    }
    r = _ato(cliente, url, "instauracao_procedimento_sancionador", campos)
    assert r.status_code == 422, r.text
    assert "RLESTA.99" in r.text
    r = _ato(cliente, url, "instauracao_procedimento_sancionador",
             {**campos, "dados.infracoes": "RLESTA.16.II"})  # fmt: skip
    assert r.status_code == 303, r.text
    aberto, _ = _aberto(banco_demo, pid)
    assert (aberto.regime, aberto.estado) == ("lesta", "notificado")
