"""A CLI recusa o que a lei não admite: data antes da vigência do texto (`farol penalidade`,
`farol prazo`) e a agravante de reincidência sem prática anterior; uma linha de erro, saída 2."""

from __future__ import annotations

import pytest
from cli_util import rodar


def test_penalidade_de_fato_anterior_ao_rlesta_e_recusada_com_a_data_e_o_decreto(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    s = rodar(capsys, monkeypatch, "penalidade", "RLESTA.11", "--data", "1998-05-01",
              "--autor", "condutor")  # fmt: skip
    assert s.codigo == 2
    assert s.stderr.startswith("erro: data: RLESTA.11 só vigora a partir de 09/06/1998")
    assert "(RLESTA art. 2º do Decreto)" in s.stderr
    assert len(s.stderr.strip().splitlines()) == 1


def test_prazo_da_lesta_antes_de_10_06_1998_e_recusado_com_o_art_41(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    s = rodar(capsys, monkeypatch, "prazo", "defesa", "--inicio", "1998-06-09")
    assert s.codigo == 2
    assert s.stderr.startswith("erro: inicio: prazo prazo.lesta.defesa sem previsão normativa")
    assert "10/06/1998" in s.stderr and "LESTA art. 41" in s.stderr


def test_agravante_de_reincidencia_sem_reincidencias_e_recusada(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    base = ["penalidade", "RLESTA.11", "--data", "2026-03-10", "--autor", "condutor"]
    s = rodar(capsys, monkeypatch, *base, "--agravante", "reincidencia")
    assert s.codigo == 2
    assert s.stderr.startswith("erro: agravantes: agravante reincidência declarada sem prática")
    assert s.stderr.rstrip().endswith("(LESTA art. 30, I; RLESTA art. 10)")
    ok = rodar(capsys, monkeypatch, *base, "--agravante", "reincidencia", "--reincidencias", "1",
               "--json")  # fmt: skip
    assert ok.codigo == 0 and ok.json()["multiplicador"] == 2
