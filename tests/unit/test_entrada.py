"""Os limites e as formas de entrada de `farol/entrada.py`, sem banco nem HTTP.

Cada recusa é a que a API e as páginas devolvem como 422 em português (os testes de ponta a
ponta estão em tests/e2e/api/test_limites_de_entrada.py e tests/e2e/web/test_paginas_limites.py).
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest
from pydantic import ValidationError

from farol import entrada
from farol.erros import EntradaInvalida
from farol.services.comandos import DadosCorrecao, DadosPagamento, NovoAto
from farol.services.inspecoes import NovaInspecao
from farol.web.formularios import aninhar


def _erro(modelo: Any, dados: dict[str, Any]) -> tuple[str, str]:
    with pytest.raises(ValidationError) as e:
        modelo.model_validate(dados)
    primeiro = e.value.errors()[0]
    return ".".join(map(str, primeiro["loc"])), str(primeiro["msg"]).removeprefix("Value error, ")


@pytest.mark.parametrize(
    ("valor", "esperado"),
    [("1600.00", Decimal("1600.00")), ("40", Decimal("40")), (" 0.5 ", Decimal("0.5")),
     (Decimal("12.30"), Decimal("12.30")), ("999999999999.99", Decimal("999999999999.99"))],
)  # fmt: skip
def test_dinheiro_aceito_e_texto_decimal_com_ate_duas_casas(valor: Any, esperado: Decimal) -> None:
    assert DadosPagamento.model_validate({"valor": valor, "referencia": "GRU"}).valor == esperado


@pytest.mark.parametrize(
    ("valor", "mensagem"),
    [
        ("6E+2", "valor em dinheiro: texto com ponto decimal"),
        ("1e2", "valor em dinheiro: texto com ponto decimal"),
        (600.0, "valor em dinheiro: texto com ponto decimal"),
        (600, "valor em dinheiro: texto com ponto decimal"),
        (True, "valor em dinheiro: texto com ponto decimal"),
        ("Infinity", "valor em dinheiro: texto com ponto decimal"),
        ("0x10", "valor em dinheiro: texto com ponto decimal"),
        ("600.001", "valor em dinheiro com mais de duas casas decimais"),
        (Decimal("600.001"), "valor em dinheiro com mais de duas casas decimais"),
        ("-1", "valor em dinheiro negativo"),
        ("1000000000000", "valor em dinheiro grande demais"),
    ],
)
def test_dinheiro_recusado_diz_a_forma_certa(valor: Any, mensagem: str) -> None:
    campo, texto = _erro(DadosPagamento, {"valor": valor, "referencia": "GRU"})
    assert campo == "valor" and texto.startswith(mensagem)


def test_o_padrao_documentado_do_dinheiro_e_o_da_regra() -> None:
    assert entrada.DINHEIRO == r"^\d{1,12}(\.\d{1,2})?$"
    esquema = DadosPagamento.model_json_schema()["properties"]["valor"]
    assert (esquema["type"], esquema["pattern"]) == ("string", entrada.DINHEIRO)


@pytest.mark.parametrize(
    ("texto", "problema"),
    [("a\x00b", "caractere nulo (U+0000)"), ("\ud800", "par substituto UTF-16"),
     ("\udfff fim", "par substituto UTF-16")],
)  # fmt: skip
def test_nul_e_metade_de_par_substituto_sao_recusados_em_qualquer_campo(
    texto: str, problema: str
) -> None:
    campo, mensagem = _erro(NovoAto, {"tipo": texto, "data_ato": "2026-03-02"})
    assert campo == "tipo" and problema in mensagem
    with pytest.raises(ValidationError) as e:
        NovoAto.model_validate(
            {"tipo": "defesa", "data_ato": "2026-03-02", "dados": {"itens": [{"t": texto}]}}
        )
    erro = e.value.errors()[0]
    assert (erro["loc"], erro["ctx"]["caminho"]) == (("dados",), "itens.0.t")
    assert entrada.conferir_caracteres("😀 emoji e acentuação") == "😀 emoji e acentuação"


@pytest.mark.parametrize(
    ("data", "aceita"),
    [("1900-01-01", True), ("2100-12-31", True), ("1899-12-31", False), ("2101-01-01", False),
     ("0001-01-01", False), ("9999-12-31", False), (0, False), ("0", False),
     ("20260302", False), (dt.date(2026, 3, 2), True)],
)  # fmt: skip
def test_datas_de_1900_a_2100_escritas_como_data(data: Any, aceita: bool) -> None:
    corpo = {"tipo": "defesa", "data_ato": data}
    if aceita:
        assert NovoAto.model_validate(corpo).data_ato.year in (1900, 2026, 2100)
    else:
        campo, mensagem = _erro(NovoAto, corpo)
        assert campo == "data_ato"
        assert mensagem.startswith(("ano ", "data inválida: use AAAA-MM-DD"))


def test_data_e_hora_do_ano_1_e_recusada_antes_de_virar_utc() -> None:
    for data_hora in ("0001-01-01T00:00:00-03:00", "9999-12-31T23:59:59-12:00"):
        with pytest.raises(ValidationError) as e:
            NovaInspecao.model_validate({"data_hora": data_hora})
        erros = {x["loc"]: str(x["msg"]) for x in e.value.errors()}
        assert erros[("data_hora",)].endswith("fora do intervalo aceito (1900 a 2100)")


def test_dados_livres_tem_profundidade_e_tamanho_maximos() -> None:
    def aninhado(niveis: int) -> dict[str, Any]:
        x: dict[str, Any] = {}
        for _ in range(niveis - 1):
            x = {"a": x}
        return x

    motivo = "Registro errado do meio."
    assert DadosCorrecao.model_validate({"motivo": motivo, "dados_corrigidos": aninhado(8)})
    for dados, mensagem in [
        (aninhado(9), "dados aninhados demais: no máximo 8 níveis"),
        ({"x": [[[[[[[[[]]]]]]]]]}, "dados aninhados demais"),
        ({"texto": "x" * entrada.DADOS_LIVRES_TAMANHO}, "dados grandes demais"),
    ]:
        campo, texto = _erro(DadosCorrecao, {"motivo": motivo, "dados_corrigidos": dados})
        assert campo == "dados_corrigidos" and texto.startswith(mensagem)


def test_textos_tem_o_maximo_documentado() -> None:
    motivo = "x" * (entrada.TEXTO + 1)
    campo, mensagem = _erro(DadosCorrecao, {"motivo": motivo})
    assert (campo, mensagem) == ("motivo", f"String should have at most {entrada.TEXTO} characters")


def test_aninhar_monta_objetos_e_listas() -> None:
    assert aninhar([("dados.texto", "x"), ("dados.p.1.m", "2"), ("dados.p.0.m", "1")]) == {
        "dados": {"texto": "x", "p": [{"m": "1"}, {"m": "2"}]}
    }


@pytest.mark.parametrize(
    ("pares", "campo"),
    [
        ([("dados.texto", "a"), ("dados.texto.b", "c")], "dados.texto"),
        ([("dados.texto.b", "c"), ("dados.texto", "a")], "dados.texto"),
        ([("dados.texto", "a"), ("dados.texto", "b")], "dados.texto"),
        ([("dados." + ".".join(["a"] * 3000), "c")], "dados.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a"),
    ],
)
def test_aninhar_recusa_colisao_e_profundidade(pares: list[tuple[str, str]], campo: str) -> None:
    with pytest.raises(EntradaInvalida) as e:
        aninhar(pares)
    assert e.value.campo is not None and e.value.campo.startswith(campo)
    assert e.value.mensagem.startswith(("campo enviado mais de uma vez", "nome de campo com níveis"))
