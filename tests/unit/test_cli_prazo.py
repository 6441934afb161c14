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
    vinte = {d["data"]: d for d in j["dias_nao_uteis"]}["2024-11-20"]
    assert vinte["motivo"] == "Dia Nacional de Zumbi e da Consciência Negra (feriado nacional)"
    (lei,) = vinte["fundamentos"]
    assert (lei["norma"], lei["dispositivo"], lei["referencia"], lei["pendente"]) == (
        "LEI-14759",
        "art. 1º",
        "Lei 14.759/2023 art. 1º",
        None,
    )
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


def test_tabela_mostra_a_base_legal_de_cada_dia_pulado(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # recurso: 5 dias úteis da ciência em 14/04/2026 (terça): 15, 16, 17, [18 e 19 fim de
    # semana], [20 ponto facultativo de dia inteiro], [21 Tiradentes], 22, 23 -> 23/04/2026
    s = rodar(capsys, monkeypatch, "prazo", "recurso", "--inicio", "2026-04-14")
    assert s.codigo == 0, s.stderr
    texto = " ".join(s.stdout.split())  # a tabela quebra as linhas longas
    assert "23/04/2026" in texto
    assert "18/04/2026 sábado — Lei 9.784/1999 art. 66 §1º" in texto
    assert (
        "20/04/2026 Dia anterior a Tiradentes (ponto facultativo) — Portaria MGI 11.460/2025 "
        "art. 1º (pendente: texto literal e incisos do art. 1º a conferir no DOU de 30/12/2025)"
    ) in texto
    assert (
        "21/04/2026 Tiradentes (feriado nacional) — Lei 662/1949 art. 1º (redação da Lei "
        "10.607/2002)"
    ) in texto


def test_tabela_de_prazo_no_rj_cita_a_lei_estadual_e_a_lei_9093(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # 20/11/2023 ainda não era feriado nacional (Lei 14.759/2023 vale a partir de 2024), mas a
    # lei do Estado do RJ o fazia feriado estadual
    s = rodar(capsys, monkeypatch, "prazo", "recurso", "--inicio", "2023-11-16", "--uf", "RJ")
    texto = " ".join(s.stdout.split())
    assert "24/11/2023" in texto
    assert (
        "20/11/2023 Consciência Negra (feriado estadual — RJ) — Lei estadual RJ (pendente: "
        "número e texto da lei estadual não registrados no Farol); Lei 9.093/1995 art. 1º, II"
    ) in texto


# --- prazo que a decisão fixa: cumprimento das penalidades acessórias (issue 9, item 8) -------


def test_acessoria_com_os_dias_da_decisao_vence_no_primeiro_dia_util(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # 60 dias contados de modo contínuo de 02/03/2026 (Lei 9.784/1999 art. 66 § 2º): março tem
    # 29 dias depois do dia 2, abril 30, e mais 1 -> 01/05/2026, Dia do Trabalhador; 02 e 03
    # são sábado e domingo; prorroga para a segunda, 04/05/2026 (art. 66 § 1º)
    s = rodar(capsys, monkeypatch, "prazo", "acessoria", "--inicio", "2026-03-02", "--dias", "60")
    assert s.codigo == 0, s.stderr
    texto = " ".join(s.stdout.split())
    assert "Vencimento 04/05/2026" in texto
    assert "Contagem 60 dias corridos" in texto
    assert "01/05/2026 Dia do Trabalhador (feriado nacional)" in texto
    assert "prazo.lesta.acessoria" in texto

    args = ["prazo", "acessoria", "--inicio", "2026-03-02", "--dias", "60", "--json"]
    j = rodar(capsys, monkeypatch, *args).json()
    assert (j["vencimento"], j["dias"], j["contagem"], j["prorrogado"]) == (
        "2026-05-04",
        60,
        "corridos",
        True,
    )
    assert "Lei 9.784/1999 art. 66, § 2º" in j["fundamentos"]


def test_acessoria_sem_dias_diz_que_a_decisao_os_fixa_e_pede_a_opcao(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    s = rodar(capsys, monkeypatch, "prazo", "acessoria", "--inicio", "2026-03-02")
    assert s.codigo == 2 and s.stdout == ""
    assert len(s.stderr.strip().splitlines()) == 1
    assert s.stderr.startswith("erro: dias: ")
    assert "a norma não fixa o número de dias" in s.stderr
    assert "--dias N" in s.stderr
    assert "(Lei 9.784/1999 art. 66, § 2º)" in s.stderr


@pytest.mark.parametrize(
    ("args", "trecho"),
    [
        # a defesa tem os dias na norma: --dias seria ignorado em silêncio, então é recusado
        (["prazo", "defesa", "--inicio", "2026-03-02", "--dias", "60"], "omita --dias"),
        (["prazo", "acessoria", "--inicio", "2026-03-02", "--dias", "0"], "maior que zero"),
        (["prazo", "acessoria", "--inicio", "2026-03-02", "--dias", "dez"], "número inteiro"),
    ],
)
def test_dias_invalidos_sao_recusados(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    args: list[str],
    trecho: str,
) -> None:
    s = rodar(capsys, monkeypatch, *args)
    assert s.codigo == 2
    assert s.stderr.startswith("erro: dias: ") and trecho in s.stderr
    assert len(s.stderr.strip().splitlines()) == 1
