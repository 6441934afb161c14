"""Calendário de expediente: fins de semana, feriados, pontos facultativos, UF e fechamentos."""

from __future__ import annotations

import datetime as dt

import holidays
import pytest
from dateutil.easter import easter  # type: ignore[import-untyped]

from farol.erros import EntradaInvalida
from farol.normas.calendario import bases_calendario
from farol.rules import calendario as modulo
from farol.rules.calendario import UFS, obter_calendario, pascoa

D = dt.date
REDUZIDO = "(expediente encerrado antes da hora normal)"


def test_sabado_e_domingo_nao_sao_dias_uteis_e_dizem_por_que() -> None:
    cal = obter_calendario()
    assert not cal.eh_dia_util(D(2025, 8, 2)) and cal.motivo(D(2025, 8, 2)) == "sábado"
    assert not cal.eh_dia_util(D(2025, 8, 3)) and cal.motivo(D(2025, 8, 3)) == "domingo"
    assert cal.eh_dia_util(D(2025, 8, 4)) and cal.motivo(D(2025, 8, 4)) is None


def test_feriado_no_fim_de_semana_mostra_os_dois_motivos() -> None:
    assert obter_calendario().motivo(D(2024, 9, 7)) == (
        "sábado; Independência do Brasil (feriado nacional)"
    )


@pytest.mark.parametrize(
    ("data", "util"),
    [
        (D(2023, 11, 20), True),  # antes da Lei 14.759/2023
        (D(2024, 11, 19), True),
        (D(2024, 11, 20), False),
        (D(2024, 11, 21), True),
        (D(2025, 11, 20), False),
        (D(2090, 11, 20), False),
    ],
)
def test_consciencia_negra_e_feriado_nacional_a_partir_de_2024(data: dt.date, util: bool) -> None:
    assert obter_calendario().eh_dia_util(data) is util


def test_20_de_novembro_e_acrescentado_se_o_pacote_holidays_nao_o_tiver(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    original = holidays.country_holidays

    def sem_consciencia_negra(*args: object, **kwargs: object) -> holidays.HolidayBase:
        feriados = original(*args, **kwargs)  # type: ignore[arg-type]
        for ano in range(2024, 2101):
            feriados.pop(D(ano, 11, 20), None)
        return feriados

    monkeypatch.setattr(holidays, "country_holidays", sem_consciencia_negra)
    nacionais = modulo._feriados_nacionais(range(2023, 2026), bases_calendario())
    assert D(2023, 11, 20) not in nacionais
    assert list(nacionais[D(2024, 11, 20)]) == ["Dia Nacional de Zumbi e da Consciência Negra"]
    base = nacionais[D(2025, 11, 20)]["Dia Nacional de Zumbi e da Consciência Negra"]
    assert (base.referencia, base.pendente) == ("Lei 14.759/2023 art. 1º", None)


@pytest.mark.parametrize(
    ("data", "util", "pode_vencer", "motivo"),
    [
        (D(2025, 3, 3), False, False, "Carnaval (ponto facultativo)"),
        (D(2025, 3, 4), False, False, "Carnaval (ponto facultativo)"),
        (D(2025, 3, 5), True, True, None),  # Quarta-feira de Cinzas: expediente a partir das 14h
        (D(2025, 6, 19), False, False, "Corpus Christi (ponto facultativo)"),
        (D(2025, 10, 28), True, True, None),  # Dia do Servidor: só se a OM informar fechamento
        (D(2025, 12, 24), True, False, f"Véspera de Natal {REDUZIDO}"),
        (D(2025, 12, 31), True, False, f"Véspera de Ano-Novo {REDUZIDO}"),
    ],
)
def test_pontos_facultativos_do_servico_publico_federal(
    data: dt.date, util: bool, pode_vencer: bool, motivo: str | None
) -> None:
    cal = obter_calendario()
    assert (cal.eh_dia_util(data), cal.pode_vencer(data), cal.motivo(data)) == (
        util,
        pode_vencer,
        motivo,
    )


def test_pascoa_confere_com_o_calculo_do_dateutil_de_1990_a_2100() -> None:
    for ano in range(1990, 2101):
        assert pascoa(ano) == easter(ano)


def test_data_magna_da_bahia_so_fecha_a_om_da_bahia() -> None:
    assert not obter_calendario("BA").eh_dia_util(D(2025, 7, 2))
    motivo = obter_calendario("BA").motivo(D(2025, 7, 2))
    assert motivo == "Independência da Bahia (feriado estadual — BA)"
    assert obter_calendario().eh_dia_util(D(2025, 7, 2))
    assert obter_calendario("SP").eh_dia_util(D(2025, 7, 2))


def test_as_27_ufs_sao_aceitas_em_qualquer_caixa() -> None:
    assert len(UFS) == 27
    assert obter_calendario(" rj ").uf == "RJ"
    for uf in UFS:
        assert obter_calendario(uf).uf == uf


@pytest.mark.parametrize("uf", ["XX", "São Paulo Capital", "", "BR"])
def test_uf_desconhecida_nomeia_o_campo_uf(uf: str) -> None:
    with pytest.raises(EntradaInvalida) as erro:
        obter_calendario(uf)
    assert erro.value.campo == "uf"


def test_fechamento_da_om_e_dia_sem_expediente_com_o_motivo_informado() -> None:
    cal = obter_calendario("PA", {D(2025, 10, 13): "Recírio de Nazaré (feriado municipal — Belém)"})
    assert not cal.eh_dia_util(D(2025, 10, 13))
    assert cal.motivo(D(2025, 10, 13)) == "Recírio de Nazaré (feriado municipal — Belém)"
    assert obter_calendario("PA").eh_dia_util(D(2025, 10, 13))


@pytest.mark.parametrize(
    "extras",
    [
        {dt.datetime(2025, 1, 20, 8, 0): "hora não é data"},
        {D(2025, 1, 20): "  "},
        {D(1989, 12, 31): "antes do calendário"},
    ],
)
def test_fechamento_invalido_nomeia_o_campo_extras(extras: dict[dt.date, str]) -> None:
    with pytest.raises(EntradaInvalida) as erro:
        obter_calendario(None, extras)
    assert erro.value.campo == "extras"


def test_calendarios_ficam_em_cache_por_uf_e_fechamentos() -> None:
    extras = {D(2025, 1, 20): "São Sebastião"}
    assert obter_calendario("RJ") is obter_calendario("rj")
    assert obter_calendario("RJ", extras) is obter_calendario("RJ", dict(extras))
    assert obter_calendario("RJ", extras) is not obter_calendario("RJ")


def test_data_fora_do_calendario_e_recusada() -> None:
    with pytest.raises(EntradaInvalida) as erro:
        obter_calendario().eh_dia_util(D(1989, 12, 31))
    assert erro.value.campo == "data"
