"""Medidas na resposta da inspeção: a lacuna do texto da norma como dado, e a vigência por linha.

- Lacuna: o texto de referência da norma de 2023 termina no meio de 3.14.1 a) (marcas de borda
  livre, RLESTA.17.I). A resposta traz `constatacoes[].lacuna` e `lacunas` com a citação; "sem
  medida" afirmado pela norma (3.11.2, RLESTA.14.III) traz `lacuna: null`.
- Vigência: as medidas do art. 4º-A da LESTA valem desde a Lei nº 11.970/2009 (07/07/2009); a
  data da inspeção (`data_hora`) escolhe o que vale.
"""

from __future__ import annotations

from typing import Any

from .conftest import Api, inspecao

LACUNA_3_14_1 = "NORMAM (Port. 110/2023) item 3.14.1"


def _avaliar(api: Api, corpo: dict[str, Any]) -> Any:
    return api.post("/inspecoes/avaliar", corpo, como="inspetor.cpsc")


def test_marcas_de_borda_livre_trazem_o_marcador_de_lacuna_na_avaliacao_e_no_registro(
    api: Api,
) -> None:
    corpo = inspecao(constatacoes=[{"infracao": "RLESTA.17.I"}], inscricao="401M2026171")
    r = _avaliar(api, corpo)
    assert r.status_code == 200, r.text
    j = r.json()
    lacuna = j["constatacoes"][0]["lacuna"]
    assert lacuna["infracao"] == "RLESTA.17.I"
    assert lacuna["referencia"] == LACUNA_3_14_1
    assert lacuna["citacao"]["norma"] == "NORMAM-2023"
    assert lacuna["citacao"]["dispositivo"] == "item 3.14.1"
    assert lacuna["citacao"]["texto"].endswith("[texto interrompido]")
    assert "termina no meio de 3.14.1 a)" in lacuna["texto"]
    assert j["lacunas"] == [lacuna]
    assert j["medidas"] == []  # nenhuma medida sugerida, mas por lacuna, não por resposta da norma

    registrada = api.inspecionar(corpo)
    assert registrada["lacunas"] == [lacuna]
    assert registrada["constatacoes"][0]["lacuna"] == lacuna
    assert len(registrada["processos"]) == 1  # a notificação do autor material continua


def test_sem_medida_afirmado_pela_norma_nao_traz_lacuna(api: Api) -> None:
    # 3.11.2: "Não há medidas administrativas liminares a serem adotadas" (não portar o Rol).
    corpo = inspecao(
        constatacoes=[{"infracao": "RLESTA.14.III"}, {"infracao": "RLESTA.17.I"}],
        inscricao="401M2026172",
    )
    j = _avaliar(api, corpo).json()
    assert j["constatacoes"][0]["lacuna"] is None
    assert [x["infracao"] for x in j["lacunas"]] == ["RLESTA.17.I"]


def test_inspecao_de_2015_com_motor_sem_protecao_aplica_o_paragrafo_1_do_art_4a(
    api: Api,
) -> None:
    # 10/03/2015: o art. 4º-A vigora desde 07/07/2009; a tabela da NORMAM, só desde 01/12/2023.
    corpo = inspecao(
        data_hora="2015-03-10T10:00:00-03:00",
        constatacoes=[{"infracao": "LESTA.4-A"}],
        inscricao="401M2015004",
    )
    r = _avaliar(api, corpo)
    assert r.status_code == 200, r.text
    c = r.json()["constatacoes"][0]
    assert c["medidas"] == ["apreensao_habilitacao", "retirada_de_trafego"]  # navegando
    assert "LESTA art. 4º-A, § 1º" in c["fundamentos"]
    assert any(f.startswith("Lei 11.970/2009 art. 2º") for f in c["fundamentos"])


def test_inspecao_de_10_01_2009_com_motor_sem_protecao_e_recusada_com_a_data_da_lei(
    api: Api,
) -> None:
    corpo = inspecao(
        data_hora="2009-01-10T10:00:00-03:00",
        constatacoes=[{"infracao": "LESTA.4-A"}],
        inscricao="401M2009004",
    )
    r = _avaliar(api, corpo)
    assert r.status_code == 422, r.text
    assert r.json()["campo"] == "data_hora"
    assert "vigência a partir de 07/07/2009; inspeção em 10/01/2009" in r.json()["mensagem"]
    assert r.json()["regra"] == "Lei 11.970/2009 art. 2º"
    # o registro também recusa, nomeando a data em que o art. 4º-A passou a valer
    r = api.post("/inspecoes", corpo, como="inspetor.cpsc")
    assert r.status_code == 422, r.text
    assert r.json()["campo"] == "data_hora" and "07/07/2009" in r.json()["mensagem"]


def test_inspecao_de_2015_com_outra_infracao_tem_medidas_a_criterio_da_autoridade(
    api: Api,
) -> None:
    # Antes da tabela por infração da NORMAM de 2023, a NORMAM-07 (item 0307) deixava as
    # medidas à autoridade ("poderá aplicar"): sem sugestão, com o aviso e o fundamento.
    corpo = inspecao(
        data_hora="2015-03-10T10:00:00-03:00",
        constatacoes=[{"infracao": "RLESTA.11"}],
        inscricao="401M2015011",
    )
    r = _avaliar(api, corpo)
    assert r.status_code == 200, r.text
    assert r.json()["medidas"] == []
    criterio = r.json()["constatacoes"][0]["medidas_a_criterio"]
    assert criterio["fundamentos"][0] == "NORMAM-07/DPC item 0307"
    assert "a critério da autoridade competente" in criterio["texto"]
