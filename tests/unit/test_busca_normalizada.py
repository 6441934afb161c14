"""Os dados e a forma normalizada da busca: o texto sem acentos nem caixa (o mesmo no banco e
no termo), as palavras do dia a dia do catálogo e o que a consulta pública entrega, com as
citações literais das fontes."""

from __future__ import annotations

from pathlib import Path

import pytest

from farol.domain.texto import normalizar_busca, palavras_da_busca
from farol.normas.citacao import Citacao
from farol.normas.consulta_publica import consulta_publica
from farol.normas.infracoes import catalogo
from farol.normas.termos_de_busca import termos_de_busca
from farol.pdf.dados import TipoDocumento

SEEDS = Path(__file__).resolve().parents[3] / "shared" / "seeds"
SEMENTE_DA_NORMA = {
    "LESTA": "003_6182f1d95528b1a1.txt",
    "RLESTA": "002_fc8c093c74e0bcdc.txt",
    "NORMAM-07": "001_c950f686a9bf07c3.txt",
    "NORMAM-2023": "000_40f57531f3957fe9.txt",
}


@pytest.mark.parametrize(
    ("texto", "normalizado"),
    [
        ("Márcio", "marcio"),
        ("MÁRCIO  GUIMARÃES ", "marcio guimaraes"),
        ("Maré Mansa", "mare mansa"),
        ("Conceição", "conceicao"),
        ("Straße", "strasse"),
        ("Ñandú", "nandu"),
    ],
)
def test_normalizado_sem_acento_caixa_nem_espacos_repetidos(texto: str, normalizado: str) -> None:
    assert normalizar_busca(texto) == normalizado


def test_palavras_distintas_na_ordem() -> None:
    assert palavras_da_busca("Márcio marcio  PACHECO") == ["marcio", "pacheco"]


def _literal(c: Citacao) -> None:
    arquivo = SEMENTE_DA_NORMA.get(c.norma)
    if arquivo is None or not (SEEDS / arquivo).exists():
        return  # lei fora das sementes (Lei 9.784/1999) ou sementes ausentes neste checkout
    texto = " ".join((SEEDS / arquivo).read_text(encoding="utf-8").split())
    assert " ".join(c.texto.split()) in texto, (c.norma, c.dispositivo)


def test_termos_de_busca_levam_a_infracoes_do_catalogo_com_citacao_literal() -> None:
    termos = termos_de_busca()
    for grupo in termos.grupos.values():
        assert set(grupo.infracoes) <= set(catalogo().infracoes)
        if grupo.fonte is not None:
            _literal(grupo.fonte)
    assert "colete salva-vidas" in termos.palavras_da_infracao("RLESTA.15.I")
    assert "no" in termos.palavras_vazias  # entre aspas no YAML: não vira `False`


def test_consulta_publica_entrega_so_documentos_do_interessado() -> None:
    dados = consulta_publica()
    tipos = set(dados.documentos.tipos)
    assert tipos <= {t.value for t in TipoDocumento}
    assert {"auto_de_infracao", "decisao_julgamento", "decisao_recurso"} <= tipos
    # trazem dados de outra pessoa (o depositário, quem recebe a embarcação)
    assert not tipos & {"termo_fiel_depositario", "termo_entrega_embarcacao", "tipo_de_lacre"}


def test_guia_de_pagamento_e_o_darf_das_normas_sem_codigo_inventado() -> None:
    pagamento = consulta_publica().pagamento
    assert pagamento.guia == "DARF"
    assert pagamento.codigo_receita is None  # nenhuma fonte do Farol dá o código
    for fonte in pagamento.fontes:
        _literal(fonte)
    assert any("DARF" in f.texto for f in pagamento.fontes)
