"""Quando a lei entrou em vigor: nenhuma data anterior ao texto é aceita, e a recusa diz a data
de início, o texto literal do dispositivo e a citação.

LESTA: publicada no DOU de 12/12/1997; art. 41 "Esta Lei entra em vigor cento e oitenta dias
após a data de sua publicação". Contagem da LC 95/1998 art. 8º § 1º (inclui o dia da
publicação e o último dia; vigora no dia seguinte): dia 1 = 12/12/1997, dia 20 = 31/12/1997,
dia 51 = 31/01/1998, dia 79 = 28/02/1998, dia 110 = 31/03/1998, dia 140 = 30/04/1998,
dia 171 = 31/05/1998, dia 180 = 09/06/1998: em vigor em 10/06/1998.
RLESTA: o Decreto nº 2.596/1998, art. 2º, fixa 09/06/1998.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from farol.erros import ForaDeVigencia
from farol.normas.citacao import DADOS, registro_normas
from farol.normas.prazos import autoridade_recurso, exige_deposito_previo
from farol.rules.penalidades import calcular_penalidade
from farol.rules.prazos import calcular_prazo
from farol.rules.vigencia import exigir_vigencia_do_fato

D = dt.date
SEMENTE_DA_NORMA = {"LESTA": "003_6182f1d95528b1a1.txt", "RLESTA": "002_fc8c093c74e0bcdc.txt"}


def test_a_lesta_vigora_no_dia_seguinte_ao_180o_dia_contado_com_o_da_publicacao() -> None:
    publicacao = D(1997, 12, 12)
    dia_180 = publicacao + dt.timedelta(days=180 - 1)  # o dia da publicação é o dia 1
    assert dia_180 == D(1998, 6, 9)
    assert registro_normas()["LESTA"].vigencia == dia_180 + dt.timedelta(days=1) == D(1998, 6, 10)


def test_o_rlesta_vigora_na_data_fixada_pelo_proprio_decreto() -> None:
    rlesta = registro_normas()["RLESTA"]
    assert rlesta.vigencia == D(1998, 6, 9)
    assert rlesta.referencia_vigencia() == "RLESTA art. 2º do Decreto"


@pytest.mark.parametrize("norma", sorted(SEMENTE_DA_NORMA))
def test_o_dispositivo_da_vigencia_e_citado_literalmente_da_norma(
    norma: str, sementes: Path
) -> None:
    fonte = registro_normas()[norma].fonte
    assert fonte is not None
    texto = " ".join((sementes / SEMENTE_DA_NORMA[norma]).read_text(encoding="utf-8").split())
    assert " ".join(fonte.texto.split()) in texto


# --- penalidade (farol penalidade) --------------------------------------------------------


def test_infracao_do_rlesta_antes_de_09_06_1998_e_recusada_com_a_data_e_o_decreto() -> None:
    with pytest.raises(ForaDeVigencia) as erro:
        calcular_penalidade("RLESTA.11", D(1998, 5, 1), autor="condutor")
    e = erro.value
    assert e.campo == "data"
    assert e.regra == "RLESTA art. 2º do Decreto"
    assert e.mensagem.startswith("RLESTA.11 só vigora a partir de 09/06/1998")
    assert "entra em vigor em 09 de junho de 1998" in e.mensagem
    assert "fato em 01/05/1998" in e.mensagem


def test_infracao_do_rlesta_vale_a_partir_de_09_06_1998() -> None:
    with pytest.raises(ForaDeVigencia):
        calcular_penalidade("RLESTA.11", D(1998, 6, 8), autor="condutor")
    assert calcular_penalidade("RLESTA.11", D(1998, 6, 9), autor="condutor").grupo == "E"


def test_o_art_4a_da_lesta_vale_desde_a_lei_que_o_incluiu() -> None:
    # Lei nº 11.970/2009 (DOU de 07/07/2009) incluiu o art. 4º-A: véspera recusada, dia aceito
    with pytest.raises(ForaDeVigencia) as erro:
        calcular_penalidade("LESTA.4-A", D(2009, 7, 6), autor="proprietario")
    assert "a partir de 07/07/2009" in erro.value.mensagem
    assert erro.value.regra == "Lei 11.970/2009"
    assert calcular_penalidade("LESTA.4-A", D(2009, 7, 7), autor="proprietario").grupo == "E"


# --- prazos e instâncias (farol prazo) ----------------------------------------------------


def test_prazo_da_lesta_antes_de_10_06_1998_e_recusado_com_o_art_41() -> None:
    with pytest.raises(ForaDeVigencia) as erro:
        calcular_prazo("defesa", D(1998, 6, 9))
    e = erro.value
    assert e.campo == "inicio"
    assert "vigência a partir de 10/06/1998" in e.mensagem
    assert "cento e oitenta dias após a data de sua publicação" in e.mensagem
    assert e.regra == "LESTA art. 23 §1º; LESTA art. 41"


def test_prazo_da_lesta_vale_a_partir_de_10_06_1998() -> None:
    # o mesmo prazo com ciência no primeiro dia de vigência: a regra é a da própria LESTA
    r = calcular_prazo("defesa", D(1998, 6, 10))
    assert r.regra == "prazo.lesta.defesa" and r.dias == 15
    assert r.fundamentos[0] == "LESTA art. 23 §1º"


def test_instancia_e_deposito_previo_da_lesta_antes_da_vigencia_sao_recusados() -> None:
    with pytest.raises(ForaDeVigencia, match="10/06/1998"):
        autoridade_recurso("lesta", "recurso", D(1998, 6, 9))
    with pytest.raises(ForaDeVigencia, match="10/06/1998"):
        exige_deposito_previo("lesta", D(1998, 6, 9))
    assert exige_deposito_previo("lesta", D(1998, 6, 10)).valor is True


# --- fato de uma inspeção (registro pela API, páginas e demonstração) ---------------------


def test_inspecao_antes_da_lesta_e_do_rlesta_diz_cada_texto_e_a_sua_data() -> None:
    with pytest.raises(ForaDeVigencia) as erro:
        exigir_vigencia_do_fato(D(1998, 5, 1), ["RLESTA.16.II"], campo="data_hora")
    e = erro.value
    assert e.campo == "data_hora"
    assert e.mensagem.startswith("inspeção em 01/05/1998, antes da vigência de: ")
    assert "LESTA, que vigora a partir de 10/06/1998" in e.mensagem
    assert "RLESTA.16.II, que vigora a partir de 09/06/1998" in e.mensagem
    assert e.regra == "LESTA art. 41; RLESTA art. 2º do Decreto"


def test_inspecao_em_09_06_1998_tem_o_rlesta_mas_ainda_nao_a_lesta() -> None:
    with pytest.raises(ForaDeVigencia) as erro:
        exigir_vigencia_do_fato(D(1998, 6, 9), ["RLESTA.16.II"], campo="data_hora")
    assert "RLESTA.16.II" not in erro.value.mensagem
    assert erro.value.regra == "LESTA art. 41"
    exigir_vigencia_do_fato(D(1998, 6, 10), ["RLESTA.16.II"], campo="data_hora")


def test_codigo_fora_do_catalogo_fica_para_a_validacao_das_constatacoes() -> None:
    exigir_vigencia_do_fato(D(2026, 3, 2), ["RLESTA.99.IX"], campo="data_hora")


# --- as fontes dos valores versionados -----------------------------------------------------


def _versoes(no: object, caminho: str) -> Iterator[tuple[str, dict[str, Any]]]:
    if isinstance(no, dict):
        for v in no.get("versoes") or []:
            if isinstance(v, dict) and isinstance(v.get("fonte"), dict):
                yield caminho, v
        for k, filho in no.items():
            yield from _versoes(filho, f"{caminho}.{k}")
    elif isinstance(no, list):
        for i, filho in enumerate(no):
            yield from _versoes(filho, f"{caminho}[{i}]")


def test_nenhum_valor_versionado_cita_norma_que_ainda_nao_vigorava_no_seu_inicio() -> None:
    """Cada versão de um valor legal (faixa de multa, reincidência, prazo...) vale desde o seu
    `inicio` pela norma que a sua fonte cita: uma decisão de 2022 não pode ter por fundamento
    a NORMAM-401, de 01/12/2023 (a faixa do art. 36 e a reincidência do Decreto 4.136/2002,
    antes dela, citam o Decreto)."""
    normas = registro_normas()
    versoes = [
        (caminho, v)
        for arquivo in sorted(DADOS.glob("*.yaml"))
        for caminho, v in _versoes(yaml.safe_load(arquivo.read_text("utf-8")), arquivo.name)
    ]
    assert len(versoes) > 20  # o percurso acha as versões
    anacronicas = [
        f"{caminho}: desde {v['inicio']} cita {v['fonte']['norma']}, "
        f"em vigor só em {normas[v['fonte']['norma']].vigencia}"
        for caminho, v in versoes
        if normas[v["fonte"]["norma"]].vigencia > dt.date.fromisoformat(str(v["inicio"]))
    ]
    assert not anacronicas, anacronicas
