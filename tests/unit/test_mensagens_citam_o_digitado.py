"""As recusas citam o que se digitou entre aspas curvas (`formatos.citado`), como a do CPF/CNPJ,
nunca com o `repr` do Python ('x', com as aspas retas e os escapes dele); e a lista do que se
admite, quando é de ids, leva o nome de cada um (a página mostra o nome, a API manda o id).

Antes: "qualidade 'dono' não admitida (admitidas: proprietario, armador, ...)", "OM 'CPXX' não
encontrada", "CEP '123' inválido", "data inválida '2026-02-30'".
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from decimal import Decimal
from typing import Any, cast

import pytest
from pydantic import ValidationError

from farol.erros import EntradaInvalida, ErroFarol
from farol.services import custodia, documentos, poluicao, procedimentos, processos
from farol.services.comandos import (
    DadosDespesa,
    DadosLiberacao,
    DadosMedidaImposta,
    Identificacao,
)
from farol.services.contas import NovaOM, NovoUsuario
from farol.services.endereco_om import EnderecoDaOM
from farol.services.jurisdicao import Ator
from farol.services.usuarios import validar_email

from .falsos import UnidadeFalsa

CPF = "529.982.247-25"


def _recusa(f: Callable[[], Any]) -> ErroFarol:
    with pytest.raises(ErroFarol) as e:
        f()
    return e.value


def _validacao(f: Callable[[], Any]) -> str:
    with pytest.raises(ValidationError) as e:
        f()
    return str(e.value.errors()[0]["msg"]).removeprefix("Value error, ")


def _sem_repr(mensagem: str, digitado: str) -> None:
    assert f"“{digitado}”" in mensagem, mensagem
    assert f"'{digitado}'" not in mensagem, mensagem


def test_qualidade_nao_admitida_cita_a_digitada_e_lista_as_admitidas_com_o_nome() -> None:
    quem = Identificacao(nome="Fulano de Tal", documento=CPF, qualidade="dono")
    e = _recusa(
        lambda: custodia.conferir_qualidade(quem, ("proprietario", "om"), "dados.recebedor")
    )
    assert e.mensagem == (
        "qualidade “dono” não admitida; admitidas: proprietario (proprietário da embarcação), "
        "om (a própria OM, que guarda a embarcação)"
    )
    assert e.campo == "dados.recebedor.qualidade"


def test_despesa_desconhecida_cita_a_digitada_e_lista_as_despesas_com_o_nome() -> None:
    dados = DadosDespesa(
        item="gasolina", valor=Decimal("10.00"), descricao="abastecer", comprovante="NF 1"
    )
    e = _recusa(
        lambda: custodia.efeitos_antes(
            cast(Any, None), cast(Any, None), "despesa", dt.date(2026, 3, 2), dados, {}
        )
    )
    assert e.mensagem.startswith("despesa desconhecida: “gasolina”; admitidas: ")
    assert "transporte (Transporte)" in e.mensagem and e.campo == "dados.item"


def test_item_desconhecido_da_tabela_de_valores_diarios_cita_o_item() -> None:
    ator = Ator(usuario_id=1, login="cp", nome="CP", papel="capitao_dos_portos", om_id=1,
                om_sigla="CPSC", oms=frozenset({1}))  # fmt: skip
    cmd = custodia.NovaTarifa(
        vigente_desde=dt.date(2026, 1, 1),
        ato="Portaria nº 1/2026",
        valores={"piscina": Decimal("5.00")},
    )
    e = _recusa(lambda: custodia.registrar_tarifa(cast(Any, UnidadeFalsa()), ator, cmd))
    assert e.mensagem.startswith("item desconhecido: “piscina”; itens: ")
    assert e.campo == "valores.piscina"


def test_tipo_de_documento_desconhecido_cita_o_tipo_e_lista_os_tipos_com_o_titulo() -> None:
    e = _recusa(lambda: documentos.tipo_documento("oficio"))
    assert e.mensagem.startswith("tipo de documento desconhecido: “oficio”; tipos: ")
    assert "auto_de_infracao (Auto de Infração" in e.mensagem


def test_infracao_de_poluicao_e_forma_de_liberacao_desconhecidas_citam_o_digitado() -> None:
    e = _recusa(
        lambda: poluicao.conferir_infracao("DECRETO-4136.99", dt.date(2026, 1, 1), campo="x")
    )
    assert e.mensagem == (
        "infração de poluição desconhecida: “DECRETO-4136.99”; conhecidas: DECRETO-4136.36"
    )
    e = _recusa(
        lambda: poluicao.conferir_liberacao(DadosLiberacao.model_construct(liberacao="fianca"), {})
    )
    assert e.mensagem.startswith("forma de liberação desconhecida: “fianca”; formas: ")
    assert "certificado_apresentado (Certificado de Garantia Financeira apresentado)" in e.mensagem
    assert "))" not in e.mensagem  # a lista não fica mais entre parênteses


def test_medida_desconhecida_cita_a_medida_e_lista_as_medidas_com_o_nome() -> None:
    dados = DadosMedidaImposta(medidas=["afundar"], fundamentacao="x" * 20)
    e = _recusa(
        lambda: processos._efeitos_antes(
            cast(Any, None), cast(Any, None), cast(Any, None), cast(Any, None), dados, {},
            cast(Any, None),
        )
    )  # fmt: skip
    assert e.mensagem.startswith("medida desconhecida: “afundar”; medidas: ")
    assert "apreensao_embarcacao (" in e.mensagem and e.campo == "dados.medidas.0"


def test_regime_que_nao_se_abre_pelo_pedido_cita_o_regime_e_os_que_se_abrem_pelo_nome() -> None:
    cmd = procedimentos.NovoProcedimento.model_construct(regime="lesta")
    e = _recusa(lambda: procedimentos.abrir_procedimento(cast(Any, None), cast(Any, None), cmd))
    assert e.mensagem.startswith("regime “lesta” não se abre por aqui (abrem-se: apuracao (")
    assert e.campo == "regime"


@pytest.mark.parametrize(
    ("montar", "digitado", "inicio"),
    [
        (lambda: NovaOM(sigla="CP SC", nome="X", tipo="CP", uf="SC", municipio="Y"), "CP SC",
         "sigla inválida: “CP SC” (letras"),
        (lambda: NovaOM(sigla="CPXX", nome="X", tipo="ZZ", uf="SC", municipio="Y"), "ZZ",
         "tipo de OM desconhecido: “ZZ” (use"),
        (lambda: NovaOM(sigla="CPXX", nome="X", tipo="CP", uf="XX", municipio="Y"), "XX",
         "UF desconhecida: “XX” (use"),
        (lambda: NovoUsuario(login="Ana Maria", nome="Ana", papel="inspetor", om="CPSC"),
         "Ana Maria", "login inválido: “Ana Maria” (minúsculas"),
        (lambda: NovoUsuario(login="ana", nome="Ana", papel="chefe", om="CPSC"), "chefe",
         "papel desconhecido: “chefe” (use inspetor"),
        (lambda: EnderecoDaOM(cep="880-15"), "880-15", "CEP “880-15” inválido"),
        (lambda: EnderecoDaOM(email="sem arroba"), "sem arroba", "e-mail “sem arroba” inválido"),
    ],
)  # fmt: skip
def test_o_cadastro_de_om_usuario_e_endereco_cita_o_digitado(
    montar: Callable[[], Any], digitado: str, inicio: str
) -> None:
    mensagem = _validacao(montar)
    assert mensagem.startswith(inicio), mensagem
    _sem_repr(mensagem, digitado)


def test_email_invalido_cita_o_digitado() -> None:
    e = _recusa(lambda: validar_email("ana@"))
    assert e.mensagem.startswith("e-mail inválido: “ana@” (use nome@dominio")


def test_regime_etapa_e_instancia_desconhecidos_dos_prazos_citam_o_digitado() -> None:
    from farol.normas.prazos import autoridade_recurso, catalogo_prazos

    e = _recusa(lambda: catalogo_prazos().regra("xyz", "defesa"))
    assert e.mensagem.startswith("regime desconhecido: “xyz” (use um de: ")
    e = _recusa(lambda: catalogo_prazos().regra("lesta", "nada"))
    assert e.mensagem.startswith("etapa desconhecida no regime lesta: “nada” (use uma de: ")
    e = _recusa(lambda: autoridade_recurso("lesta", cast(Any, "terceira"), dt.date(2026, 1, 1)))
    assert e.mensagem == "instância desconhecida: “terceira”"


def test_a_data_da_linha_de_comando_cita_o_digitado() -> None:
    from farol.cli.main import ler_data

    with pytest.raises(EntradaInvalida) as e:
        ler_data("2026-02-30", "data")
    assert e.value.mensagem == (
        "data inválida “2026-02-30”: use AAAA-MM-DD com dia, mês e ano existentes"
    )


def test_o_citado_tira_a_quebra_de_linha_que_o_repr_escapava() -> None:
    """O `repr` mostrava "'a\\nb'"; a citação, “a b”."""
    e = _recusa(lambda: documentos.tipo_documento("a\nb"))
    assert e.mensagem.startswith("tipo de documento desconhecido: “a b”;")
    assert "\\n" not in e.mensagem
