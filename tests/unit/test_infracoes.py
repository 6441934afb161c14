"""O catálogo de infrações reproduz o RLESTA (arts. 11–28) e a LESTA, item a item."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from farol.erros import NaoEncontrado
from farol.normas.infracoes import catalogo

# Transcrição independente do RLESTA (seed 002): código → (grupo, suspensão máxima, combinação).
ESPERADO: dict[str, tuple[str | None, str | None, str]] = {
    "RLESTA.11": ("E", None, "unica"),
    "RLESTA.12.I": ("D", None, "unica"),
    "RLESTA.12.II": ("B", "P60D", "alternativa"),
    "RLESTA.12.III": ("A", "P30D", "alternativa"),
    "RLESTA.13.I": ("D", None, "unica"),
    "RLESTA.13.II": ("B", "P120D", "alternativa"),
    "RLESTA.13.III": ("A", "P12M", "alternativa"),
    "RLESTA.14.I": ("D", None, "unica"),
    "RLESTA.14.II": ("C", "P30D", "alternativa"),
    "RLESTA.14.III": ("B", "P30D", "alternativa"),
    "RLESTA.15.I": ("D", "P60D", "alternativa"),
    "RLESTA.15.II": ("C", "P30D", "alternativa"),
    "RLESTA.15.III": ("C", "P30D", "alternativa"),
    "RLESTA.16.I": ("D", None, "unica"),
    "RLESTA.16.II": ("C", "P30D", "alternativa"),
    "RLESTA.17.I": ("D", "P60D", "alternativa"),
    "RLESTA.17.II": ("C", "P30D", "alternativa"),
    "RLESTA.17.III": ("C", "P30D", "alternativa"),
    "RLESTA.17.IV": ("A", "P30D", "alternativa"),
    "RLESTA.18.I": ("E", None, "unica"),
    "RLESTA.18.II": ("D", "P60D", "alternativa"),
    "RLESTA.19.I": ("D", "P60D", "alternativa"),
    "RLESTA.19.II": ("C", "P30D", "alternativa"),
    "RLESTA.19.III": ("C", "P30D", "alternativa"),
    "RLESTA.20.I": ("C", None, "unica"),
    "RLESTA.20.II": ("B", "P60D", "alternativa"),
    "RLESTA.20.III": ("C", "P60D", "alternativa"),
    "RLESTA.20.IV": ("B", "P30D", "alternativa"),
    "RLESTA.21.I": ("C", "P30D", "alternativa"),
    "RLESTA.21.II": ("C", "P60D", "alternativa"),
    "RLESTA.21.III": ("B", "P30D", "alternativa"),
    "RLESTA.22.I": ("G", "P60D", "alternativa"),
    "RLESTA.22.II": ("G", "P60D", "alternativa"),
    "RLESTA.22.III": ("F", "P30D", "alternativa"),
    "RLESTA.22.IV": ("F", "P30D", "alternativa"),
    "RLESTA.22.V": ("E", "P30D", "alternativa"),
    "RLESTA.23.I": (None, "P120D", "unica"),
    "RLESTA.23.II": ("D", "P60D", "alternativa"),
    "RLESTA.23.III": ("D", "P60D", "alternativa"),
    "RLESTA.23.IV": ("D", "P60D", "alternativa"),
    "RLESTA.23.V": ("D", "P60D", "alternativa"),
    "RLESTA.23.VI": ("D", "P60D", "alternativa"),
    "RLESTA.23.VII": ("C", "P30D", "alternativa"),
    "RLESTA.23.VIII": ("C", "P30D", "alternativa"),
    "RLESTA.24": ("G", "P12M", "cumulativa"),
    "RLESTA.25.I": (None, "P12M", "unica"),
    "RLESTA.25.II": (None, "P120D", "unica"),
    "RLESTA.26": ("E", None, "cumulativa"),
    "RLESTA.27": ("E", None, "cumulativa"),
    "RLESTA.28.I": ("E", "P12M", "alternativa"),
    "RLESTA.28.II": ("E", "P60D", "alternativa"),
    "LESTA.4-A": ("E", "P60D", "alternativa"),
}


def test_o_catalogo_tem_exatamente_os_itens_dos_arts_11_a_28_e_da_lesta() -> None:
    assert set(catalogo().infracoes) == set(ESPERADO)


@pytest.mark.parametrize("codigo", sorted(ESPERADO))
def test_cada_infracao_tem_o_grupo_a_suspensao_e_a_combinacao_do_texto(codigo: str) -> None:
    inf = catalogo().infracao(codigo)
    grupo, suspensao, combinacao = ESPERADO[codigo]
    assert (inf.penalidade.multa, inf.penalidade.suspensao_max) == (grupo, suspensao)
    assert inf.penalidade.combinacao == combinacao
    assert inf.autores, "toda infração nomeia os autores materiais admitidos"
    assert inf.fonte.texto and inf.fonte.dispositivo


@pytest.mark.parametrize("codigo", sorted(c for c in ESPERADO if c.startswith("RLESTA")))
def test_a_descricao_e_o_texto_literal_do_decreto(codigo: str, sementes: Path) -> None:
    seed = sementes / "002_fc8c093c74e0bcdc.txt"
    texto = " ".join(seed.read_text(encoding="utf-8").split())
    inf = catalogo().infracao(codigo)
    if codigo != "RLESTA.24":  # o art. 24 não tem rubrica/inciso: a descrição resume o caput
        assert " ".join(inf.descricao.split()) in texto
    assert " ".join(inf.penalidade_texto.split()) in texto


def test_so_o_art_13_iii_multiplica_a_multa_pelo_numero_de_faltas() -> None:
    por_falta = [c for c, i in catalogo().infracoes.items() if i.penalidade.multa_por_falta]
    assert por_falta == ["RLESTA.13.III"]


def test_excecoes_a_reincidencia_sao_dados_explicitos_com_fonte() -> None:
    excecoes = {
        c: i.penalidade.reincidencia
        for c, i in catalogo().infracoes.items()
        if i.penalidade.reincidencia != "multiplica"
    }
    assert excecoes == {
        "RLESTA.23.I": "cancelamento",
        "RLESTA.25.I": "cancelamento",
        "LESTA.4-A": "triplica_e_cancela",
    }


def test_demolicao_e_retirada_acompanham_a_multa_dos_arts_26_e_27() -> None:
    tipos = {
        c: [a.tipo for a in catalogo().infracao(c).penalidade.acessorias]
        for c in ("RLESTA.26", "RLESTA.27")
    }
    assert tipos == {
        "RLESTA.26": ["demolicao_obra"],
        "RLESTA.27": ["retirada_embarcacao", "demolicao_benfeitoria"],
    }


def test_ids_sao_enderecos_legais() -> None:
    for codigo in catalogo().infracoes:
        assert re.fullmatch(r"RLESTA\.\d{2}(\.[IVX]+)?|LESTA\.4-A", codigo)


def test_codigo_desconhecido_e_recusado_nomeando_o_campo() -> None:
    with pytest.raises(NaoEncontrado) as e:
        catalogo().infracao("RLESTA.29")
    assert e.value.campo == "codigo"


def test_busca_ignora_acentos_e_maiusculas() -> None:
    achados = [i.codigo for i in catalogo().buscar("EMBRIAGUEZ")]
    assert achados == ["RLESTA.23.I"]
    assert "RLESTA.11" in [i.codigo for i in catalogo().buscar("habilitacao")]
