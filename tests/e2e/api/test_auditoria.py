"""Trilha de auditoria: os atos registrados pela API formam uma cadeia que denuncia adulteração."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import update
from sqlalchemy.exc import DBAPIError

from farol.store.auditoria import verificar_cadeias
from farol.store.orm import Ato

from .conftest import Api, inspecao


def _quebras(api: Api) -> list[Any]:
    with api.banco.unit_of_work(somente_leitura=True) as s:
        return verificar_cadeias(s)


def _adulterar_payload(api: Api, ato_id: int, payload: dict[str, Any]) -> None:
    """UPDATE direto no banco, por fora do Farol (no PostgreSQL, sem o gatilho nesta transação)."""
    with api.banco.engine.begin() as c:
        if c.dialect.name == "postgresql":
            c.exec_driver_sql("SET LOCAL session_replication_role = replica")
        c.execute(update(Ato.__table__).where(Ato.__table__.c.id == ato_id).values(payload=payload))


def test_atos_registrados_pela_api_formam_cadeias_integras(api: Api) -> None:
    um = api.novo_processo()
    outro = api.novo_processo(inspecao(inscricao="SC-2", proprietario="11.222.333/0001-81"))
    api.levar_ate(um, "decisao_notificada")
    api.levar_ate(outro, "em_defesa")
    assert _quebras(api) == []

    p = api.processo(um)
    assert [a["seq"] for a in p["atos"]] == list(range(1, 7))
    assert len({a["hash"] for a in p["atos"]}) == 6


def test_payload_adulterado_no_banco_e_apontado_pelo_numero_do_processo_e_do_ato(api: Api) -> None:
    um = api.novo_processo()
    outro = api.novo_processo(inspecao(inscricao="SC-2", proprietario="11.222.333/0001-81"))
    p = api.levar_ate(um, "decisao_notificada")
    api.levar_ate(outro, "em_defesa")
    julgamento = p["atos"][4]
    assert (julgamento["seq"], julgamento["tipo"]) == (5, "julgamento_procedente")

    adulterado = dict(julgamento["dados"])
    adulterado["penalidades"] = [{**adulterado["penalidades"][0], "multa": "40.00"}]
    _adulterar_payload(api, julgamento["id"], adulterado)

    (quebra,) = _quebras(api)
    assert (quebra.processo_numero, quebra.ato_seq, quebra.ato_id) == (
        p["numero"],
        5,
        julgamento["id"],
    )
    assert quebra.texto().startswith(
        f"processo {p['numero']}, ato 5: conteúdo do ato difere do que o hash selou"
    )
    # a leitura mostra o que está no banco, e o hash gravado continua o original
    lido = api.processo(um)["atos"][4]
    assert (lido["dados"]["penalidades"][0]["multa"], lido["hash"]) == ("40.00", julgamento["hash"])


def test_no_postgresql_o_gatilho_recusa_alterar_um_ato_sem_desliga_lo(api: Api, motor: str) -> None:
    if motor != "postgresql":
        pytest.skip("o gatilho ato_imutavel só existe no PostgreSQL")
    pid = api.novo_processo()
    ato_id = api.processo(pid)["atos"][0]["id"]
    with pytest.raises(DBAPIError, match="atos são imutáveis"), api.banco.engine.begin() as c:
        c.execute(update(Ato.__table__).where(Ato.__table__.c.id == ato_id).values(payload={}))
    assert _quebras(api) == []
