"""`farol medidas --json`: a constatação em JSON na entrada, as medidas e quem notificar na saída."""

from __future__ import annotations

import json

import pytest
from cli_util import rodar


def test_conduzir_sem_habilitacao_navegando(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    constatacao = {
        "infracao": "RLESTA.11",
        "situacao": "navegando",
        "condutor_habilitado_presente": False,
        "anos_vencida": None,
        "categoria_item": None,
        "embarcacao_inscrita": True,
    }
    s = rodar(capsys, monkeypatch, "medidas", "--json", entrada=json.dumps(constatacao))
    assert s.codigo == 0, s.stderr
    j = s.json()
    assert j["medidas"] == ["retirada_de_trafego", "apreensao_embarcacao"]
    assert j["notificar"] == ["condutor", "proprietario"]
    assert "NORMAM (Port. 110/2023) item 3.8.1 b" in j["fundamentos"]


def test_condutor_habilitado_presente_dispensa_retirada_e_apreensao(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    entrada = json.dumps(
        {"infracao": "RLESTA.11", "situacao": "navegando", "condutor_habilitado_presente": True}
    )
    j = rodar(capsys, monkeypatch, "medidas", "--json", entrada=entrada).json()
    assert j["medidas"] == []
    assert j["notificar"] == ["condutor", "proprietario"]


def test_salvatagem_parada_impede_a_saida(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    entrada = json.dumps(
        {"infracao": "RLESTA.15.II", "situacao": "parada", "categoria_item": "salvatagem"}
    )
    j = rodar(capsys, monkeypatch, "medidas", "--json", entrada=entrada).json()
    assert j["medidas"] == ["impedimento_de_saida"]


def test_tabela_legivel(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    entrada = json.dumps({"infracao": "RLESTA.16.I", "situacao": "navegando"})
    s = rodar(capsys, monkeypatch, "medidas", entrada=entrada)
    assert s.codigo == 0 and "apreensão da embarcação" in s.stdout  # o nome, não o id
    assert "apreensao_embarcacao" not in s.stdout and "None" not in s.stdout


@pytest.mark.parametrize(
    ("entrada", "campo"),
    [
        ("{ruim", "entrada"),
        ("[1, 2]", "entrada"),
        ('{"infracao": "RLESTA.11", "situacao": "voando"}', "situacao"),
        ('{"infracao": "RLESTA.99", "situacao": "navegando"}', "infracao"),
        (
            '{"infracao": "RLESTA.12.III", "situacao": "navegando", "anos_vencida": -1}',
            "anos_vencida",
        ),
    ],
)
def test_entrada_invalida(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, entrada: str, campo: str
) -> None:
    s = rodar(capsys, monkeypatch, "medidas", "--json", entrada=entrada)
    assert s.codigo == 2
    assert s.stderr.startswith(f"erro: {campo}") and len(s.stderr.strip().splitlines()) == 1
