"""Constatação inválida: erro em português que nomeia o campo (CLI saída 2, HTTP 422)."""

from __future__ import annotations

from typing import Any

import pytest

from farol.erros import EntradaInvalida, ForaDeVigencia
from farol.rules.medidas import Constatacao, aplicar_medidas, constatacao_de_dict


def erro(**campos: Any) -> EntradaInvalida:
    with pytest.raises(EntradaInvalida) as e:
        aplicar_medidas(constatacao_de_dict(campos))
    return e.value


def test_situacao_desconhecida_e_recusada_nomeando_o_campo() -> None:
    e = erro(infracao="RLESTA.11", situacao="voando")
    assert e.campo == "situacao"
    assert "valor desconhecido 'voando'" in e.mensagem and "navegando, parada" in e.mensagem


def test_categoria_desconhecida_e_recusada() -> None:
    e = erro(infracao="RLESTA.15.I", situacao="parada", categoria_item="ancora")
    assert e.campo == "categoria_item" and "salvatagem" in e.mensagem


def test_anos_vencida_negativo_e_recusado() -> None:
    e = erro(infracao="RLESTA.12.III", situacao="parada", anos_vencida=-0.5)
    assert e.campo == "anos_vencida" and "negativo" in e.mensagem


@pytest.mark.parametrize("valor", [True, "muitos", float("nan")])
def test_anos_vencida_que_nao_e_numero_e_recusado(valor: object) -> None:
    assert erro(infracao="RLESTA.12.III", anos_vencida=valor).campo == "anos_vencida"


def test_cha_vencida_sem_anos_vencida_pede_o_campo() -> None:
    e = erro(infracao="RLESTA.12.III", situacao="navegando")
    assert e.campo == "anos_vencida"
    assert "obrigatório para RLESTA.12.III" in e.mensagem
    assert e.regra is not None and e.regra.startswith("NORMAM (Port. 110/2023) item 3.9")


def test_situacao_ausente_quando_a_linha_depende_dela_e_pedida() -> None:
    e = erro(infracao="RLESTA.11")
    assert e.campo == "situacao" and "obrigatório para RLESTA.11" in e.mensagem


def test_situacao_ausente_nao_e_pedida_quando_nenhuma_linha_depende_dela() -> None:
    r = aplicar_medidas(constatacao_de_dict({"infracao": "RLESTA.14.III"}))
    assert r.linha == "medida.3.11.2"


def test_nao_portar_cha_sem_dizer_se_o_condutor_e_habilitado_pede_o_campo() -> None:
    assert erro(infracao="RLESTA.12.II", situacao="parada").campo == "condutor_possui_habilitacao"


def test_dotacao_sem_categoria_pede_a_categoria() -> None:
    assert erro(infracao="RLESTA.15.III", situacao="parada").campo == "categoria_item"


def test_nao_portar_tie_sem_dizer_se_e_inscrita_pede_o_campo() -> None:
    assert erro(infracao="RLESTA.16.II", situacao="parada").campo == "embarcacao_inscrita"


def test_remissao_para_3_8_pede_a_situacao() -> None:
    e = erro(infracao="RLESTA.12.II", condutor_possui_habilitacao=False)
    assert e.campo == "situacao" and "RLESTA.11" in e.mensagem


def test_chaves_desconhecidas_sao_nomeadas() -> None:
    e = erro(infracao="RLESTA.11", situacao="parada", velocidade=12, porto="Santos")
    assert e.campo == "velocidade, porto"
    assert "campo(s) desconhecido(s): velocidade, porto" in e.mensagem


def test_infracao_ausente_e_campo_obrigatorio() -> None:
    e = erro(situacao="parada")
    assert e.campo == "infracao" and e.mensagem == "campo obrigatório"


@pytest.mark.parametrize("infracao", ["rlesta.11", "RLESTA 11", "RLESTA.12.3", "NORMAM.3.8", ""])
def test_id_de_infracao_malformado_e_recusado(infracao: str) -> None:
    assert erro(infracao=infracao).campo == "infracao"


def test_artigo_com_incisos_sem_inciso_e_recusado() -> None:
    e = erro(infracao="RLESTA.13", situacao="parada")
    assert e.campo == "infracao"
    assert e.mensagem == "informe o inciso: RLESTA.13.I, RLESTA.13.II, RLESTA.13.III"


def test_inciso_inexistente_e_recusado() -> None:
    assert "inciso inexistente" in erro(infracao="RLESTA.16.III").mensagem
    assert "inciso inexistente" in erro(infracao="RLESTA.11.I").mensagem


@pytest.mark.parametrize("valor", ["sim", 1, "true"])
def test_booleano_precisa_ser_verdadeiro_ou_falso(valor: object) -> None:
    e = erro(infracao="RLESTA.11", situacao="parada", condutor_habilitado_presente=valor)
    assert e.campo == "condutor_habilitado_presente"


def test_constatacao_que_nao_e_objeto_e_recusada() -> None:
    with pytest.raises(EntradaInvalida):
        constatacao_de_dict(["RLESTA.11"])  # type: ignore[arg-type]


def test_construir_a_constatacao_direto_tambem_da_erro_em_portugues() -> None:
    with pytest.raises(EntradaInvalida) as e:
        Constatacao(infracao="RLESTA.11", situacao="voando")
    assert e.value.campo == "situacao"


def test_validade_sem_data_da_inspecao_e_recusada() -> None:
    assert erro(infracao="RLESTA.12.III", validade_habilitacao="2020-01-01").campo == (
        "data_inspecao"
    )


def test_anos_vencida_e_validade_juntos_sao_recusados() -> None:
    e = erro(
        infracao="RLESTA.12.III",
        anos_vencida=2,
        validade_habilitacao="2020-01-01",
        data_inspecao="2024-01-01",
    )
    assert e.campo == "anos_vencida"


@pytest.mark.parametrize("data", ["01/02/2024", 20240201, "2024-02-30"])
def test_data_fora_do_formato_iso_e_recusada(data: object) -> None:
    e = erro(infracao="RLESTA.12.III", validade_habilitacao=data, data_inspecao="2024-03-01")
    assert e.campo == "validade_habilitacao" and "AAAA-MM-DD" in e.mensagem


def test_inspecao_anterior_a_norma_de_2023_esta_fora_da_vigencia_da_tabela() -> None:
    with pytest.raises(ForaDeVigencia) as e:
        aplicar_medidas(
            constatacao_de_dict(
                {"infracao": "RLESTA.11", "situacao": "parada", "data_inspecao": "2023-11-30"}
            )
        )
    assert e.value.campo == "data_inspecao"
    r = aplicar_medidas(
        constatacao_de_dict(
            {"infracao": "RLESTA.11", "situacao": "parada", "data_inspecao": "2023-12-01"}
        )
    )
    assert r.medidas == ("apreensao_embarcacao",)


def test_nulos_nas_chaves_opcionais_valem_como_ausentes() -> None:
    c = constatacao_de_dict(
        {
            "infracao": "RLESTA.11",
            "situacao": "parada",
            "condutor_habilitado_presente": None,
            "anos_vencida": None,
            "categoria_item": None,
            "embarcacao_inscrita": None,
        }
    )
    assert c.condutor_habilitado_presente is False
    assert aplicar_medidas(c).medidas == ("apreensao_embarcacao",)
