"""A OM troca o cabeçalho (ou um modelo inteiro) sem tocar no Python."""

from __future__ import annotations

import re
from io import BytesIO
from pathlib import Path

import pytest
from pypdf import PdfReader

from farol.pdf.ambiente import PASTA_PADRAO
from farol.pdf.dados import TipoDocumento
from farol.pdf.exemplos import exemplo
from farol.pdf.marcacao import ModeloInvalido
from farol.pdf.renderizador import gerar_marcacao, renderizar

CABECALHO_OM = """\
<p estilo="om">MARINHA DO BRASIL</p>
<p estilo="om">DELEGACIA DA CAPITANIA DOS PORTOS EM ANGRA DOS REIS</p>
<p estilo="om_sub">Cabeçalho personalizado pela OM — {{ om.sigla }}</p>
<linha/>
"""


def _texto(pdf: bytes) -> str:
    return re.sub(r"\s+", "", "".join(p.extract_text() for p in PdfReader(BytesIO(pdf)).pages))


def test_cada_tipo_de_documento_tem_o_seu_modelo_padrao() -> None:
    for tipo in TipoDocumento:
        assert (PASTA_PADRAO / f"{tipo.value}.xml.j2").is_file()
    assert (PASTA_PADRAO / "cabecalho.xml.j2").is_file()


def test_cabecalho_da_pasta_da_om_substitui_o_padrao(tmp_path: Path) -> None:
    (tmp_path / "cabecalho.xml.j2").write_text(CABECALHO_OM, encoding="utf-8")
    dados = exemplo(TipoDocumento.auto_de_infracao)
    texto = _texto(renderizar(dados, modelos_dir=tmp_path))
    assert "DELEGACIADACAPITANIADOSPORTOSEMANGRADOSREIS" in texto
    assert "CabeçalhopersonalizadopelaOM—CPRJ" in texto
    # o corpo continua vindo do modelo padrão
    assert "RLESTA.12.II" in texto and "AUTODEINFRAÇÃO" in texto


def test_variavel_farol_modelos_dir_e_consultada_a_cada_documento(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "cabecalho.xml.j2").write_text(CABECALHO_OM, encoding="utf-8")
    dados = exemplo(TipoDocumento.tipo_de_lacre)
    monkeypatch.setenv("FAROL_MODELOS_DIR", str(tmp_path))
    assert "ANGRADOSREIS" in _texto(renderizar(dados))
    monkeypatch.delenv("FAROL_MODELOS_DIR")
    assert "ANGRADOSREIS" not in _texto(renderizar(dados))


def test_brasao_posto_na_pasta_da_om_aparece_no_cabecalho(tmp_path: Path) -> None:
    imagem = pytest.importorskip("PIL.Image")
    imagem.new("RGB", (60, 60), (0, 51, 102)).save(tmp_path / "brasao.png")
    dados = exemplo(TipoDocumento.notificacao_comparecimento)
    assert '<imagem arquivo="brasao.png"' in gerar_marcacao(dados, modelos_dir=tmp_path)
    assert '<imagem arquivo="brasao.png"' not in gerar_marcacao(dados)
    leitor = PdfReader(BytesIO(renderizar(dados, modelos_dir=tmp_path)))
    assert leitor.pages[0].images, "o brasão não foi desenhado na primeira página"


def test_pasta_de_modelos_inexistente_e_erro_claro(tmp_path: Path) -> None:
    with pytest.raises(ModeloInvalido, match="não existe"):
        renderizar(exemplo(TipoDocumento.auto_de_infracao), modelos_dir=tmp_path / "nada")


def test_modelo_da_om_com_elemento_desconhecido_e_erro_claro(tmp_path: Path) -> None:
    (tmp_path / "cabecalho.xml.j2").write_text("<tabelinha/>", encoding="utf-8")
    with pytest.raises(ModeloInvalido, match="tabelinha"):
        renderizar(exemplo(TipoDocumento.auto_de_infracao), modelos_dir=tmp_path)


def test_modelo_da_om_com_xml_quebrado_e_erro_claro(tmp_path: Path) -> None:
    (tmp_path / "cabecalho.xml.j2").write_text("<p>sem fechar", encoding="utf-8")
    with pytest.raises(ModeloInvalido, match=r"XML inválido \(linha \d+, coluna \d+\)$"):
        renderizar(exemplo(TipoDocumento.auto_de_infracao), modelos_dir=tmp_path)


def test_caractere_de_controle_num_dado_nao_quebra_o_documento(tmp_path: Path) -> None:
    """Um texto digitado com caracteres que o XML não admite (o fuzz da API achou um) sai sem
    eles, em vez de o documento virar "XML inválido"."""
    (tmp_path / "cabecalho.xml.j2").write_text(
        '<p estilo="om">Texto{{ "\x01\x0b\x1f" }}colado {{ om.sigla }}</p>', encoding="utf-8"
    )
    texto = _texto(renderizar(exemplo(TipoDocumento.auto_de_infracao), modelos_dir=tmp_path))
    assert "Textocolado" in texto


def test_modelo_da_om_que_usa_dado_inexistente_e_erro_claro(tmp_path: Path) -> None:
    (tmp_path / "cabecalho.xml.j2").write_text("<p>{{ om.brasao }}</p>", encoding="utf-8")
    with pytest.raises(ModeloInvalido, match="dado inexistente"):
        renderizar(exemplo(TipoDocumento.auto_de_infracao), modelos_dir=tmp_path)


def test_modelo_da_om_com_erro_de_sintaxe_jinja_nomeia_arquivo_e_linha(tmp_path: Path) -> None:
    (tmp_path / "cabecalho.xml.j2").write_text("<p>\n{% if %}</p>", encoding="utf-8")
    with pytest.raises(ModeloInvalido, match=r"cabecalho\.xml\.j2.*linha 2"):
        renderizar(exemplo(TipoDocumento.auto_de_infracao), modelos_dir=tmp_path)


def test_cada_tipo_de_documento_esta_documentado() -> None:
    doc = (Path(__file__).resolve().parents[2] / "docs" / "documentos.md").read_text("utf-8")
    faltando = [t.value for t in TipoDocumento if f"`{t.value}`" not in doc]
    assert not faltando, f"tipos sem documentação em docs/documentos.md: {faltando}"
    assert "FAROL_MODELOS_DIR" in doc
