"""O registro de acesso a dados pessoais, como o auditor o lê."""

from __future__ import annotations

from pydantic import Field

from farol.services.resultados.base import Instante, Resultado


class AcessoRegistrado(Resultado):
    """Uma leitura dos dados completos de uma pessoa."""

    id: int
    registrado_em: Instante = Field(description="quando (UTC)")
    login: str = Field(description="quem leu")
    nome: str = Field(description="nome de quem leu")
    papel: str = Field(description="papel de quem leu, no momento da leitura")
    om: str = Field(description="sigla da OM de quem leu")
    documento: str = Field(description="CPF ou CNPJ da pessoa cujos dados foram lidos")
    pessoa_cadastrada: bool = Field(
        description="se o documento era de uma pessoa cadastrada (se não, nada se mostrou)"
    )
    consulta: str = Field(description="a consulta que leu os dados (ex.: situacao)")
