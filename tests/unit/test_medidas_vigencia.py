"""Vigência por linha da tabela de medidas: cada linha vale desde a norma em que repousa.

As linhas do art. 4º-A da LESTA repousam na própria lei (§ 1º: "sujeita o infrator às medidas
administrativas previstas nos incisos I e II do caput do art. 16"; § 2º: apreensão na
reincidência) e valem desde que a Lei nº 11.970/2009 incluiu o artigo (publicada no DOU de
07/07/2009, em vigor na publicação: `LEI-11970` em normas.yaml). As demais linhas são da tabela
da NORMAM de 2023 (seção III), em vigor desde a publicação da Portaria nº 110/2023 (01/12/2023);
antes dela, a tabela da NORMAM-07 não está modelada e a constatação datada é recusada.
"""

from __future__ import annotations

import copy
import datetime as dt
from typing import Any

import pytest

from farol.erros import DadosNormativosInvalidos, ForaDeVigencia
from farol.normas.citacao import ler_yaml, registro_normas
from farol.normas.infracoes import catalogo
from farol.normas.medidas import carregar_tabela, validar_tabela
from farol.rules.medidas import ResultadoMedidas, aplicar_medidas, constatacao_de_dict

INICIO_ART_4A = dt.date(2009, 7, 7)  # DOU de 07/07/2009, Lei nº 11.970/2009
INICIO_NORMAM_2023 = dt.date(2023, 12, 1)  # DOU de 01/12/2023, Portaria nº 110/2023


def medidas(**campos: Any) -> ResultadoMedidas:
    return aplicar_medidas(constatacao_de_dict(campos))


def recusa(**campos: Any) -> ForaDeVigencia:
    with pytest.raises(ForaDeVigencia) as e:
        medidas(**campos)
    assert e.value.campo == "data_inspecao"
    return e.value


# --- art. 4º-A da LESTA: desde a Lei nº 11.970/2009 -------------------------------------------


def test_inspecao_de_2015_com_motor_sem_protecao_recebe_as_medidas_do_paragrafo_1() -> None:
    # 10/03/2015: depois de 07/07/2009 (art. 4º-A em vigor) e antes de 01/12/2023 (NORMAM).
    r = medidas(infracao="LESTA.4-A", situacao="navegando", data_inspecao="2015-03-10")
    assert r.linha == "medida.LESTA.4-A.1.navegando"
    assert r.medidas == ("apreensao_habilitacao", "retirada_de_trafego")
    assert r.fundamentos[:2] == ("LESTA art. 4º-A, § 1º", "LESTA art. 16, I e II")
    assert (
        "Lei 11.970/2009 art. 2º: medidas do art. 4º-A da LESTA (§§ 1º e 2º, com o art. 16, I e "
        "II), em vigor desde 07/07/2009"
    ) in r.fundamentos
    assert r.lacuna is None


def test_inspecao_de_2015_parada_impede_a_saida_e_na_reincidencia_apreende() -> None:
    r = medidas(infracao="LESTA.4-A", situacao="parada", data_inspecao="2015-03-10")
    assert r.medidas == ("apreensao_habilitacao", "impedimento_de_saida")
    r = medidas(
        infracao="LESTA.4-A", situacao="parada", reincidente=True, data_inspecao="2015-03-10"
    )
    assert r.linha == "medida.LESTA.4-A.2.parada"
    assert r.medidas == ("apreensao_habilitacao", "apreensao_embarcacao")
    assert "LESTA art. 4º-A, § 2º" in r.fundamentos


def test_inspecao_de_10_01_2009_antes_do_art_4a_e_recusada_com_a_data_em_que_ele_vale() -> None:
    e = recusa(infracao="LESTA.4-A", situacao="navegando", data_inspecao="2009-01-10")
    assert e.mensagem == (
        "LESTA.4-A: medidas do art. 4º-A da LESTA (§§ 1º e 2º, com o art. 16, I e II) — "
        "vigência a partir de 07/07/2009; inspeção em 10/01/2009: o art. 4º-A ainda não existia "
        "na LESTA; foi incluído pela Lei nº 11.970/2009"
    )
    assert e.regra == "Lei 11.970/2009 art. 2º"


def test_antes_do_art_4a_a_recusa_vem_antes_de_pedir_a_situacao() -> None:
    # sem situação, uma data válida pediria "informe navegando ou parada"; antes da lei, não
    # há linha a escolher: a recusa pela data vem primeiro.
    assert "07/07/2009" in recusa(infracao="LESTA.4-A", data_inspecao="2009-01-10").mensagem


