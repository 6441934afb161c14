"""Erros de domínio do Farol: sempre em português, nomeando o campo e a regra.

Toda camada acima (CLI, API, web) traduz estes erros para a sua forma (código de saída 2,
HTTP 422/409/404) sem reescrever a mensagem: o usuário lê o que o domínio disse.
"""

from __future__ import annotations

from collections.abc import Sequence


class ErroFarol(Exception):
    """Erro com mensagem para o usuário, campo e regra (citação) quando houver."""

    def __init__(self, mensagem: str, *, campo: str | None = None, regra: str | None = None):
        self.mensagem = mensagem
        self.campo = campo
        self.regra = regra
        super().__init__(self.texto())

    def texto(self) -> str:
        partes = []
        if self.campo:
            partes.append(f"{self.campo}: ")
        partes.append(self.mensagem)
        if self.regra:
            partes.append(f" ({self.regra})")
        return "".join(partes)


class EntradaInvalida(ErroFarol):
    """Dado de entrada que viola uma regra (HTTP 422, CLI saída 2)."""


class EntradasInvalidas(EntradaInvalida):
    """Vários dados recusados de uma vez, cada um com o seu campo e a sua regra: o formulário
    mostra todos, cada um ao lado do seu campo, e a API os lista em `erros`. A mensagem, o
    campo e a regra da exceção são os do primeiro (quem lê só um erro lê esse)."""

    def __init__(self, erros: Sequence[ErroFarol]):
        if not erros:
            raise ValueError("EntradasInvalidas sem erro nenhum")
        primeiro = erros[0]
        super().__init__(primeiro.mensagem, campo=primeiro.campo, regra=primeiro.regra)
        self.erros = tuple(erros)


def recusar_juntos(erros: Sequence[ErroFarol]) -> None:
    """Recusa de uma vez o que foi juntado: nada se a lista está vazia, o próprio erro se é um
    só, `EntradasInvalidas` se são vários."""
    if len(erros) == 1:
        raise erros[0]
    if erros:
        raise EntradasInvalidas(erros)


class NaoEncontrado(ErroFarol):
    """Código, processo ou registro inexistente, ou fora da jurisdição do usuário (HTTP 404)."""


class Conflito(ErroFarol):
    """Ato fora de ordem, autoridade errada ou concorrência perdida (HTTP 409)."""


class Proibido(ErroFarol):
    """O papel do usuário não dá acesso ao recurso, na jurisdição que for (HTTP 403)."""


class ForaDeVigencia(EntradaInvalida):
    """Data anterior à vigência do primeiro valor de um item versionado: nunca se devolve 0."""


class DadosNormativosInvalidos(Exception):
    """Arquivo de dados normativos malformado: falha ao carregar, nunca em produção silenciosa."""
