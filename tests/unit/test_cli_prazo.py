"""`farol prazo`: vencimento, dias não úteis explicados e fundamentos, em JSON ou tabela."""

from __future__ import annotations

import pytest
from cli_util import rodar


def test_defesa_de_15_dias_uteis_atravessa_o_20_de_novembro(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    s = rodar(
        capsys, monkeypatch, "prazo", "defesa", "--inicio", "2024-11-13", "--uf", "SP", "--json"
    )
    assert s.codigo == 0, s.stderr
    j = s.json()
    assert set(j) == {
        "etapa",
        "regime",
        "inicio",
        "vencimento",
        "contagem",
        "dias",
        "prorrogado",
        "dias_nao_uteis",
        "fundamentos",
    }
    assert (j["etapa"], j["regime"], j["inicio"], j["vencimento"]) == (
        "defesa",
        "lesta",
        "2024-11-13",
        "2024-12-06",
    )
    assert (j["contagem"], j["dias"], j["prorrogado"]) == ("uteis", 15, False)
    assert {
        "data": "2024-11-20",
        "motivo": "Dia Nacional de Zumbi e da Consciência Negra (feriado nacional)",
    } in j["dias_nao_uteis"]
    assert "Lei 9.784/1999 art. 66" in j["fundamentos"]


def test_pagamento_que_vence_no_domingo_passa_para_a_segunda(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # 15 dias corridos a partir de 2026-03-07 (sábado) terminam em 22/03/2026, domingo.
    j = rodar(capsys, monkeypatch, "prazo", "pagamento", "--inicio", "2026-03-07", "--json").json()
    assert (j["contagem"], j["vencimento"], j["prorrogado"]) == ("corridos", "2026-03-23", True)


def test_regime_poluicao_conta_dias_corridos(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    j = rodar(
        capsys,
        monkeypatch,
        "prazo",
        "defesa",
        "--inicio",
        "2026-03-02",
        "--regime",
        "poluicao",
        "--json",
    ).json()
    assert (j["contagem"], j["dias"], j["vencimento"]) == ("corridos", 20, "2026-03-23")


def test_tabela_em_portugues_com_datas_dd_mm_aaaa(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    s = rodar(capsys, monkeypatch, "prazo", "recurso", "--inicio", "2024-11-14")
    assert s.codigo == 0 and "25/11/2024" in s.stdout and "5 dias úteis" in s.stdout


@pytest.mark.parametrize(
    ("args", "campo"),
    [
        (["prazo", "defesa", "--inicio", "2024-02-30"], "inicio"),
        (["prazo", "defesa", "--inicio", "2024-11-13", "--uf", "XX"], "uf"),
        (["prazo", "defesa", "--inicio", "2024-11-13", "--regime", "tributario"], "regime"),
        (["prazo", "contestacao", "--inicio", "2024-11-13"], "etapa"),
        (["prazo", "defesa"], "inicio"),
    ],
)
def test_entrada_invalida(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, args: list[str], campo: str
) -> None:
    s = rodar(capsys, monkeypatch, *args)
    assert s.codigo == 2
    assert s.stderr.startswith(f"erro: {campo}") and len(s.stderr.strip().splitlines()) == 1
