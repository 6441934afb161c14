"""Medidas administrativas liminares: cada linha da tabela, dispensa, remissão, estrangeira."""

from __future__ import annotations

import itertools
import json
from typing import Any

import pytest

from farol.erros import EntradaInvalida
from farol.normas.medidas import carregar_tabela
from farol.rules.medidas import (
    Constatacao,
    ResultadoMedidas,
    aplicar_medidas,
    constatacao_de_dict,
)

APREENSAO = ["apreensao_embarcacao"]
RETIRADA = ["retirada_de_trafego"]
RETIRADA_E_APREENSAO = ["retirada_de_trafego", "apreensao_embarcacao"]
IMPEDIMENTO = ["impedimento_de_saida"]
FORMULARIOS = ["auto_de_apreensao", "tipo_de_lacre", "termo_de_fiel_depositario"]
DONO = ["proprietario_armador_ou_preposto"]


def medidas(**campos: Any) -> ResultadoMedidas:
    return aplicar_medidas(constatacao_de_dict(campos))


# (linha, frase, constatação, medidas, notificar, infração da notificação)
CASOS: list[tuple[str, str, dict[str, Any], list[str], list[str], str]] = [
    (
        "medida.3.8.1.a",
        "conduzir_sem_habilitacao_parada_apreende",
        {"infracao": "RLESTA.11", "situacao": "parada"},
        APREENSAO,
        ["condutor", "proprietario"],
        "RLESTA.11",
    ),
    (
        "medida.3.8.1.b",
        "conduzir_sem_habilitacao_navegando_retira_de_trafego_e_apreende",
        {"infracao": "RLESTA.11", "situacao": "navegando"},
        RETIRADA_E_APREENSAO,
        ["condutor", "proprietario"],
        "RLESTA.11",
    ),
    (
        "medida.3.9.1.a",
        "cha_vencida_ha_3_anos_navegando_retira_de_trafego",
        {"infracao": "RLESTA.12.III", "situacao": "navegando", "anos_vencida": 3},
        RETIRADA,
        ["condutor"],
        "RLESTA.12.III",
    ),
    (
        "medida.3.9.1.b",
        "cha_vencida_ha_3_anos_parada_so_notifica_o_condutor",
        {"infracao": "RLESTA.12.III", "situacao": "parada", "anos_vencida": 3},
        [],
        ["condutor"],
        "RLESTA.12.III",
    ),
    (
        "medida.3.9.2.a.I",
        "cha_vencida_ha_7_anos_parada_apreende",
        {"infracao": "RLESTA.12.III", "situacao": "parada", "anos_vencida": 7},
        APREENSAO,
        ["condutor"],
        "RLESTA.12.III",
    ),
    (
        "medida.3.9.2.a.II",
        "cha_vencida_ha_7_anos_navegando_retira_e_apreende",
        {"infracao": "RLESTA.12.III", "situacao": "navegando", "anos_vencida": 7},
        RETIRADA_E_APREENSAO,
        ["condutor"],
        "RLESTA.12.III",
    ),
    (
        "medida.3.9.3.a",
        "nao_portar_cha_valida_so_notifica_pelo_inciso_II",
        {"infracao": "RLESTA.12.II", "situacao": "navegando", "condutor_possui_habilitacao": True},
        [],
        ["condutor"],
        "RLESTA.12.II",
    ),
    (
        "medida.3.9.3.b.I",
        "nao_portar_cha_vencida_ate_5_anos_navegando_retira_e_notifica_pelo_III",
        {
            "infracao": "RLESTA.12.II",
            "situacao": "navegando",
            "condutor_possui_habilitacao": True,
            "anos_vencida": 2,
        },
        RETIRADA,
        ["condutor"],
        "RLESTA.12.III",
    ),
    (
        "medida.3.9.3.b.II",
        "nao_portar_cha_vencida_em_ate_5_anos_parada_notifica_pelo_III",
        {
            "infracao": "RLESTA.12.II",
            "situacao": "parada",
            "condutor_possui_habilitacao": True,
            "anos_vencida": 2,
        },
        [],
        ["condutor"],
        "RLESTA.12.III",
    ),
    (
        "medida.3.9.3.c.I.parada",
        "nao_portar_cha_vencida_apos_5_anos_parada_apreende",
        {
            "infracao": "RLESTA.12.II",
            "situacao": "parada",
            "condutor_possui_habilitacao": True,
            "anos_vencida": 6,
        },
        APREENSAO,
        ["condutor"],
        "RLESTA.12.III",
    ),
    (
        "medida.3.9.3.c.I.navegando",
        "nao_portar_cha_vencida_apos_5_anos_navegando_retira_e_apreende",
        {
            "infracao": "RLESTA.12.II",
            "situacao": "navegando",
            "condutor_possui_habilitacao": True,
            "anos_vencida": 6,
        },
        RETIRADA_E_APREENSAO,
        ["condutor"],
        "RLESTA.12.III",
    ),
    (
        "medida.3.9.3.d",
        "nao_portar_cha_sem_ser_habilitado_cumpre_3_8_pelo_art_11",
        {"infracao": "RLESTA.12.II", "situacao": "navegando", "condutor_possui_habilitacao": False},
        RETIRADA_E_APREENSAO,
        ["condutor", "proprietario"],
        "RLESTA.11",
    ),
    (
        "medida.3.10.1.a",
        "sem_cts_parada_apreende",
        {"infracao": "RLESTA.13.I", "situacao": "parada"},
        APREENSAO,
        DONO,
        "RLESTA.13.I",
    ),
    (
        "medida.3.10.1.b",
        "nao_portar_cts_navegando_retira_e_apreende",
        {"infracao": "RLESTA.13.II", "situacao": "navegando"},
        RETIRADA_E_APREENSAO,
        DONO,
        "RLESTA.13.II",
    ),
    (
        "medida.3.10.2.a",
        "tripulacao_incompleta_parada_impede_a_saida",
        {"infracao": "RLESTA.13.III", "situacao": "parada"},
        IMPEDIMENTO,
        DONO,
        "RLESTA.13.III",
    ),
    (
        "medida.3.10.2.b",
        "tripulacao_incompleta_navegando_retira_de_trafego",
        {"infracao": "RLESTA.13.III", "situacao": "navegando"},
        RETIRADA,
        DONO,
        "RLESTA.13.III",
    ),
    (
        "medida.3.11.1.a",
        "sem_rol_parada_nao_tem_medida",
        {"infracao": "RLESTA.14.I", "situacao": "parada"},
        [],
        DONO,
        "RLESTA.14.I",
    ),
    (
        "medida.3.11.1.b",
        "rol_em_desacordo_navegando_retira_de_trafego",
        {"infracao": "RLESTA.14.II", "situacao": "navegando"},
        RETIRADA,
        DONO,
        "RLESTA.14.II",
    ),
    (
        "medida.3.11.2",
        "nao_portar_rol_nao_tem_medida_em_nenhuma_situacao",
        {"infracao": "RLESTA.14.III", "situacao": "navegando"},
        [],
        DONO,
        "RLESTA.14.III",
    ),
    (
        "medida.3.12.1.a",
        "colete_faltando_parada_impede_a_saida",
        {"infracao": "RLESTA.15.II", "situacao": "parada", "categoria_item": "salvatagem"},
        IMPEDIMENTO,
        DONO,
        "RLESTA.15.II",
    ),
    (
        "medida.3.12.1.b",
        "extintor_vencido_navegando_retira_de_trafego",
        {"infracao": "RLESTA.15.III", "situacao": "navegando", "categoria_item": "incendio"},
        RETIRADA,
        DONO,
        "RLESTA.15.III",
    ),
    (
        "medida.3.12.2",
        "binoculo_faltando_nao_tem_medida",
        {"infracao": "RLESTA.15.II", "situacao": "navegando", "categoria_item": "outros"},
        [],
        DONO,
        "RLESTA.15.II",
    ),
    (
        "medida.3.13.1.a",
        "embarcacao_nao_inscrita_parada_apreende",
        {"infracao": "RLESTA.16.I", "situacao": "parada"},
        APREENSAO,
        DONO,
        "RLESTA.16.I",
    ),
    (
        "medida.3.13.1.b",
        "embarcacao_nao_inscrita_navegando_retira_e_apreende",
        {"infracao": "RLESTA.16.I", "situacao": "navegando"},
        RETIRADA_E_APREENSAO,
        DONO,
        "RLESTA.16.I",
    ),
    (
        "medida.3.13.2.a",
        "nao_portar_tie_de_embarcacao_inscrita_nao_tem_medida",
        {"infracao": "RLESTA.16.II", "situacao": "navegando", "embarcacao_inscrita": True},
        [],
        DONO,
        "RLESTA.16.II",
    ),
    (
        "medida.3.13.2.b.I",
        "nao_portar_tie_de_embarcacao_nao_inscrita_parada_apreende",
        {"infracao": "RLESTA.16.II", "situacao": "parada", "embarcacao_inscrita": False},
        APREENSAO,
        DONO,
        "RLESTA.16.II",
    ),
    (
        "medida.3.13.2.b.II",
        "nao_portar_tie_de_embarcacao_nao_inscrita_navegando_retira_e_apreende",
        {"infracao": "RLESTA.16.II", "situacao": "navegando", "embarcacao_inscrita": False},
        RETIRADA_E_APREENSAO,
        DONO,
        "RLESTA.16.II",
    ),
    (
        "medida.LESTA.4-A.1.parada",
        "motor_sem_protecao_parada_apreende_cha_e_impede_a_saida",
        {"infracao": "LESTA.4-A", "situacao": "parada"},
        ["apreensao_habilitacao", "impedimento_de_saida"],
        DONO,
        "LESTA.4-A",
    ),
    (
        "medida.LESTA.4-A.1.navegando",
        "motor_sem_protecao_navegando_apreende_cha_e_retira",
        {"infracao": "LESTA.4-A", "situacao": "navegando"},
        ["apreensao_habilitacao", "retirada_de_trafego"],
        DONO,
        "LESTA.4-A",
    ),
    (
        "medida.LESTA.4-A.2.parada",
        "motor_sem_protecao_reincidente_parado_apreende_a_embarcacao",
        {"infracao": "LESTA.4-A", "situacao": "parada", "reincidente": True},
        ["apreensao_habilitacao", "apreensao_embarcacao"],
        DONO,
        "LESTA.4-A",
    ),
    (
        "medida.LESTA.4-A.2.navegando",
        "motor_sem_protecao_reincidente_navegando_retira_e_apreende",
        {"infracao": "LESTA.4-A", "situacao": "navegando", "reincidente": True},
        ["apreensao_habilitacao", "retirada_de_trafego", "apreensao_embarcacao"],
        DONO,
        "LESTA.4-A",
    ),
]


