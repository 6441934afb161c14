"""Dosimetria: a faixa legal depois da reincidência, das faltas e do art. 8º, com fundamentos."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from farol.erros import EntradaInvalida, ForaDeVigencia, NaoEncontrado
from farol.normas.infracoes import catalogo
from farol.rules.penalidades import calcular_penalidade, validar_multa, validar_suspensao
from farol.rules.reincidencia import contar_reincidencias

HOJE = dt.date(2026, 11, 29)


def primeiro_autor(codigo: str) -> str:
    """O primeiro tipo de autor admitido (a infração que admite vários exige um)."""
    return catalogo().infracao(codigo).autores[0]


def faixa(codigo: str, **kw: object) -> tuple[str, str] | None:
    kw.setdefault("autor", primeiro_autor(codigo))
    r = calcular_penalidade(codigo, kw.pop("data", HOJE), **kw)  # type: ignore[arg-type]
    j = r.para_json()
    return (j["multa"]["min"], j["multa"]["max"]) if j["multa"] else None


def test_grupo_b_vai_de_40_a_400_reais() -> None:
    assert faixa("RLESTA.12.II") == ("40.00", "400.00")


@pytest.mark.parametrize(
    ("grupo", "codigo", "minimo", "maximo"),
    [
        ("A", "RLESTA.12.III", "40.00", "200.00"),
        ("B", "RLESTA.12.II", "40.00", "400.00"),
        ("C", "RLESTA.20.I", "40.00", "800.00"),
        ("D", "RLESTA.12.I", "40.00", "1600.00"),
        ("E", "RLESTA.11", "40.00", "2200.00"),
        ("F", "RLESTA.22.III", "80.00", "2800.00"),
        ("G", "RLESTA.22.I", "80.00", "3200.00"),
    ],
)
def test_cada_grupo_do_anexo_ii(grupo: str, codigo: str, minimo: str, maximo: str) -> None:
    assert faixa(codigo) == (minimo, maximo)
    assert calcular_penalidade(codigo, HOJE, autor=primeiro_autor(codigo)).grupo == grupo


def test_reincidencia_no_mesmo_ano_dobra_a_multa_e_a_suspensao() -> None:
    r = calcular_penalidade("RLESTA.12.II", HOJE, autor="condutor", reincidencias=1)
    assert r.multiplicador == 2
    assert r.para_json()["multa"] == {"min": "80.00", "max": "800.00"}
    assert r.suspensao_max == "P120D"
    assert "RLESTA art. 10, parágrafo único" in r.fundamentos


def test_segunda_reincidencia_triplica() -> None:
    # o Comandante, embarcado, é o autor que a suspensão alcança (RLESTA art. 8º)
    r = calcular_penalidade("RLESTA.15.II", HOJE, autor="comandante", reincidencias=2)
    assert (r.multiplicador, r.para_json()["multa"]["max"], r.suspensao_max) == (
        3,
        "2400.00",
        "P90D",
    )


def test_suspensao_multiplicada_nunca_passa_de_doze_meses() -> None:
    r = calcular_penalidade("RLESTA.13.II", HOJE, autor="comandante", reincidencias=3)  # 480 d
    assert r.suspensao_max == "P12M"
    assert "LESTA art. 27" in r.fundamentos
    r = calcular_penalidade("RLESTA.13.II", HOJE, autor="comandante", reincidencias=2)  # 360 d
    assert r.suspensao_max == "P360D"


def test_faltas_multiplicam_a_multa_do_art_13_iii() -> None:
    r = calcular_penalidade("RLESTA.13.III", HOJE, autor="armador", faltas=3)
    assert r.para_json()["multa"] == {"min": "120.00", "max": "600.00"}
    r = calcular_penalidade("RLESTA.13.III", HOJE, autor="armador", faltas=3, reincidencias=1)
    assert r.para_json()["multa"] == {"min": "240.00", "max": "1200.00"}


def test_faltas_em_infracao_que_nao_as_conta_sao_recusadas() -> None:
    with pytest.raises(EntradaInvalida) as e:
        calcular_penalidade("RLESTA.12.II", HOJE, autor="condutor", faltas=2)
    assert e.value.campo == "faltas"


def test_embriaguez_reincidente_leva_ao_cancelamento_e_nao_a_multiplicacao() -> None:
    primeira = calcular_penalidade("RLESTA.23.I", HOJE, autor="condutor")
    assert (primeira.suspensao_max, primeira.cancelamento) == ("P120D", False)
    reincidente = calcular_penalidade("RLESTA.23.I", HOJE, autor="condutor", reincidencias=1)
    assert reincidente.cancelamento is True
    assert reincidente.multiplicador == 1
    assert reincidente.suspensao_max is None


def test_pratico_que_recusa_o_servico_reincidente_tem_o_certificado_cancelado() -> None:
    r = calcular_penalidade("RLESTA.25.I", HOJE, autor="pratico", reincidencias=1)
    assert r.cancelamento is True


def test_protecao_do_motor_reincidente_triplica_a_multa_e_cancela() -> None:
    r = calcular_penalidade("LESTA.4-A", HOJE, autor="comandante", reincidencias=1)
    assert r.multiplicador == 3
    assert r.para_json()["multa"] == {"min": "120.00", "max": "6600.00"}
    assert r.cancelamento and r.cumulativa
    assert any(a.startswith("apreensao_embarcacao") for a in r.acessorias)
    assert "LESTA art. 4º-A, § 2º" in r.fundamentos


def test_protecao_do_motor_sem_reincidencia_nao_lista_a_apreensao_da_reincidencia() -> None:
    """A apreensão da embarcação do art. 4º-A § 2º só cabe na reincidência: sem ela, a faixa não
    a oferece (a decisão a recusaria)."""
    r = calcular_penalidade("LESTA.4-A", HOJE, autor="comandante", reincidencias=0)
    assert r.acessorias == [] and r.acessorias_texto == []
    assert not r.cumulativa


def test_protecao_do_motor_antes_da_lei_11970_nao_existe() -> None:
    with pytest.raises(ForaDeVigencia):
        calcular_penalidade("LESTA.4-A", dt.date(2009, 7, 6))
    assert calcular_penalidade("LESTA.4-A", dt.date(2009, 7, 7), autor="armador").grupo == "E"


def test_suspensao_nao_alcanca_o_proprietario_que_nao_estava_embarcado() -> None:
    r = calcular_penalidade("RLESTA.15.I", HOJE, autor="proprietario")
    assert r.suspensao_max is None
    assert r.multa is not None
    assert "RLESTA art. 8º" in r.fundamentos
    with pytest.raises(EntradaInvalida) as e:
        validar_suspensao(r, 10)
    assert e.value.campo == "suspensao_dias"


def test_comandante_responde_com_multa_e_suspensao_cumulativas() -> None:
    r = calcular_penalidade("RLESTA.24", HOJE, autor="comandante")
    assert r.cumulativa and r.suspensao_max == "P12M" and r.grupo == "G"


def test_obra_que_afeta_a_navegacao_cumula_multa_e_demolicao() -> None:
    r = calcular_penalidade("RLESTA.26", HOJE, autor="construtor_obra")
    assert r.cumulativa and r.acessorias and r.suspensao_max is None


def test_autor_nao_admitido_para_a_infracao_e_recusado() -> None:
    with pytest.raises(EntradaInvalida) as e:
        calcular_penalidade("RLESTA.25.I", HOJE, autor="proprietario")
    assert e.value.campo == "autor"
    # quem foi recusado e quem a infração admite, pelos nomes de autores.yaml (o id entre
    # parênteses é o que a API e a CLI recebem)
    assert e.value.mensagem == (
        "proprietário da embarcação (proprietario) não é autor material admitido para "
        "RLESTA.25.I; admitidos: prático (pratico)"
    )


def test_multa_para_quem_a_infracao_so_suspende_e_recusada_pelo_nome_do_autor() -> None:
    # RLESTA art. 25, I: só suspensão do prático, sem multa
    r = calcular_penalidade("RLESTA.25.I", HOJE, autor="pratico")
    with pytest.raises(EntradaInvalida) as e:
        validar_multa(r, Decimal("100.00"))
    assert e.value.mensagem == "RLESTA.25.I não admite multa para prático (pratico)"


def test_acessorias_e_agravantes_para_pessoas_vem_pelos_nomes_e_o_json_guarda_os_ids() -> None:
    r = calcular_penalidade(
        "RLESTA.26", HOJE, autor="construtor_obra", reincidencias=1, agravantes=("grave_ameaca",)
    )
    assert r.acessorias_texto == [
        "demolição da obra e recomposição do local: caso esta impeça, venha a impedir ou afete a "
        "segurança da navegação no local"
    ]
    # a reincidência entra sozinha (1 prática anterior) antes da agravante declarada
    assert r.agravantes_texto == [
        "reincidência (LESTA art. 30, I)",
        "grave ameaça à integridade física de pessoas (LESTA art. 30, IV)",
    ]
    j = r.para_json()
    assert j["acessorias"][0].startswith("demolicao_obra: caso esta impeça")
    assert j["agravantes"][0] == "reincidencia: reincidência (LESTA art. 30, I)"
    assert "acessorias_texto" not in j and "agravantes_texto" not in j


def test_autor_desconhecido_e_recusado() -> None:
    with pytest.raises(EntradaInvalida, match="tipo de autor desconhecido"):
        calcular_penalidade("RLESTA.11", HOJE, autor="marinheiro")


def test_reincidencias_negativas_sao_recusadas() -> None:
    with pytest.raises(EntradaInvalida) as e:
        calcular_penalidade("RLESTA.11", HOJE, reincidencias=-1)
    assert e.value.campo == "reincidencias"


def test_fato_anterior_ao_rlesta_nao_tem_faixa() -> None:
    with pytest.raises(ForaDeVigencia):
        calcular_penalidade("RLESTA.11", dt.date(1998, 6, 8))
    assert calcular_penalidade("RLESTA.11", dt.date(1998, 6, 9), autor="condutor").grupo == "E"


def test_codigo_desconhecido() -> None:
    with pytest.raises(NaoEncontrado):
        calcular_penalidade("RLESTA.12.IX", HOJE)


def test_agravantes_da_lesta_sao_listadas_com_o_inciso() -> None:
    r = calcular_penalidade("RLESTA.23.IV", HOJE, autor="condutor", agravantes=("grave_ameaca",))
    assert r.agravantes == [
        "grave_ameaca: grave ameaça à integridade física de pessoas (LESTA art. 30, IV)"
    ]
    with pytest.raises(EntradaInvalida):
        calcular_penalidade("RLESTA.23.IV", HOJE, autor="condutor", agravantes=("chuva",))


def test_multa_escolhida_dentro_da_faixa_e_aceita_e_fora_e_recusada() -> None:
    r = calcular_penalidade("RLESTA.12.I", HOJE, autor="condutor")  # grupo D: 40 a 1.600
    assert validar_multa(r, Decimal("1600.00")) == Decimal("1600.00")
    assert validar_multa(r, Decimal("40")) == Decimal("40.00")
    with pytest.raises(EntradaInvalida) as e:
        validar_multa(r, Decimal("1600.01"))
    assert "R$ 1.600,01 fora da faixa legal de R$ 40,00 a R$ 1.600,00" in str(e.value)
    with pytest.raises(EntradaInvalida):
        validar_multa(r, Decimal("39.99"))
    with pytest.raises(EntradaInvalida, match="duas casas"):
        validar_multa(r, Decimal("100.001"))


def test_suspensao_escolhida_respeita_o_maximo() -> None:
    r = calcular_penalidade("RLESTA.12.II", HOJE, autor="condutor")
    assert validar_suspensao(r, 60) == 60
    with pytest.raises(EntradaInvalida):
        validar_suspensao(r, 61)


@pytest.mark.parametrize("codigo", sorted(catalogo().infracoes))
def test_toda_infracao_tem_faixa_calculavel_para_o_seu_primeiro_autor(codigo: str) -> None:
    inf = catalogo().infracao(codigo)
    r = calcular_penalidade(codigo, HOJE, autor=inf.autores[0])
    assert r.fundamentos[0] == inf.fonte.referencia()
    assert r.multa is not None or r.suspensao_max is not None


class TestJanelaDeDozeMeses:
    """RLESTA art. 10: 'em um período igual ou inferior a doze meses'."""

    FATO = dt.date(2026, 3, 15)

    def test_pratica_um_dia_antes_da_janela_nao_conta(self) -> None:
        assert contar_reincidencias(self.FATO, [dt.date(2025, 3, 14)]) == 0

    def test_pratica_exatamente_doze_meses_antes_conta(self) -> None:
        assert contar_reincidencias(self.FATO, [dt.date(2025, 3, 15)]) == 1

    def test_pratica_dentro_da_janela_conta(self) -> None:
        assert contar_reincidencias(self.FATO, [dt.date(2025, 3, 16), dt.date(2026, 1, 1)]) == 2

    def test_fato_em_29_de_fevereiro(self) -> None:
        fato = dt.date(2024, 2, 29)
        assert contar_reincidencias(fato, [dt.date(2023, 2, 28)]) == 1
        assert contar_reincidencias(fato, [dt.date(2023, 2, 27)]) == 0

    def test_pratica_posterior_ao_fato_e_recusada(self) -> None:
        with pytest.raises(EntradaInvalida):
            contar_reincidencias(self.FATO, [dt.date(2026, 3, 16)])
