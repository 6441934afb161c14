"""Lacuna no texto da norma: marcador estruturado, distinto de "nenhuma medida".

O texto de referência da norma de 2023 termina no meio de 3.14.1 a) ("a) Se atracada, fundeada
ou na boia, após constatação de efetiva navegação:" e nada mais). Para RLESTA.17.I a IV o
resultado leva `lacuna` com a citação: a norma diz algo ali que o Farol não tem. Já 3.11.2 ("Não
há medidas administrativas liminares a serem adotadas") é resposta afirmativa: sem lacuna.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from farol.normas.medidas import carregar_tabela
from farol.rules.medidas import (
    ResultadoMedidas,
    aplicar_medidas,
    constatacao_de_dict,
    lacuna_no_texto,
)


def medidas(**campos: Any) -> ResultadoMedidas:
    return aplicar_medidas(constatacao_de_dict(campos))


def test_marcas_de_borda_livre_levam_o_marcador_da_lacuna_com_a_citacao() -> None:
    r = medidas(infracao="RLESTA.17.I", situacao="navegando")
    assert r.medidas == () and r.linha is None
    assert r.lacuna is not None
    assert r.lacuna.infracao == "RLESTA.17.I"
    assert (r.lacuna.citacao.norma, r.lacuna.citacao.dispositivo) == ("NORMAM-2023", "item 3.14.1")
    assert r.lacuna.citacao.texto.endswith("[texto interrompido]")
    assert "termina no meio de 3.14.1 a)" in r.lacuna.texto
    # a notificação do autor material continua (3.3.1 a)
    assert r.notificar == ("proprietario_armador_ou_preposto",)


def test_o_json_da_lacuna_tem_infracao_referencia_citacao_e_texto() -> None:
    j = medidas(infracao="RLESTA.17.I", situacao="parada").para_json()
    lacuna = j["lacuna"]
    assert set(lacuna) == {"infracao", "referencia", "citacao", "texto"}
    assert lacuna["referencia"] == "NORMAM (Port. 110/2023) item 3.14.1"
    assert set(lacuna["citacao"]) == {"norma", "dispositivo", "texto"}
    json.dumps(j)


def test_nome_no_casco_tem_a_lacuna_do_item_3_14() -> None:
    r = medidas(infracao="RLESTA.17.III")
    assert r.lacuna is not None and r.lacuna.citacao.dispositivo == "item 3.14"


@pytest.mark.parametrize(
    "campos",
    [
        {"infracao": "RLESTA.14.III"},  # 3.11.2: "Não há medidas administrativas liminares"
        {"infracao": "RLESTA.12.III", "situacao": "parada", "anos_vencida": 3},  # 3.9.1 b
        {"infracao": "RLESTA.12.I", "situacao": "navegando"},  # sem linha, sem lacuna
        {"infracao": "RLESTA.11", "situacao": "navegando"},  # com medidas
    ],
)
def test_nenhuma_medida_afirmada_pela_norma_nao_e_lacuna(campos: dict[str, Any]) -> None:
    assert medidas(**campos).lacuna is None


@pytest.mark.parametrize("infracao", ["RLESTA.18.I", "RLESTA.22.II", "RLESTA.23.I", "RLESTA.28.II"])
def test_arts_18_a_28_depois_do_fim_do_texto_levam_a_lacuna_e_nao_nenhuma_medida(
    infracao: str,
) -> None:
    """A seção III trata as infrações artigo por artigo e o texto de referência acaba no art. 17
    (3.14.1 a): para os arts. 18 a 28 (excesso de passageiros, embriaguez...) o Farol não pode
    afirmar que a norma não lista medida; diz a lacuna e a regra da emergência."""
    r = medidas(infracao=infracao, situacao="navegando")
    assert r.medidas == () and r.lacuna is not None
    assert (r.lacuna.citacao.norma, r.lacuna.citacao.dispositivo) == ("NORMAM-2023", "seção III")
    assert "arts. 18 a 28" in r.lacuna.texto and "RLESTA art. 29, parágrafo único" in r.lacuna.texto
    assert not any("a norma não lista medida" in f for f in r.fundamentos)


def test_toda_infracao_de_toda_lacuna_dos_dados_leva_o_marcador() -> None:
    for lacuna in carregar_tabela().lacunas:
        for infracao in lacuna.infracoes:
            r = medidas(infracao=infracao, situacao="navegando")
            assert r.lacuna is not None and r.lacuna.citacao == lacuna.citacao, infracao
            assert lacuna_no_texto(infracao) == r.lacuna
    assert lacuna_no_texto("RLESTA.11") is None