@pytest.mark.parametrize(
    ("linha", "entrada", "esperadas", "notificar", "aplicavel"),
    [pytest.param(c[0], c[2], c[3], c[4], c[5], id=c[1]) for c in CASOS],
)
def test_cada_linha_da_tabela(
    linha: str,
    entrada: dict[str, Any],
    esperadas: list[str],
    notificar: list[str],
    aplicavel: str,
) -> None:
    r = medidas(**entrada)
    citacoes = next(x for x in carregar_tabela().linhas if x.id == linha).citacoes
    assert any(f.startswith(citacoes[0].referencia()) for f in r.fundamentos)
    if r.linha != linha:  # remissão: a linha aplicada é a do destino
        assert next(x for x in carregar_tabela().linhas if x.id == linha).remissao
    assert list(r.medidas) == esperadas
    assert list(r.notificar) == notificar
    assert r.infracao_aplicavel == aplicavel
    assert list(r.documentos) == (FORMULARIOS if "apreensao_embarcacao" in esperadas else [])


def test_toda_linha_da_tabela_tem_um_caso_de_teste() -> None:
    assert {c[0] for c in CASOS} == {linha.id for linha in carregar_tabela().linhas}


def test_a_remissao_de_3_9_3_d_cita_o_item_e_aplica_a_linha_de_3_8() -> None:
    r = medidas(infracao="RLESTA.12.II", situacao="parada", condutor_possui_habilitacao=False)
    assert r.linha == "medida.3.8.1.a"
    assert r.fundamentos[0] == "NORMAM (Port. 110/2023) item 3.9.3 d: remete a RLESTA.11"


