"""A tabela da CLI fala português (R$ 3.200,00, 10/03/2026, 12 meses); o `--json` guarda os
formatos de máquina (datas ISO, "3200.00", "P12M") do contrato."""

from __future__ import annotations

import json

import pytest
from cli_util import Saida, rodar
from texto_humano import formatos_de_maquina

from farol.normas.acessorias import tipos_de_acessoria
from farol.normas.infracoes import catalogo
from farol.normas.prazos import catalogo_prazos


@pytest.fixture(autouse=True)
def _largura(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tabela larga: nenhuma célula dobrada ao meio de um valor."""
    monkeypatch.setenv("COLUMNS", "250")


def _texto(capsys: pytest.CaptureFixture[str], mp: pytest.MonkeyPatch, *args: str) -> str:
    s = rodar(capsys, mp, *args)
    assert s.codigo == 0, s.stderr
    return s.stdout


def _json(capsys: pytest.CaptureFixture[str], mp: pytest.MonkeyPatch, *args: str) -> Saida:
    s = rodar(capsys, mp, *args, "--json")
    assert s.codigo == 0, s.stderr
    return s


def test_penalidade_em_texto_mostra_reais_datas_e_dias_e_o_json_guarda_o_contrato(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    args = ("penalidade", "RLESTA.12.II", "--autor", "condutor", "--data", "2026-03-10",
            "--reincidencias", "1")  # fmt: skip
    texto = _texto(capsys, monkeypatch, *args)
    # grupo B, R$ 40,00 a R$ 400,00 (RLESTA Anexo II), dobrado pela reincidência (art. 10):
    # R$ 80,00 a R$ 800,00; a suspensão de até 60 dias (art. 12, II) dobra para 120 dias
    assert "R$ 80,00 a R$ 800,00" in texto
    assert "até 120 dias" in texto
    assert "10/03/2026" in texto
    assert "condutor/tripulante" in texto  # o nome do tipo de autor, não o id `condutor`
    assert formatos_de_maquina(texto) == []

    j = _json(capsys, monkeypatch, *args).json()
    assert j["multa"] == {"min": "80.00", "max": "800.00"}
    assert (j["suspensao_max"], j["data"]) == ("P120D", "2026-03-10")
    assert (j["cumulativa"], j["autor"]) == (False, "condutor")


def test_suspensao_limitada_ao_teto_aparece_em_meses(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    args = ("penalidade", "RLESTA.12.II", "--autor", "condutor", "--data", "2026-03-10",
            "--reincidencias", "6")  # fmt: skip
    texto = _texto(capsys, monkeypatch, *args)
    # seis reincidências: ×7. Multa R$ 280,00 a R$ 2.800,00; suspensão 7 × 60 = 420 dias,
    # acima do teto de doze meses da LESTA art. 27: "até 12 meses", no JSON "P12M"
    assert "R$ 280,00 a R$ 2.800,00" in texto and "até 12 meses" in texto
    assert formatos_de_maquina(texto) == []
    j = _json(capsys, monkeypatch, *args).json()
    assert (j["multa"]["max"], j["suspensao_max"]) == ("2800.00", "P12M")


def test_prazo_em_texto_mostra_datas_dd_mm_aaaa_e_o_json_iso(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    args = ("prazo", "defesa", "--inicio", "2024-11-13", "--uf", "SP")
    texto = _texto(capsys, monkeypatch, *args)
    # ciência 13/11/2024 (quarta); 15 dias úteis a partir de 14/11, pulando 20/11 (Consciência
    # Negra), três fins de semana: vence 06/12/2024 (sexta)
    assert "13/11/2024" in texto and "06/12/2024" in texto and "15 dias úteis" in texto
    assert "20/11/2024 Dia Nacional de Zumbi" in texto
    assert formatos_de_maquina(texto) == []
    j = _json(capsys, monkeypatch, *args).json()
    assert (j["inicio"], j["vencimento"]) == ("2024-11-13", "2024-12-06")
    assert "2024-11-20" in [d["data"] for d in j["dias_nao_uteis"]]


def test_prazo_em_anos_mostra_anos_e_dias(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    texto = _texto(
        capsys, monkeypatch, "prazo", "punitiva", "--regime", "prescricao", "--inicio", "2026-03-10"
    )
    # cinco anos de data a data (Lei 9.873/1999 art. 1º): 10/03/2026 a 10/03/2031, 1.826 dias
    # corridos (2028 é bissexto)
    assert "5 anos (1.826 dias corridos)" in texto and "10/03/2031" in texto
    assert formatos_de_maquina(texto) == []


def test_medidas_em_texto_usa_os_nomes_e_nunca_none(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    constatacao = {"infracao": "RLESTA.17.I", "situacao": "navegando"}  # sem linha na tabela
    s = rodar(capsys, monkeypatch, "medidas", entrada=json.dumps(constatacao))
    assert s.codigo == 0, s.stderr
    assert "Linha da tabela" in s.stdout and "proprietário, armador ou preposto" in s.stdout
    assert formatos_de_maquina(s.stdout) == []
    j = rodar(capsys, monkeypatch, "medidas", "--json", entrada=json.dumps(constatacao)).json()
    assert j["linha"] is None  # o JSON guarda o nulo


@pytest.mark.parametrize("codigo", list(catalogo().infracoes))
def test_nenhuma_penalidade_em_texto_tem_formato_de_maquina(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, codigo: str
) -> None:
    autor = catalogo().infracoes[codigo].autores[0]
    texto = _texto(
        capsys, monkeypatch, "penalidade", codigo, "--data", "2026-03-10", "--autor", autor,
        "--reincidencias", "1",
    )  # fmt: skip
    assert formatos_de_maquina(texto) == []
    # nem as chaves dos dados: acessórias e agravantes (a reincidência) vão pelos nomes
    ids = [*tipos_de_acessoria(), *(f"{k}:" for k in catalogo().regras.agravantes.itens)]
    assert [i for i in ids if i in texto] == []


def _prazos_com_duracao_na_norma() -> list[str]:
    """As regras cuja última versão fixa dias ou anos (as fixadas na decisão não têm o que a
    CLI calcular sozinha)."""
    return [
        r
        for r, regra in catalogo_prazos().regras.items()
        if (v := [x.valor for x in regra.versoes if x.valor]) and (v[-1].dias or v[-1].anos)
    ]


@pytest.mark.parametrize("regra", _prazos_com_duracao_na_norma())
def test_nenhum_prazo_em_texto_tem_formato_de_maquina(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, regra: str
) -> None:
    _, regime, etapa = regra.split(".", 2)
    # o início da última versão vigente da regra (uma regra extinta só vale antes do fim)
    inicio = [v.inicio for v in catalogo_prazos().regras[regra].versoes if v.valor][-1]
    texto = _texto(
        capsys, monkeypatch, "prazo", etapa, "--regime", regime, "--inicio", inicio.isoformat(),
        "--uf", "SC",
    )  # fmt: skip
    assert formatos_de_maquina(texto) == []


def test_infracoes_em_texto_sem_formato_de_maquina(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert formatos_de_maquina(_texto(capsys, monkeypatch, "infracoes")) == []
