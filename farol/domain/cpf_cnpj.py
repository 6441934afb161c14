"""CPF e CNPJ: dígitos verificadores, normalização e formatação.

Funções puras. O banco guarda o documento só com dígitos (11 para CPF, 14 para CNPJ);
a tela mostra `000.000.000-00` e `00.000.000/0000-00`. Todo erro nomeia o campo
`documento`, e a mensagem serve à página, à API e à consulta pública: o que se digitou vai
citado entre aspas curvas (`formatos.citado`), nunca com as aspas do `repr` do Python.

Dígitos verificadores pelo módulo 11, como publica a Receita Federal: no CPF os pesos vão
de 10 (ou 11) a 2; no CNPJ de 5 a 2 e depois de 9 a 2. Sequências de um só dígito repetido
(111.111.111-11) passam na conta mas não são documentos emitidos: são recusadas.

Não tratado: o CNPJ alfanumérico (IN RFB nº 2.229/2024, emitido a partir de julho de 2026)
exige outra normalização e outra coluna; até lá o documento é só de dígitos.
"""

from __future__ import annotations

from typing import Literal

from farol.erros import EntradaInvalida
from farol.formatos import citado, quantidade

TipoPessoa = Literal["fisica", "juridica"]

CAMPO = "documento"
REGRA = "dígito verificador, módulo 11"
_PESOS_CNPJ = (6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2)
_PESOS_CPF = tuple(range(11, 1, -1))


_COM_BARRA = "pontos, barra e traço"
_O_QUE: dict[str | None, tuple[str, str, str]] = {
    None: ("o documento: CPF (11 dígitos) ou CNPJ (14 dígitos)", "um CPF nem um CNPJ", _COM_BARRA),
    "CPF": ("o CPF (11 dígitos)", "um CPF", "pontos e traço"),
    "CNPJ": ("o CNPJ (14 dígitos)", "um CNPJ", _COM_BARRA),
}
"""Por documento esperado: o que informar, o que o texto não é e a pontuação admitida."""


def so_digitos(texto: str, esperado: Literal["CPF", "CNPJ"] | None = None) -> str:
    """Tira pontos, barras, traços e espaços; recusa qualquer outro caractere. `esperado`: o
    documento que o campo pede (a recusa fala só dele); sem ele, CPF ou CNPJ."""
    if texto.isascii() and texto.isdigit():  # o que o banco guarda: já só dígitos
        return texto
    informe, nao_e, pontuacao = _O_QUE[esperado]
    limpo = "".join(c for c in texto if c not in ".-/ \t")
    if not limpo:
        raise EntradaInvalida(f"informe {informe}", campo=CAMPO)
    if not limpo.isascii() or not limpo.isdigit():
        raise EntradaInvalida(
            f"{citado(texto)} não é {nao_e}: use só dígitos, {pontuacao}", campo=CAMPO
        )
    return limpo


def _digitos(n: int) -> str:
    return quantidade(n, "dígito")


def _digito(numeros: str, pesos: tuple[int, ...]) -> str:
    resto = sum(int(n) * p for n, p in zip(numeros, pesos, strict=True)) % 11
    return "0" if resto < 2 else str(11 - resto)


def _cpf_valido(d: str) -> bool:
    primeiro = _digito(d[:9], _PESOS_CPF[1:])
    segundo = _digito(d[:9] + primeiro, _PESOS_CPF)
    return d[9:] == primeiro + segundo


def _cnpj_valido(d: str) -> bool:
    primeiro = _digito(d[:12], _PESOS_CNPJ[1:])
    segundo = _digito(d[:12] + primeiro, _PESOS_CNPJ)
    return d[12:] == primeiro + segundo


def validar_cpf(texto: str) -> str:
    """Devolve o CPF só com dígitos ou levanta `EntradaInvalida` (campo `documento`)."""
    d = so_digitos(texto, "CPF")
    if len(d) != 11:
        raise EntradaInvalida(
            f"o CPF tem 11 dígitos, e o informado tem {_digitos(len(d))}", campo=CAMPO
        )
    if len(set(d)) == 1 or not _cpf_valido(d):
        raise EntradaInvalida(
            f"CPF {formatar_cpf(d)} com dígito verificador errado", campo=CAMPO, regra=REGRA
        )
    return d


def validar_cnpj(texto: str) -> str:
    """Devolve o CNPJ só com dígitos ou levanta `EntradaInvalida` (campo `documento`)."""
    d = so_digitos(texto, "CNPJ")
    if len(d) != 14:
        raise EntradaInvalida(
            f"o CNPJ tem 14 dígitos, e o informado tem {_digitos(len(d))}", campo=CAMPO
        )
    if len(set(d)) == 1 or not _cnpj_valido(d):
        raise EntradaInvalida(
            f"CNPJ {formatar_cnpj(d)} com dígito verificador errado", campo=CAMPO, regra=REGRA
        )
    return d


def validar_documento(texto: str) -> str:
    """CPF (11 dígitos) ou CNPJ (14 dígitos), decidido pelo tamanho; devolve só os dígitos."""
    d = so_digitos(texto)
    if len(d) == 11:
        return validar_cpf(d)
    if len(d) == 14:
        return validar_cnpj(d)
    raise EntradaInvalida(
        "o documento é CPF (11 dígitos) ou CNPJ (14 dígitos), e o informado tem "
        + _digitos(len(d)),
        campo=CAMPO,
    )


def tipo_de_pessoa(documento: str) -> TipoPessoa:
    """Pessoa física para CPF, jurídica para CNPJ (documento já validado)."""
    return "fisica" if len(validar_documento(documento)) == 11 else "juridica"


def formatar_cpf(digitos: str) -> str:
    d = digitos
    return f"{d[:3]}.{d[3:6]}.{d[6:9]}-{d[9:]}"


def formatar_cnpj(digitos: str) -> str:
    d = digitos
    return f"{d[:2]}.{d[2:5]}.{d[5:8]}/{d[8:12]}-{d[12:]}"


def formatar_documento(documento: str) -> str:
    """`000.000.000-00` ou `00.000.000/0000-00`, conforme o tamanho; valida antes."""
    d = validar_documento(documento)
    return formatar_cpf(d) if len(d) == 11 else formatar_cnpj(d)


def mascarar_documento(documento: str) -> str:
    """CPF: '***.444.777-**' (os seis dígitos do meio, como no gov.br), para o que se mostra a
    quem não é o titular (a consulta pública, o aviso publicado). CNPJ (empresa, não é dado
    pessoal): por inteiro."""
    d = validar_documento(documento)
    if len(d) == 14:
        return formatar_documento(d)
    return f"***.{d[3:6]}.{d[6:9]}-**"