# --- dispensa (nota 1: condutor habilitado se apresenta na abordagem) -----------------------


def test_condutor_habilitado_presente_dispensa_retirada_e_apreensao_mas_notifica() -> None:
    r = medidas(infracao="RLESTA.11", situacao="navegando", condutor_habilitado_presente=True)
    assert r.medidas == ()
    assert r.medidas_dispensadas == ("retirada_de_trafego", "apreensao_embarcacao")
    assert r.documentos == ()
    assert r.notificar == ("condutor", "proprietario")
    assert any(f.startswith("NORMAM (Port. 110/2023) item 3.8.1, nota 1:") for f in r.fundamentos)


def test_condutor_habilitado_presente_dispensa_a_retirada_da_cha_vencida_em_ate_5_anos() -> None:
    r = medidas(
        infracao="RLESTA.12.III",
        situacao="navegando",
        anos_vencida=1,
        condutor_habilitado_presente=True,
    )
    assert r.medidas == () and r.medidas_dispensadas == ("retirada_de_trafego",)


def test_condutor_habilitado_presente_nao_dispensa_onde_a_norma_nao_tem_a_nota() -> None:
    r = medidas(infracao="RLESTA.13.I", situacao="navegando", condutor_habilitado_presente=True)
    assert r.medidas == ("retirada_de_trafego", "apreensao_embarcacao")
    assert r.medidas_dispensadas == ()


