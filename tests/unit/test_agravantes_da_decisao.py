"""As circunstâncias agravantes que uma decisão gravada considerou, lidas do payload do ato
(LESTA art. 30; a decisão que impõe a sanção as indica, Lei 9.784/1999 art. 50, II)."""

from __future__ import annotations

from farol.normas.infracoes import catalogo
from farol.rules.penalidades import agravantes_consideradas
from farol.services.penalidades_do_processo import agravantes_do_ato


def test_a_reincidencia_contada_vem_a_frente_das_declaradas_sem_repetir() -> None:
    assert agravantes_consideradas(["grave_ameaca"], 1) == ["reincidencia", "grave_ameaca"]
    assert agravantes_consideradas(["grave_ameaca", "reincidencia"], 2) == [
        "grave_ameaca",
        "reincidencia",
    ]
    assert agravantes_consideradas(["grave_ameaca", "grave_ameaca"], 0) == ["grave_ameaca"]


def test_cada_penalidade_do_ato_tem_a_sua_reincidencia_e_as_agravantes_da_decisao() -> None:
    payload = {
        "agravantes": ["embriaguez"],
        "penalidades": [
            {"infracao": "RLESTA.23.IV", "reincidencias": 1},
            {"infracao": "RLESTA.15.I", "reincidencias": 0},
        ],
    }
    itens = catalogo().regras.agravantes.itens
    reinc, embriaguez = itens["reincidencia"], itens["embriaguez"]
    assert agravantes_do_ato(payload, "RLESTA.23.IV") == [
        {
            "chave": "reincidencia",
            "inciso": reinc.inciso,
            "texto": reinc.texto,
            "fundamento": f"LESTA art. 30, {reinc.inciso}",
        },
        {
            "chave": "embriaguez",
            "inciso": embriaguez.inciso,
            "texto": embriaguez.texto,
            "fundamento": f"LESTA art. 30, {embriaguez.inciso}",
        },
    ]
    assert [a["chave"] for a in agravantes_do_ato(payload, "RLESTA.15.I")] == ["embriaguez"]


def test_ato_sem_agravantes_gravadas_nao_tem_nenhuma() -> None:
    # a decisão da poluição (valoração, sem `agravantes`) e a decisão gravada sem elas
    assert agravantes_do_ato({"valoracao": {"fator_reincidencia": 2}}, "LEI-9966.25.I") == []
    assert agravantes_do_ato(None, "RLESTA.15.I") == []


def test_chave_que_os_dados_nao_tem_mais_sai_como_gravada() -> None:
    assert agravantes_do_ato({"agravantes": ["antiga"]}, "RLESTA.15.I") == [
        {"chave": "antiga", "inciso": None, "texto": "antiga", "fundamento": "LESTA art. 30"}
    ]
