"""Erros de domínio do Farol: sempre em português, nomeando o campo e a regra.

Toda camada acima (CLI, API, web) traduz estes erros para a sua forma (código de saída 2,
HTTP 422/409/404) sem reescrever a mensagem: o usuário lê o que o domínio disse. A mensagem
serve às três bordas; o que só uma borda sabe dizer (onde consultar a lista dos códigos: a
página Legislação, GET /api/v1/infracoes, `farol infracoes`) a borda acrescenta, pela chave
`consulte` do erro (`mensagem_em`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

CATALOGO_DE_INFRACOES: Final = "catalogo_de_infracoes"
"""`consulte`: a lista das infrações com os códigos, que cada borda tem num lugar seu."""


class ErroFarol(Exception):
    """Erro com mensagem para o usuário, campo e regra (citação) quando houver; `consulte`: o
    que o usuário pode consultar para acertar a entrada (`CATALOGO_DE_INFRACOES`), que cada
    borda diz onde achar."""

    def __init__(
        self,
        mensagem: str,
        *,
        campo: str | None = None,
        regra: str | None = None,
        consulte: str | None = None,
    ):
        self.mensagem = mensagem
        self.campo = campo
        self.regra = regra
        self.consulte = consulte
        super().__init__(self.texto())

    def mensagem_em(self, onde: Mapping[str, str] | None = None) -> str:
        """A mensagem com o que a borda acrescenta (`onde`: `consulte` -> o lugar, na forma da
        borda); sem `onde`, a mensagem do serviço como veio."""
        return com_consulta(self.mensagem, self.consulte, onde)

    def texto(self, onde: Mapping[str, str] | None = None) -> str:
        partes = []
        if self.campo:
            partes.append(f"{self.campo}: ")
        partes.append(self.mensagem_em(onde))
        if self.regra:
            partes.append(f" ({self.regra})")
        return "".join(partes)


def com_consulta(mensagem: str, consulte: str | None, onde: Mapping[str, str] | None) -> str:
    """`mensagem` e, se a borda sabe onde se consulta `consulte`, "; " e o lugar."""
    lugar = (onde or {}).get(consulte) if consulte else None
    return f"{mensagem}; {lugar}" if lugar else mensagem


class ValorRecusado(ValueError):
    """A recusa de um validador do Pydantic (que só aceita `ValueError`) com o `consulte` do
    `ErroFarol`: quem traduz o `ValidationError` o lê do item (`consulte_do_item`)."""

    def __init__(self, mensagem: str, *, consulte: str | None = None):
        super().__init__(mensagem)
        self.consulte = consulte


def consulte_do_item(item: Mapping[str, Any]) -> str | None:
    """O `consulte` de um item de `ValidationError.errors()` levantado por `ValorRecusado`."""
    contexto = item.get("ctx")
    erro = contexto.get("error") if isinstance(contexto, Mapping) else None
    return erro.consulte if isinstance(erro, ValorRecusado) else None


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
        super().__init__(
            primeiro.mensagem,
            campo=primeiro.campo,
            regra=primeiro.regra,
            consulte=primeiro.consulte,
        )
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