def test_sem_informar_condutor_habilitado_presente_nao_ha_dispensa() -> None:
    r = medidas(infracao="RLESTA.11", situacao="parada", condutor_habilitado_presente=None)
    assert r.medidas == ("apreensao_embarcacao",)


# --- limite de 5 anos (3.9.1 x 3.9.2): antes, no e depois -------------------------------------


@pytest.mark.parametrize(
    ("anos", "linha"),
    [
        (0, "medida.3.9.1.a"),
        (4.99, "medida.3.9.1.a"),
        (5, "medida.3.9.1.a"),
        ("5.00", "medida.3.9.1.a"),
        (5.01, "medida.3.9.2.a.II"),
        (6, "medida.3.9.2.a.II"),
    ],
)
def test_cha_vencida_ha_exatamente_5_anos_ainda_e_em_ate_5_anos(anos: object, linha: str) -> None:
    assert medidas(infracao="RLESTA.12.III", situacao="navegando", anos_vencida=anos).linha == linha


@pytest.mark.parametrize(
    ("inspecao", "linha"),
    [
        ("2025-02-28", "medida.3.9.1.b"),
        ("2025-03-01", "medida.3.9.1.b"),
        ("2025-03-02", "medida.3.9.2.a.I"),
    ],
)
def test_cha_com_validade_em_29_de_fevereiro_completa_5_anos_em_1_de_marco(
    inspecao: str,
    linha: str,
) -> None:
    r = medidas(
        infracao="RLESTA.12.III",
        situacao="parada",
        validade_habilitacao="2020-02-29",
        data_inspecao=inspecao,
    )
    assert r.linha == linha


def test_nao_portar_cha_que_vence_no_dia_da_inspecao_e_cha_dentro_da_validade() -> None:
    r = medidas(
        infracao="RLESTA.12.II",
        condutor_possui_habilitacao=True,
        validade_habilitacao="2024-05-10",
        data_inspecao="2024-05-10",
    )
    assert r.linha == "medida.3.9.3.a" and r.infracao_aplicavel == "RLESTA.12.II"
    r = medidas(
        infracao="RLESTA.12.II",
        condutor_possui_habilitacao=True,
        situacao="parada",
        validade_habilitacao="2024-05-10",
        data_inspecao="2024-05-11",
    )
    assert r.linha == "medida.3.9.3.b.II" and r.infracao_aplicavel == "RLESTA.12.III"


def test_linha_de_vencimento_cita_a_interpretacao_do_limite() -> None:
    r = medidas(infracao="RLESTA.12.III", situacao="navegando", anos_vencida=5)
    assert any("interpretação: exatamente 5 anos" in f for f in r.fundamentos)


# --- infração sem linha ----------------------------------------------------------------------


def test_infracao_sem_linha_nao_tem_medida_mas_notifica_o_autor_material() -> None:
    r = medidas(infracao="RLESTA.12.I", situacao="navegando")
    assert r.linha is None and r.medidas == () and r.notificar == ("condutor",)
    assert r.fundamentos[0] == (
        "NORMAM (Port. 110/2023) itens 3.8 a 3.14: a norma não lista medida administrativa "
        "liminar para RLESTA.12.I"
    )
    assert any("3.3.1 b" in f for f in r.fundamentos)


