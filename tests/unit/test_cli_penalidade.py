"""`farol infracoes` e `farol penalidade`: contrato JSON, tabela legível e erros de uma linha."""

from __future__ import annotations

import pytest
from cli_util import rodar


def test_penalidade_json_segue_o_contrato(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    s = rodar(
        capsys, monkeypatch, "penalidade", "RLESTA.12.II", "--autor", "condutor", "--data",
        "2026-03-10", "--json",
    )  # fmt: skip
    assert s.codigo == 0
    j = s.json()
    assert {
        k: j[k]
        for k in (
            "codigo",
            "grupo",
            "multa",
            "suspensao_max",
            "cumulativa",
            "cancelamento",
            "multiplicador",
        )
    } == {
        "codigo": "RLESTA.12.II",
        "grupo": "B",
        "multa": {"min": "40.00", "max": "400.00"},
        "suspensao_max": "P60D",
        "cumulativa": False,
        "cancelamento": False,
        "multiplicador": 1,
    }
    assert j["descricao"].startswith("não portar a documentação")
    assert j["fundamentos"][0] == "RLESTA art. 12, II"


def test_reincidencias_n_dao_multiplicador_n_mais_1(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    j = rodar(
        capsys,
        monkeypatch,
        "penalidade",
        "RLESTA.11",
        "--autor",
        "condutor",
        "--data",
        "2026-03-10",
        "--reincidencias",
        "2",
        "--json",
    ).json()
    assert j["multiplicador"] == 3
    assert j["multa"] == {"min": "120.00", "max": "6600.00"}


def test_proprietario_nao_recebe_suspensao(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    j = rodar(
        capsys,
        monkeypatch,
        "penalidade",
        "RLESTA.19.I",
        "--autor",
        "proprietario",
        "--data",
        "2026-03-10",
        "--json",
    ).json()
    assert j["suspensao_max"] is None and j["multa"] == {"min": "40.00", "max": "1600.00"}


def test_tabela_legivel_em_portugues(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    s = rodar(
        capsys, monkeypatch, "penalidade", "RLESTA.13.III", "--autor", "armador", "--data",
        "2026-03-10", "--faltas", "2",
    )  # fmt: skip
    assert s.codigo == 0
    # grupo A (R$ 40,00 a R$ 200,00, RLESTA Anexo II) × 2 faltas (art. 13, III) = R$ 80,00 a
    # R$ 400,00, com vírgula nos centavos como no resto do Farol
    assert "Suspensão máxima" in s.stdout and "R$ 80,00 a R$ 400,00" in s.stdout


def test_tabela_nomeia_acessorias_e_agravantes_e_o_json_guarda_os_ids(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "250")  # tabela larga: nenhuma célula dobrada
    args = ("penalidade", "RLESTA.26", "--autor", "construtor_obra", "--data", "2026-03-10",
            "--reincidencias", "1", "--agravante", "grave_ameaca")  # fmt: skip
    s = rodar(capsys, monkeypatch, *args)
    assert s.codigo == 0, s.stderr
    # RLESTA art. 26: multa do grupo E e demolição da obra; a tabela diz o nome da acessória
    # (acessorias.yaml) e o texto das agravantes (LESTA art. 30), nunca as chaves dos dados
    assert "demolição da obra e recomposição do local: caso esta impeça" in s.stdout
    assert "reincidência (LESTA art. 30, I); grave ameaça à integridade física" in s.stdout
    for chave in ("demolicao_obra", "reincidencia:", "grave_ameaca", "construtor_obra"):
        assert chave not in s.stdout
    j = rodar(capsys, monkeypatch, *args, "--json").json()
    assert j["acessorias"][0].startswith("demolicao_obra: ")
    assert [a.split(":")[0] for a in j["agravantes"]] == ["reincidencia", "grave_ameaca"]


def test_infracoes_busca(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    j = rodar(capsys, monkeypatch, "infracoes", "--busca", "prático", "--json").json()
    assert {i["codigo"] for i in j} >= {"RLESTA.23.III", "RLESTA.25.I", "RLESTA.25.II"}
    assert all(i["fundamento"] for i in j)
    tabela = rodar(capsys, monkeypatch, "infracoes")
    assert tabela.codigo == 0 and "RLESTA.28.II" in tabela.stdout


def test_infracao_desconhecida_diz_onde_a_linha_de_comando_lista_os_codigos(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A mensagem do serviço serve às três bordas; a CLI acrescenta o comando dela, não a
    página nem a API."""
    s = rodar(capsys, monkeypatch, "penalidade", "RLESTA.99")
    assert s.codigo == 2
    assert s.stderr.strip() == (
        "erro: codigo: infração desconhecida: “RLESTA.99”, fora do catálogo de infrações; os "
        "códigos estão em `farol infracoes`"
    )


@pytest.mark.parametrize(
    ("args", "campo"),
    [
        (["penalidade", "RLESTA.99", "--json"], "codigo"),
        (["penalidade", "RLESTA.11", "--data", "2026-02-30"], "data"),
        (["penalidade", "RLESTA.11", "--data", "ontem"], "data"),
        (["penalidade", "RLESTA.11", "--reincidencias", "-1"], "reincidencias"),
        (["penalidade", "RLESTA.11", "--faltas", "0"], "faltas"),
        (["penalidade", "RLESTA.11", "--reincidencias", "dois"], "reincidencias"),
        (["penalidade", "RLESTA.11", "--autor", "papagaio"], "autor"),
        (["penalidade"], "codigo"),
    ],
)
def test_entrada_invalida_da_uma_linha_em_portugues_e_saida_2(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, args: list[str], campo: str
) -> None:
    s = rodar(capsys, monkeypatch, *args)
    assert s.codigo == 2
    linhas = s.stderr.strip().splitlines()
    assert len(linhas) == 1 and linhas[0].startswith(f"erro: {campo}")
    assert "Traceback" not in s.stderr and s.stdout == ""


def test_opcao_desconhecida(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    s = rodar(capsys, monkeypatch, "penalidade", "RLESTA.11", "--multa-magica")
    assert s.codigo == 2 and s.stderr.startswith("erro: opção desconhecida")
