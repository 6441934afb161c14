"""Citações nomeadas (dados/citacoes.yaml): literais das sementes e exibidas como antes."""

from __future__ import annotations

from pathlib import Path

import pytest

from farol.erros import DadosNormativosInvalidos
from farol.normas.citacoes import catalogo_citacoes, citacao, referencias
from farol.normas.prazos import regra_prazo

SEEDS = Path(__file__).resolve().parents[3] / "shared" / "seeds"
SEMENTE_DA_NORMA = {
    "LESTA": "003_6182f1d95528b1a1.txt",
    "RLESTA": "002_fc8c093c74e0bcdc.txt",
    "NORMAM-07": "001_c950f686a9bf07c3.txt",
    "NORMAM-2023": "000_40f57531f3957fe9.txt",
    "NORMAM-401": "004_ed9802e69be8ba93.txt",
}


def _normalizar(texto: str) -> str:
    return " ".join(texto.split())


@pytest.mark.parametrize("nome", sorted(catalogo_citacoes()))
def test_o_texto_de_cada_citacao_e_literal_da_norma(nome: str) -> None:
    """Trechos separados por "[...]" aparecem, cada um, no texto da norma (as sementes)."""
    c = citacao(nome)
    arquivo = SEMENTE_DA_NORMA.get(c.norma)
    if arquivo is None:
        pytest.skip(f"{c.norma} não está entre as sementes (texto citado da própria lei)")
    semente = SEEDS / arquivo
    if not semente.exists():
        pytest.skip("textos legais (../shared/seeds) ausentes neste checkout")
    texto = _normalizar(semente.read_text(encoding="utf-8"))
    for trecho in c.texto.split("[...]"):
        assert _normalizar(trecho) in texto, (nome, trecho)


@pytest.mark.parametrize(
    ("nome", "exibida"),
    [
        ("autor_material", "RLESTA art. 7º, § 3º"),
        ("responsaveis_solidarios", "LESTA art. 34"),
        ("medidas_administrativas", "LESTA art. 16"),
        ("apreensao_embarcacao", "LESTA arts. 16, II, e 17"),
        ("pagamento_multa", "LESTA art. 32"),
        ("sustacao_por_debito", "LESTA art. 20"),
        ("sobrestamento_inquerito", "LESTA art. 33, parágrafo único"),
        ("vedacao_agravamento", "Lei 9.784/1999 art. 64, parágrafo único"),
        ("prescricao_punitiva", "Lei 9.873/1999 art. 1º"),
        ("prescricao_intercorrente", "Lei 9.873/1999 art. 1º, § 1º"),
    ],
)
def test_a_referencia_exibida_e_a_que_o_codigo_digitava(nome: str, exibida: str) -> None:
    assert citacao(nome).referencia() == exibida


def test_varias_citacoes_se_juntam_com_ponto_e_virgula() -> None:
    assert referencias(citacao("autor_material"), citacao("responsaveis_solidarios")) == (
        "RLESTA art. 7º, § 3º; LESTA art. 34"
    )


def test_nome_sem_registro_e_erro_com_o_nome() -> None:
    with pytest.raises(DadosNormativosInvalidos, match="citacao_inexistente"):
        citacao("citacao_inexistente")


@pytest.mark.parametrize("etapa", ["punitiva", "intercorrente"])
def test_a_prescricao_exibida_cita_o_mesmo_texto_do_prazo(etapa: str) -> None:
    """O prazo (anos) está em prazos.yaml; a citação dos alertas cita o mesmo dispositivo."""
    fontes = {v.fonte.texto for v in regra_prazo("prescricao", etapa).versoes}
    assert citacao(f"prescricao_{etapa}").texto in fontes