def test_marcas_de_borda_livre_nao_tem_linha_porque_o_texto_esta_interrompido() -> None:
    r = medidas(infracao="RLESTA.17.I", situacao="navegando")
    assert r.medidas == () and r.notificar == ("proprietario_armador_ou_preposto",)
    assert r.fundamentos[0].startswith("NORMAM (Port. 110/2023) item 3.14.1: nenhuma medida")
    assert "termina no meio de 3.14.1 a)" in r.fundamentos[0]


def test_infracao_fora_da_tabela_nao_tem_medida_nem_autor_classificado() -> None:
    r = medidas(infracao="RLESTA.23.VII", situacao="navegando")
    assert r.medidas == () and r.notificar == ()
    assert r.lacuna is not None  # depois do fim do texto de referência (art. 17)
    assert any("autor material não classificado" in f for f in r.fundamentos)


# --- embarcação estrangeira (LESTA art. 5º) ----------------------------------------------------


def test_embarcacao_estrangeira_recebe_as_quatro_ordens_do_art_5_como_opcoes() -> None:
    r = medidas(infracao="RLESTA.13.I", situacao="parada", embarcacao_estrangeira=True)
    assert r.ordens_estrangeira == (
        "nao_entrar_no_porto",
        "nao_sair_do_porto",
        "sair_das_aguas_jurisdicionais",
        "arribar_em_porto_nacional",
    )
    assert r.medidas == ("apreensao_embarcacao",)  # a tabela continua valendo (art. 1º § 2º)
    for inciso in ("I", "II", "III", "IV"):
        assert f"LESTA art. 5º, {inciso}" in r.fundamentos


def test_embarcacao_estrangeira_sem_linha_ainda_recebe_as_ordens() -> None:
    r = medidas(infracao="RLESTA.20.III", embarcacao_estrangeira=True)
    assert len(r.ordens_estrangeira) == 4 and r.medidas == ()


def test_embarcacao_nacional_nao_recebe_ordens_do_art_5() -> None:
    r = medidas(infracao="RLESTA.13.I", situacao="parada")
    assert r.ordens_estrangeira == ()
    assert not any("art. 5º" in f for f in r.fundamentos)


# --- saída ----------------------------------------------------------------------------------


def test_para_json_tem_as_chaves_da_cli_e_serializa() -> None:
    r = medidas(infracao="RLESTA.11", situacao="navegando")
    j = r.para_json()
    assert set(j) == {
        "infracao",
        "infracao_aplicavel",
        "linha",
        "medidas",
        "medidas_dispensadas",
        "notificar",
        "documentos",
        "ordens_estrangeira",
        "lacuna",
        "fundamentos",
    }
    assert j["lacuna"] is None
    assert j["medidas"] == RETIRADA_E_APREENSAO
    assert j["notificar"] == ["condutor", "proprietario"]
    assert j["fundamentos"][0] == "NORMAM (Port. 110/2023) item 3.8.1 b"
    json.dumps(j)


def test_fundamentos_nao_se_repetem() -> None:
    for c in CASOS:
        r = medidas(**c[2])
        assert len(set(r.fundamentos)) == len(r.fundamentos)


def test_toda_combinacao_de_entradas_de_infracao_com_linhas_tem_resposta() -> None:
    """Cobertura: a tabela responde a toda constatação completa (sem lacuna nem ambiguidade)."""
    infracoes = sorted({i for linha in carregar_tabela().linhas for i in linha.infracoes})
    valores = itertools.product(
        infracoes,
        ["navegando", "parada"],
        [True, False],
        [None, 0, 5, 5.5, 30],
        ["salvatagem", "radiocomunicacao", "incendio", "outros"],
        [True, False],
        [True, False],
        [True, False],
    )
    for inf, sit, possui, anos, cat, inscrita, reinc, presente in valores:
        entrada = Constatacao(
            infracao=inf,
            situacao=sit,
            condutor_possui_habilitacao=possui,
            anos_vencida=anos,
            categoria_item=cat,
            embarcacao_inscrita=inscrita,
            reincidente=reinc,
            condutor_habilitado_presente=presente,
        )
        if inf == "RLESTA.12.III" and anos is None:
            with pytest.raises(EntradaInvalida):
                aplicar_medidas(entrada)
            continue
        r = aplicar_medidas(entrada)
        assert r.linha is not None and r.notificar
        assert set(r.medidas).isdisjoint(r.medidas_dispensadas)
