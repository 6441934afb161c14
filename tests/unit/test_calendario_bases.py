"""A lei como escrita: cada dia sem expediente nomeia a sua base legal (norma, dispositivo, texto).

Feriados nacionais -> Lei 662/1949 (redação da Lei 10.607/2002), Lei 6.802/1980, Lei 14.759/2023
(só a partir de 2024), Lei 9.093/1995 (Sexta-feira Santa); feriados da UF -> a lei estadual e a
Lei 9.093/1995 art. 1º, II; pontos facultativos -> o ato anual de `pontos_facultativos.yaml`
(ou, sem ato registrado, a portaria anual genérica com `pendente`); fechamento -> o ato da OM.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
import yaml

from farol.normas.calendario import (
    BaseLegal,
    PontosFacultativos,
    bases_calendario,
    pontos_facultativos,
)
from farol.normas.citacao import DADOS
from farol.rules.calendario import UFS, Calendario, obter_calendario
from farol.rules.prazos import calcular_prazo

D = dt.date
SEM_LEI = "sem lei em feriados.yaml"


def _bases(cal: Calendario, data: dt.date) -> list[BaseLegal]:
    return [b for f in cal.folgas_do_dia(data) for b in f.bases]


def _refs(cal: Calendario, data: dt.date) -> list[str]:
    return [b.referencia for b in _bases(cal, data)]


# --------------------------------------------------------------------------- feriados nacionais


def test_prazo_que_atravessa_20_de_novembro_de_2024_cita_a_lei_14759_naquele_dia() -> None:
    # defesa: 15 dias úteis da ciência em 13/11/2024; 20/11/2024 (quarta) é o primeiro 20 de
    # novembro feriado nacional (a lei é de 21/12/2023)
    r = calcular_prazo("defesa", D(2024, 11, 13))
    (folga,) = r.folgas[D(2024, 11, 20)]
    (base,) = folga.bases
    assert folga.motivo == "Dia Nacional de Zumbi e da Consciência Negra (feriado nacional)"
    assert (base.citacao.norma, base.citacao.dispositivo, base.pendente) == (
        "LEI-14759",
        "art. 1º",
        None,
    )
    assert "20 de novembro" in base.citacao.texto
    assert "Lei 14.759/2023 art. 1º" in r.fundamentos
    (dia,) = [d for d in r.para_json()["dias_nao_uteis"] if d["data"] == "2024-11-20"]
    assert [f["referencia"] for f in dia["fundamentos"]] == ["Lei 14.759/2023 art. 1º"]


@pytest.mark.parametrize("data", [D(2022, 11, 20), D(2023, 11, 20)])
def test_20_de_novembro_antes_da_lei_14759_nao_e_feriado_nacional_so_estadual(
    data: dt.date,
) -> None:
    nacional = obter_calendario()
    assert "Consciência Negra" not in (nacional.motivo(data) or "")
    assert "LEI-14759" not in [b.citacao.norma for b in _bases(nacional, data)]
    # no RJ, a lei estadual o fazia feriado (de 2002 a 2023, no pacote holidays)
    rj = obter_calendario("RJ")
    estadual = [f for f in rj.folgas_do_dia(data) if "estadual" in f.motivo]
    (folga,) = estadual
    assert folga.motivo == "Consciência Negra (feriado estadual — RJ)"
    lei, autorizacao = folga.bases
    assert (lei.citacao.norma, lei.citacao.dispositivo) == ("LEI-ESTADUAL", "RJ")
    assert lei.pendente  # o número da lei estadual não está registrado: o Farol o diz
    assert autorizacao.referencia == "Lei 9.093/1995 art. 1º, II"


def test_recurso_no_rj_em_novembro_de_2023_pula_o_feriado_estadual_e_cita_a_lei_estadual() -> None:
    # 5 dias úteis da ciência em 16/11/2023 (quinta): no calendário nacional 17, 20, 21, 22 e 23
    # -> 23/11; no RJ o 20/11 (segunda) é feriado estadual -> 17, 21, 22, 23, 24 -> 24/11
    assert calcular_prazo("recurso", D(2023, 11, 16)).vencimento == D(2023, 11, 23)
    r = calcular_prazo("recurso", D(2023, 11, 16), calendario=obter_calendario("RJ"))
    assert r.vencimento == D(2023, 11, 24)
    assert "Lei estadual RJ" in r.fundamentos
    assert "Lei 9.093/1995 art. 1º, II" in r.fundamentos


def test_12_de_outubro_cita_a_lei_6802_de_1980() -> None:
    # recurso: 5 dias úteis da ciência em 10/10/2023 (terça): 11, [12 feriado], 13, [14-15], 16,
    # 17, 18 -> 18/10/2023
    r = calcular_prazo("recurso", D(2023, 10, 10))
    assert r.vencimento == D(2023, 10, 18)
    (folga,) = r.folgas[D(2023, 10, 12)]
    assert folga.motivo == "Nossa Senhora Aparecida (feriado nacional)"
    assert [b.referencia for b in folga.bases] == ["Lei 6.802/1980 art. 1º"]
    assert "Lei 6.802/1980 art. 1º" in r.fundamentos


@pytest.mark.parametrize(
    ("data", "referencia"),
    [
        (D(2024, 1, 1), "Lei 662/1949 art. 1º (redação da Lei 10.607/2002)"),
        (D(2024, 4, 21), "Lei 662/1949 art. 1º (redação da Lei 10.607/2002)"),
        (D(2025, 5, 1), "Lei 662/1949 art. 1º (redação da Lei 10.607/2002)"),
        (D(2025, 9, 7), "Lei 662/1949 art. 1º (redação da Lei 10.607/2002)"),
        (D(2025, 11, 15), "Lei 662/1949 art. 1º (redação da Lei 10.607/2002)"),
        (D(2025, 12, 25), "Lei 662/1949 art. 1º (redação da Lei 10.607/2002)"),
        (D(2005, 11, 2), "Lei 10.607/2002 art. 1º"),  # Finados, incluído em 2002
        (D(2025, 4, 18), "Lei 9.093/1995 art. 2º"),  # Sexta-feira Santa (Páscoa em 20/04)
    ],
)
def test_cada_feriado_nacional_cita_a_sua_lei(data: dt.date, referencia: str) -> None:
    bases = [b for b in _bases(obter_calendario(), data) if b.citacao.norma != "LEI-9784"]
    assert [(b.referencia, b.pendente) for b in bases] == [(referencia, None)]


@pytest.mark.parametrize(
    ("data", "nome"),
    [
        (D(2001, 11, 2), "Finados"),  # antes da Lei 10.607/2002
        (D(1994, 4, 1), "Sexta-feira Santa"),  # antes da Lei 9.093/1995 (Páscoa em 03/04/1994)
    ],
)
def test_feriado_sem_lei_registrada_na_data_mostra_o_pendente(data: dt.date, nome: str) -> None:
    cal = obter_calendario()
    assert not cal.eh_dia_util(data)
    (folga,) = cal.folgas_do_dia(data)
    (base,) = folga.bases
    assert folga.motivo == f"{nome} (feriado nacional)"
    assert base.citacao.norma == "PONTO-FACULTATIVO"
    assert base.pendente and "anterior" in base.pendente


def test_todo_feriado_nacional_do_pacote_tem_lei_registrada_de_1990_a_2100() -> None:
    """Uma versão nova do `holidays` que renomeie ou acrescente um feriado falha aqui."""
    cal = obter_calendario()
    sem_lei = [
        (d, f.motivo)
        for d, folgas in cal.folgas.items()
        for f in folgas
        for b in f.bases
        if b.pendente and SEM_LEI in b.pendente
    ]
    assert not sem_lei, sem_lei[:5]


def test_todo_dia_sem_expediente_de_toda_uf_tem_ao_menos_uma_base_legal() -> None:
    for uf in [None, *sorted(UFS)]:
        cal = obter_calendario(uf)
        for data, folgas in cal.folgas.items():
            assert folgas and all(f.bases for f in folgas), (uf, data)
            for f in folgas:
                if "(feriado estadual" in f.motivo:
                    assert len(f.bases) == 2, (uf, data, f.motivo)  # lei estadual + Lei 9.093


def test_lei_estadual_conhecida_e_citada_pelo_numero() -> None:
    (folga,) = [f for f in obter_calendario("RJ").folgas_do_dia(D(2025, 4, 23))]
    lei, autorizacao = folga.bases
    assert folga.motivo == "São Jorge (feriado estadual — RJ)"
    assert (lei.referencia, lei.pendente) == ("Lei estadual RJ nº 5.198/2008", None)
    assert autorizacao.referencia == "Lei 9.093/1995 art. 1º, II"


def test_fim_de_semana_cita_o_criterio_do_expediente_e_nao_entra_nos_fundamentos() -> None:
    r = calcular_prazo("defesa", D(2025, 8, 1))  # sexta; sem feriados até 22/08
    sabado = [f for d, fs in r.folgas.items() for f in fs if d == D(2025, 8, 2)]
    assert [(f.motivo, [b.referencia for b in f.bases]) for f in sabado] == [
        ("sábado", ["Lei 9.784/1999 art. 66 §1º"])
    ]
    # o §1º nos fundamentos diz que houve prorrogação; aqui não houve
    assert not r.prorrogado and "Lei 9.784/1999 art. 66 §1º" not in r.fundamentos


# --------------------------------------------------------------------------- pontos facultativos


@pytest.mark.parametrize(
    ("data", "referencia", "pendente"),
    [
        (D(2024, 2, 12), "Portaria MGI 8.617/2023 art. 1º, II", False),
        (D(2025, 3, 3), "Portaria MGI 9.783/2024 art. 1º", True),  # texto do DOU a conferir
        (D(2026, 2, 16), "Portaria MGI 11.460/2025 art. 1º", True),
    ],
)
def test_carnaval_cita_a_portaria_do_ano(data: dt.date, referencia: str, pendente: bool) -> None:
    (folga,) = obter_calendario().folgas_do_dia(data)
    (base,) = folga.bases
    assert folga.motivo == "Carnaval (ponto facultativo)"
    assert (base.referencia, bool(base.pendente)) == (referencia, pendente)


def test_carnaval_de_ano_sem_ato_registrado_cita_a_portaria_anual_como_pendente() -> None:
    # 2023: Páscoa em 09/04 -> segunda de Carnaval em 20/02; 2027: Páscoa em 28/03 -> 08/02
    for data in (D(2023, 2, 20), D(2027, 2, 8)):
        cal = obter_calendario()
        assert not cal.eh_dia_util(data)
        (folga,) = cal.folgas_do_dia(data)
        (base,) = folga.bases
        assert base.citacao.norma == "PONTO-FACULTATIVO"
        assert base.pendente and "não registrado" in base.pendente


def test_prazo_que_atravessa_o_carnaval_de_2025_cita_a_portaria_mgi_9783() -> None:
    # julgamento: 30 dias corridos de 01/02/2025 caem em 03/03 (segunda de Carnaval); 04/03
    # também sem expediente; a Quarta-feira de Cinzas (até as 14h) é útil -> 05/03
    r = calcular_prazo("julgamento", D(2025, 2, 1))
    assert (r.vencimento, r.prorrogado) == (D(2025, 3, 5), True)
    dias = r.para_json()["dias_nao_uteis"]
    assert [d["data"] for d in dias] == ["2025-03-03", "2025-03-04"]
    (base,) = dias[0]["fundamentos"]
    assert (base["norma"], base["dispositivo"]) == ("PONTO-FACULTATIVO-2025", "art. 1º")
    assert base["texto"] == "3 de março, Carnaval (ponto facultativo)"
    assert "Portaria MGI 9.783/2024 art. 1º" in r.fundamentos


@pytest.mark.parametrize(
    ("data", "nome", "referencia"),
    [
        (D(2024, 5, 31), "Dia seguinte a Corpus Christi", "Portaria MGI 8.617/2023 art. 1º, IX"),
        (D(2025, 6, 20), "Dia seguinte a Corpus Christi", "Portaria MGI 9.783/2024 art. 1º"),
        (D(2026, 4, 20), "Dia anterior a Tiradentes", "Portaria MGI 11.460/2025 art. 1º"),
        (D(2026, 6, 5), "Dia seguinte a Corpus Christi", "Portaria MGI 11.460/2025 art. 1º"),
    ],
)
def test_ponto_facultativo_de_dia_inteiro_declarado_no_ato_do_ano_fecha_a_om(
    data: dt.date, nome: str, referencia: str
) -> None:
    """Dias que o padrão antigo não conhecia: a portaria do ano os declarou de dia inteiro."""
    cal = obter_calendario()
    assert (cal.eh_dia_util(data), cal.pode_vencer(data)) == (False, False)
    (folga,) = cal.folgas_do_dia(data)
    assert folga.motivo == f"{nome} (ponto facultativo)"
    assert [b.referencia for b in folga.bases] == [referencia]


def test_recurso_de_abril_de_2026_pula_o_ponto_facultativo_de_20_de_abril() -> None:
    # 5 dias úteis da ciência em 14/04/2026 (terça): 15, 16, 17, [18-19], [20 ponto facultativo
    # de dia inteiro, Portaria MGI 11.460/2025], [21 Tiradentes], 22, 23 -> 23/04/2026
    r = calcular_prazo("recurso", D(2026, 4, 14))
    assert r.vencimento == D(2026, 4, 23)
    assert (D(2026, 4, 20), "Dia anterior a Tiradentes (ponto facultativo)") in r.dias_nao_uteis


@pytest.mark.parametrize("data", [D(2025, 10, 27), D(2025, 10, 28), D(2026, 10, 28)])
def test_dia_do_servidor_publico_e_dia_util_na_om(data: dt.date) -> None:
    """Ponto facultativo do servidor civil (em 2025 comemorado em 27/10): a OM mantém o
    expediente, pela `justificativa` registrada no arquivo."""
    cal = obter_calendario()
    assert (cal.eh_dia_util(data), cal.pode_vencer(data), cal.motivo(data)) == (True, True, None)


def test_vespera_de_natal_apos_as_13h_cita_o_ato_e_so_adia_o_vencimento() -> None:
    cal = obter_calendario()
    assert (cal.eh_dia_util(D(2025, 12, 24)), cal.pode_vencer(D(2025, 12, 24))) == (True, False)
    (folga,) = cal.folgas_do_dia(D(2025, 12, 24))
    (base,) = folga.bases
    assert folga.motivo == "Véspera de Natal (expediente encerrado antes da hora normal)"
    assert base.citacao.texto.endswith("(ponto facultativo após as 13 horas)")


# --------------------------------------------------------------------------- fechamento da OM


def test_fechamento_informado_pela_om_cita_o_ato_da_om() -> None:
    motivo = "Aniversário de Florianópolis (feriado municipal)"
    cal = obter_calendario("SC", {D(2026, 3, 23): motivo}, om="cpsc")
    (folga,) = cal.folgas_do_dia(D(2026, 3, 23))
    (base,) = folga.bases
    assert folga.motivo == motivo
    assert (base.citacao.norma, base.citacao.dispositivo, base.citacao.texto) == (
        "ATO-OM",
        "CPSC: fechamento de 23/03/2026",
        motivo,
    )
    # recurso: 5 dias úteis da ciência em 19/03/2026 (quinta): 20, [21-22], [23 fechamento],
    # 24, 25, 26, 27 -> 27/03/2026
    r = calcular_prazo("recurso", D(2026, 3, 19), calendario=cal)
    assert r.vencimento == D(2026, 3, 27)
    assert "Ato da OM CPSC: fechamento de 23/03/2026" in r.fundamentos


def test_a_sigla_da_om_faz_parte_do_calendario_em_cache() -> None:
    extras = {D(2026, 3, 23): "feriado municipal"}
    assert obter_calendario("SC", extras, om="CPSC") is obter_calendario("SC", extras, om="cpsc")
    assert obter_calendario("SC", extras, om="CPSC") is not obter_calendario("SC", extras)


# --------------------------------------------------------------------------- o arquivo de dados


def _bruto() -> dict[str, Any]:
    dados: dict[str, Any] = yaml.safe_load(
        (DADOS / "pontos_facultativos.yaml").read_text(encoding="utf-8")
    )
    return dados


def test_os_anos_registrados_tem_cada_um_o_seu_ato_vigente() -> None:
    catalogo = pontos_facultativos()
    assert sorted(catalogo.anos) == [2024, 2025, 2026]
    assert {ano: ato.norma for ano, ato in catalogo.anos.items()} == {
        2024: "PONTO-FACULTATIVO-2024",
        2025: "PONTO-FACULTATIVO-2025",
        2026: "PONTO-FACULTATIVO-2026",
    }


@pytest.mark.parametrize(
    ("alterar", "mensagem"),
    [
        (lambda d: d["anos"][2025]["dias"][0].update(periodo="apos_as_14h"), "sem_expediente só"),
        (lambda d: d["anos"][2025]["dias"][6].update(periodo="dia_inteiro"), "reduzido só"),
        (lambda d: d["anos"][2025]["dias"][5].pop("justificativa"), "exige `justificativa`"),
        (lambda d: d["anos"][2025]["dias"][0].update(data=D(2024, 3, 3)), "data de outro ano"),
        (lambda d: d["anos"][2025]["dias"][1].update(data=D(2025, 3, 3)), "data repetida"),
        (lambda d: d["anos"][2024].update(norma="PONTO-FACULTATIVO-2026"), "anterior à vigência"),
        (lambda d: d["anos"][2024].update(norma="PORTARIA-INVENTADA"), "norma desconhecida"),
        (lambda d: d["padrao"]["dias"][0].update(mes=2, dia=1), "não ambos"),
        (lambda d: d["anos"][2024]["dias"][0].update(expediente="fechado"), "expediente"),
    ],
)
def test_politica_malformada_e_recusada_na_carga(alterar: Any, mensagem: str) -> None:
    dados = _bruto()
    alterar(dados)
    with pytest.raises(ValueError, match=mensagem):
        PontosFacultativos.model_validate(dados)


def test_o_arquivo_de_feriados_carrega_e_cada_feriado_nacional_vale_desde_a_sua_lei() -> None:
    bases = bases_calendario()
    nomes = {f.nome for f in bases.feriados_nacionais}
    assert {"Nossa Senhora Aparecida", "Sexta-feira Santa", "Finados", "Natal"} <= nomes
    assert bases.fim_de_semana.referencia() == "Lei 9.784/1999 art. 66 §1º"