@pytest.mark.parametrize(
    ("data", "vale"),
    [
        (INICIO_ART_4A - dt.timedelta(days=1), False),  # 06/07/2009: véspera da publicação
        (INICIO_ART_4A, True),  # 07/07/2009: em vigor na data da publicação
        (INICIO_ART_4A + dt.timedelta(days=1), True),
        (INICIO_NORMAM_2023 - dt.timedelta(days=1), True),  # 30/11/2023: a lei já valia
        (INICIO_NORMAM_2023, True),
    ],
)
def test_limite_da_vigencia_das_linhas_do_art_4a(data: dt.date, vale: bool) -> None:
    campos = {"infracao": "LESTA.4-A", "situacao": "parada", "data_inspecao": data.isoformat()}
    if vale:
        assert medidas(**campos).linha == "medida.LESTA.4-A.1.parada"
    else:
        recusa(**campos)


# --- demais infrações: a tabela de 2023, como antes --------------------------------------------


@pytest.mark.parametrize(
    "campos",
    [
        {"infracao": "RLESTA.11", "situacao": "navegando"},  # linha da NORMAM (3.8.1 b)
        {"infracao": "RLESTA.12.II", "condutor_possui_habilitacao": False},  # remissão 3.9.3 d
        {"infracao": "RLESTA.17.I", "situacao": "navegando"},  # lacuna do texto (3.14.1)
        {"infracao": "RLESTA.23.VII"},  # depois do fim do texto: a lacuna também é da NORMAM
    ],
)
def test_outras_infracoes_em_2015_continuam_recusadas_com_a_tabela_de_2023(
    campos: dict[str, Any],
) -> None:
    e = recusa(**campos, data_inspecao="2015-03-10")
    assert e.mensagem == (
        f"{campos['infracao']}: tabela de medidas da NORMAM de 2023 (seção III, itens 3.8 a "
        "3.14) — vigência a partir de 01/12/2023; inspeção em 10/03/2015: a tabela de medidas "
        "da NORMAM-07 anterior não está modelada no Farol"
    )
    assert e.regra == "NORMAM (Port. 110/2023) itens 3.8 a 3.14"


def test_linha_da_normam_nao_cita_vigencia_propria() -> None:
    r = medidas(infracao="RLESTA.11", situacao="navegando", data_inspecao="2024-01-10")
    assert not any("em vigor desde" in f for f in r.fundamentos)


# --- os dados ----------------------------------------------------------------------------------


def test_o_inicio_de_cada_grupo_e_a_vigencia_da_norma_citada() -> None:
    t = carregar_tabela()
    assert t.vigencias["lesta_4a"].inicio == registro_normas()["LEI-11970"].vigencia
    assert t.vigencias["lesta_4a"].inicio == INICIO_ART_4A
    assert t.vigencias["normam_2023"].inicio == INICIO_NORMAM_2023
    assert t.vigencia_padrao == "normam_2023"


def test_so_as_linhas_do_art_4a_valem_desde_a_lei_11970() -> None:
    t = carregar_tabela()
    da_lei = {x.id for x in t.linhas if t.vigencia_de(x).inicio == INICIO_ART_4A}
    assert da_lei == {x.id for x in t.linhas if "LESTA.4-A" in x.infracoes}
    assert len(da_lei) == 4


def test_nenhuma_linha_vale_antes_da_infracao_que_ela_trata() -> None:
    """A medida não pode preceder a infração: LESTA.4-A vigora desde 07/07/2009 (infracoes.yaml)."""
    t, cat = carregar_tabela(), catalogo()
    for x in t.linhas:
        for i in x.infracoes:
            assert t.vigencia_de(x).inicio >= cat.infracao(i).inicio_vigencia, (x.id, i)
    assert cat.infracao("LESTA.4-A").inicio_vigencia == t.vigencias["lesta_4a"].inicio


def _bruto() -> dict[str, Any]:
    return copy.deepcopy(ler_yaml("medidas.yaml"))


def test_recusa_linha_com_vigencia_desconhecida() -> None:
    d = _bruto()
    next(x for x in d["linhas"] if x["id"] == "medida.3.11.2")["vigencia"] = "normam_07"
    with pytest.raises(DadosNormativosInvalidos, match="vigência desconhecida 'normam_07'"):
        validar_tabela(d)


def test_recusa_vigencia_padrao_desconhecida() -> None:
    d = _bruto()
    d["vigencia_padrao"] = "normam_07"
    with pytest.raises(DadosNormativosInvalidos, match="vigencia_padrao: vigência desconhecida"):
        validar_tabela(d)
