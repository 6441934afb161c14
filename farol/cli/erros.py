"""Tradução de erros para a linha de comando: uma linha em português, saída 2, sem traceback."""

from __future__ import annotations

import sys
from typing import NoReturn

import typer

from farol.erros import ErroFarol

SAIDA_ENTRADA_INVALIDA = 2

_TRADUCOES = {
    "No such option": "opção desconhecida",
    "Missing argument": "argumento obrigatório ausente",
    "Missing option": "opção obrigatória ausente",
    "No such command": "comando desconhecido",
    "Got unexpected extra argument": "argumento a mais não esperado",
    "Invalid value for": "valor inválido para",
    "requires an argument": "exige um valor",
    "is not a valid integer": "não é um número inteiro válido",
    "is not one of": "não é um dos valores",
}


def traduzir_click(mensagem: str) -> str:
    for en, pt in _TRADUCOES.items():
        mensagem = mensagem.replace(en, pt)
    return " ".join(mensagem.split())


def falhar(erro: ErroFarol) -> NoReturn:
    print(f"erro: {erro.texto()}", file=sys.stderr)
    raise SystemExit(SAIDA_ENTRADA_INVALIDA)


def falhar_uso(erro: typer.exceptions.TyperException) -> NoReturn:
    mensagem = traduzir_click(str(getattr(erro, "message", erro)))
    if type(erro).__name__ == "MissingParameter":
        parametro = getattr(getattr(erro, "param", None), "name", None) or "parâmetro"
        mensagem = f"{parametro}: obrigatório e ausente"
    elif isinstance(erro, typer.BadParameter):
        parametro = getattr(erro.param, "name", None) or "parâmetro"
        mensagem = f"{parametro}: valor inválido ({traduzir_click(erro.message)})"
        mensagem = mensagem.replace(
            "Input should be a valid integer, unable to parse string as an integer",
            "esperado um número inteiro",
        )
    if mensagem:
        print(f"erro: {mensagem}", file=sys.stderr)
    raise SystemExit(SAIDA_ENTRADA_INVALIDA)
