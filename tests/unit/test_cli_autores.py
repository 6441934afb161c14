"""A CLI diz os autores materiais admitidos de cada infração e recusa o autor presumido."""

from __future__ import annotations

import pytest
from cli_util import rodar

from farol.normas.infracoes import catalogo


def test_farol_infracoes_lista_os_autores_admitidos_de_cada_infracao(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    j = rodar(capsys, monkeypatch, "infracoes", "--json").json()
    por_codigo = {i["codigo"]: i for i in j}
    # RLESTA art. 23, III: o prático não deixa de contratar a si mesmo (NORMAM 3.3.1 a e b)
    assert "pratico" not in por_codigo["RLESTA.23.III"]["autores"]
    assert por_codigo["RLESTA.15.I"]["autores"] == [
        "proprietario",
        "armador",
        "preposto",
        "comandante",
    ]
    autoria = por_codigo["RLESTA.15.I"]["autoria"]
    assert autoria["fundamentos"][0] == "NORMAM (Port. 110/2023) item 3.3.1 a"
    assert autoria["nota"].startswith("Interpretação do Farol.")
    tabela = rodar(capsys, monkeypatch, "infracoes", "--busca", "praticagem")
    assert "Autores" in tabela.stdout and "pratico" in tabela.stdout  # a coluna, na tabela


def test_a_ajuda_de_penalidade_nomeia_todo_tipo_de_autor(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    s = rodar(capsys, monkeypatch, "penalidade", "--help")
    ajuda = " ".join(s.stdout.replace("│", " ").split())
    for tipo in catalogo().autores:
        assert tipo in ajuda, tipo
    assert "farol infracoes" in ajuda


def test_penalidade_sem_autor_usa_o_unico_ou_recusa_listando(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # RLESTA art. 24: "São aplicáveis ao Comandante" -> o único admitido
    j = rodar(capsys, monkeypatch, "penalidade", "RLESTA.24", "--data", "2026-03-10", "--json")
    assert j.json()["autor"] == "comandante"
    s = rodar(capsys, monkeypatch, "penalidade", "RLESTA.15.I", "--data", "2026-03-10")
    assert s.codigo == 2
    assert s.stderr.startswith("erro: autor: informe o tipo de autor material: RLESTA.15.I")
    assert "proprietario" in s.stderr and "comandante" in s.stderr
