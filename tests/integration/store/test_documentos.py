"""CPF e CNPJ: dígitos verificadores, normalização, formatação e mensagens."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from farol.domain.cpf_cnpj import (
    formatar_documento,
    tipo_de_pessoa,
    validar_cnpj,
    validar_cpf,
    validar_documento,
)
from farol.erros import EntradaInvalida


def _com_digitos_cpf(base: str) -> str:
    d = base
    for pesos in (range(10, 1, -1), range(11, 1, -1)):
        resto = sum(int(n) * p for n, p in zip(d, pesos, strict=False)) % 11
        d += "0" if resto < 2 else str(11 - resto)
    return d


def test_cpf_valido_e_normalizado_para_digitos() -> None:
    assert validar_cpf("529.982.247-25") == "52998224725"
    assert validar_cpf(" 52998224725 ") == "52998224725"


def test_cpf_com_digito_errado_e_recusado() -> None:
    with pytest.raises(EntradaInvalida) as erro:
        validar_cpf("529.982.247-24")
    assert erro.value.campo == "documento"
    assert "CPF 529.982.247-24 com dígito verificador errado" in erro.value.mensagem


def test_cpf_com_um_digito_repetido_e_recusado_mesmo_passando_na_conta() -> None:
    with pytest.raises(EntradaInvalida, match="dígito verificador"):
        validar_cpf("111.111.111-11")


def test_cnpj_valido_e_formatado_com_barra() -> None:
    assert validar_cnpj("11.222.333/0001-81") == "11222333000181"
    assert formatar_documento("11222333000181") == "11.222.333/0001-81"


def test_cnpj_com_digito_errado_e_recusado() -> None:
    with pytest.raises(EntradaInvalida) as erro:
        validar_cnpj("11.222.333/0001-80")
    assert erro.value.campo == "documento"
    assert "CNPJ 11.222.333/0001-80 com dígito verificador errado" in erro.value.mensagem


def test_documento_com_tamanho_errado_e_recusado() -> None:
    with pytest.raises(EntradaInvalida) as erro:
        validar_documento("5299822472")
    assert erro.value.mensagem == (
        "o documento é CPF (11 dígitos) ou CNPJ (14 dígitos), e o informado tem 10 dígitos"
    )
    with pytest.raises(EntradaInvalida) as erro:
        validar_cpf("5")
    assert erro.value.mensagem == "o CPF tem 11 dígitos, e o informado tem 1 dígito"


def test_documento_com_letras_e_recusado_citando_o_digitado_entre_aspas_curvas() -> None:
    """Antes: "'529.982.247-2X' não é um CPF nem um CNPJ", com as aspas do `repr` do Python."""
    with pytest.raises(EntradaInvalida) as erro:
        validar_documento("529.982.247-2X")
    assert erro.value.campo == "documento"
    assert erro.value.mensagem == (
        "“529.982.247-2X” não é um CPF nem um CNPJ: use só dígitos, pontos, barra e traço"
    )
    # o campo que pede só o CPF fala só do CPF; a quebra de linha não entra na mensagem
    with pytest.raises(EntradaInvalida) as erro:
        validar_cpf("O'Neil\n123")
    assert erro.value.mensagem == "“O'Neil 123” não é um CPF: use só dígitos, pontos e traço"
    with pytest.raises(EntradaInvalida) as erro:
        validar_documento(" - ")
    assert erro.value.mensagem == "informe o documento: CPF (11 dígitos) ou CNPJ (14 dígitos)"


def test_tipo_de_pessoa_vem_do_tamanho_do_documento() -> None:
    assert tipo_de_pessoa("529.982.247-25") == "fisica"
    assert tipo_de_pessoa("11.222.333/0001-81") == "juridica"


def test_cpf_e_formatado_com_pontos_e_traco() -> None:
    assert formatar_documento("52998224725") == "529.982.247-25"


@given(st.text(alphabet="0123456789", min_size=9, max_size=9).filter(lambda b: len(set(b)) > 1))
def test_todo_cpf_com_digitos_calculados_e_aceito_e_volta_da_formatacao(base: str) -> None:
    cpf = _com_digitos_cpf(base)
    assert validar_documento(formatar_documento(cpf)) == cpf
