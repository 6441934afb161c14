"""Tradução de erros para a linha de comando: uma linha em português, saída 2, sem traceback."""

from __future__ import annotations

import sys
from typing import NoReturn

import typer
from pydantic import ValidationError

from farol.erros import CATALOGO_DE_INFRACOES, ErroFarol
from farol.services.mensagens import traduzir

SAIDA_ENTRADA_INVALIDA = 2

ONDE_NA_CLI = {CATALOGO_DE_INFRACOES: "os códigos estão em `farol infracoes`"}
"""O que a linha de comando acrescenta à mensagem do serviço (`ErroFarol.consulte`): onde
consultar, na forma dela (a página diz a página Legislação; a API, GET /api/v1/infracoes)."""

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
    "Input should be greater than or equal to": "deve ser maior ou igual a",
    "Input should be less than or equal to": "deve ser menor ou igual a",
    # a frase inteira antes do começo dela (as trocas vão na ordem): sem isso, "esperado um
    # número inteiro, unable to parse string as an integer" (`farol serve --porta abc`)
    "Input should be a valid integer, unable to parse string as an integer": (
        "esperado um número inteiro"
    ),
    "Input should be a valid integer": "esperado um número inteiro",
}


def traduzir_click(mensagem: str) -> str:
    for en, pt in _TRADUCOES.items():
        mensagem = mensagem.replace(en, pt)
    return " ".join(mensagem.split())


def falhar(erro: ErroFarol) -> NoReturn:
    print(f"erro: {erro.texto(ONDE_NA_CLI)}", file=sys.stderr)
    raise SystemExit(SAIDA_ENTRADA_INVALIDA)


def falhar_uso(erro: typer.exceptions.TyperException) -> NoReturn:
    mensagem = traduzir_click(str(getattr(erro, "message", erro)))
    if type(erro).__name__ == "MissingParameter":
        parametro = getattr(getattr(erro, "param", None), "name", None) or "parâmetro"
        mensagem = f"{parametro}: obrigatório e ausente"
    elif isinstance(erro, typer.BadParameter):
        parametro = getattr(erro.param, "name", None) or "parâmetro"
        mensagem = f"{parametro}: valor inválido ({traduzir_click(erro.message)})"
    if mensagem:
        print(f"erro: {mensagem}", file=sys.stderr)
    raise SystemExit(SAIDA_ENTRADA_INVALIDA)


def falhar_configuracao(erro: ValidationError) -> NoReturn:
    """Uma variável de ambiente da configuração (`farol.config`) com valor inválido: o nome da
    variável e a regra, em português; saída 2. Outro `ValidationError` (um defeito) segue."""
    from farol import config

    modelo = getattr(config, erro.title, None)
    prefixo = getattr(modelo, "model_config", {}).get("env_prefix") if modelo else None
    if not prefixo:
        raise erro
    linhas = [
        f"{prefixo}{'_'.join(str(x) for x in item.get('loc', ()))}".upper() + f": {traduzir(item)}"
        for item in erro.errors()
    ]
    print("erro: " + "; ".join(linhas), file=sys.stderr)
    raise SystemExit(SAIDA_ENTRADA_INVALIDA)


def dica_do_erro_de_banco(erro: Exception) -> str:
    """O que fazer diante de um erro do banco: permissão é do papel, não das migrações."""
    texto = str(erro).lower()
    if (
        "permission denied" in texto
        or "must be owner" in texto
        or "insufficientprivilege" in (type(getattr(erro, "orig", None)).__name__.lower())
    ):
        return "o papel do banco não tem essa permissão: use o dono do esquema (`farol db papeis`)"
    return "rode `farol db upgrade` se o banco for PostgreSQL"
