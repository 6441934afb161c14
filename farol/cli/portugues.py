"""A ajuda e as recusas da linha de comando em português, onde o typer não passa pelo gettext.

O typer traduz pelo gettext os títulos dos quadros, "[obrigatório]", "[padrão: …]" e "comando
desconhecido" (o catálogo de `farol/cli/traducao`); três frases ele escreve em inglês, sem
gettext, na cópia do click que traz consigo: o prefixo "Usage: ", a ajuda da opção `--help` e
o "Did you mean …?" da sugestão de comando. Os comandos e grupos do Farol as tomam do mesmo
catálogo, pelas classes abaixo (`Typer` as usa em todo comando e grupo).
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable
from gettext import gettext as _
from typing import Any

import typer
from typer.core import TyperCommand, TyperGroup
from typer.models import CommandFunctionType

OPCOES = "[OPÇÕES]"
"""No uso, no lugar das opções (o "[OPTIONS]" do click)."""


def _linha_da_lista(comando: TyperCommand | TyperGroup) -> None:
    """Na lista de comandos, o primeiro parágrafo da ajuda numa linha só: o typer, no modo
    "rich", guardava as quebras de linha do docstring e a frase saía cortada no meio."""
    if comando.short_help is None and comando.help:
        primeiro = inspect.cleandoc(comando.help).partition("\f")[0].split("\n\n")[0]
        comando.short_help = " ".join(primeiro.split())


def _uso(comando: TyperCommand | TyperGroup, ctx: Any, formatter: Any) -> None:
    pecas = " ".join(comando.collect_usage_pieces(ctx))
    formatter.write_usage(ctx.command_path, pecas, prefix=f"{_('Usage:')} ")


def _ajuda_do_help(opcao: Any) -> Any:
    if opcao is not None:
        opcao.help = _("Show this message and exit.")
        opcao.metavar = ""  # chave sem valor: sem o "<bool>" do typer na coluna do tipo
    return opcao


def _chaves_sem_tipo(comando: TyperCommand) -> None:
    """As opções que são chaves (`--json`, `--refazer`) não recebem valor: a coluna do tipo
    fica vazia (o typer escrevia "<bool>")."""
    for parametro in comando.params:
        if getattr(parametro, "is_flag", False) and parametro.metavar is None:
            parametro.metavar = ""


class ComandoEmPortugues(TyperCommand):
    def __init__(self, *args: Any, **opcoes: Any) -> None:
        super().__init__(*args, **opcoes)
        _linha_da_lista(self)
        _chaves_sem_tipo(self)

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        _uso(self, ctx, formatter)

    def get_help_option(self, ctx: Any) -> Any:
        return _ajuda_do_help(super().get_help_option(ctx))


class GrupoEmPortugues(TyperGroup):
    def __init__(self, *args: Any, **opcoes: Any) -> None:
        super().__init__(*args, **opcoes)
        _linha_da_lista(self)

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        _uso(self, ctx, formatter)

    def get_help_option(self, ctx: Any) -> Any:
        return _ajuda_do_help(super().get_help_option(ctx))

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        try:
            return super().resolve_command(ctx, args)
        except Exception as e:  # a UsageError da cópia do click que o typer traz
            mensagem = getattr(e, "message", None)
            if isinstance(mensagem, str) and ". Did you mean " in mensagem:
                recusa, sugestoes = mensagem.rsplit(". Did you mean ", 1)
                sugestao = _("Did you mean {possibility}?")
                # os comandos sugeridos vêm com o `repr` ('recalcular'): entre aspas curvas,
                # como o comando digitado na recusa (o catálogo)
                nomes = re.findall(r"'([^']*)'", sugestoes) or [sugestoes.removesuffix("?")]
                e.message = f"{recusa}. " + sugestao.format(  # type: ignore[attr-defined]
                    possibility=", ".join(f"“{n}”" for n in nomes)
                )
            raise


class Typer(typer.Typer):
    """`typer.Typer` com os grupos e comandos em português (ver o módulo)."""

    def __init__(self, **opcoes: Any) -> None:
        opcoes.setdefault("cls", GrupoEmPortugues)
        opcoes.setdefault("options_metavar", OPCOES)
        opcoes.setdefault("subcommand_metavar", "COMANDO [ARGUMENTOS]...")
        super().__init__(**opcoes)

    def command(
        self, *args: Any, **opcoes: Any
    ) -> Callable[[CommandFunctionType], CommandFunctionType]:
        opcoes.setdefault("cls", ComandoEmPortugues)
        opcoes.setdefault("options_metavar", OPCOES)
        return super().command(*args, **opcoes)
